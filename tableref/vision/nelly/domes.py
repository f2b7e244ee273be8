"""How many turtles of which colour one blob of paint is, or why that cannot be said.

A shell seen from above covers about pi r^2 when upright or upturned and down to two
thirds of that when it lies on its side; a turtle lying on another hides part of the
lower one. So a blob is one turtle when its area is up to ~1.2 shells; two of a colour
when its area is of two and its distance transform shows two separate peaks (two shells
side by side, or one lying well off another); between the two (a turtle lying nearly on
top of another) it is unsure, unless both domes show (stacks.py). A blob of two or three
colours is one turtle of each colour whose part is at most a shell's area. The colour is
read on the blob's core, its rim shrunk away (the rim mixes with the green plant or the
table round it), as the hue
(G-B)/(R-B) in the light's frame: glare adds white to the three channels alike and a
shadow scales them, neither moves it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from tableref.vision.nelly.glare import glare
from tableref.vision.nelly.light import Light
from tableref.vision.nelly.material import COLOURS, ORANGE_YELLOW, PAINT_HUE, RED_ORANGE

ONE = (0.45, 1.2)  # a blob's area in shells that is one turtle
COMPACT = 1.25  # and its area over its own inscribed disc's at most
DISC = 1.12  # a blob this near its own inscribed disc is one shell ...
ONE_DISC = 1.45  # ... up to this many turtles' area
ONE_AREA = 1.1  # a blob of at most this many turtles' area, of any shape, is one
SPECK = 1.6  # a small blob this far from a disc is a thin bit, no turtle
THIN = 0.42  # a turtle lying on its side keeps over half a shell's inscribed radius
TWO = (1.25, 2.35)  # two, when the distance transform shows two shells
MIN_PART = 0.15  # smaller bits (a rim of mixed colour, a speck) are no turtle
MIN_SHARE = 0.15  # of a blob's core: less is the rim's mixing, not a second colour
RIM = 2  # px: a blob's rim, mixing with what lies round it in a blurred frame
MIXED = 0.06  # of a single turtle's core in a second paint: another turtle under or on it
BETWEEN = 0.05  # a hue this near the middle between two paints is neither
GREEN_SHIFT = 0.12  # at most this refinement of ln(green gain) by the turtles themselves
# a shell with bumps: a head (a disc of 0.32 shell radii at the rim), a water plant's notch
# or the table leaking in. An opening this wide (in shell radii) cuts them off; a whole
# turtle, even on its side (THIN), is wider and stays
BUMP = 0.4
BITE = 0.3  # shell radii: the rim's bites (paint lost to mixing at the rim) are narrower
CUT_DISC = 1.06  # the blob cut so must be a disc, rounder than DISC: cutting smooths a rim
BUMP_SPAN = 100.0  # degrees: the widest a bump spans seen from the shell's centre (a head
# ~40); the crescent of a turtle peeking out from under another spans 140 and more
# the bumps together are no larger than a speck no turtle is taken for (MIN_PART): a part
# of another turtle showing beside one (under the die, a hand) is counted, or unsure
BUMP_AREA = MIN_PART
RING_SPAN = 270.0  # degrees: a second paint round a turtle's rim spanning less is another
# turtle's crescent (at most half the rim, ~180, and the blur), more is the rim's mixing


@dataclass
class Blob:
    origin: tuple[int, int]  # of its window in the zone's crop
    window: np.ndarray  # bool, the blob's pixels in its bounding box
    area: int
    radius: float  # largest inscribed radius (distance-transform maximum)
    dist: np.ndarray  # the distance transform in the window, zero off the blob
    core: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), bool))
    median: tuple[float, float, float] = (0.0, 0.0, 0.0)  # B, G, R: the core's mean (raw)


def core_of(blob: Blob, paint: np.ndarray, bgr: np.ndarray) -> None:
    """The blob's core (its rim shrunk away, its glare left out) and the core's colour."""
    x, y = blob.origin
    hgt, wid = blob.window.shape
    win = blob.window.view(np.uint8)  # (0/1: the same bytes)
    own = paint[y:y + hgt, x:x + wid]
    e = min(max(1, round(0.3 * blob.radius)), 8)
    core = cv2.erode(win, np.ones((2 * e + 1, 2 * e + 1), np.uint8),
                     borderType=cv2.BORDER_CONSTANT, borderValue=0) & own
    n = cv2.countNonZero(core)
    if n < 0.1 * blob.area:
        core = win & own
        n = cv2.countNonZero(core)
    if n == 0:
        core = win
    blob.core = core.view(bool)  # 0/1
    m = cv2.mean(bgr[y:y + hgt, x:x + wid], mask=core)
    blob.median = (float(m[0]), float(m[1]), float(m[2]))


@dataclass
class Paints:
    """How to read a paint's hue in this frame: the light, one shell's radius, and the
    turtles' own refinement of the green gain."""

    light: Light
    radius: float
    green: float = 0.0
    footprint: float = 0.0  # one turtle's area in px seen in this frame (0: from radius)

    def hue(self, b: np.ndarray | float, g: np.ndarray | float,
            r: np.ndarray | float) -> np.ndarray:
        bb = np.asarray(b, np.float32) * math.exp(-self.light.dv)
        gg = np.asarray(g, np.float32) * math.exp(-self.light.du + self.green)
        return np.asarray((gg - bb) / np.maximum(np.asarray(r, np.float32) - bb, 1.0))

    def hue_of(self, bgr: tuple[float, float, float]) -> float:
        """`float(hue(*bgr))` of one colour: the same float32 operations on numpy scalars
        (a few times cheaper than on 0-d arrays; the counter reads every blob's so)."""
        bb = np.float32(bgr[0]) * math.exp(-self.light.dv)
        gg = np.float32(bgr[1]) * math.exp(-self.light.du + self.green)
        span = np.float32(bgr[2]) - bb
        if span < 1.0:  # (np.maximum's: NaN is kept)
            span = np.float32(1.0)
        return float((gg - bb) / span)

    @property
    def shell(self) -> float:
        """One turtle's area in px: as seen in the frame (a head included), else the disc
        of the radius (the distance transform falls ~1 px short)."""
        return self.footprint or math.pi * (self.radius + 1.0) ** 2


