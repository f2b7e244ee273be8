"""Count each player's turtles by colour in their zone of a camera frame.

1. Each zone's pixels as log-chromaticities (u, v) = (ln G/R, ln B/R) (material.py).
2. The light from the water plants' known green, pooled over the zones (light.py), the
   table's own colours from outside the zones (table.py), and the plants as circles of
   the frame's one plant size (plants.py).
3. In the light's frame, paint is what is far from neutral towards red (ln B/R low):
   the shells, their glare filled in. Each blob is a turtle, several, a part of one, or
   the table where the table has the paint's colours; inside a plant's rim, paint as wide
   as a turtle is a turtle whatever the table's colours (the notch is narrower).
4. The size of one turtle from the frame itself: the median of the blobs' inscribed
   radii (every blob holds at least one whole shell on top), unless given.
5. The paints' hue (G-B)/(R-B) refined on the turtles themselves: the one shift of the
   green gain that brings the single turtles nearest to the three known paints (what the
   plants' print leaves uncertain in the white balance).
6. Each blob's colour from its core (its rim mixes with what lies round it); its number of
   turtles from its area and its distance-transform peaks (domes.py); a single turtle
   whose core holds a second paint has another under or on it. A blob that fits no
   whole number of turtles (read again with the lamp's highlight where that opened it:
   sheen.py), a colour between two paints, a blob of more than one turtle's
   area whose highlight is off a single dome's (gloss.py), something over the zone
   (hands.py), or a dome's lit cap amid the table's colour where nothing was counted
   (hidden.py) makes the zone unsure: never a guess.
7. Given the still frame (the table a moment before, nothing moving), a zone that changed
   since by more than turtles come or gone (still.py) is unsure, unless the change lies
   on the bare table alone and the rest of the zone counts as it did (`_beside_the_hand`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from tableref.vision.nelly.dark import outside_level, plant_level, too_dark
from tableref.vision.nelly.die import on_the_die
from tableref.vision.nelly.domes import (
    ONE,
    Blob,
    BlobReading,
    Paints,
    colour_of,
    core_of,
    read_blob,
    refine_green,
)
from tableref.vision.nelly.gloss import (
    MAX_DOMES,
    frame_highlight,
    highlight_offset,
    lies_on_another,
    shell_outlines,
    single_domes,
)
from tableref.vision.nelly.hands import something_over
from tableref.vision.nelly.hidden import hidden_dome
from tableref.vision.nelly.light import light_from_plants
from tableref.vision.nelly.material import COLOURS, LOG1P, PAINT_MAX_U, PAINT_V
from tableref.vision.nelly.median import median
from tableref.vision.nelly.misread import LIGHT_WHY, light_misread
from tableref.vision.nelly.plants import (
    Plant,
    one_size,
    plant_circles,
    something_on_a_plant,
    turtles_on_plants,
)
from tableref.vision.nelly.prints import Print, on_a_plant, table_print
from tableref.vision.nelly.scraps import scattered_turtle
from tableref.vision.nelly.sheen import with_highlight
from tableref.vision.nelly.stacks import dome_paints, two_domes
from tableref.vision.nelly.still import exposure, over_since
from tableref.vision.nelly.table import TableModel, table_outside
from tableref.vision.nelly.witness import unwitnessed, why_unwitnessed
from tableref.vision.nelly.zones import Zone

Image = np.ndarray
PAD = 24  # pixels round a zone's box: a blob at its edge is seen whole, the table round it
LARGE = 6.0  # a blob of paint larger than this many shells is no turtle
TABLE_AREA = 0.04  # of a zone: a blob of the table's colour this large is the table
DOME_SHADE = 1.5  # a dome's lit side is this much brighter than its shaded side
RECOVER_COMPACT = 1.3  # a turtle of the table's colour is found whole and round
NECK = 9  # px: the narrowest part of a turtle is wider, a plant's notch near it narrower
# one turtle's inscribed radius in plant radii: at least, at most, and when no turtle
# shows (the game's material: a shell is a little over half a plant across)
TURTLE_PER_PLANT = (0.45, 0.75, 0.58)
LIGHT_FILL = 0.35  # of a plant's disc green at least, for the light to be read from it
PLANT_SHADOW = 0.2  # of a plant's radius: its shadow and blurred rim lie within this beyond it
RIMMED = 1.4  # one turtle's discs: a shell's blob with its rim mixing with the table, at most
AGREE = 5  # blobs of one turtle's radius that agree on a larger area: then it is a shell's
SPREAD = 1.15  # their largest area over their smallest, at most
OVER_WHY = ("something over the zone (it changed by more than turtles since the table was "
            "still)")
HAND_EDGE = 0.3  # of a turtle's radius: a hand's soft edge beyond its change's blocks
HAND_ON_PLANT = 0.25  # of a turtle's area: a hand over less of a plant hides no turtle on it
# the frame over the still frame's brightness, within which the still frame tells what a
# hand hides (at another exposure its shaded paint, its dark turtles, read otherwise)
SAME_EXPOSURE = (0.8, 1.25)
MIN_TURTLE = 150  # px: no turtle the camera can count is smaller (one is ~350 px at 0.7 mm/px)
_LOG = LOG1P
_UNMEASURED = np.zeros((0, 0), np.float32)  # a blob's distance transform, not measured
_OPEN3 = np.ones((3, 3), np.uint8)  # the opening that removes specks and 1 px necks


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
    paint_v: float = PAINT_V  # ln B/R below this, in the light's frame: paint
    max_u: float = PAINT_MAX_U  # ln G/R above this is no paint (plants, green)
    min_bright: int = 26  # darker pixels are shadow, too noisy to read (a red shell's shaded
    # side in a dim room is about this dark)
    dome_radius: float | None = None  # one turtle's inscribed radius in px (None: measured)


@dataclass
class _ZoneData:
    zone: Zone
    origin: tuple[int, int]
    inside: np.ndarray  # uint8 polygon mask of the crop
    bgr: np.ndarray  # the crop, uint8
    u: np.ndarray  # ln G/R, then in the light's frame
    v: np.ndarray  # ln B/R, then in the light's frame
    bright: np.ndarray  # the largest channel, uint8
    n_in: int = 0
    table: TableModel | None = None
    paint: np.ndarray | None = None
    plants: list[Plant] = field(default_factory=list)
    alike: np.ndarray | None = None  # uint8: paint of the table's colours
    blobs: list[Blob] = field(default_factory=list)
    summed: np.ndarray | None = None  # `inside`'s integral image (cv2.integral), once made

    def in_zone(self, x: int, y: int, w: int, h: int) -> int:
        """Is the box (crop pixels) all in the zone (1), all out of it (0), or both (-1)?"""
        if self.summed is None:
            self.summed = cv2.integral(self.inside)
        s = self.summed
        n = int(s[y + h, x + w]) - int(s[y, x + w]) - int(s[y + h, x]) + int(s[y, x])
        return 1 if n == w * h else 0 if n == 0 else -1


def _crop(frame: Image, zone: Zone) -> _ZoneData | None:
    h, w = frame.shape[:2]
    bx0, by0, bx1, by1 = zone.bounds
    x0, y0 = max(int(bx0) - PAD, 0), max(int(by0) - PAD, 0)
    x1, y1 = min(math.ceil(bx1) + PAD, w), min(math.ceil(by1) + PAD, h)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    sub = frame[y0:y1, x0:x1]
    # (cv2.split is several times slower on a part of a frame than taking each channel)
    b, g, r = (cv2.extractChannel(sub, i) for i in range(3))
    lr = cv2.LUT(r, _LOG)
    u = cv2.LUT(g, _LOG)
    u = cv2.subtract(u, lr, dst=u)  # in place: each new array costs its pages
    v = cv2.LUT(b, _LOG)
    v = cv2.subtract(v, lr, dst=v)
    bright = cv2.max(b, g)
    bright = cv2.max(bright, r, dst=bright)
    inside = np.zeros(sub.shape[:2], np.uint8)
    pts = np.round((np.asarray(zone.polygon) - [x0, y0]) * 16).astype(np.int32)
    cv2.fillPoly(inside, [pts], 1, cv2.LINE_8, shift=4)
    return _ZoneData(zone, (x0, y0), inside, sub, u, v, bright, int(np.count_nonzero(inside)))


def _paint(d: _ZoneData, opts: CountOptions) -> np.ndarray:
    """The paint's pixels (u, v already in the light's frame), specks removed."""
    sel = (d.v < opts.paint_v) & (d.u < opts.max_u) & (d.bright > opts.min_bright)
    paint: np.ndarray = sel.astype(np.uint8)
    paint[0, :], paint[-1, :], paint[:, 0], paint[:, -1] = 0, 0, 0, 0
    return np.asarray(cv2.morphologyEx(paint, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)))


def _blobs(d: _ZoneData) -> list[Blob]:
    """The paint's blobs that are turtles, or may be, whose centre is in the zone.

    Where the table has a paint's colour (a red cloth, an orange wood, a pattern's dots) a
    blob mostly of the table's colours is the table: unless it lies within a water plant's
    rim, as wide as a turtle (plants.py), or is shaded like a dome; a large one is searched
    for turtles of other colours lying on it."""
    assert d.paint is not None and d.table is not None
    painted = d.paint > 0
    if 2 * cv2.countNonZero(d.paint) > d.paint.size:  # mostly paint (a cloth of its colour):
        like = d.table.like(d.u, d.v) & painted  # read whole, cheaper than picked out
    else:
        like = np.zeros(painted.shape, bool)
        like[painted] = d.table.like(d.u[painted], d.v[painted])
    if not np.any(like):
        return _components(d.paint, d)
    mask: np.ndarray = d.paint & ~like  # uint8
    alike = (d.paint & like).astype(np.uint8)
    d.alike = alike
    # a turtle of the table's colour on a plant: within the plant's rim, cut off its notch
    mask |= turtles_on_plants(d.paint, d.plants)
    # elsewhere such a turtle touches the table through necks: cut them (shrink, take the
    # parts apart, grow each back within the table-coloured paint)
    neck = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (NECK, NECK))
    cores = cv2.erode(alike, neck)
    for core in _components(cores, d, MIN_TURTLE // 2, read=False, measure=False):
        if core.area > TABLE_AREA * d.n_in:
            continue  # the table itself
        x, y = core.origin
        hgt, wid = core.window.shape
        x0, y0 = max(x - NECK, 0), max(y - NECK, 0)
        x1, y1 = min(x + wid + NECK, alike.shape[1]), min(y + hgt + NECK, alike.shape[0])
        if _flat(d, alike, mask, (x0 - 2, y0 - 2, x1 + 2, y1 + 2)):
            continue  # no part of it (all lie in the box) rounds out to a shaded dome
        grown = np.zeros((y1 - y0, x1 - x0), np.uint8)
        grown[y - y0:y - y0 + hgt, x - x0:x - x0 + wid] = core.window
        grown = cv2.bitwise_and(cv2.dilate(grown, neck), alike[y0:y1, x0:x1])
        # with the rest of the turtle: its lit side, not of the table's colours. A turtle
        # is round: a patch of the table's colour beside one is no part of it
        whole = cv2.morphologyEx(cv2.bitwise_or(grown, mask[y0:y1, x0:x1]), cv2.MORPH_OPEN,
                                 _OPEN3)
        for part in _components(whole, d, MIN_TURTLE, (x0, y0), read=False, measure=False):
            bx, by = part.origin
            bh, bw = part.window.shape
            own = grown[by - y0:by - y0 + bh, bx - x0:bx - x0 + bw]
            if not cv2.countNonZero(cv2.bitwise_and(own, part.window.view(np.uint8))):
                continue  # another blob in the window
            if part.area > TABLE_AREA * d.n_in:
                continue  # the turtle it belongs to holds it: larger still, the table
            if _flat(d, alike, mask, (bx - 2, by - 2, bx + bw + 2, by + bh + 2)):
                continue  # what it rounds out to (in that box) is no shaded dome
            blob = _round_out(part, alike, mask, d)
            if blob is None:
                continue
            bx, by = blob.origin
            bh, bw = blob.window.shape
            compact = blob.area / (math.pi * (blob.radius + 1.0) ** 2)
            if compact <= RECOVER_COMPACT and blob.area <= TABLE_AREA * d.n_in and (
                    _dome_shaded(blob, d)):
                mask[by:by + bh, bx:bx + bw] |= blob.window.astype(np.uint8)
    opened = cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    return _components(opened, d)


def _round_out(part: Blob, alike: np.ndarray, mask: np.ndarray, d: _ZoneData) -> Blob | None:
    """The turtle a part belongs to: the paint (`alike` or `mask`, uint8 0/1) inside the
    part's smallest enclosing circle (a turtle is round; its shaded side may be of the
    table's colours, its plant's notch beside it is outside the circle)."""
    # its pixels (x, y) row by row, as float32 points
    pts = cv2.findNonZero(part.window.view(np.uint8)).astype(np.float32)
    (cx, cy), r = cv2.minEnclosingCircle(pts)
    x, y = part.origin
    pad = 2
    x0, y0 = max(x - pad, 0), max(y - pad, 0)
    x1 = min(x + part.window.shape[1] + pad, alike.shape[1])
    y1 = min(y + part.window.shape[0] + pad, alike.shape[0])
    disc = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.circle(disc, (round(cx + x - x0), round(cy + y - y0)), round(r + 1), 1, -1)
    disc = cv2.bitwise_and(disc, cv2.bitwise_or(alike[y0:y1, x0:x1], mask[y0:y1, x0:x1]))
    found = _components(disc, d, MIN_TURTLE, (x0, y0), read=False)
    return max(found, key=lambda b: b.area) if found else None


def _flat(d: _ZoneData, alike: np.ndarray, mask: np.ndarray, box: tuple[int, int, int, int]
          ) -> bool:
    """Can nothing in this box of the crop (x0, y0, x1, y1, clipped to it) be shaded like a
    dome (`_dome_shaded`)? So when the paint in it (`alike` or `mask`) with the holes it
    encloses (a blob is its outline filled: a glare's hole is part of it) is nowhere
    DOME_SHADE times brighter than its darkest: a blob of that paint in the box has its
    inner part's bright tenth no brighter than those pixels' brightest, its dark tenth no
    darker than their darkest. (A cheap test that spares rounding out a part of the
    table: a printed dot is flat.)"""
    h, w = alike.shape
    x0, y0, x1, y1 = max(box[0], 0), max(box[1], 0), min(box[2], w), min(box[3], h)
    if x1 <= x0 or y1 <= y0:
        return True  # nothing there
    # the paint and its holes: all but the rest reached from round the box (4-connected,
    # as the holes findContours leaves inside an outline)
    ring = cv2.copyMakeBorder(cv2.bitwise_or(alike[y0:y1, x0:x1], mask[y0:y1, x0:x1]),
                              1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    cv2.floodFill(ring, None, (0, 0), 2, flags=4)
    held = (ring[1:-1, 1:-1] != 2).view(np.uint8)
    lo, hi, _, _ = cv2.minMaxLoc(d.bright[y0:y1, x0:x1], mask=held)
    return bool(hi < DOME_SHADE * max(lo, 1.0))


def _dome_shaded(blob: Blob, d: _ZoneData) -> bool:
    """Shaded like a dome lit from one side: the bright part of its inner half well above
    the dark part (a printed dot of a cloth is flat; its rim, blurred into the cloth round
    it, is left out)."""
    x, y = blob.origin
    hgt, wid = blob.window.shape
    inner = blob.dist >= 0.5 * blob.radius
    b = d.bright[y:y + hgt, x:x + wid][inner].astype(np.float32)
    if b.size < 8:
        return False
    k = b.size // 10
    part = np.partition(b, (k, b.size - 1 - k))
    lo, hi = float(part[k]), float(part[b.size - 1 - k])
    return hi >= DOME_SHADE * max(lo, 1.0)


def _components(mask: np.ndarray, d: _ZoneData, min_area: int = 40,
                origin: tuple[int, int] = (0, 0), read: bool = True,
                measure: bool = True) -> list[Blob]:
    """The blobs of a mask (the zone's crop, or a window of it at `origin`) whose centre is
    in the zone, the glare's holes in them filled (outer contours drawn filled: cheaper
    than labelling a mostly empty crop). Without `measure` a blob's radius and distance
    transform are left unmeasured (0, empty): for blobs whose shape alone is used."""
    # two levels: a blob lying in a hole of another (a turtle on a plant in a cloth of its
    # colour) is a blob of its own
    contours, hierarchy = cv2.findContours(  # (which leaves its image as it was)
        mask if mask.dtype == np.uint8 else mask.astype(np.uint8), cv2.RETR_CCOMP,
        cv2.CHAIN_APPROX_SIMPLE)
    hh, ww = d.inside.shape
    blobs = []
    tops = [contours[i] for i in np.flatnonzero(hierarchy[0][:, 3] < 0).tolist()] if len(
        contours) else []
    for c in tops:
        x, y, bw, bh = cv2.boundingRect(c)
        x, y = x + origin[0], y + origin[1]
        if bw * bh < min_area or cv2.contourArea(c) < 0.5 * min_area:
            continue
        # its centre lies in its box: where the zone holds all of the box or none of it,
        # so does it the centre (its moments are not needed; none of it, not drawn)
        held = d.in_zone(x, y, bw, bh)
        if not held:
            continue  # its centre lies outside the zone: another zone's, or the pond's
        win = np.zeros((bh + 2, bw + 2), np.uint8)
        cv2.drawContours(win, [c], -1, 1, -1, offset=(1 - x + origin[0], 1 - y + origin[1]))
        area = cv2.countNonZero(win)
        if area < min_area:
            continue
        if held < 0:
            m = cv2.moments(win, binaryImage=True)
            cx, cy = x - 1 + m["m10"] / m["m00"], y - 1 + m["m01"] / m["m00"]
            held = int(d.inside[min(int(cy), hh - 1), min(int(cx), ww - 1)])
        if not held:
            continue  # its centre lies outside the zone: another zone's, or the pond's
        own = win[1:-1, 1:-1].view(bool)  # (0/1 as bool, no copy: nothing writes to it)
        if measure:
            dist = cv2.distanceTransform(win, cv2.DIST_L2, 3)[1:-1, 1:-1]
            blob = Blob((x, y), own, area, cv2.minMaxLoc(dist)[1], dist)
        else:
            blob = Blob((x, y), own, area, 0.0, _UNMEASURED)
        if read:  # its core and the core's colour
            assert d.paint is not None
            core_of(blob, d.paint, d.bgr)
        blobs.append(blob)
    return blobs


def turtle_radius(radii: Sequence[float]) -> float:
    """One turtle's inscribed radius from the blobs': every turtle's blob has at least the
    radius of a shell, specks (bits of the table, mixed rims) less, a large area of paint
    more. So: the median of those from half the 80th percentile up to twice it."""
    if not radii:
        return 0.0
    top = float(np.percentile(radii, 80))
    mid = [r for r in radii if 0.5 * top <= r <= 2 * top]
    return median(np.asarray(mid))


def footprint(blobs: Sequence[Blob], r1: float) -> float:
    """One turtle's area as this frame shows it (with its head, if the game's turtles have
    heads): the median area of the compact blobs of one turtle's radius (most blobs are
    single turtles); 0 with fewer than three such blobs. Where a rim mixing with the table
    (a dim room, a cloth of a paint's colour) makes every shell's blob larger than that,
    the blobs of one turtle's radius up to RIMMED discs, when at least AGREE of them agree
    on their area (within SPREAD): a turtle lying on another is larger than a single one
    beside it, and most turtles in a frame lie alone."""
    disc = math.pi * (r1 + 1.0) ** 2
    one = [b.area for b in blobs if abs(b.radius - r1) <= 0.12 * r1]
    areas = [a for a in one if 0.8 * disc <= a <= 1.25 * disc]
    if len(areas) >= 3:
        return median(np.asarray(areas))
    rimmed = [a for a in one if 0.8 * disc <= a <= RIMMED * disc]
    if len(rimmed) >= AGREE and max(rimmed) <= SPREAD * min(rimmed):
        return median(np.asarray(rimmed))
    return 0.0


def count_turtles(frame: Image, zones: Sequence[Zone], options: CountOptions | None = None,
                  still: Image | None = None) -> list[ZoneCount]:
    """The turtles in each zone of a BGR frame, one `ZoneCount` per zone in their order.
    `still`: a frame of the same table from the camera when nothing moved (the daemon
    keeps one); a zone that changed by more than a few turtles since is unsure (a hand)."""
    opts = options or CountOptions()
    if frame.ndim != 3 or frame.shape[2] != 3 or frame.dtype != np.uint8:
        raise ValueError("count_turtles takes a BGR uint8 image")
    if still is not None and still.shape != frame.shape:
        still = None  # another camera mode: the still frame is of no use
    crops = [_crop(frame, z) for z in zones]
    data = [d for d in crops if d is not None]
    radii = []
    # the table's colours as the camera sees them; the plants: round, of one size, green
    # and not of the table's colours (a green felt's green is no plant, nor a light)
    table = table_outside(frame, [np.asarray(z.polygon) for z in zones], 0.0, 0.0)
    for d in data:
        d.table = table
        d.plants = plant_circles(d.u, d.v, d.bright, table, MIN_TURTLE)
    for d, plants in zip(data, one_size([d.plants for d in data]), strict=True):
        d.plants = plants
    # the light from plants showing enough of their green (a plant under a turtle shows a
    # ring of half its disc; a scrap of green the size of a plant is no plant to trust)
    light = light_from_plants([(p.u, p.v) for d in data for p in d.plants
                               if p.u.size >= LIGHT_FILL * math.pi * p.r * p.r])
    table.in_light(light.du, light.dv)
    for d in data:
        d.u -= light.du
        d.v -= light.dv
        d.paint = _paint(d, opts)
        d.blobs = _blobs(d)
        radii += [b.radius for b in d.blobs if b.area >= MIN_TURTLE]
    plant_r = [p.r for d in data for p in d.plants]
    if opts.dome_radius is not None:
        r1 = opts.dome_radius
    elif plant_r:  # the material's own proportions: a turtle is about 0.6 plants across
        pr = median(np.asarray(plant_r))
        r1 = turtle_radius([r for r in radii if TURTLE_PER_PLANT[0] * pr <= r
                            <= TURTLE_PER_PLANT[1] * pr]) or TURTLE_PER_PLANT[2] * pr
    else:
        r1 = turtle_radius(radii)
    blobs = [b for d in data for b in d.blobs]
    paints = Paints(light, r1, footprint=footprint(blobs, r1))
    paints.green = refine_green(blobs, paints)
    singles = [b.median for b in blobs if ONE[0] <= b.area / paints.shell <= ONE[1]]
    hues = [paints.hue_of(m) for m in singles]
    plain = replace(paints, green=0.0)
    doubt = unwitnessed([plain.hue_of(m) for m in singles], hues)
    # the light off by more than the turtles' refinement corrects (misread.py): every zone
    # unsure
    misread = light_misread(hues)
    printed = table_print(table, paints, opts.min_bright)
    placed: list[tuple[float, float] | None] = []

    def highlight() -> tuple[float, float] | None:
        """Where the lamp's highlight sits on a single dome in this frame (once)."""
        if not placed:
            singles = [(d, b) for d in data for b in single_domes(d.blobs, paints.shell, r1)]
            singles = singles[:MAX_DOMES]
            outlines = shell_outlines([b for _, b in singles], r1)
            placed.append(frame_highlight([highlight_offset(b, d.bgr, r1, o) for (d, b), o in
                                           zip(singles, outlines, strict=True)]))
        return placed[0]

    gain = exposure(frame, still) if still is not None else 1.0
    level = plant_level([p.level for d in data for p in d.plants])
    outside = outside_level(table) if level > 0 else 0.0
    out = []
    for z, crop in zip(zones, crops, strict=True):
        if crop is None:
            out.append(ZoneCount(z.player, unsure=True, why="the zone lies outside the picture"))
            continue
        over = None if still is None else over_since(frame, still, crop.origin, crop.inside,
                                                     paints.shell, gain)
        if over is not None:
            assert still is not None
            same = SAME_EXPOSURE[0] <= gain <= SAME_EXPOSURE[1]
            beside = _beside_the_hand(crop, over, still, paints, printed, highlight, opts,
                                      (outside, level)) if same else None
            out.append(beside or ZoneCount(z.player, unsure=True, why=OVER_WHY))
            continue
        if too_dark(crop.bright, crop.inside, outside, level):
            out.append(ZoneCount(z.player, unsure=True, why="too dark to read the turtles' "
                                 "colours (a deep shadow?)"))
            continue
        out.append(_count_zone(crop, paints, printed, highlight))
    if misread:  # what could be counted, none of it with confidence
        out = [c if c.unsure else replace(c, unsure=True, why=LIGHT_WHY) for c in out]
    if doubt:  # orange or yellow (red or orange) told by no witness (witness.py)
        out = [c if c.unsure or not any(c.counts[p] for p in doubt)
               else replace(c, unsure=True, why=why_unwitnessed(doubt)) for c in out]
    return out


def _beside_the_hand(d: _ZoneData, over: np.ndarray, still: Image, paints: Paints,
                     printed: Print | None, highlight: Callable[[], tuple[float, float] | None],
                     opts: CountOptions, dark: tuple[float, float]) -> ZoneCount | None:
    """The zone's count when what came over it since the table was still (`over`, the
    crop's mask: a hand, an arm) lies on the bare table alone; else None (unsure).

    The still frame shows what the hand now hides: the zone must count there with
    confidence, the hand's place widened by its soft edge (HAND_EDGE) must hold none of the
    turtles it counted, and the hand must cover less of any plant than a turtle could lie
    hidden on (a turtle is put down on a plant or taken from one, and lies within its
    disc). The frame now, the widened place left out, must count the same: then no turtle
    came or went beside the hand, and none lay under it a moment before. (A turtle the
    hand brought and still hides wholly is in the hand, not yet on a plant.) The light,
    the turtles' size and paints are the frame's own: the still frame is of the same
    table, only its exposure may differ, which the colours' ratios do not see."""
    assert d.table is not None and d.paint is not None
    e = max(2, round(HAND_EDGE * paints.radius))
    wide = cv2.dilate(over, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * e + 1,) * 2))
    then = _crop(still, d.zone)
    if then is None or then.bgr.shape != d.bgr.shape:
        return None
    then.table = d.table
    # (every plant the still frame shows, of any size: each one is kept out of the hand)
    then.plants = plant_circles(then.u, then.v, then.bright, d.table, MIN_TURTLE)
    then.u -= paints.light.du
    then.v -= paints.light.dv
    then.paint = _paint(then, opts)
    then.blobs = _blobs(then)
    if too_dark(then.bright, then.inside, *dark):
        return None
    turtles: list[Blob] = []
    before = _count_zone(then, paints, printed, highlight, turtles)
    if before.unsure:
        return None
    shells = _painted(turtles, over.shape)  # the turtles the still frame counted
    if cv2.countNonZero(cv2.bitwise_and(shells, wide)):
        return None  # the hand is over a turtle as the table was a moment ago
    # a turtle on a plant lies within its disc: to hide one there wholly, the hand covers
    # a turtle's area of it (its soft edge or its blocks' corners over the rim hide none)
    for p in then.plants:
        if cv2.countNonZero(cv2.bitwise_and(_disc(p, over.shape), over)) >= (
                HAND_ON_PLANT * paints.shell):
            return None  # the hand is over a plant, where a turtle is put or taken
    now = replace(d, inside=cv2.bitwise_and(d.inside, 1 - wide), summed=None, alike=None)
    now.n_in = cv2.countNonZero(now.inside)
    now.paint = cv2.bitwise_and(d.paint, 1 - wide)
    now.plants = [p for p in d.plants
                  if not cv2.countNonZero(cv2.bitwise_and(wide, _disc(p, over.shape)))]
    now.blobs = _blobs(now)
    if too_dark(now.bright, now.inside, *dark):
        return None
    counted = _count_zone(now, paints, printed, highlight)
    return counted if not counted.unsure and counted.counts == before.counts else None


