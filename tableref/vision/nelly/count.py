"""Count each player's turtles by colour in their zone of a camera frame.

1. Each zone's pixels as log-chromaticities (u, v) = (ln G/R, ln B/R) (material.py).
2. The light from the water plants' known green, pooled over the zones (light.py).
3. In the light's frame, paint is what is far from neutral towards red (ln B/R low):
   the domes, their glare filled in. Each blob is a turtle, several, or a part of one.
4. The size of one turtle from the frame itself: the median of the blobs' inscribed
   radii (every blob holds at least one whole shell on top), unless given.
5. Each blob's colour from its core (its rim mixes with what lies round it), by where
   ln G/R falls between the paints'; its number of turtles from its area and its
   distance-transform peaks (domes.py). A blob that fits no whole number of turtles, or
   a hand over the zone (hands.py), makes the zone unsure: never a guess.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from tableref.vision.nelly.domes import Blob, read_blob
from tableref.vision.nelly.hands import hand_over
from tableref.vision.nelly.light import (
    MAX_GREEN_SHARE,
    NEUTRAL,
    Light,
    light_from_plants,
    plant_pixels,
)
from tableref.vision.nelly.material import COLOURS
from tableref.vision.nelly.zones import Zone

Image = np.ndarray
PAD = 24  # pixels round a zone's box, so a blob at its edge is seen whole
TABLE_SHARE = 0.06  # a blob of paint colour this large a part of a zone is the table


@dataclass(frozen=True)
class ZoneCount:
    """The turtles seen in one player's zone. `unsure`: not counted with confidence (a hand
    over the zone, turtles lying on each other that cannot be told apart); `why` says."""

    player: int
    red: int = 0
    yellow: int = 0
    orange: int = 0
    unsure: bool = False
    why: str = ""

    @property
    def counts(self) -> dict[str, int]:
        return {"red": self.red, "yellow": self.yellow, "orange": self.orange}

    @property
    def total(self) -> int:
        return self.red + self.yellow + self.orange

    def to_json(self) -> dict[str, object]:
        """The spec's form: `{"player": 0, "red": 2, "yellow": 1, "orange": 0, "unsure":
        false}`."""
        return {"player": self.player, **self.counts, "unsure": self.unsure}


def counts_to_json(counts: Sequence[ZoneCount]) -> dict[str, object]:
    """`{"zones": [...]}`, the spec's output of `tableref nelly count --json`."""
    return {"zones": [c.to_json() for c in counts]}


@dataclass(frozen=True)
class CountOptions:
    paint_v: float = -1.05  # ln B/R below this, in the light's frame: paint
    max_u: float = 0.3  # ln G/R above this is no paint (plants, green)
    min_bright: int = 40  # darker pixels are shadow, too noisy to read
    dome_radius: float | None = None  # one turtle's inscribed radius in px (None: measured)


@dataclass
class _ZoneData:
    zone: Zone
    origin: tuple[int, int]
    inside: np.ndarray  # uint8 polygon mask of the crop
    u: np.ndarray
    v: np.ndarray
    bright: np.ndarray
    bgr: np.ndarray  # float32
    blobs: list[Blob] = field(default_factory=list)
    mask: np.ndarray | None = None
    paint: np.ndarray | None = None


def _crop(frame: Image, zone: Zone) -> _ZoneData | None:
    h, w = frame.shape[:2]
    bx0, by0, bx1, by1 = zone.bounds
    x0, y0 = max(int(bx0) - PAD, 0), max(int(by0) - PAD, 0)
    x1, y1 = min(int(np.ceil(bx1)) + PAD, w), min(int(np.ceil(by1)) + PAD, h)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    sub = frame[y0:y1, x0:x1]
    lin = sub.astype(np.float32) + 1.0
    b, g, r = cv2.split(cv2.log(lin))
    inside = np.zeros(sub.shape[:2], np.uint8)
    pts = np.round((np.asarray(zone.polygon) - [x0, y0]) * 16).astype(np.int32)
    cv2.fillPoly(inside, [pts], 1, cv2.LINE_8, shift=4)
    return _ZoneData(zone, (x0, y0), inside, g - r, b - r, sub.max(axis=2), lin)


def _paint_mask(d: _ZoneData, light: Light, opts: CountOptions) -> tuple[np.ndarray, np.ndarray]:
    """The paint's pixels, and the blobs: the paint with the holes the glare leaves filled."""
    u = d.u - light.du
    v = d.v - light.dv
    sel = (v < opts.paint_v) & (u < opts.max_u) & (d.bright > opts.min_bright)
    paint: np.ndarray = sel.astype(np.uint8)
    paint = cv2.morphologyEx(paint, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    blobs = paint.copy()
    contours, _ = cv2.findContours(blobs, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cv2.drawContours(blobs, contours, -1, 1, -1)
    return paint, blobs


def hue(d: _ZoneData, light: Light) -> np.ndarray:
    """(G - B) / (R - B) in the light's frame: 0 for the red paint, ~0.4 orange, ~0.8
    yellow. Glare adds white to all three channels alike and a shadow scales them: neither
    moves it (HSV's hue between red and yellow, without the angle)."""
    b, g, r = cv2.split(d.bgr)
    b = b * float(np.exp(-light.dv))
    g = g * float(np.exp(-light.du))
    return (g - b) / np.maximum(r - b, 1.0)


def _measure_light(data: Sequence[_ZoneData]) -> Light:
    samples = []
    for d in data:
        green = plant_pixels(d.u, d.v, d.bright) & (d.inside > 0)
        n_in = int(np.count_nonzero(d.inside))
        if np.count_nonzero(green) > MAX_GREEN_SHARE * max(n_in, 1):
            continue  # a green table: plants and cloth cannot be told apart by colour
        samples.append((d.u[green], d.v[green]))
    return light_from_plants(samples)


def count_turtles(frame: Image, zones: Sequence[Zone],
                  options: CountOptions | None = None) -> list[ZoneCount]:
    """The turtles in each zone of a BGR frame, one `ZoneCount` per zone in their order."""
    opts = options or CountOptions()
    if frame.ndim != 3 or frame.shape[2] != 3 or frame.dtype != np.uint8:
        raise ValueError("count_turtles takes a BGR uint8 image")
    crops = [_crop(frame, z) for z in zones]
    data = [d for d in crops if d is not None]
    light = _measure_light(data) if data else NEUTRAL
    radii = []
    for d in data:
        d.paint, d.mask = _paint_mask(d, light, opts)
        d.blobs = _blobs(d)
        n_in = int(np.count_nonzero(d.inside))
        radii += [b.radius for b in d.blobs if 30 <= b.area < TABLE_SHARE * n_in]
    if opts.dome_radius is not None:
        r1 = opts.dome_radius
    elif radii:
        r1 = float(np.median(radii))
    else:
        r1 = 0.0
    out = []
    for z, crop in zip(zones, crops, strict=True):
        if crop is None:
            out.append(ZoneCount(z.player, unsure=True, why="the zone lies outside the picture"))
            continue
        out.append(_count_zone(crop, light, r1))
    return out


def _blobs(d: _ZoneData) -> list[Blob]:
    assert d.mask is not None
    n, labels, stats, cents = cv2.connectedComponentsWithStats(d.mask, connectivity=8)
    dist = cv2.distanceTransform(d.mask, cv2.DIST_L2, 3)
    blobs = []
    for i in range(1, n):
        cx, cy = cents[i]
        if not d.inside[min(int(cy), d.inside.shape[0] - 1), min(int(cx), d.inside.shape[1] - 1)]:
            continue  # its centre lies outside the zone: another zone's, or the pond's
        x, y, bw, bh, area = (int(s) for s in stats[i])
        win = labels[y:y + bh, x:x + bw] == i
        blobs.append(Blob((x, y), win, int(area), float(dist[y:y + bh, x:x + bw][win].max()),
                          dist[y:y + bh, x:x + bw] * win))
    return blobs


def _count_zone(d: _ZoneData, light: Light, r1: float) -> ZoneCount:
    counts = dict.fromkeys(COLOURS, 0)
    player = d.zone.player
    hand = hand_over(d.u, d.v, d.bright, d.inside, light, r1)
    if hand:
        return ZoneCount(player, unsure=True, why=hand)
    why = ""
    assert d.paint is not None
    h = hue(d, light)
    n_in = int(np.count_nonzero(d.inside))
    for blob in d.blobs:
        if blob.area >= TABLE_SHARE * n_in and blob.area > 6 * np.pi * r1 * r1:
            why = why or "the table is of the turtles' colour: turtles on it cannot be seen"
            continue
        seen = read_blob(blob, h, d.paint, r1)
        if seen.why:
            why = why or seen.why
            continue
        for c, k in seen.counts.items():
            counts[c] += k
    return ZoneCount(player, counts["red"], counts["yellow"], counts["orange"], bool(why), why)