def colour_of(h: float) -> str | None:
    """The paint of hue h, None when h lies too near the middle between two."""
    if abs(h - RED_ORANGE) < BETWEEN or abs(h - ORANGE_YELLOW) < BETWEEN:
        return None
    return "red" if h < RED_ORANGE else "orange" if h < ORANGE_YELLOW else "yellow"


def paint_masks(hues: np.ndarray) -> dict[str, np.ndarray]:
    """Per paint, where `hues` are its (split at the middles between the paints)."""
    return {"red": hues < RED_ORANGE, "orange": (hues >= RED_ORANGE) & (hues < ORANGE_YELLOW),
            "yellow": hues >= ORANGE_YELLOW}


def clear_masks(hues: np.ndarray) -> dict[str, np.ndarray]:
    """Per paint, where `hues` are clearly its: more than BETWEEN from either middle (what
    `colour_of` calls neither paint's, a pixel of none)."""
    return {"red": hues < RED_ORANGE - BETWEEN,
            "orange": (hues >= RED_ORANGE + BETWEEN) & (hues < ORANGE_YELLOW - BETWEEN),
            "yellow": hues >= ORANGE_YELLOW + BETWEEN}


def refine_green(blobs: Sequence[Blob], paints: Paints) -> float:
    """The shift of ln(green gain), within +-GREEN_SHIFT, that brings the single turtles'
    hues nearest to the known paints (0 with fewer than three single turtles)."""
    shell = paints.shell
    singles = [b.median for b in blobs if ONE[0] <= b.area / shell <= ONE[1]]
    if len(singles) < 3:
        return 0.0
    m = np.asarray(singles, np.float32)
    targets = np.asarray([PAINT_HUE[c] for c in COLOURS], np.float32)
    best, best_cost = 0.0, math.inf
    for shift in np.linspace(-GREEN_SHIFT, GREEN_SHIFT, 25):
        h = Paints(paints.light, paints.radius, float(shift)).hue(m[:, 0], m[:, 1], m[:, 2])
        d = np.min((h[:, None] - targets[None, :]) ** 2, axis=1)
        cost = float(np.sum(np.minimum(d, 0.04))) + 0.02 * float(shift) ** 2
        if cost < best_cost:
            best, best_cost = float(shift), cost
    return best


