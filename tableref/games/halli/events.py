"""The events of a game and their JSON form (one JSON object per line of a game log).

The same events drive the engine, fill the daemon's journal and replay a game: the
journal is a game log, and `tableref halli replay` reads one exported from it.
```
{"event": "start", "players": ["Ann", "Ben", "Cid"], "cards": [24, 24, 24], "options": {}}
{"event": "flip", "player": 0, "card": "BBL", "t_ns": 1200000000}
{"event": "ring", "player": 2, "t_ns": 2041000000, "right": true,
 "presses": [{"player": 2, "t_ns": 2041000000}, {"player": 0, "t_ns": 2049500000}]}
{"event": "late", "player": 1, "t_ns": 2230000000}
```
Only `event`, `players` (start) and `player` are needed; every other key is optional.
Unknown keys are errors that name the key.

- `start`: `cards` sets the deal (cards per seat), `options` the rule options.
- `flip`: `card` is the card turned; left out (or null) when it was not seen. `t_ns` is when
  it was seen (the sensor time of the camera frame that showed it). `inferred: true` says
  the camera did not see this card turned: the player turned a card identical to the one on
  top, and the referee counted it when the next player's card appeared; or (no `card`) the
  table went on past the player for a whole round, its pile quiet, and the referee counted
  a card turned unseen each time it was passed over. `misread` is a card
  the camera read that the player's stack cannot hold (all its next cards are known, none
  is that one): the flip is counted without its card, and `misread` keeps what was read.
- `ring`: the arbitrated first press. `t_ns` is the time of its edge. `presses` are the
  presses behind it: first those the bells' arbiter weighed (they came within its settle
  window), earliest edge first: the earliest edge wins, a tie (the same edge time) goes to
  the lowest seat, and `player` must be that winner; then, marked `late`, those that came
  after the window but before the verdict, in the order they came (they do not count; they
  give the margin).
  `right` is the judgement: when given it decides (the daemon writes the verdict it gave;
  a judgement made elsewhere, for example from the camera frame at the press, may be given
  too); when left out the engine judges the visible cards. `judged: false` is a ring that
  could not be judged (no camera, or a visible card was not read): it is recorded, it has
  no `right`, and nothing moves.
- `late`: a press while the bells were still locked after the verdict: recorded (it gives
  the margin and the reaction times), not judged; the state does not change.
- `settle`: the players' verdict on a ring the referee could not judge (`judged: false`):
  `player` is that ring's ringer, `right` what the players decided, `t_ns` when. Only the
  last ring can be settled, and only while nothing was turned or rung since (`late`
  presses aside); it is then applied exactly as that ring judged so. `seen: true` says
  the referee settled it on what the camera saw the players do next (the piles taken,
  who turned the next card: `tableref.device.daemon.halli_aftermath`), not the players.

Times are nanoseconds on the referee's monotonic clock, as whole numbers.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
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
    """A player turned the top card of their stack onto their face-up pile."""

    player: int
    card: Card | None = None  # None: not seen
    t_ns: int | None = None  # when it was seen: the camera frame's sensor time
    inferred: bool = False  # not seen turned: inferred from the table (see the module doc)
    misread: Card | None = None  # read by the camera, impossible for the stack: card is None

    kind: ClassVar[str] = "flip"


@dataclass(frozen=True, slots=True)
class Press:
    """One bell press: the seat and the time of its edge; `late` when it came after the
    arbiter's settle window (it does not count)."""

    player: int
    t_ns: int
    late: bool = False


@dataclass(frozen=True, slots=True)
class Ring:
    """The arbitrated first press; it ends the round."""

    player: int
    t_ns: int | None = None  # the edge time of the winning press
    right: bool | None = None  # the judgement, when given; None: the engine judges
    presses: tuple[Press, ...] = ()  # the arbiter's, earliest edge first; then the late ones
    judged: bool = True  # False: the ring could not be judged; nothing moves

    kind: ClassVar[str] = "ring"

    @property
    def tied(self) -> tuple[int, ...]:
        """The seats whose edge came at exactly the winner's time, winner first."""
        weighed = [p for p in self.presses if not p.late]
        if not weighed:
            return (self.player,)
        first = weighed[0].t_ns
        return tuple(dict.fromkeys(p.player for p in weighed if p.t_ns == first))