def _count_zone(d: _ZoneData, paints: Paints, printed: Print | None = None,
                highlight: Callable[[], tuple[float, float] | None] = lambda: None,
                counted_blobs: list[Blob] | None = None) -> ZoneCount:
    """The zone's count; `counted_blobs`, when given, gets the blobs counted as turtles."""
    counts = dict.fromkeys(COLOURS, 0)
    player = d.zone.player
    assert d.table is not None and d.paint is not None
    shell = paints.shell
    over = something_over(d.bgr, d.u, d.v, d.bright, d.inside, d.paint, d.table,
                          paints.light, shell)
    if over:
        return ZoneCount(player, unsure=True, why=over)
    why = ""
    turtles: list[Blob] = [] if counted_blobs is None else counted_blobs  # counted as turtles
    scraps: dict[str, list[Blob]] = {}  # specks by their paint: no turtle, no part of one
    for blob in d.blobs:
        if blob.area > LARGE * shell:
            why = why or "something of the turtles' colours, larger than a turtle"
            continue
        seen = read_blob(blob, d.bgr, paints)
        if seen.why and not seen.stack:  # a blob its own highlight opened (sheen.py)
            blob, seen = _with_highlight(d, blob, seen, paints)
        if seen.why and on_the_die(blob, d.u, d.v, d.bright, d.table, shell,
                                         paints.radius):
            continue  # the die's symbol
        off = not on_a_plant(blob.origin[0] + blob.window.shape[1] / 2,
                             blob.origin[1] + blob.window.shape[0] / 2,
                             [(p.x, p.y, p.r) for p in d.plants])
        if seen.why and seen.piece and off and printed is not None and (printed.near(
                seen.hue, blob.area) or (seen.part and printed.has(seen.part, blob.area))):
            continue  # a dot of the table's print
        if seen.stack:  # two turtles, one on the other, when both domes are seen
            domes = two_domes(blob, d.bgr, paints.radius, highlight())
            if domes is not None and dome_paints(blob, d.bgr, paints, domes) == {seen.stack: 2}:
                seen = BlobReading({seen.stack: 2})
        if seen.why:
            why = why or seen.why
            continue
        if printed is not None and off and any(printed.has(c, blob.area / sum(
                seen.counts.values())) for c in seen.counts):
            why = why or "a patch like the table's print, off the plants"
            continue
        if sum(seen.counts.values()) == 1 and lies_on_another(blob, d.bgr, shell,
                                                              paints.radius, highlight):
            why = why or ("a turtle lying on another that cannot be told apart (more than one "
                          "turtle's area, its highlight off a single dome's)")
            continue
        for c, k in seen.counts.items():
            counts[c] += k
        if seen.counts:
            turtles.append(blob)
        else:  # a speck: of a paint's colour, unless the table's print shows it by the dozen
            hue = paints.hue_of(blob.median)
            paint = colour_of(hue)
            if paint and not (off and printed is not None and printed.near(hue, blob.area)):
                scraps.setdefault(paint, []).append(blob)
    counted = _counted(d, paints, turtles) if not why and (scraps or d.plants) else None
    if counted is not None and scraps and _scattered(d, paints, scraps, counted.copy()):
        why = ("scraps of paint that together are a part of a turtle (a turtle seen only in "
               "pieces?)")
    if not why and counted is not None and d.plants and something_on_a_plant(
            d.u, d.v, d.bright, d.plants, counted):
        why = "something on a water plant that was not counted (a turtle too dark or pale?)"
    if not why and d.alike is not None and hidden_dome(
            d.bright, d.alike, lambda: _counted(d, paints), shell, paints.radius):
        why = "a dome's shading amid the table's colour (a turtle of the table's colour?)"
    return ZoneCount(player, counts["red"], counts["yellow"], counts["orange"], bool(why), why)


