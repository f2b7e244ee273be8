"""Nimalia at the table: rounds, the objectives in play, reserves read from photos, scores.

The page leads the round: it shows the objectives scored this round and whose reserve to
photograph next. Each reserve read is written to the journal (as the reserve's spaces, so
a replay needs no photo), and when every player's reserve is in, the round is scored
(per objective and running totals), shown and spoken. The state is the fold of the records.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tableref.device.daemon.words import Words
from tableref.games.nimalia.game import FIRST_GAME, ROUNDS, Game
from tableref.games.nimalia.model import Reserve
from tableref.games.nimalia.reserve_json import reserve_from_data

Record = dict[str, Any]


class NimaliaSession:
    game = "nimalia"

    def __init__(
        self,
        players: list[str],
        objectives: tuple[int, ...] = FIRST_GAME,
        *,
        journal: Callable[[Record], None],
        changed: Callable[[], None],
        say: Callable[[list[str]], None],
        words: Words,
    ) -> None:
        self.players = players
        self.objectives = tuple(objectives)
        self._journal = journal
        self._changed = changed
        self._say = say
        self._words = words
        self.rules = Game(len(players), self.objectives)
        self.reserves: dict[int, Reserve] = {}  # this round's reserves read so far
        self.rows: list[dict[str, Any]] = self._empty_rows()
        self.photos: set[int] = set()  # seats with an annotated photo this round
        self.message = ""
        self.on_over: list[Callable[[], None]] = []

    def _empty_rows(self) -> list[dict[str, Any]]:
        return [{"seat": i, "objectives": {}, "round_total": 0, "total": 0, "photo": False}
                for i in range(len(self.players))]

    # -- the fold ---------------------------------------------------------------------
    def start_record(self) -> Record:
        return {"event": "start", "players": list(self.players),
                "objectives": list(self.objectives)}

    def apply_record(self, rec: Record, live: bool = False) -> None:
        kind = rec.get("event")
        if kind == "start":
            self.rules = Game(len(self.players), tuple(rec.get("objectives", self.objectives)))
            self.reserves = {}
        elif kind == "reserve":
            seat = int(rec["player"])
            self.reserves[seat] = reserve_from_data({"spaces": rec["spaces"]})
            if rec.get("photo"):
                self.photos.add(seat)
            self.message = ""
        elif kind == "score":
            self._score()
        if live:
            self._changed()

    def _score(self) -> None:
        result = self.rules.score_round([self.reserves[i] for i in range(len(self.players))])
        rows = self._empty_rows()
        for score in result.scores:
            for seat, points in enumerate(score.points):
                rows[seat]["objectives"][str(score.objective.id)] = points
                rows[seat]["round_total"] += points
        for seat, total in enumerate(result.totals):
            rows[seat]["total"] = total
            rows[seat]["photo"] = seat in self.photos
        self.rows = rows
        self.last_round = result.round
        self.reserves = {}
        self.photos = set()
        if self.rules.over:
            for cb in self.on_over:
                cb()

    # -- live -------------------------------------------------------------------------
    def reserve_read(self, player: int, spaces: list[dict[str, Any]], photo: bool) -> None:
        """A reserve was read (photo checked by the caller): journal it, score when all in."""
        rec: Record = {"event": "reserve", "player": player, "spaces": spaces, "photo": photo}
        self._journal(rec)
        self.apply_record(rec, live=True)
        if len(self.reserves) == len(self.players):
            round_no = self.rules.round
            score: Record = {"event": "score", "round": round_no}
            self._journal(score)
            self.apply_record(score, live=True)
            rows = [(self.players[r["seat"]], r["round_total"], r["total"]) for r in self.rows]
            ids = [int(k) for k in self.rows[0]["objectives"]]
            per = {i: [r["objectives"][str(i)] for r in self.rows] for i in ids}
            said = self._words.scores(round_no, rows, per)
            if self.rules.over:
                said.append(self._words.phrases.wins(self.winner()))
            self._say(said)

    def winner(self) -> int | None:
        if not self.rules.over:
            return None
        best = self.rules.winners()
        return best[0] if len(best) == 1 else None

    @property
    def over(self) -> bool:
        return self.rules.over

    # -- the page ---------------------------------------------------------------------
    def part(self) -> dict[str, Any]:
        over = self.rules.over
        missing = [i for i in range(len(self.players)) if i not in self.reserves]
        return {
            "round": min(self.rules.round, ROUNDS),
            "objectives": [] if over else list(self.rules.objectives.for_round(self.rules.round)),
            "all_objectives": list(self.rules.objectives.ids),
            "to_photograph": None if over or not missing else missing[0],
            "read": sorted(self.reserves),
            "scores": self.rows,
            "over": over,
            "winner": self.winner(),
            "message": self.message,
        }

    def outs(self) -> list[bool]:
        return [False] * len(self.players)

    def result(self) -> tuple[list[int], str | None]:
        winner = self.winner()
        return list(self.rules.totals), None if winner is None else self.players[winner]
