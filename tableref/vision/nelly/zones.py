"""The zones in front of the players: a polygon per seat on the camera picture.

The user sets them once on the page by dragging boxes over the camera picture; the spec's
file form is `{"zones": [{"player": 0, "polygon": [[x, y], ...]}, ...]}` in the frame's
pixels. `default_zones` lays out boxes for n players the way the synthetic scenes seat
them (seat 0 at the bottom edge, the camera's own side, then clockwise seen from above),
for a box whose zones were never set.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

MAX_ZONES = 8
MAX_VERTICES = 64


class ZoneError(ValueError):
    """A zones file or object that cannot be used; the message names the problem."""


@dataclass(frozen=True)
class Zone:
    """The part of the picture in front of one player (seat `player`)."""

    player: int
    polygon: tuple[tuple[float, float], ...]

    def to_json(self) -> dict[str, object]:
        return {"player": self.player, "polygon": [[x, y] for x, y in self.polygon]}

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """x0, y0, x1, y1 of the polygon."""
        xs = [p[0] for p in self.polygon]
        ys = [p[1] for p in self.polygon]
        return min(xs), min(ys), max(xs), max(ys)

    @property
    def area(self) -> float:
        """The polygon's area in square pixels (shoelace)."""
        pts = self.polygon
        s = 0.0
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True):
            s += x0 * y1 - x1 * y0
        return abs(s) / 2


def _number(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ZoneError(f"{what} must be a number, not {value!r}")
    return float(value)


def zone_from_json(data: object, index: int) -> Zone:
    what = f"zone {index}"
    if not isinstance(data, Mapping):
        raise ZoneError(f"{what} must be an object with player and polygon, not {data!r}")
    unknown = sorted(set(data) - {"player", "polygon"})
    if unknown:
        raise ZoneError(f"{what}: unknown key {unknown[0]!r} (a zone has player and polygon)")
    player = data.get("player")
    if isinstance(player, bool) or not isinstance(player, int) or player < 0:
        raise ZoneError(f"{what}: player must be a seat number from 0, not {player!r}")
    poly = data.get("polygon")
    if not isinstance(poly, Sequence) or isinstance(poly, str):
        raise ZoneError(f"{what}: polygon must be a list of [x, y] points, not {poly!r}")
    if not 3 <= len(poly) <= MAX_VERTICES:
        raise ZoneError(f"{what}: a polygon has 3 to {MAX_VERTICES} points, not {len(poly)}")
    points = []
    for k, p in enumerate(poly):
        if not isinstance(p, Sequence) or isinstance(p, str) or len(p) != 2:
            raise ZoneError(f"{what}: point {k} must be [x, y], not {p!r}")
        points.append((_number(p[0], f"{what}: point {k} x"),
                       _number(p[1], f"{what}: point {k} y")))
    zone = Zone(player, tuple(points))
    if zone.area < 1.0:
        raise ZoneError(f"{what}: the polygon encloses no area")
    return zone


def zones_from_json(data: object) -> list[Zone]:
    """The spec's zones object; ZoneError naming the problem."""
    if not isinstance(data, Mapping) or "zones" not in data:
        raise ZoneError('the zones must be an object {"zones": [{"player": 0, "polygon": '
                        '[[x, y], ...]}, ...]}')
    unknown = sorted(set(data) - {"zones"})
    if unknown:
        raise ZoneError(f"unknown key {unknown[0]!r} (the zones object has only zones)")
    items = data["zones"]
    if not isinstance(items, Sequence) or isinstance(items, str):
        raise ZoneError(f"zones must be a list, not {items!r}")
    if not 1 <= len(items) <= MAX_ZONES:
        raise ZoneError(f"there must be 1 to {MAX_ZONES} zones, not {len(items)}")
    zones = [zone_from_json(z, i) for i, z in enumerate(items)]
    seen: set[int] = set()
    for z in zones:
        if z.player in seen:
            raise ZoneError(f"two zones for player {z.player}")
        seen.add(z.player)
    return zones


def zones_to_json(zones: Sequence[Zone]) -> dict[str, object]:
    return {"zones": [z.to_json() for z in zones]}


def check_inside(zones: Sequence[Zone], size: tuple[int, int]) -> None:
    """ZoneError when a zone lies wholly outside a frame of size (w, h)."""
    w, h = size
    for z in zones:
        x0, y0, x1, y1 = z.bounds
        if x1 <= 0 or y1 <= 0 or x0 >= w or y0 >= h:
            raise ZoneError(f"the zone of player {z.player} lies outside the {w}x{h} picture")


def default_zones(n: int, size: tuple[int, int] = (1280, 720)) -> list[Zone]:
    """Boxes for n players (1 to 4) round the pond in the middle of the picture."""
    if not 1 <= n <= 4:
        raise ZoneError(f"default zones are laid out for 1 to 4 players, not {n}")
    w, h = size
    zones = []
    for i in range(n):
        a = math.pi / 2 + 2 * math.pi * i / n
        cx, cy = w / 2 + 0.37 * w * math.cos(a), h / 2 + 0.37 * h * math.sin(a)
        if abs(math.sin(a)) > 0.6:
            bw, bh = 0.44 * w, 0.25 * h
        else:
            bw, bh = 0.22 * w, 0.5 * h
        x0 = min(max(cx - bw / 2, 0.01 * w), 0.99 * w - bw)
        y0 = min(max(cy - bh / 2, 0.01 * h), 0.99 * h - bh)
        x1, y1 = x0 + bw, y0 + bh
        zones.append(Zone(i, ((round(x0, 1), round(y0, 1)), (round(x1, 1), round(y0, 1)),
                              (round(x1, 1), round(y1, 1)), (round(x0, 1), round(y1, 1)))))
    return zones