@dataclass
class BlobReading:
    counts: dict[str, int] = field(default_factory=dict)
    why: str = ""  # why the blob cannot be counted
    part: str = ""  # the colour of a blob too small or thin for a whole turtle
    piece: bool = False  # too small or thin for a whole turtle (its colour in `part`, if
    # it is clearly one paint's)
    hue: float = math.nan  # the blob's core's hue, when read
    stack: str = ""  # the paint of a blob of two turtles' area, all of it that paint, whose
    # outline shows no two shells' peaks: two turtles of it, one on the other, if both
    # domes are seen (stacks.py)


def _peaks(dist: np.ndarray, r1: float) -> int:
    """Separate shells: local maxima of the distance transform at least half a shell's
    radius deep, merged when closer than a shell's radius."""
    k = max(3, round(r1) | 1)
    top = cv2.dilate(dist, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    peaks = ((dist >= top - 1e-3) & (dist >= 0.5 * r1)).astype(np.uint8)
    n, _ = cv2.connectedComponents(cv2.dilate(peaks, np.ones((3, 3), np.uint8)))
    return int(n) - 1


def _bumps_cut(blob: Blob, r1: float, shell: float) -> bool:
    """One shell with small bumps (a head, a plant's notch, the table leaking in): cut off
    what is narrower than 2 BUMP shell radii, the blob is one disc (CUT_DISC) of at most
    ONE_DISC turtles' area, and what was cut is a few narrow bumps (each within BUMP_SPAN
    seen from the disc's centre, together under BUMP_AREA shells): no crescent of a second
    turtle round it, no second wide part."""
    r = min(blob.radius, r1)
    e, c = max(1, round(BUMP * r)), max(1, round(BITE * r))
    p = e + c + 1
    win = cv2.copyMakeBorder(blob.window.astype(np.uint8), p, p, p, p, cv2.BORDER_CONSTANT,
                             value=0)
    kept = cv2.morphologyEx(win, cv2.MORPH_CLOSE, cv2.getStructuringElement(
        cv2.MORPH_ELLIPSE, (2 * c + 1, 2 * c + 1)))
    kept = cv2.morphologyEx(kept, cv2.MORPH_OPEN, cv2.getStructuringElement(
        cv2.MORPH_ELLIPSE, (2 * e + 1, 2 * e + 1)))
    n, _, stats, centres = cv2.connectedComponentsWithStats(kept)
    if n != 2:  # nothing left, or two wide parts
        return False
    area = int(stats[1, cv2.CC_STAT_AREA])
    radius = float(cv2.distanceTransform(kept, cv2.DIST_L2, 3).max())
    if area / (math.pi * (radius + 1.0) ** 2) > CUT_DISC or area > ONE_DISC * shell:
        return False
    cut = cv2.subtract(win, kept)  # what the opening cut off (the closing's fill is none)
    if cv2.countNonZero(cut) > BUMP_AREA * shell:
        return False
    # each bump's span seen from the disc's centre, its 1 px fringe (the rim's noise) left out
    cut = cv2.morphologyEx(cut, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    m, parts = cv2.connectedComponents(cut)
    cx, cy = centres[1]
    for j in range(1, m):
        ys, xs = np.nonzero(parts == j)
        angle = np.degrees(np.arctan2(ys - cy, xs - cx)) % 360.0
        if np.unique((angle // 5).astype(int)).size * 5 > BUMP_SPAN:
            return False
    return True


def _shares(blob: Blob, bgr: np.ndarray, paints: Paints,
            where: np.ndarray | None = None, clear: bool = False) -> dict[str, float]:
    """Of the blob's core (or of `where`, a mask of its window), the share of pixels whose
    hue is each paint's (`clear`: clearly its, `clear_masks`)."""
    x, y = blob.origin
    hgt, wid = blob.window.shape
    px = bgr[y:y + hgt, x:x + wid][blob.core if where is None else where].astype(np.float32)
    if px.size == 0:
        return dict.fromkeys(COLOURS, 0.0)
    hues = paints.hue(px[:, 0], px[:, 1], px[:, 2])
    masks = clear_masks(hues) if clear else paint_masks(hues)
    # (a share as np.mean gives it: the whole count over the number, in float64)
    return {c: np.count_nonzero(sel) / hues.size for c, sel in masks.items()}


def _unglared(blob: Blob, bgr: np.ndarray) -> np.ndarray:
    """The blob's core without the lamp's highlight (glare.py)."""
    x, y = blob.origin
    hgt, wid = blob.window.shape
    return np.asarray(blob.core & ~glare(bgr[y:y + hgt, x:x + wid], blob.core))


def _one_paint(blob: Blob, bgr: np.ndarray, paints: Paints, colour: str) -> bool:
    """Turtles of one colour are of its paint all over: beyond its core, out to the rim's
    mixing (RIM px), a blob of several holds no second paint (at most MIN_SHARE), as the
    crescent of a turtle of another colour lying under another would be."""
    body = cv2.erode(blob.window.astype(np.uint8), np.ones((2 * RIM + 1, 2 * RIM + 1), np.uint8),
                     borderType=cv2.BORDER_CONSTANT, borderValue=0) > 0
    if not np.any(body):
        return True
    shares = _shares(blob, bgr, paints, body)
    return all(v < MIN_SHARE for c, v in shares.items() if c != colour)


def _crescent(blob: Blob, bgr: np.ndarray, paints: Paints, colour: str) -> bool:
    """A turtle of another paint under this one (or on it), showing beside it: beyond the
    core, out to the rim's mixing (RIM px), more than MIN_SHARE of the blob's body is of
    one other paint, on one side of it. Two discs of one size overlapping show each other
    over half the rim at most (a little more, blurred): under RING_SPAN degrees seen from
    the blob's centre. The rim's mixing with the table or a plant, where a blurred frame
    mixes the turtle's paint into a second paint's hue (a yellow on a red cloth shows an
    orange rim), rings the turtle all round instead."""
    body = cv2.erode(blob.window.astype(np.uint8), np.ones((2 * RIM + 1, 2 * RIM + 1), np.uint8),
                     borderType=cv2.BORDER_CONSTANT, borderValue=0) > 0
    by, bx = np.nonzero(body)  # the body's pixels, row by row
    n = int(by.size)
    if n == 0:
        return False
    x, y = blob.origin
    hgt, wid = blob.window.shape
    px = bgr[y:y + hgt, x:x + wid][by, bx].astype(np.float32)  # (their hues alone)
    others = paint_masks(paints.hue(px[:, 0], px[:, 1], px[:, 2]))
    ys, xs = np.nonzero(blob.window)
    cy, cx = float(ys.mean()), float(xs.mean())
    for c, sel in others.items():
        if c == colour:
            continue
        if np.count_nonzero(sel) < MIN_SHARE * n:
            continue
        oy, ox = by[sel], bx[sel]
        angle = np.degrees(np.arctan2(oy - cy, ox - cx)) % 360.0
        if np.unique((angle // 10).astype(int)).size * 10 < RING_SPAN:
            return True
    return False


def read_blob(blob: Blob, bgr: np.ndarray, paints: Paints) -> BlobReading:
    """The turtles in one blob; `bgr` is the zone's crop."""
    if paints.radius <= 0:
        return BlobReading(why="no turtle size known")
    k = blob.area / paints.shell
    # compactness on the blob's own scale: a shell is a disc (with a small head), a turtle
    # lying on another reaches out of the disc its inscribed circle spans
    compact = blob.area / (math.pi * (blob.radius + 1.0) ** 2)
    if k < MIN_PART or (k < 0.25 and compact > SPECK):
        return BlobReading()  # a speck, a thin bit of the table's texture
    if blob.radius < THIN * paints.radius:  # no whole turtle is so thin, even on its side
        hue = paints.hue_of(blob.median)
        part = colour_of(hue)
        return BlobReading(why=f"a thin {part or 'turtle-coloured'} bit, too thin for a turtle"
                               " (a part of one?)", part=part or "", piece=True, hue=hue)
    # one turtle: a disc on its own scale (a turtle on the bare table looks a little larger
    # than one on a plant, its rim mixing with the table rather than the green), or a
    # blob of one turtle's area that is nearly a disc; or no more than one turtle's area
    # at all (a turtle lying on its side, its head apart); or a disc with small bumps
    if ((compact <= DISC and k <= ONE_DISC) or (k <= ONE[1] and compact <= COMPACT)
            or (k <= ONE_AREA and _peaks(blob.dist, paints.radius) <= 1)
            or _bumps_cut(blob, paints.radius, paints.shell)):
        hue = paints.hue_of(blob.median)
        colour = colour_of(hue)
        if colour is None:
            return BlobReading(why="a turtle whose colour lies between two paints",
                               piece=k < ONE[0], hue=hue)
        if k < ONE[0]:
            return BlobReading(why=f"a part of a {colour} turtle (covered, or at the edge?)",
                               part=colour, piece=True, hue=hue)
        # one turtle is of one paint: a second paint in its core is a turtle lying on it
        # or under it, nearly hidden; and so is one in its body out to the rim's mixing (a
        # crescent of a turtle under it, outside the core the colour is read on)
        # (the lamp's highlight left out: where the red channel clips, an orange or red
        # shell's highlight reads yellower, a patch in the core's middle; and a pixel
        # within BETWEEN of the middle next to its paint is no other paint's: one paint's
        # shading, noise and JPEG spill a little over the middle, as its halo round the
        # highlight does)
        shares = _shares(blob, bgr, paints, _unglared(blob, bgr), clear=True)
        if max(v for c, v in shares.items() if c != colour) >= MIXED or (
                _crescent(blob, bgr, paints, colour)):
            return BlobReading(why="turtles of two colours lying on each other that cannot be "
                                   "told apart")
        return BlobReading({colour: 1})
    shares = _shares(blob, bgr, paints)
    present = [c for c in COLOURS if shares[c] >= MIN_SHARE and k * shares[c] >= MIN_PART]
    if len(present) <= 1:
        c = present[0] if present else max(shares, key=lambda s: shares[s])
        peaks = _peaks(blob.dist, paints.radius)
        n = round(k)
        if TWO[0] <= k <= TWO[1] and peaks == 2:
            n = 2
        elif not (k > TWO[1] and peaks == n and abs(k - n) < 0.35):
            n = 0
        if n and not _one_paint(blob, bgr, paints, c):
            return BlobReading(why="turtles of two colours lying on each other that cannot be "
                                   "told apart")
        if n:
            return BlobReading({c: n})
        two = TWO[0] <= k <= TWO[1] and _one_paint(blob, bgr, paints, c)
        return BlobReading(why=f"{c} turtles lying on each other that cannot be told apart",
                           stack=c if two else "")
    if k < TWO[0]:  # two colours in one turtle's area: a part of each, or one on another
        return BlobReading(why="turtles lying on each other that cannot be told apart")
    counts = {}
    for c in present:
        if k * shares[c] > ONE[1]:
            return BlobReading(why=f"{c} turtles lying on each other that cannot be told apart")
        counts[c] = 1
    return BlobReading(counts)