@dataclass(frozen=True, slots=True)
class Late:
    """A press while the bells were locked after a ring: recorded, not judged."""

    player: int
    t_ns: int

    kind: ClassVar[str] = "late"


@dataclass(frozen=True, slots=True)
class Settle:
    """The players' verdict on a ring the referee could not judge (the last ring, with
    nothing turned or rung since): applied as that ring's judgement."""

    player: int  # that ring's ringer
    right: bool
    t_ns: int | None = None  # when the players answered
    seen: bool = False  # settled by what the camera saw the players do next

    kind: ClassVar[str] = "settle"


Event = Start | Flip | Ring | Late | Settle
KINDS = ("start", "flip", "ring", "late", "settle")


def arbitrate(presses: tuple[Press, ...]) -> tuple[Press, ...]:
    """The presses in the arbiter's order: earliest edge first, the lower seat on a tie."""
    return tuple(sorted(presses, key=lambda p: (p.t_ns, p.player)))


def _check_presses(player: int, t_ns: int | None, presses: tuple[Press, ...]) -> None:
    weighed = tuple(p for p in presses if not p.late)
    if not weighed:
        raise EventError("the presses of a ring event need one that is not late")
    if presses[: len(weighed)] != weighed:
        raise EventError("the late presses of a ring event come after the others")
    if weighed != arbitrate(weighed):
        raise EventError("the presses of a ring event must be in order: earliest edge first")
    first = weighed[0]
    if first.player != player:
        raise EventError(
            f"the ring is seat {player}'s but the earliest press is seat {first.player}'s"
        )
    if t_ns is not None and t_ns != first.t_ns:
        raise EventError(f"the ring's t_ns {t_ns} is not its first press's {first.t_ns}")


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


def _optional_int(data: Mapping[str, Any], key: str, kind: str) -> int | None:
    return None if data.get(key) is None else _int(data, key, kind)


