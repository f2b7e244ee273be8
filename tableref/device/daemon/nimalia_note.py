"""What Nimalia's session knows that is no event of the game log, kept with the journal
(`Box.keep`) so that a restart or a kill -9 loses none of it:

- `pending`: photos with unsure spaces, by seat, until the player settles them or retakes
  (the spaces read, each unsure one with where it is on the photo and the reader's guess);
- `doubts`: reserves read in full that three legal placements do not explain from the
  round before, held until the players keep them or retake (the reserve, the spaces told,
  the checker's verdict);
- `waiting`: zones the table camera photographed by themselves with a card of the round
  unseen, kept once the zone has stayed still long enough (the patience starts again
  after a restart: the camera's times do not survive a reboot);
- `placed`: the cards found placed in this round's reserves read (shown under the photo).

Each is about the round the note was kept in (`round`) and counts only while no event came
for its seat since (`events`: how many the journal held): on a restart, what a seat held
when its reserve was recorded after the note is left out, and everything once the round
was scored. The annotated photos stay where they are (`Box.keep_photo`), not in the note.

The note's JSON: `{"round": 2, "events": 5, "pending": {"0": {"photo": true, "sure":
[{"row": 0, "col": 0, "terrain": "lake", "animal": "flamingo"}, ...], "unsure": [{"row": 1,
"col": 2, "reason": "...", "guess": {...} | null, "box": [x, y, w, h]}], "apart": [...]}},
"doubts": {"1": {"photo": true, "spaces": [...], "told": [[1, 2]], "verdict": {...}}},
"waiting": {"0": {"photo": true, "spaces": [...], "verdict": {...}}}, "placed": {"0":
{...}}}`; a verdict: `{"placed": [{"card": 9, "row": 0, "col": 4, "turn": 90, "under":
false}], "problems": [{"card": 9, "rule": "cover", "message": "..."}], "shift": [0, 1],
"shown_before": 0, "buried": 2, "silent": 0}`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tableref.device.daemon.nimalia_photos import PhotoReading, Unsure
from tableref.games.nimalia.check import Placed, Problem, RoundCheck
from tableref.games.nimalia.errors import ReserveError
from tableref.games.nimalia.model import Animal, Pos, Reserve, River, Space, Terrain

_E = TypeVar("_E", Terrain, Animal, River)
T = TypeVar("T")


class NoteError(ValueError):
    """A kept note that is not in this form (the message names what)."""


@dataclass(frozen=True)
class Unsettled:
    """A photo with unsure spaces (its annotated JPEG kept by `Box.keep_photo`, not here)."""

    reading: PhotoReading
    photo: bool


@dataclass(frozen=True)
class Doubt:
    """A reserve read in full that does not follow from the player's reserve of the round
    before by three legal placements: held, not scored, until the players keep it as it is
    (`act("accept")`) or take the photo again."""

    reserve: Reserve
    photo: bool
    told: tuple[Pos, ...]
    verdict: RoundCheck


@dataclass
class Waiting:
    """A zone photographed by itself with a card of the round unseen: kept once the zone
    has stood still for the session's patience from `since_ns` (camera time; None: from
    the next frame seen, after a restart)."""

    reserve: Reserve
    photo: bool
    verdict: RoundCheck
    since_ns: int | None


@dataclass
class Note:
    round: int
    events: int
    pending: dict[int, Unsettled] = field(default_factory=dict)
    doubts: dict[int, Doubt] = field(default_factory=dict)
    waiting: dict[int, Waiting] = field(default_factory=dict)
    placed: dict[int, RoundCheck] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        def seats(d: Mapping[int, T], f: Callable[[T], dict[str, Any]]) -> dict[str, Any]:
            return {str(s): f(x) for s, x in sorted(d.items())}

        return {
            "round": self.round, "events": self.events,
            "pending": seats(self.pending, lambda u: {
                "photo": u.photo, "sure": _spaces_json(u.reading.sure),
                "unsure": [_unsure_json(x) for x in u.reading.unsure],
                "apart": [[round(v, 4) for v in b] for b in u.reading.apart]}),
            "doubts": seats(self.doubts, lambda d: {
                "photo": d.photo, "spaces": _spaces_json(d.reserve),
                "told": [list(p) for p in d.told], "verdict": verdict_json(d.verdict)}),
            "waiting": seats(self.waiting, lambda w: {
                "photo": w.photo, "spaces": _spaces_json(w.reserve),
                "verdict": verdict_json(w.verdict)}),
            "placed": seats(self.placed, verdict_json),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], players: int) -> Note:
        def seats(key: str, f: Callable[[Mapping[str, Any], str], T]) -> dict[int, T]:
            raw = data.get(key, {})
            if not isinstance(raw, Mapping):
                raise NoteError(f"note.{key}: not an object of seats")
            out: dict[int, T] = {}
            for s, v in raw.items():
                seat = int(s) if isinstance(s, str) and s.isdigit() else -1
                if not 0 <= seat < players:
                    raise NoteError(f"note.{key}: {s!r} is not a seat of this game")
                out[seat] = f(_obj(v, f"note.{key}.{s}"), f"note.{key}.{s}")
            return out

        return cls(
            _whole(data.get("round"), "note.round", 1), _whole(data.get("events"), "note.events"),
            seats("pending", _unsettled), seats("doubts", _doubt), seats("waiting", _waiting),
            seats("placed", verdict_from_json))


# -- the parts' JSON ----------------------------------------------------------------------
def verdict_json(v: RoundCheck) -> dict[str, Any]:
    return {"placed": [{"card": p.card, "row": p.row, "col": p.col, "turn": p.turn,
                        "under": p.under} for p in v.placed],
            "problems": [{"card": p.card, "rule": p.rule, "message": p.message}
                         for p in v.problems],
            "shift": list(v.shift), "shown_before": v.shown_before, "buried": v.buried,
            "silent": v.silent}


def verdict_from_json(d: Mapping[str, Any], where: str) -> RoundCheck:
    placed = tuple(
        Placed(_card(p.get("card"), f"{where}.placed"), _int(p.get("row"), f"{where}.placed"),
               _int(p.get("col"), f"{where}.placed"), _turn(p.get("turn"), f"{where}.placed"),
               _bool(p.get("under", False), f"{where}.placed"))
        for p in (_obj(x, f"{where}.placed") for x in _list(d.get("placed"), f"{where}.placed")))
    problems = tuple(
        Problem(_card(p.get("card"), f"{where}.problems"), _str(p.get("rule"), f"{where}.rule"),
                _str(p.get("message"), f"{where}.message"))
        for p in (_obj(x, f"{where}.problems")
                  for x in _list(d.get("problems"), f"{where}.problems")))
    return RoundCheck(placed, problems, _pos(d.get("shift"), f"{where}.shift"),
                      _whole(d.get("shown_before", 0), f"{where}.shown_before"),
                      _whole(d.get("buried", 0), f"{where}.buried"),
                      _whole(d.get("silent", 0), f"{where}.silent"))


def _spaces_json(spaces: Mapping[Pos, Space]) -> list[dict[str, Any]]:
    return [{"row": r, "col": c, **_space_json(s)} for (r, c), s in sorted(spaces.items())]


def _space_json(s: Space) -> dict[str, Any]:
    out: dict[str, Any] = {"terrain": s.terrain.value, "animal": s.animal.value}
    if s.river is not None:
        out["river"] = s.river.value
    return out


def _unsure_json(u: Unsure) -> dict[str, Any]:
    return {"row": u.pos[0], "col": u.pos[1], "reason": u.reason,
            "guess": None if u.guess is None else _space_json(u.guess), "box": list(u.box)}


def _spaces(raw: object, where: str) -> dict[Pos, Space]:
    out: dict[Pos, Space] = {}
    for i, entry in enumerate(_list(raw, where)):
        e = _obj(entry, f"{where}[{i}]")
        out[_int(e.get("row"), f"{where}[{i}].row"), _int(e.get("col"), f"{where}[{i}].col")] = \
            _space(e, f"{where}[{i}]")
    return out


def _space(e: Mapping[str, Any], where: str) -> Space:
    river = e.get("river")
    return Space(_named(Terrain, e.get("terrain"), f"{where}.terrain"),
                 _named(Animal, e.get("animal"), f"{where}.animal"),
                 None if river is None else _named(River, river, f"{where}.river"))


def _reserve(raw: object, where: str) -> Reserve:
    try:
        return Reserve(_spaces(raw, where))
    except ReserveError as err:
        raise NoteError(f"{where}: {err}") from None


def _unsettled(d: Mapping[str, Any], where: str) -> Unsettled:
    unsure = []
    for i, u in enumerate(_list(d.get("unsure"), f"{where}.unsure")):
        u = _obj(u, f"{where}.unsure[{i}]")
        guess = u.get("guess")
        box = _list(u.get("box"), f"{where}.unsure[{i}].box")
        unsure.append(Unsure((_int(u.get("row"), where), _int(u.get("col"), where)),
                             _str(u.get("reason"), f"{where}.unsure[{i}].reason"),
                             None if guess is None else _space(_obj(guess, where), where),
                             _box(box, f"{where}.unsure[{i}].box")))
    apart = tuple(_box(_list(b, f"{where}.apart"), f"{where}.apart")
                  for b in _list(d.get("apart", []), f"{where}.apart"))
    if not unsure:
        raise NoteError(f"{where}: a photo waits to be settled only with unsure spaces")
    return Unsettled(PhotoReading(_spaces(d.get("sure"), f"{where}.sure"), tuple(unsure), b"",
                                  apart), _bool(d.get("photo"), f"{where}.photo"))


def _doubt(d: Mapping[str, Any], where: str) -> Doubt:
    reserve = _reserve(d.get("spaces"), f"{where}.spaces")
    told = tuple(_pos(p, f"{where}.told") for p in _list(d.get("told", []), f"{where}.told"))
    return Doubt(reserve, _bool(d.get("photo"), f"{where}.photo"), told,
                 verdict_from_json(_obj(d.get("verdict"), f"{where}.verdict"),
                                   f"{where}.verdict"))


def _waiting(d: Mapping[str, Any], where: str) -> Waiting:
    return Waiting(_reserve(d.get("spaces"), f"{where}.spaces"),
                   _bool(d.get("photo"), f"{where}.photo"),
                   verdict_from_json(_obj(d.get("verdict"), f"{where}.verdict"),
                                     f"{where}.verdict"), None)


# -- plain values, checked --------------------------------------------------------------
def _obj(v: object, where: str) -> Mapping[str, Any]:
    if not isinstance(v, Mapping):
        raise NoteError(f"{where}: not an object")
    return v


def _list(v: object, where: str) -> list[Any]:
    if not isinstance(v, list):
        raise NoteError(f"{where}: not a list")
    return v


def _int(v: object, where: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise NoteError(f"{where}: {v!r} is not a whole number")
    return v


def _whole(v: object, where: str, lowest: int = 0) -> int:
    n = _int(v, where)
    if n < lowest:
        raise NoteError(f"{where}: {v!r} is less than {lowest}")
    return n


def _card(v: object, where: str) -> int | None:
    return None if v is None else _whole(v, where, 1)


def _turn(v: object, where: str) -> int:
    n = _int(v, where)
    if n not in (0, 90, 180, 270):
        raise NoteError(f"{where}: turn {n} is not 0, 90, 180 or 270")
    return n


def _bool(v: object, where: str) -> bool:
    if not isinstance(v, bool):
        raise NoteError(f"{where}: {v!r} is not true or false")
    return v


def _str(v: object, where: str) -> str:
    if not isinstance(v, str):
        raise NoteError(f"{where}: {v!r} is not a string")
    return v


def _pos(v: object, where: str) -> Pos:
    p = _list(v, where)
    if len(p) != 2:
        raise NoteError(f"{where}: {v!r} is not [row, col]")
    return _int(p[0], where), _int(p[1], where)


def _box(v: list[Any], where: str) -> tuple[float, float, float, float]:
    if len(v) != 4 or not all(isinstance(x, int | float) and not isinstance(x, bool)
                              for x in v):
        raise NoteError(f"{where}: {v!r} is not [x, y, width, height]")
    return float(v[0]), float(v[1]), float(v[2]), float(v[3])


def _named(kind: type[_E], v: object, where: str) -> _E:
    try:
        return kind(_str(v, where))
    except ValueError:
        raise NoteError(f"{where}: {v!r} is not a {kind.__name__.lower()}") from None
