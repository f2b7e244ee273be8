"""Halli Galli at the table: bells, the cards the camera sees, the engine, the verdict.

Live, a press locks the bells; once the camera has processed a frame taken at or after
the press (or at once without a camera) the earliest press wins, the ring is written to
the journal, applied to the engine (which judges the cards visible at the press), the
verdict is spoken and the winner's LED lights; then the bells unlock. Presses that come
in while locked are written too: they give the margin and the reaction times.

Every change goes through `apply_record`, which is also how the journal is replayed:
the session's state is the fold of its records.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tableref.device.daemon.halli_rules import HalliRules, RingResult
from tableref.device.daemon.words import Words

log = logging.getLogger("tableref.halli")

Record = dict[str, Any]
UNREADABLE = "?"


@dataclass(frozen=True)
class TableSeen:
    """The top card of each seat's pile in one frame: a code, None (no card) or "?"."""

    t_ns: int
    tops: tuple[str | None, ...]


@dataclass
class Timing:
    settle_s: float = 0.015  # presses arriving this soon after the first take part
    # longest wait for the camera to reach the press time: a frame normally comes within
    # ~0.1 s; a busy machine's camera lags, and judging before it caught up judges stale
    # cards (and counts the cards turned before the press after the ring)
    frame_wait_s: float = 1.5
    lock_s: float = 1.5  # bells stay locked this long after the verdict


@dataclass
class _Round:
    presses: list[tuple[int, int]] = field(default_factory=list)
    judged: bool = False
    first_t: int = 0