def _flag(data: Mapping[str, Any], key: str, kind: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise EventError(f"{key!r} of a {kind} event must be true or false, not {value!r}")
    return value


def _card(data: Mapping[str, Any], key: str) -> Card | None:
    code = data.get(key)
    if code is None:
        return None
    if not isinstance(code, str):
        raise EventError(f"{key!r} of a flip event must be a card code, not {code!r}")
    try:
        return parse_card(code)
    except CardError as err:
        raise CardError(f"flip: {err}") from None


def _start(data: Mapping[str, Any]) -> Start:
    _check_keys(data, "start", {"event", "players", "cards", "options"}, {"players"})
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
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


def _flip(data: Mapping[str, Any]) -> Flip:
    allowed = {"event", "player", "card", "t_ns", "inferred", "misread"}
    _check_keys(data, "flip", allowed, {"player"})
    card = _card(data, "card")
    misread = _card(data, "misread")
    if misread is not None and card is not None:
        raise EventError("a flip event with 'misread' has no 'card': it was counted unseen")
    return Flip(
        _int(data, "player", "flip"),
        card,
        _optional_int(data, "t_ns", "flip"),
        _flag(data, "inferred", "flip", False),
        misread,
    )


def _presses(raw: object) -> tuple[Press, ...]:
    if not isinstance(raw, list) or not raw:
        raise EventError(f"'presses' of a ring event must be a non-empty list, not {raw!r}")
    out = []
    for i, entry in enumerate(raw):
        if not isinstance(entry, Mapping):
            raise EventError(f"presses[{i}] of a ring event must be an object, not {entry!r}")
        _check_keys(entry, f"ring's presses[{i}]", {"player", "t_ns", "late"},
                    {"player", "t_ns"})
        late = _flag(entry, "late", "press", False)
        out.append(Press(_int(entry, "player", "press"), _int(entry, "t_ns", "press"), late))
    return tuple(out)


def _ring(data: Mapping[str, Any]) -> Ring:
    allowed = {"event", "player", "t_ns", "right", "presses", "judged"}
    _check_keys(data, "ring", allowed, {"player"})
    player = _int(data, "player", "ring")
    t_ns = _optional_int(data, "t_ns", "ring")
    right = data.get("right")
    if right is not None and not isinstance(right, bool):
        raise EventError(f"'right' of a ring event must be true or false, not {right!r}")
    judged = _flag(data, "judged", "ring", True)
    if not judged and right is not None:
        raise EventError("a ring event with 'judged': false has no 'right'")
    presses: tuple[Press, ...] = ()
    if "presses" in data:
        presses = _presses(data["presses"])
        _check_presses(player, t_ns, presses)
    return Ring(player, t_ns, right, presses, judged)


def _late(data: Mapping[str, Any]) -> Late:
    _check_keys(data, "late", {"event", "player", "t_ns"}, {"player", "t_ns"})
    return Late(_int(data, "player", "late"), _int(data, "t_ns", "late"))


def _settle(data: Mapping[str, Any]) -> Settle:
    _check_keys(data, "settle", {"event", "player", "right", "t_ns", "seen"}, {"player", "right"})
    right = data["right"]
    if not isinstance(right, bool):
        raise EventError(f"a settle event's 'right' must be true or false, not {right!r}")
    return Settle(_int(data, "player", "settle"), right, _optional_int(data, "t_ns", "settle"),
                  _flag(data, "seen", "settle", False))


_READERS: dict[str, Callable[[Mapping[str, Any]], Event]] = {
    "start": _start,
    "flip": _flip,
    "ring": _ring,
    "late": _late,
    "settle": _settle,
}


def event_from_json(data: object) -> Event:
    """Read an event from its JSON object (already decoded); raises EventError or CardError."""
    if not isinstance(data, Mapping):
        raise EventError(f"an event is a JSON object, not {_kind(data)}")
    kind = data.get("event")
    read = _READERS.get(kind) if isinstance(kind, str) else None
    if read is not None:
        return read(data)
    if "event" not in data:
        raise EventError(f"an event needs 'event': {', '.join(map(repr, KINDS))}")
    raise EventError(f"unknown event {kind!r} (known: {', '.join(KINDS)})")


def event_to_json(event: Event) -> dict[str, Any]:
    """The JSON object of an event; `event_from_json(event_to_json(e)) == e`."""
    if isinstance(event, Start):
        out: dict[str, Any] = {"event": "start", "players": list(event.players)}
        if event.cards is not None:
            out["cards"] = list(event.cards)
        if event.options != Options():
            out["options"] = event.options.to_json()
        return out
    out = {"event": event.kind, "player": event.player}
    if isinstance(event, Flip):
        if event.card is not None:
            out["card"] = event.card.code
        if event.t_ns is not None:
            out["t_ns"] = event.t_ns
        if event.inferred:
            out["inferred"] = True
        if event.misread is not None:
            out["misread"] = event.misread.code
        return out
    if event.t_ns is not None:
        out["t_ns"] = event.t_ns
    if isinstance(event, Ring):
        if event.right is not None:
            out["right"] = event.right
        if event.presses:
            out["presses"] = [_press_json(p) for p in event.presses]
        if not event.judged:
            out["judged"] = False
    if isinstance(event, Settle):
        out["right"] = event.right
        if event.seen:
            out["seen"] = True
    return out


def _press_json(press: Press) -> dict[str, Any]:
    out: dict[str, Any] = {"player": press.player, "t_ns": press.t_ns}
    if press.late:
        out["late"] = True
    return out


def parse_event_line(line: str) -> Event:
    """Read one line of a game log (a JSON object)."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as err:
        raise EventError(f"not JSON: {err.msg} at column {err.colno}") from None
    except ValueError:  # Python refuses integers of more than 4300 digits
        raise EventError("not JSON: a number has too many digits") from None
    except RecursionError:
        raise EventError("not JSON: nested too deeply") from None
    return event_from_json(data)


def event_to_line(event: Event) -> str:
    return json.dumps(event_to_json(event), separators=(", ", ": "))
