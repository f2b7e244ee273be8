"""The events of a game and their JSON form (one JSON object per line of a game log).

```
{"event": "start", "players": ["Ann", "Ben", "Cid"], "cards": [24, 24, 24], "options": {}}
{"event": "flip", "player": 0, "card": "BBL"}
{"event": "ring", "player": 2, "t_ns": 123456789}
```
`cards` and `options` of start are optional. A flip's `card` may be left out (or null)
when the card was not seen; then a ring needs `"right": true|false`, the judgement made
elsewhere (for example by the daemon from the camera frame at the press), to be applied.
Unknown keys are errors that name the key.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from tableref.games.halli.cards import Card, parse_card
from tableref.games.halli.errors import CardError, EventError

MIN_PLAYERS = 2
MAX_PLAYERS = 6


@dataclass(frozen=True, slots=True)
class Options:
    elephant_alone_rings: bool = False
    play_to_the_end: bool = False

    @classmethod
    def from_json(cls, data: object) -> Options:
        if not isinstance(data, Mapping):
            raise EventError(f"options must be an object, not {_kind(data)}")
        known = {f.name for f in fields(cls)}
        values: dict[str, bool] = {}
        for key, value in data.items():
            if key not in known:
                raise EventError(f"unknown option {key!r} (known: {', '.join(sorted(known))})")
            if not isinstance(value, bool):
                raise EventError(f"option {key!r} must be true or false, not {value!r}")
            values[key] = value
        return cls(**values)

    def to_json(self) -> dict[str, bool]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True, slots=True)
class Start:
    players: tuple[str, ...]
    cards: tuple[int, ...] | None = None
    options: Options = field(default_factory=Options)

    kind: ClassVar[str] = "start"


@dataclass(frozen=True, slots=True)
class Flip:
    player: int
    card: Card | None = None

    kind: ClassVar[str] = "flip"


@dataclass(frozen=True, slots=True)
class Ring:
    player: int
    t_ns: int | None = None
    right: bool | None = None

    kind: ClassVar[str] = "ring"


Event = Start | Flip | Ring


def _kind(value: object) -> str:
    return {
        type(None): "null",
        bool: "a boolean",
        str: "a string",
        int: "a number",
        float: "a number",
        list: "a list",
        dict: "an object",
    }.get(type(value), type(value).__name__)


def _check_keys(data: Mapping[str, Any], kind: str, allowed: set[str], needed: set[str]) -> None:
    for key in data:
        if key not in allowed:
            raise EventError(
                f"unknown key {key!r} in a {kind} event (allowed: {', '.join(sorted(allowed))})"
            )
    for key in sorted(needed):
        if key not in data:
            raise EventError(f"a {kind} event needs {key!r}")


def _int(data: Mapping[str, Any], key: str, kind: str) -> int:
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise EventError(f"{key!r} of a {kind} event must be a whole number, not {value!r}")
    return value


def event_from_json(data: object) -> Event:
    """Read an event from its JSON object (already decoded); raises EventError or CardError."""
    if not isinstance(data, Mapping):
        raise EventError(f"an event is a JSON object, not {_kind(data)}")
    kind = data.get("event")
    if kind == "start":
        _check_keys(data, "start", {"event", "players", "cards", "options"}, {"players"})
        players = data["players"]
        if not isinstance(players, list) or not all(
            isinstance(p, str) and p.strip() for p in players
        ):
            raise EventError(f"'players' must be a list of non-empty names, not {players!r}")
        cards = data.get("cards")
        deal: tuple[int, ...] | None = None
        if cards is not None:
            if not isinstance(cards, list) or not all(
                isinstance(n, int) and not isinstance(n, bool) for n in cards
            ):
                raise EventError(f"'cards' must be a list of whole numbers, not {cards!r}")
            deal = tuple(cards)
        options = Options.from_json(data.get("options", {}))
        return Start(players=tuple(players), cards=deal, options=options)
    if kind == "flip":
        _check_keys(data, "flip", {"event", "player", "card"}, {"player"})
        player = _int(data, "player", "flip")
        code = data.get("card")
        if code is None:
            return Flip(player)
        if not isinstance(code, str):
            raise EventError(f"'card' of a flip event must be a card code, not {code!r}")
        try:
            return Flip(player, parse_card(code))
        except CardError as err:
            raise CardError(f"flip: {err}") from None
    if kind == "ring":
        _check_keys(data, "ring", {"event", "player", "t_ns", "right"}, {"player"})
        player = _int(data, "player", "ring")
        t_ns = None if data.get("t_ns") is None else _int(data, "t_ns", "ring")
        right = data.get("right")
        if right is not None and not isinstance(right, bool):
            raise EventError(f"'right' of a ring event must be true or false, not {right!r}")
        return Ring(player, t_ns, right)
    if "event" not in data:
        raise EventError('an event needs \'event\': "start", "flip" or "ring"')
    raise EventError(f"unknown event {kind!r} (known: start, flip, ring)")


def event_to_json(event: Event) -> dict[str, Any]:
    """The JSON object of an event; `event_from_json(event_to_json(e)) == e`."""
    if isinstance(event, Start):
        out: dict[str, Any] = {"event": "start", "players": list(event.players)}
        if event.cards is not None:
            out["cards"] = list(event.cards)
        if event.options != Options():
            out["options"] = event.options.to_json()
        return out
    if isinstance(event, Flip):
        out = {"event": "flip", "player": event.player}
        if event.card is not None:
            out["card"] = event.card.code
        return out
    out = {"event": "ring", "player": event.player}
    if event.t_ns is not None:
        out["t_ns"] = event.t_ns
    if event.right is not None:
        out["right"] = event.right
    return out


def parse_event_line(line: str) -> Event:
    """Read one line of a game log (a JSON object)."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as err:
        raise EventError(f"not JSON: {err.msg} at column {err.colno}") from None
    return event_from_json(data)


def event_to_line(event: Event) -> str:
    return json.dumps(event_to_json(event), separators=(", ", ": "))