class HalliSession:
    """One Halli Galli game. Callbacks run on the event loop."""

    game = "halli"

    def __init__(
        self,
        players: list[str],
        options: dict[str, bool],
        *,
        journal: Callable[[Record], None],
        changed: Callable[[], None],
        say: Callable[[list[str]], None],
        light: Callable[[int | None], None],
        spawn: Callable[[Any], Any],
        camera_ok: Callable[[], bool],
        words: Words,
        timing: Timing | None = None,
    ) -> None:
        self.players = players
        self.options = options
        self._journal = journal
        self._changed = changed
        self._say = say
        self._light = light
        self._spawn = spawn
        self._camera_ok = camera_ok
        self._words = words
        self.timing = timing or Timing()
        self.rules = HalliRules(players, options)
        self.locked = False
        self.last_verdict: dict[str, Any] | None = None
        self.verdicts = 0
        self.right_since: int | None = None  # when the visible cards last became ringable
        self.message = ""
        self._round: _Round | None = None
        self._seen: list[str | None] = [None] * len(players)  # last tops taken as flips
        self._ghosts: list[str | None] = [None] * len(players)  # collected, still in view
        self._frame_t = 0
        self.decided_ns = 0  # when the last verdict was decided (monotonic)
        self._frame_seen = asyncio.Event()
        self.on_ring: list[Callable[[RingResult], None]] = []
        self.on_over: list[Callable[[], None]] = []

    # -- the fold ---------------------------------------------------------------------
    def start_record(self, cards: list[int] | None = None, **extra: Any) -> Record:
        rec: Record = {"event": "start", "players": list(self.players), **extra}
        if cards is not None:
            rec["cards"] = cards
        if any(self.options.values()):
            rec["options"] = dict(self.options)
        return rec

    def apply_record(self, rec: Record, live: bool = False) -> RingResult | None:
        """Apply one journal record (already written). Returns the ring result for rings."""
        kind = rec.get("event")
        result: RingResult | None = None
        was_over = self.rules.over
        if kind == "start":
            self.rules.start(rec.get("cards"))
            self.right_since = None
        elif kind == "flip":
            self._seen[rec["player"]] = rec.get("card")  # what the table shows, either way
            if self.rules.flip(rec["player"], rec.get("card")):
                self._track_right_since(int(rec.get("t_ns", 0)))
                self.message = self.rules.note
            else:
                self.message = self.rules.last_error
        elif kind == "ring":
            result = self._apply_ring(rec)
        elif kind == "press":
            self._late_press(int(rec["player"]), int(rec["t_ns"]))
        if self.rules.over and not was_over:
            if live and kind == "flip":  # the game ended on a turn: someone went out
                self._say([self._words.phrases.wins(self.rules.winner())])
            for cb in self.on_over:
                cb()
        if live:
            self._changed()
        return result

    def _track_right_since(self, t_ns: int) -> None:
        if self.rules.ringable():
            if self.right_since is None:
                self.right_since = t_ns
        else:
            self.right_since = None

    def _apply_ring(self, rec: Record) -> RingResult:
        presses = [(int(p), int(t)) for p, t in rec.get("presses", [[rec["player"], rec.get(
            "t_ns", 0)]])]
        player = int(rec["player"])
        if rec.get("arbitration_only"):
            result = RingResult(player=player, right=None, reasons=["no camera: who was first"])
        else:
            result = self.rules.ring(player, rec.get("t_ns"))
        self.verdicts += 1
        firsts: dict[int, int] = {}
        for p, t in sorted(presses, key=lambda pt: (pt[1], pt[0])):
            firsts.setdefault(p, t)
        self.last_verdict = {
            "seq": self.verdicts,
            "player": player,
            "right": result.right,
            "text": "",
            "reasons": result.reasons,
            "taken": result.won,
            "margin_ms": None,
            "second": None,
            "reaction_ms": {},
            "_presses": firsts,
            "_right_since": self.right_since if result.right else None,
        }
        self._refresh_press_figures()
        t_first = firsts.get(player, 0)
        tied = sorted(p for p, t in firsts.items() if t == t_first)
        self.last_verdict["_said"] = self._words.verdict(
            result, self.last_verdict["margin_ms"], tied if len(tied) > 1 else ())
        self.last_verdict["text"] = " ".join(self.last_verdict["_said"])
        # After the ring the piles were gathered: the camera must see them go.
        for seat in range(len(self.players)):
            if self.rules.pile_size(seat) == 0:
                self._ghosts[seat] = self._seen[seat]
                self._seen[seat] = None
        self.right_since = None
        return result

    def _late_press(self, player: int, t_ns: int) -> None:
        if self.last_verdict is None:
            return
        self.last_verdict["_presses"].setdefault(player, t_ns)
        self._refresh_press_figures()

    def _refresh_press_figures(self) -> None:
        v = self.last_verdict
        assert v is not None
        firsts: dict[int, int] = v["_presses"]
        first_t = firsts.get(v["player"], 0)
        others = sorted((t, p) for p, t in firsts.items() if p != v["player"])
        if others:
            v["second"] = others[0][1]
            v["margin_ms"] = round((others[0][0] - first_t) / 1e6, 1)
        since = v["_right_since"]
        v["reaction_ms"] = (
            {str(p): round((t - since) / 1e6, 1) for p, t in firsts.items()}
            if since is not None else {}
        )

    # -- live: the camera -------------------------------------------------------------
    def on_seen(self, seen: TableSeen) -> None:
        """A recognised frame. Flips seen before the press being judged still count."""
        if self._round is not None and (self._round.judged or seen.t_ns > self._round.first_t):
            self._note_frame(seen.t_ns)
            return
        if self.rules.over:
            return
        changed: list[int] = []
        for seat, top in enumerate(seen.tops[: len(self.players)]):
            if top == UNREADABLE:
                continue
            if top is None:
                self._ghosts[seat] = None
                continue
            if top == self._seen[seat] or top == self._ghosts[seat]:
                continue
            changed.append(seat)
        n = len(self.players)
        turn = self.rules.turn() or 0
        for seat in sorted(changed, key=lambda s: (s - turn) % n):
            self._infer_unseen_flips(seat, seen, changed)
            now = self.rules.turn()
            if now is not None and now != seat and seen.tops[now] == UNREADABLE:
                # the seat whose turn it is cannot be read (a hand over it): it may have
                # turned a card too, so this seat's card waits for a frame that shows it
                break
            self._flip_seen(seat, str(seen.tops[seat]), seen.t_ns)
        self._note_frame(seen.t_ns)

    def _flip_seen(self, seat: int, card: str, t_ns: int, inferred: bool = False) -> None:
        rec: Record = {"event": "flip", "player": seat, "card": card, "t_ns": t_ns}
        if inferred:
            rec["inferred"] = True
        self._journal(rec)
        self.apply_record(rec, live=True)

    def _infer_unseen_flips(self, seat: int, seen: TableSeen, changed: list[int]) -> None:
        """A card turned on `seat` out of turn while the players before it show a card:
        they turned a card identical to the one they had on top (the camera cannot see
        that), so they are counted as having turned that card again."""
        for _ in range(len(self.players)):
            turn = self.rules.turn()
            if turn is None or turn == seat or turn in changed:
                return
            top = seen.tops[turn]
            if top is None or top == UNREADABLE or top != self._seen[turn]:
                return
            self._flip_seen(turn, top, seen.t_ns, inferred=True)

    def _note_frame(self, t_ns: int) -> None:
        self._frame_t = max(self._frame_t, t_ns)
        self._frame_seen.set()
        self._frame_seen = asyncio.Event()

    # -- live: the bells --------------------------------------------------------------
    def press(self, player: int, t_ns: int) -> None:
        """A bell press (on the loop). The first one starts judging; others are noted."""
        if not 0 <= player < len(self.players) or self.rules.over or self.rules.is_out(player):
            return
        rnd = self._round
        if rnd is None:
            self._round = _Round(presses=[(player, t_ns)], first_t=t_ns)
            self.locked = True
            self._changed()
            self._spawn(self._judge(self._round))
        elif not rnd.judged:
            rnd.presses.append((player, t_ns))
            rnd.first_t = min(rnd.first_t, t_ns)
        elif self.last_verdict is not None and player not in self.last_verdict["_presses"]:
            rec: Record = {"event": "press", "player": player, "t_ns": t_ns}
            self._journal(rec)
            self.apply_record(rec, live=True)

    async def _judge(self, rnd: _Round) -> None:
        try:
            await asyncio.sleep(self.timing.settle_s)
            deadline = time.monotonic() + self.timing.frame_wait_s
            while self._camera_ok() and self._frame_t < rnd.first_t:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                try:
                    await asyncio.wait_for(self._frame_seen.wait(), left)
                except TimeoutError:
                    break
            first, t_first = min(rnd.presses, key=lambda pt: (pt[1], pt[0]))
            rec: Record = {"event": "ring", "player": first, "t_ns": t_first,
                           "presses": [[p, t] for p, t in rnd.presses]}
            if not self._camera_ok():
                rec["arbitration_only"] = True
            rnd.judged = True
            self._journal(rec)
            result = self.apply_record(rec)
            assert result is not None and self.last_verdict is not None
            self.decided_ns = time.monotonic_ns()
            self._changed()
            self._say(self.last_verdict["_said"])
            self._light(result.taker if result.taker is not None else first)
            for cb in self.on_ring:
                cb(result)
            await asyncio.sleep(self.timing.lock_s)
        finally:
            self._light(None)
            self._round = None
            self.locked = False
            self._changed()

    # -- the page ---------------------------------------------------------------------
    def part(self) -> dict[str, Any]:
        verdict = None
        if self.last_verdict is not None:
            verdict = {k: v for k, v in self.last_verdict.items() if not k.startswith("_")}
        return {
            **self.rules.table_json(),
            "locked": self.locked,
            "last_verdict": verdict,
            "message": self.message,
        }

    def outs(self) -> list[bool]:
        return [self.rules.is_out(i) for i in range(len(self.players))]

    def result(self) -> tuple[list[int], str | None]:
        """Cards held per player and the winner's name (None on a draw)."""
        return self.rules.holdings(), self.rules.winner_name()
