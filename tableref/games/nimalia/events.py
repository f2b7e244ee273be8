"""The events of a Nimalia game refereed at the table, and their JSON form (the journal).

```
{"event": "start", "players": ["Ann", "Ben"], "objectives": [4, 5, 16, 19]}
{"event": "reserve", "player": 0, "spaces": [{"row": 0, "col": 0, ...}], "photo": true,
 "told": [[1, 2]], "broken": [{"card": 9, "rule": "cover"}]}
{"event": "score", "round": 1}
```
- `start`: the players in seat order and the game's four objectives (blue, green, yellow,
  red; default the first game's).
- `reserve`: a player's reserve as read this round (the spaces of the reserve file, see
  `reserve_json`); `photo` says an annotated photo of it was kept; `told` (optional) the
  spaces the photo left unsure that a player settled by hand (in `spaces`' coordinates);
  `broken` (optional) the placement rules the reserve breaks against the player's reserve
  of the round before (tableref.games.nimalia.check: `card` null when no one card is to
  blame), kept because the players said to keep it as it is.
- `score`: every reserve of the round is in: the round is scored and the next begins.

`NimaliaFold` applies them in order: the fold of a game's events is its state. Unknown
keys are errors that name the key.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from tableref.games.nimalia.errors import GameError, NimaliaError
from tableref.games.nimalia.game import FIRST_GAME, Game, RoundScore
from tableref.games.nimalia.model import Reserve
from tableref.games.nimalia.reserve_json import reserve_from_data, reserve_to_data

BROKEN_RULES = ("cover", "under", "window", "unexplained", "apart")  # check.py's Rule
#                                                    values, UNEXPLAINED and APART


class EventError(NimaliaError):
    """A malformed event: unknown kind, missing or wrongly typed field."""


@dataclass(frozen=True)
class Start:
    players: tuple[str, ...]
    objectives: tuple[int, ...] = FIRST_GAME

    kind: ClassVar[str] = "start"


@dataclass(frozen=True)
class ReserveRead:
    player: int
    reserve: Reserve
    photo: bool = False
    told: tuple[tuple[int, int], ...] = ()
    broken: tuple[tuple[int | None, str], ...] = ()  # (card, rule) kept against the rules

    kind: ClassVar[str] = "reserve"


@dataclass(frozen=True)
class Score:
    round: int

    kind: ClassVar[str] = "score"


Event = Start | ReserveRead | Score


def _check(data: Mapping[str, Any], kind: str, allowed: set[str]) -> None:
    for key in data:
        if key not in allowed:
            raise EventError(f"unknown key {key!r} in a {kind} event")
    for key in sorted(allowed - {"photo", "objectives", "told", "broken"}):
        if key not in data:
            raise EventError(f"a {kind} event needs {key!r}")


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EventError(f"{what} must be a whole number, not {value!r}")
    return value


def event_from_json(data: object) -> Event:
    if not isinstance(data, Mapping):
        raise EventError("an event is a JSON object")
    kind = data.get("event")
    if kind == "start":
        _check(data, "start", {"event", "players", "objectives"})
        players = data["players"]
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise EventError(f"'players' must be a list of names, not {players!r}")
        objectives = data.get("objectives", list(FIRST_GAME))
        if not isinstance(objectives, list):
            raise EventError(f"'objectives' must be a list of ids, not {objectives!r}")
        return Start(tuple(players), tuple(_whole(i, "an objective") for i in objectives))
    if kind == "reserve":
        _check(data, "reserve", {"event", "player", "spaces", "photo", "told", "broken"})
        photo = data.get("photo", False)
        if not isinstance(photo, bool):
            raise EventError(f"'photo' must be true or false, not {photo!r}")
        reserve = reserve_from_data({"spaces": data["spaces"]})
        told = data.get("told", [])
        if not isinstance(told, list) or not all(
                isinstance(p, list) and len(p) == 2 for p in told):
            raise EventError(f"'told' must be a list of [row, col], not {told!r}")
        spaces = tuple((_whole(r, "a row"), _whole(c, "a col")) for r, c in told)
        for pos in spaces:
            if pos not in reserve:
                raise EventError(f"'told' names {list(pos)}, not a space of the reserve")
        return ReserveRead(_whole(data["player"], "'player'"), reserve, photo, spaces,
                           _broken(data.get("broken", [])))
    if kind == "score":
        _check(data, "score", {"event", "round"})
        return Score(_whole(data["round"], "'round'"))
    raise EventError(f"unknown event {kind!r} (known: start, reserve, score)")


def _broken(value: object) -> tuple[tuple[int | None, str], ...]:
    if not isinstance(value, list):
        raise EventError(f"'broken' must be a list of {{card, rule}}, not {value!r}")
    out: list[tuple[int | None, str]] = []
    for item in value:
        if not isinstance(item, Mapping) or set(item) != {"card", "rule"}:
            raise EventError(f"'broken' holds {{\"card\": ..., \"rule\": ...}}, not {item!r}")
        card, rule = item["card"], item["rule"]
        if rule not in BROKEN_RULES:
            raise EventError(f"unknown rule {rule!r} in 'broken' (known: "
                             f"{', '.join(BROKEN_RULES)})")
        out.append((None if card is None else _whole(card, "a card"), rule))
    return tuple(out)


def event_to_json(event: Event) -> dict[str, Any]:
    if isinstance(event, Start):
        return {"event": "start", "players": list(event.players),
                "objectives": list(event.objectives)}
    if isinstance(event, ReserveRead):
        out: dict[str, Any] = {"event": "reserve", "player": event.player,
                               "spaces": reserve_to_data(event.reserve)["spaces"],
                               "photo": event.photo}
        if event.told:  # in the written (normalised) coordinates of `spaces`
            r0, c0 = event.reserve.origin()
            out["told"] = [[r - r0, c - c0] for r, c in sorted(event.told)]
        if event.broken:
            out["broken"] = [{"card": card, "rule": rule} for card, rule in event.broken]
        return out
    return {"event": "score", "round": event.round}


class NimaliaFold:
    """A game's state as the fold of its events: the rules' `Game`, this round's reserves."""

    def __init__(self, start: Start) -> None:
        self.players = start.players
        self.game = Game(len(start.players), start.objectives)
        self.reserves: dict[int, Reserve] = {}  # this round's, read so far
        self.photos: set[int] = set()  # seats with a photo this round
        self.last: RoundScore | None = None
        self.last_photos: set[int] = set()  # ... in the round last scored
        self.told: dict[int, tuple[tuple[int, int], ...]] = {}  # settled by hand, this round
        self.broken: dict[int, tuple[tuple[int | None, str], ...]] = {}  # kept against rules
        self.rounds_broken: list[dict[int, tuple[tuple[int | None, str], ...]]] = []
        self.rounds: list[tuple[Reserve, ...]] = []  # the reserves of every round scored

    def apply(self, event: ReserveRead | Score) -> RoundScore | None:
        """Apply one event; the round's score for `score`. GameError when illegal."""
        if self.game.over:
            raise GameError("the game is over")
        if isinstance(event, ReserveRead):
            if not 0 <= event.player < len(self.players):
                raise GameError(f"player {event.player}: players are 0..{len(self.players) - 1}")
            self.reserves[event.player] = event.reserve
            self.photos.discard(event.player)
            if event.photo:
                self.photos.add(event.player)
            self.told[event.player] = event.told
            self.broken.pop(event.player, None)
            if event.broken:
                self.broken[event.player] = event.broken
            return None
        if event.round != self.game.round:
            raise GameError(f"round {event.round} scored in round {self.game.round}")
        missing = [i for i in range(len(self.players)) if i not in self.reserves]
        if missing:
            raise GameError(f"round {event.round} scored without player {missing[0]}'s reserve")
        reserves: Sequence[Reserve] = [self.reserves[i] for i in range(len(self.players))]
        self.last = self.game.score_round(reserves)
        self.last_photos = self.photos
        self.rounds.append(tuple(reserves))
        self.rounds_broken.append(self.broken)
        self.reserves, self.photos, self.told, self.broken = {}, set(), {}, {}
        return self.last
