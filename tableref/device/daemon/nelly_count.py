"""The camera's count of the turtles in front of each player, and how the box weighs it
against what the players reported (the journal), never overwriting either by itself.

The seam to vision is the spec's `tableref nelly count` contract: a counter takes a camera
frame and the zones (`{"zones": [{"player": 0, "polygon": [[x, y], ...]}]}`, the frame's
pixels) and answers `{"zones": [{"player": 0, "red": 2, "yellow": 1, "orange": 0,
"unsure": false}]}`. `NellyEyes` runs it in the daemon's vision thread; `Reconciler` keeps
what it saw steadily and says where it disagrees with the box's count:

- a zone's reading counts once it is the same in `steady` frames in a row and not unsure (a
  hand over the plants, a turtle being placed, make readings that come and go);
- a report that changes a player's count makes the camera's reading of that zone old: it
  counts again only from `steady` frames after the next one (which may have been taken
  before the report), so a camera a moment behind the reports is never a disagreement;
- a player still to place this round puts the turtle on Nelly before pressing "placed": a
  steady reading of exactly one turtle fewer than the box's count, of a colour that player
  may place now, is that move under way, not a disagreement (`placing`);
- any other steady reading that differs from the box's count of that player's turtles is a
  disagreement, shown on the page and asked about; it stays until the players answer,
  the count changes, or the box's count comes to agree (a report that was late);
- "the box is right" dismisses that reading; the same reading is not asked about again.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import cv2
import numpy as np

from tableref.device.camera.base import Frame
from tableref.device.daemon.halli_eyes import StillTable  # a still table, whatever the game
from tableref.games.nelly import GameState, Turtles

# the vision seam: (BGR frame, zones in the ZONES.json form) -> the count's JSON form
Counter = Callable[[np.ndarray, Mapping[str, Any]], Mapping[str, Any]]


@runtime_checkable
class KeepsStill(Protocol):
    """A counter that also compares each frame with one of the table when nothing moved
    (a hand over a zone is a large change from it, whatever its colour)."""

    def remember_still(self, image: np.ndarray) -> None: ...
ZONES_FILE = "nelly_zones.json"


class CountError(ValueError):
    """A zones file or a count that is not in the spec's form (the message names what)."""


@dataclass(frozen=True)
class ZoneCount:
    player: int
    turtles: Turtles
    unsure: bool = False


def parse_zones(data: object, players: int | None = None) -> dict[str, Any]:
    """The ZONES.json form checked (CountError naming the problem); returned normalised."""
    if not isinstance(data, Mapping) or set(data) != {"zones"} or not isinstance(
            data["zones"], list):
        raise CountError('zones: expected {"zones": [{"player": 0, "polygon": [[x, y], ...]}]}')
    out: list[dict[str, Any]] = []
    seen: set[int] = set()
    for i, zone in enumerate(data["zones"]):
        if not isinstance(zone, Mapping) or set(zone) != {"player", "polygon"}:
            raise CountError(f"zones[{i}]: needs exactly 'player' and 'polygon'")
        seat = zone["player"]
        if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0 or (
                players is not None and seat >= players):
            raise CountError(f"zones[{i}].player: {seat!r} is not a seat of this game")
        if seat in seen:
            raise CountError(f"zones[{i}].player: seat {seat} has two zones")
        seen.add(seat)
        poly = zone["polygon"]
        if not isinstance(poly, list) or len(poly) < 3 or not all(
                isinstance(p, list) and len(p) == 2 and all(
                    isinstance(v, int | float) and not isinstance(v, bool) and 0 <= v <= 10_000
                    for v in p) for p in poly):
            raise CountError(f"zones[{i}].polygon: needs 3 or more [x, y] points in pixels")
        out.append({"player": seat, "polygon": [[round(x), round(y)] for x, y in poly]})
    return {"zones": out}


def parse_count(data: object) -> tuple[ZoneCount, ...]:
    """A counter's answer in the spec's form (CountError naming the problem)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("zones"), list):
        raise CountError('a count is {"zones": [{"player": 0, "red": 2, ...}]}')
    out = []
    for i, zone in enumerate(data["zones"]):
        if not isinstance(zone, Mapping):
            raise CountError(f"count zones[{i}]: not an object")
        values = [zone.get(k) for k in ("player", "red", "yellow", "orange")]
        if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in values):
            raise CountError(f"count zones[{i}]: player, red, yellow, orange must be whole "
                             "numbers from 0")
        unsure = zone.get("unsure", False)
        if not isinstance(unsure, bool):
            raise CountError(f"count zones[{i}].unsure: must be true or false")
        out.append(ZoneCount(values[0], Turtles(*values[1:]), unsure))  # type: ignore[arg-type]
    return tuple(out)


class ZoneStore:
    """The zones, set once on the page, kept in the data dir (ZONES.json form)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def load(self) -> dict[str, Any] | None:
        try:
            return parse_zones(json.loads(self.path.read_text()))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as err:  # CountError is a ValueError
            raise CountError(f"{self.path}: {err}") from err

    def save(self, zones: Mapping[str, Any]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(zones, indent=1))
        tmp.replace(self.path)


