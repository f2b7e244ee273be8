"""How many turtles of which colour one blob of paint is, or why that cannot be said.

A shell seen from above covers about pi r^2 when upright or upturned and down to two
thirds of that when it lies on its side; a turtle lying on another hides part of the
lower one. So a blob of one colour is one turtle when its area is up to ~1.2 shells; two
when its area is of two and its distance transform shows two separate peaks (two shells
side by side, or one lying well off another); between the two (a turtle lying nearly on
top of another) it is unsure. A blob of two or three colours is one turtle of each
colour whose part is at most a shell's area. The colour is read on the blob's core, its
rim shrunk away (the rim mixes with the green plant or the table round it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from tableref.vision.nelly.material import COLOURS, ORANGE_YELLOW, RED_ORANGE

ONE = (0.45, 1.22)  # a blob's area in shells that is one turtle
TWO = (1.22, 2.35)  # two, when the distance transform shows two shells
MIN_PART = 0.12  # smaller bits (a rim of mixed colour, a speck) are no turtle
MIN_SHARE = 0.12  # of a blob's core: less is the rim's mixing, not a second colour


@dataclass
class Blob:
    origin: tuple[int, int]  # of its window in the zone's crop
    window: np.ndarray  # bool, the blob's pixels in its bounding box
    area: int
    radius: float  # largest inscribed radius (distance-transform maximum)
    dist: np.ndarray  # the distance transform in the window, zero off the blob


@dataclass
class BlobReading:
    counts: dict[str, int] = field(default_factory=dict)
    why: str = ""  # why the blob cannot be counted


def _peaks(dist: np.ndarray, r1: float) -> int:
    """Separate shells: local maxima of the distance transform at least half a shell's
    radius deep, merged when closer than a shell's radius."""
    k = max(3, round(r1) | 1)
    top = cv2.dilate(dist, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    peaks = ((dist >= top - 1e-3) & (dist >= 0.5 * r1)).astype(np.uint8)
    n, _ = cv2.connectedComponents(cv2.dilate(peaks, np.ones((3, 3), np.uint8)))
    return n - 1


def read_blob(blob: Blob, hue: np.ndarray, paint: np.ndarray, r1: float) -> BlobReading:
    """The turtles in one blob; `hue` is the zone crop's paint hue in the light's frame
    (count.hue), `paint` its paint pixels (the blob less its glare)."""
    if r1 <= 0:
        return BlobReading(why="no turtle size known")
    shell = math.pi * (r1 + 1.0) ** 2  # the distance transform falls short of r by ~1 px
    k = blob.area / shell
    if k < MIN_PART:
        return BlobReading()
    x, y = blob.origin
    hgt, wid = blob.window.shape
    hw = hue[y:y + hgt, x:x + wid]
    e = max(1, round(0.3 * r1))
    core = cv2.erode(blob.window.astype(np.uint8), np.ones((2 * e + 1, 2 * e + 1), np.uint8)) > 0
    core &= paint[y:y + hgt, x:x + wid] > 0
    if np.count_nonzero(core) < 0.1 * blob.area:
        core = blob.window
    uc = hw[core]
    shares = {
        "red": float(np.mean(uc < RED_ORANGE)),
        "orange": float(np.mean((uc >= RED_ORANGE) & (uc < ORANGE_YELLOW))),
        "yellow": float(np.mean(uc >= ORANGE_YELLOW)),
    }
    present = [c for c in COLOURS if shares[c] >= MIN_SHARE and k * shares[c] >= MIN_PART]
    if not present:
        return BlobReading()
    if len(present) == 1:
        c = present[0]
        if k < ONE[0]:
            return BlobReading(why=f"a part of a {c} turtle (covered, or at the zone's edge?)")
        if k <= ONE[1]:
            return BlobReading({c: 1})
        peaks = _peaks(blob.dist, r1)
        if k <= TWO[1] and peaks == 2:
            return BlobReading({c: 2})
        n = round(k)
        if k > TWO[1] and peaks == n and abs(k - n) < 0.35:
            return BlobReading({c: n})
        return BlobReading(why=f"{c} turtles lying on each other that cannot be told apart")
    counts = {}
    for c in present:
        if k * shares[c] > ONE[1]:
            return BlobReading(why=f"{c} turtles lying on each other that cannot be told apart")
        counts[c] = 1
    return BlobReading(counts)