def _with_highlight(d: _ZoneData, blob: Blob, seen: BlobReading, paints: Paints
                    ) -> tuple[Blob, BlobReading]:
    """The blob with the lamp's highlight it lacks (sheen.py), and its reading, when that
    reads with no doubt; else the blob and reading as they were. Only where the frame shows
    one turtle's area (`footprint`): a piece made whole is read by its area, and without
    the frame's own measure one turtle's size is the plants' proportions' guess."""
    assert d.table is not None and d.paint is not None
    if not paints.footprint:
        return blob, seen
    filled = with_highlight(blob, d.bgr, d.u, d.v, d.bright, d.table, paints.light.du,
                            paints.light.dv)
    if filled is None:
        return blob, seen
    (x, y), win = filled
    hgt, wid = win.shape
    # the highlight joins it to no other paint (two pieces of one turtle, each read whole)
    x0, y0 = max(x - 1, 0), max(y - 1, 0)
    x1, y1 = min(x + wid + 1, d.paint.shape[1]), min(y + hgt + 1, d.paint.shape[0])
    grown = np.zeros((y1 - y0, x1 - x0), np.uint8)
    own = grown.copy()
    grown[y - y0:y - y0 + hgt, x - x0:x - x0 + wid] = win
    own[y - y0:y - y0 + hgt, x - x0:x - x0 + wid] = blob.window
    grown = cv2.dilate(grown, _OPEN3)
    grown[own > 0] = 0
    if cv2.countNonZero(cv2.bitwise_and(grown, d.paint[y0:y1, x0:x1])):
        return blob, seen
    found = _components(win, d, MIN_TURTLE, (x, y))
    if len(found) != 1:
        return blob, seen
    again = read_blob(found[0], d.bgr, paints)
    return (found[0], again) if not again.why else (blob, seen)