def keep_zones(raw: object, players: int, store: ZoneStore | None) -> dict[str, Any]:
    """Zones from the page, checked and kept in `store` (when there is one); a CountError
    names what is wrong with them, or that they cannot be kept."""
    zones = parse_zones(raw, players)
    if store is not None:
        try:
            store.save(zones)
        except OSError as err:
            raise CountError(f"the zones cannot be kept: {err}") from None
    return zones


@dataclass(frozen=True)
class NellySeen:
    """What the camera counted in one frame (`zones` empty: no zones set)."""

    t_ns: int
    zones: tuple[ZoneCount, ...] = ()
    size: tuple[int, int] = (0, 0)  # the frame's width and height, for the zone editor
    problem: str = ""  # the counter failed on this frame (said on the page)


class NellyEyes:
    """Counts the turtles of each zone in a frame (the vision thread) and now and then
    draws the zones and counts on the frame for the page. A frame that shows the same
    table as the last one counted (`StillTable`) keeps its count, counted again at least
    every `recheck_s` of frame time: nobody moving costs nothing. Once the table has been
    still for `settle_s`, a counter that `KeepsStill` is given that frame to compare the
    next ones with (kept fresh: again after every movement that settles)."""

    def __init__(self, counter: Counter | None, zones: Callable[[], Mapping[str, Any] | None],
                 jpeg_every_s: float = 0.5, recheck_s: float = 1.0,
                 settle_s: float = 2.0) -> None:
        self.counter = counter
        self.zones = zones
        self.jpeg_every_s = jpeg_every_s
        self.recheck_s = recheck_s
        self.settle_s = settle_s
        self.still = StillTable()
        self._moved_ns: int | None = None  # when the table last changed (None: kept since)
        self._last: tuple[int, object, tuple[ZoneCount, ...], str] | None = None
        self._last_jpeg = 0.0
        self.ms: list[float] = []
        self.skipped = 0
        self.stills = 0  # still frames given to the counter

    def look(self, frame: Frame) -> tuple[NellySeen, bytes | None]:
        h, w = frame.image.shape[:2]
        zones = self.zones()
        counted: tuple[ZoneCount, ...] = ()
        problem = ""
        changed = self.still.changed(frame.image)
        self._settle(frame, changed)
        last = self._last  # (after _settle: a new still frame means counting again)
        if not changed and last is not None and last[1] is zones and (
                frame.t_ns - last[0]) < self.recheck_s * 1e9:
            self.skipped += 1
            counted, problem = last[2], last[3]
        elif zones and self.counter is not None:
            start = time.perf_counter()
            try:
                counted = parse_count(self.counter(frame.image, zones))
            except Exception as err:  # a counter's failure is one frame's, said on the page
                problem = f"{type(err).__name__}: {err}"
            self.ms.append((time.perf_counter() - start) * 1000)
            del self.ms[:-200]
            self._last = (frame.t_ns, zones, counted, problem)
        jpeg = None
        now = time.monotonic()
        if now - self._last_jpeg >= self.jpeg_every_s:
            self._last_jpeg = now
            jpeg = _annotate(frame.image, zones, counted)
        return NellySeen(frame.t_ns, counted, (w, h), problem), jpeg

    def _settle(self, frame: Frame, changed: bool) -> None:
        """Give the counter the table's still frame once nothing has moved for settle_s."""
        if changed:  # (the first frame is a change too)
            self._moved_ns = frame.t_ns
            return
        if self._moved_ns is not None and frame.t_ns - self._moved_ns >= self.settle_s * 1e9:
            self._moved_ns = None  # kept until the table moves again
            if isinstance(self.counter, KeepsStill):
                self.counter.remember_still(frame.image)
                self.stills += 1
                self._last = None  # counted again at once against it


_BGR = {"red": (40, 40, 220), "yellow": (40, 220, 240), "orange": (30, 140, 250)}


