"""The events of a game and their JSON form (one JSON object per line of a game log).

```
{"event": "start", "players": ["Ann", "Ben", "Cid"]}
{"event": "roll", "face": "red"}
{"event": "feed", "player": 1, "counter": "crab"}
{"event": "place", "player": 1, "colour": "red", "on": "head"}
{"event": "fall", "player": 1, "turtles": {"red": 1}, "from_head": 1}
{"event": "heron", "player": 1}
{"event": "plants", "player": 1}
{"event": "pass", "player": 1}
```
Every key is required but a fall's `from_head` (default 0). Unknown keys are errors that
name the key. `event_from_json(event_to_json(e)) == e` for every event.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, TypeVar

from tableref.games.gamelog import decode_line, json_kind
from tableref.games.nelly.errors import EventError
from tableref.games.nelly.material import Colour, Face, PlantCounter, Spot, Turtles


@dataclass(frozen=True, slots=True)
class Start:
    players: tuple[str, ...]

    kind: ClassVar[str] = "start"


@dataclass(frozen=True, slots=True)
class Roll:
    """The die of the player whose round it is."""

    face: Face

    kind: ClassVar[str] = "roll"


@dataclass(frozen=True, slots=True)
class Feed:
    """The roller turned over one of their free water plants."""

    player: int
    counter: PlantCounter

    kind: ClassVar[str] = "feed"


@dataclass(frozen=True, slots=True)
class Place:
    player: int
    colour: Colour
    on: Spot = Spot.BACK

    kind: ClassVar[str] = "place"


@dataclass(frozen=True, slots=True)
class Fall:
    """Turtles that fell from Nelly during the move of `player`; `from_head` were on the head."""

    player: int
    turtles: Turtles
    from_head: int = 0

    kind: ClassVar[str] = "fall"


@dataclass(frozen=True, slots=True)
class Heron:
    player: int

    kind: ClassVar[str] = "heron"


@dataclass(frozen=True, slots=True)
class Plants:
    """A free water plant back to the box, unturned."""

    player: int

    kind: ClassVar[str] = "plants"


@dataclass(frozen=True, slots=True)
class Pass:
    """Nelly turned on to the next player: the round ends."""

    player: int

    kind: ClassVar[str] = "pass"


Event = Start | Roll | Feed | Place | Fall | Heron | Plants | Pass
PlayerEvent = Feed | Place | Fall | Heron | Plants | Pass
KINDS = ("start", "roll", "feed", "place", "fall", "heron", "plants", "pass")
_SEAT_ONLY: dict[str, type[Heron | Plants | Pass]] = {
    "heron": Heron, "plants": Plants, "pass": Pass,
}

E = TypeVar("E", bound=Enum)


def _keys(data: Mapping[str, Any], kind: str, needed: tuple[str, ...],
          optional: tuple[str, ...] = ()) -> None:
    allowed = {"event", *needed, *optional}
    for key in data:
        if key not in allowed:
            raise EventError(
                f"unknown key {key!r} in a {kind} event (allowed: {', '.join(sorted(allowed))})"
            )
    for key in needed:
        if key not in data:
            raise EventError(f"a {kind} event needs {key!r}")


def _int(data: Mapping[str, Any], key: str, kind: str) -> int:
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise EventError(f"{key!r} of a {kind} event must be a whole number, not {value!r}")
    return value


def _enum(data: Mapping[str, Any], key: str, kind: str, enum: type[E]) -> E:
    value = data[key]
    for member in enum:
        if member.value == value:
            return member
    known = ", ".join(f'"{m.value}"' for m in enum)
    raise EventError(f"{key!r} of a {kind} event must be one of {known}, not {value!r}")


def event_from_json(data: object) -> Event:
    """Read an event from its JSON object (already decoded); raises EventError."""
    if not isinstance(data, Mapping):
        raise EventError(f"an event is a JSON object, not {json_kind(data)}")
    if "event" not in data:
        raise EventError(f"an event needs 'event': one of {', '.join(KINDS)}")
    kind = data["event"]
    if kind == "start":
        _keys(data, kind, ("players",))
        players = data["players"]
        if not isinstance(players, list) or not all(
            isinstance(p, str) and p.strip() for p in players
        ):
            raise EventError(f"'players' must be a list of non-empty names, not {players!r}")
        return Start(tuple(players))
    if kind == "roll":
        _keys(data, kind, ("face",))
        return Roll(_enum(data, "face", kind, Face))
    if kind == "feed":
        _keys(data, kind, ("player", "counter"))
        return Feed(_int(data, "player", kind), _enum(data, "counter", kind, PlantCounter))
    if kind == "place":
        _keys(data, kind, ("player", "colour", "on"))
        return Place(
            _int(data, "player", kind), _enum(data, "colour", kind, Colour),
            _enum(data, "on", kind, Spot),
        )
    if kind == "fall":
        _keys(data, kind, ("player", "turtles"), ("from_head",))
        turtles = Turtles.from_json(data["turtles"], "'turtles' of a fall event")
        if turtles.total == 0:
            raise EventError("a fall event names at least one turtle that fell")
        from_head = _int(data, "from_head", kind) if "from_head" in data else 0
        if not 0 <= from_head <= turtles.total:
            raise EventError(
                f"'from_head' of a fall event must be 0 to {turtles.total} (the turtles that "
                f"fell), not {from_head}"
            )
        return Fall(_int(data, "player", kind), turtles, from_head)
    if kind in _SEAT_ONLY:
        _keys(data, kind, ("player",))
        return _SEAT_ONLY[kind](_int(data, "player", kind))
    raise EventError(f"unknown event {kind!r} (known: {', '.join(KINDS)})")


def event_to_json(event: Event) -> dict[str, Any]:
    """The JSON object of an event, in the spec's key order."""
    out: dict[str, Any] = {"event": event.kind}
    if isinstance(event, Start):
        out["players"] = list(event.players)
    elif isinstance(event, Roll):
        out["face"] = event.face.value
    else:
        out["player"] = event.player
        if isinstance(event, Feed):
            out["counter"] = event.counter.value
        elif isinstance(event, Place):
            out["colour"] = event.colour.value
            out["on"] = event.on.value
        elif isinstance(event, Fall):
            out["turtles"] = event.turtles.to_json(zeros=False)
            if event.from_head:
                out["from_head"] = event.from_head
    return out


def parse_event_line(line: str) -> Event:
    """Read one line of a game log (a JSON object)."""
    return event_from_json(decode_line(line, EventError))


def event_to_line(event: Event) -> str:
    return json.dumps(event_to_json(event), separators=(", ", ": "))