def _scattered(d: _ZoneData, paints: Paints, scraps: dict[str, list[Blob]],
               counted: np.ndarray) -> bool:
    """Do a paint's scraps add up to a part of a turtle (scraps.py), the die's symbol (a
    small disc ringed by the die's white, read as a speck) left out? `counted`: the
    counted turtles, `_counted` (drawn on)."""
    assert d.table is not None
    # and the plants with their shadows: their rims and notches show the table mixed with
    # their green, and shaded (a turtle on a plant that was not counted is
    # something_on_a_plant's)
    for p in d.plants:
        cv2.circle(counted, (round(p.x), round(p.y)), round((1 + PLANT_SHADOW) * p.r), 1, -1)
    for same in scraps.values():
        if not scattered_turtle(same, counted, paints.radius, paints.shell):
            continue
        same = [b for b in same if not on_the_die(b, d.u, d.v, d.bright, d.table, paints.shell,
                                                  paints.radius)]
        if scattered_turtle(same, counted, paints.radius, paints.shell):
            return True
    return False


def _painted(blobs: Sequence[Blob], shape: tuple[int, ...]) -> np.ndarray:
    """The blobs' own pixels, 1 in a uint8 mask of the zone's box (`shape`)."""
    out: np.ndarray = np.zeros(shape[:2], np.uint8)
    for b in blobs:
        x, y = b.origin
        hgt, wid = b.window.shape
        out[y:y + hgt, x:x + wid] |= b.window.astype(np.uint8)
    return out


def _disc(p: Plant, shape: tuple[int, ...]) -> np.ndarray:
    """The plant `p`'s disc, 1 in a uint8 mask of the zone's box (`shape`)."""
    out: np.ndarray = np.zeros(shape[:2], np.uint8)
    cv2.circle(out, (round(p.x), round(p.y)), round(p.r), 1, -1)
    return out


def _counted(d: _ZoneData, paints: Paints, turtles: Sequence[Blob] | None = None
             ) -> np.ndarray:
    """The zone's blobs (their rims and shadows widened) and plants: what was seen for
    what it is; with `turtles`, those blobs alone (what was counted)."""
    out = _painted(d.blobs if turtles is None else turtles, d.inside.shape)
    for p in d.plants if turtles is None else ():
        cv2.circle(out, (round(p.x), round(p.y)), round(p.r), 1, -1)
    e = max(1, round(0.5 * paints.radius))
    out = cv2.dilate(out, np.ones((2 * e + 1, 2 * e + 1), np.uint8))
    return np.asarray(out & d.inside)