def _annotate(image: np.ndarray, zones: Mapping[str, Any] | None,
              counted: Sequence[ZoneCount]) -> bytes | None:
    out = image.copy()
    by_seat = {c.player: c for c in counted}
    for zone in (zones or {}).get("zones", []):
        pts = np.array(zone["polygon"], dtype=np.int32)
        cv2.polylines(out, [pts], True, (255, 255, 255), 2)
        count = by_seat.get(zone["player"])
        x, y = int(pts[:, 0].min()), int(pts[:, 1].min())
        label = f"{zone['player'] + 1}"
        if count is not None:
            label += " ?" if count.unsure else " " + " ".join(
                f"{n}{c.value[0].upper()}" for c, n in count.turtles)
        cv2.putText(out, label, (x + 4, y + 22), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (0, 0, 0), 4)
        cv2.putText(out, label, (x + 4, y + 22), cv2.FONT_HERSHEY_SIMPLEX, 0.7,
                    (255, 255, 255), 2)
    ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, 75])
    return buf.tobytes() if ok else None


@dataclass
class Disagreement:
    seat: int
    camera: Turtles
    box: Turtles

    @property
    def more(self) -> Turtles | None:
        """The turtles the camera sees beyond the box's count, when it sees no fewer of any
        colour (then they may have fallen onto this player's plants)."""
        if not self.camera.covers(self.box):
            return None
        return self.camera - self.box

    def to_json(self) -> dict[str, Any]:
        more = self.more
        return {"player": self.seat, "camera": self.camera.to_json(),
                "box": self.box.to_json(), "more": None if more is None else more.to_json()}


def placing(state: GameState, seat: int, camera: Turtles) -> bool:
    """Does the camera see `seat` with the one turtle fewer of a placement under way: the
    seat is still to place this round and the turtle gone is of a colour it may place?"""
    if seat not in state.to_place() or not state.players[seat].turtles.covers(camera):
        return False
    gone = state.players[seat].turtles - camera
    if gone.total != 1:
        return False
    [colour] = gone.colours()
    assert state.face is not None  # a seat to place: a colour face was thrown
    return state.face.colour in (None, colour)


@dataclass
class Reconciler:
    steady: int = 3  # frames in a row with the same reading before it counts
    _runs: dict[int, tuple[Turtles, int]] = field(default_factory=dict)  # seat -> reading, n
    readings: dict[int, Turtles] = field(default_factory=dict)  # steady readings
    unsure: set[int] = field(default_factory=set)
    dismissed: dict[int, Turtles] = field(default_factory=dict)
    asked: dict[int, Disagreement] = field(default_factory=dict)
    _skip: dict[int, int] = field(default_factory=dict)  # seat -> frames to skip

    def reported(self, seats: Iterable[int]) -> None:
        """The box's count of these seats changed: their readings are old."""
        for seat in seats:
            self._runs.pop(seat, None)
            self.readings.pop(seat, None)
            self._skip[seat] = 1

    def seen(self, state: GameState, sight: NellySeen) -> list[Disagreement]:
        """Take one frame's count; returns the disagreements that are new (to be said)."""
        self.unsure = {z.player for z in sight.zones if z.unsure}
        for zone in sight.zones:
            if self._skip.get(zone.player):
                self._skip[zone.player] -= 1
                continue
            if zone.unsure or zone.player >= len(state.players):
                self._runs.pop(zone.player, None)
                continue
            last = self._runs.get(zone.player)
            n = last[1] + 1 if last is not None and last[0] == zone.turtles else 1
            self._runs[zone.player] = (zone.turtles, n)
            if n >= self.steady:
                self.readings[zone.player] = zone.turtles
        return self.check(state)

    def check(self, state: GameState) -> list[Disagreement]:
        """Against the box's count now (also after every event)."""
        new = []
        for seat in [s for s in self.asked if s not in self.readings]:
            del self.asked[seat]  # its reading is old: asked again if it stays
        for seat, camera in self.readings.items():
            if seat >= len(state.players):
                continue
            box = state.players[seat].turtles
            if camera == box or self.dismissed.get(seat) == camera or placing(
                    state, seat, camera):
                self.asked.pop(seat, None)
                continue
            old = self.asked.get(seat)
            if old is None or old.camera != camera or old.box != box:
                fresh = old is None or old.camera != camera
                self.asked[seat] = Disagreement(seat, camera, box)
                if fresh:
                    new.append(self.asked[seat])
        return new

    def dismiss(self, seat: int) -> None:
        """The players say the box is right: this reading is not asked about again."""
        asked = self.asked.pop(seat, None)
        if asked is not None:
            self.dismissed[seat] = asked.camera

    def to_json(self) -> list[dict[str, Any]]:
        return [self.asked[s].to_json() for s in sorted(self.asked)]

