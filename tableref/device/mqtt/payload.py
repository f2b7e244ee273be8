"""The topics and the JSON messages of the box's MQTT stream (format: the package docstring).

`event_message`, `end_message` and `state_message` build payloads on the box; `read_message`
checks one from the broker for a subscriber (it is untrusted input: anyone on the club's
broker may publish) and raises `BadMessage` naming what is wrong.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

VERSION = 1
PREFIX = "tableref"
MAX_PAYLOAD_BYTES = 512 * 1024  # a subscriber drops anything larger
STATUSES = ("finished", "abandoned")


def topic(table: str, what: str) -> str:
    """`tableref/<table>/<what>`, what: "events", "state" or "online"."""
    return f"{PREFIX}/{table}/{what}"


def split_topic(name: str) -> tuple[str, str] | None:
    """(table, what) of a topic of ours, or None."""
    parts = name.split("/")
    if len(parts) != 3 or parts[0] != PREFIX or not parts[1]:
        return None
    return parts[1], parts[2]


@dataclass(frozen=True, order=True)
class Key:
    """A message's place in its box's stream: the journal seq, and the game's end after it."""

    seq: int
    end: bool = False

    def id(self, box: str) -> str:
        return f"{box}:{self.seq}" + (":end" if self.end else "")


@dataclass(frozen=True)
class GameRef:
    id: int
    name: str
    players: tuple[str, ...]
    started: str

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "players": list(self.players),
                "started": self.started}


def _dump(message: dict[str, Any]) -> bytes:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode()


def _head(kind: str, table: str, box: str, key: Key, at: str, game: GameRef
          ) -> dict[str, Any]:
    return {"v": VERSION, "kind": kind, "table": table, "box": box, "seq": key.seq,
            "id": key.id(box), "at": at, "game": game.as_json()}


def event_message(table: str, box: str, seq: int, at: str, game: GameRef,
                  event: dict[str, Any] | None) -> bytes:
    return _dump({**_head("event", table, box, Key(seq), at, game), "event": event})


def end_message(table: str, box: str, seq: int, at: str, game: GameRef, status: str,
                scores: list[Any] | None, winner: str | None) -> bytes:
    return _dump({**_head("end", table, box, Key(seq, True), at, game), "status": status,
                  "scores": scores, "winner": winner})


def state_message(table: str, box: str, at: str, state: dict[str, Any]) -> bytes:
    return _dump({"v": VERSION, "table": table, "box": box, "at": at, "state": state})


class BadMessage(ValueError):
    """A message from the broker that is not one of ours (the text says why)."""


@dataclass(frozen=True)
class Message:
    """An `events` message as a subscriber reads it."""

    table: str
    box: str
    key: Key
    at: str
    game: GameRef
    event: dict[str, Any] | None = None  # kind "event"
    status: str | None = None  # kind "end": "finished" | "abandoned"
    scores: tuple[float, ...] | None = None
    winner: str | None = None

    @property
    def is_start(self) -> bool:
        return self.event is not None and self.event.get("event") == "start"


def _load(payload: bytes) -> dict[str, Any]:
    if len(payload) > MAX_PAYLOAD_BYTES:
        raise BadMessage(f"{len(payload)} bytes is over {MAX_PAYLOAD_BYTES}")
    try:
        data = json.loads(payload)
    except (ValueError, UnicodeDecodeError, RecursionError) as err:
        raise BadMessage(f"not JSON: {str(err)[:80]}") from None
    if not isinstance(data, dict):
        raise BadMessage("not a JSON object")
    if data.get("v") != VERSION:
        raise BadMessage(f"version {str(data.get('v'))[:20]!r}, not {VERSION}")
    return data


def _text(data: dict[str, Any], key: str, limit: int = 200) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value or len(value) > limit:
        raise BadMessage(f"{key!r} is not a string of 1 to {limit} characters")
    return value


def _int(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadMessage(f"{key!r} is not a whole number")
    return value


def _game(raw: Any) -> GameRef:
    if not isinstance(raw, dict):
        raise BadMessage("'game' is not an object")
    players = raw.get("players")
    if not isinstance(players, list) or len(players) > 12 or not all(
            isinstance(p, str) and 0 < len(p) <= 64 for p in players):
        raise BadMessage("'game.players' is not a list of names")
    return GameRef(id=_int(raw, "id"), name=_text(raw, "name", 32), players=tuple(players),
                   started=_text(raw, "started", 64))


def _scores(raw: Any, players: int) -> tuple[float, ...] | None:
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != players or not all(
            isinstance(s, int | float) and not isinstance(s, bool) and math.isfinite(s)
            for s in raw):
        raise BadMessage("'scores' is not one number per player")
    return tuple(raw)


def read_message(table: str, payload: bytes) -> Message:
    """An `events` message published under `tableref/<table>/events`, checked."""
    data = _load(payload)
    if data.get("table") != table:
        raise BadMessage(f"says table {str(data.get('table'))[:40]!r} on {table!r}'s topic")
    kind = data.get("kind")
    box, seq, at, game = _text(data, "box", 64), _int(data, "seq"), _text(data, "at", 64), \
        _game(data.get("game"))
    if kind == "event":
        event = data.get("event")
        if event is not None and not isinstance(event, dict):
            raise BadMessage("'event' is not an object")
        return Message(table, box, Key(seq), at, game, event=event)
    if kind == "end":
        status = data.get("status")
        if status not in STATUSES:
            raise BadMessage(f"'status' {str(status)[:20]!r} is not one of {STATUSES}")
        winner = data.get("winner")
        if winner is not None and winner not in game.players:
            raise BadMessage("'winner' is not one of the players")
        return Message(table, box, Key(seq, True), at, game, status=status,
                       scores=_scores(data.get("scores"), len(game.players)), winner=winner)
    raise BadMessage(f"'kind' {str(kind)[:20]!r} is neither 'event' nor 'end'")


def read_state(table: str, payload: bytes) -> dict[str, Any] | None:
    """The snapshot of a `state` message (None for an empty one: the retained state was
    cleared), checked as far as the club page reads it."""
    if not payload:
        return None
    data = _load(payload)
    if data.get("table") != table:
        raise BadMessage(f"says table {str(data.get('table'))[:40]!r} on {table!r}'s topic")
    state = data.get("state")
    if not isinstance(state, dict):
        raise BadMessage("'state' is not an object")
    return state


def read_online(payload: bytes) -> bool | None:
    """`true` / `false` of an `online` message (None: empty, the retained flag cleared)."""
    text = payload.strip()
    if not text:
        return None
    if text in (b"true", b"false"):
        return text == b"true"
    raise BadMessage("'online' is neither true nor false")
