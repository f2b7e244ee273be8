"""Two turtles of one colour lying one on the other, told apart by their two domes.

The turtles are of one size (one shell's radius in the frame, known from the plants and
the turtles beside them), lit by the same lamp and seen from above. A turtle lying on
another, half a radius or more off it, makes a blob that is the union of two discs of
that radius (the upper one tilted, its cut side over the lower one); and each dome
mirrors the lamp at the same offset from its own centre as every single dome does
(gloss.py): the lower one's highlight shows where the upper one, tilted away, leaves it
bare. So the blob is two turtles when

- two discs of one shell's radius, their centres at least half a radius apart and at
  most a radius (a turtle lies on another only with its centre over the lower shell, else
  it slides off it onto the table; two discs farther apart are turtles side by side, or a
  third one between them), cover the blob's outline (a head opened away) and little else:
  their union and the outline overlap by FIT of their joint area; and
- a highlight stands out at each disc's own highlight place (the frame's single domes'
  offset from it), two separate peaks (as far apart as the discs' centres, half of it at
  least) with a valley between; and
- what of each dome the other leaves bare (its rim and the highlight left out) is of the
  blob's one paint (dome_paints: OWN of it at least).

A single turtle (a ragged rim, a table of its colour leaking in, a tipped dome) has one
highlight; two turtles lying nearly on top show one dome's highlight, or the second's
under the first: these stay unsure. So does a blob of two paints: counted by its two
domes' paints, it gave on the development scenes two wrong zones (a third turtle hidden
between two, discs farther apart than a radius) and, the discs kept within a radius,
no zone right that is not right without it.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from tableref.vision.nelly.domes import RIM, Blob, Paints, paint_masks
from tableref.vision.nelly.glare import PROMINENT, glare
from tableref.vision.nelly.gloss import shell_outline
from tableref.vision.nelly.median import median

FIT = 0.88  # the outline and the two discs' union: their overlap over their union, at least
APART = 0.5  # shell radii: the two discs' centres at least this far apart
NEAR = 0.35  # shell radii: a highlight within this of where a dome's own lies
VALLEY = 0.6  # of the lower peak's height: the blue between the two peaks falls below this
OWN = 0.8  # of what of a dome the other leaves bare: of its one paint, at least
MIN_OWN = 0.08  # shells: what of a dome the other leaves bare, at least, to be read

Point = tuple[float, float]


def _union(shape: tuple[int, int], centres: tuple[Point, Point], radius: float) -> np.ndarray:
    out = np.zeros(shape, np.uint8)
    for x, y in centres:
        cv2.circle(out, (round(16 * x), round(16 * y)), round(16 * radius), 1, -1,
                   cv2.LINE_8, 4)
    return out


def _iou(mask: np.ndarray, centres: tuple[Point, Point], radius: float) -> float:
    disc = _union(mask.shape, centres, radius)
    both = cv2.countNonZero(disc & mask)
    either = cv2.countNonZero(disc | mask)
    return both / either if either else 0.0


def two_discs(outline: np.ndarray, radius: float) -> tuple[tuple[Point, Point], float] | None:
    """The two discs of `radius` px that best cover `outline` (uint8 0/1): their centres
    (x, y in the outline's frame) and the overlap over union; None for an empty outline.
    Started at the two ends of the outline's long axis, a disc's radius in from each, and
    moved a pixel at a time while the fit improves."""
    ys, xs = np.nonzero(outline)
    if xs.size < 10:
        return None
    cx, cy = float(xs.mean()), float(ys.mean())
    cov = np.cov(np.vstack([xs - cx, ys - cy]))
    _, v = np.linalg.eigh(cov)
    ax, ay = float(v[0, 1]), float(v[1, 1])  # the long axis
    a = (xs - cx) * ax + (ys - cy) * ay
    lo, hi = float(a.min()) + radius, float(a.max()) - radius
    if hi < lo:
        lo = hi = (lo + hi) / 2
    c: list[list[float]] = [[cx + lo * ax, cy + lo * ay], [cx + hi * ax, cy + hi * ay]]
    best = _iou(outline, ((c[0][0], c[0][1]), (c[1][0], c[1][1])), radius)
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)]
    for _ in range(40):
        moved = False
        for i in (0, 1):
            for dx, dy in steps:
                trial = [p[:] for p in c]
                trial[i][0] += dx
                trial[i][1] += dy
                got = _iou(outline, ((trial[0][0], trial[0][1]), (trial[1][0], trial[1][1])),
                           radius)
                if got > best + 1e-9:
                    best, c, moved = got, trial, True
        if not moved:
            break
    return ((c[0][0], c[0][1]), (c[1][0], c[1][1])), best


def _peak_near(blue: np.ndarray, inside: np.ndarray, at: Point, reach: float
               ) -> tuple[float, int, int] | None:
    """The highest blue within `reach` px of `at` inside the blob: (value, x, y)."""
    near = np.zeros(blue.shape, np.uint8)
    cv2.circle(near, (round(at[0]), round(at[1])), max(1, round(reach)), 1, -1)
    sel = (near > 0) & inside
    if not np.any(sel):
        return None
    masked = np.where(sel, blue, -1.0)
    iy, ix = np.unravel_index(int(np.argmax(masked)), masked.shape)
    return float(masked[iy, ix]), int(ix), int(iy)


def two_domes(blob: Blob, bgr: np.ndarray, r1: float, highlight: Point | None
              ) -> tuple[Point, Point] | None:
    """The two domes' centres (in the blob's window) when the blob is two turtles, one
    lying on the other, each dome's outline and highlight seen; else None. `bgr`: the
    zone's crop; `r1`: one shell's inscribed radius (px); `highlight`: where a single
    dome's highlight lies from its centre, in shell radii (gloss.frame_highlight), None
    when the frame shows none."""
    if highlight is None or r1 <= 0:
        return None
    outline = shell_outline(blob, r1)
    radius = r1 + 1.0  # the distance transform falls ~1 px short of the rim
    fit = two_discs(outline, radius)
    if fit is None:
        return None
    (c0, c1), iou = fit
    if iou < FIT or not APART * r1 <= math.dist(c0, c1) <= radius:
        return None  # nearly on top (one hides the other), or off the lower shell
    x, y = blob.origin
    hgt, wid = blob.window.shape
    blue = cv2.GaussianBlur(bgr[y:y + hgt, x:x + wid, 0].astype(np.float32), (0, 0), 1.0)
    inside = blob.window
    med = median(blue[inside])
    peaks = []
    for cx, cy in (c0, c1):
        at = (cx + highlight[0] * r1, cy + highlight[1] * r1)
        peak = _peak_near(blue, inside, at, NEAR * r1)
        if peak is None or peak[0] - med < PROMINENT:
            return None
        peaks.append(peak)
    (v0, x0, y0), (v1, x1, y1) = peaks
    apart = math.hypot(x1 - x0, y1 - y0)
    if apart < 0.5 * math.dist(c0, c1):
        return None  # one highlight, reached from both places: the domes' lie d apart
    n = max(2, round(apart))
    ts = np.linspace(0.0, 1.0, n + 1)
    line = blue[np.round(y0 + ts * (y1 - y0)).astype(int), np.round(x0 + ts * (x1 - x0)).astype(
        int)]
    if float(line.min()) - med >= VALLEY * (min(v0, v1) - med):
        return None
    return c0, c1


def dome_paints(blob: Blob, bgr: np.ndarray, paints: Paints, centres: tuple[Point, Point]
                ) -> dict[str, int] | None:
    """The turtles of two domes by paint: each dome read on what of it the other does not
    cover (its rim, mixing with what lies round it, and the lamp's highlight left out),
    of one paint for OWN of it at least; None when either is not."""
    win = blob.window.astype(np.uint8)
    body = cv2.erode(win, np.ones((2 * RIM + 1, 2 * RIM + 1), np.uint8),
                     borderType=cv2.BORDER_CONSTANT, borderValue=0) > 0
    x, y = blob.origin
    hgt, wid = blob.window.shape
    crop = bgr[y:y + hgt, x:x + wid]
    body &= ~glare(crop, body)
    radius = paints.radius + 1.0
    counts: dict[str, int] = {}
    for i in (0, 1):
        other = np.zeros(win.shape, np.uint8)
        ox, oy = centres[1 - i]
        cv2.circle(other, (round(16 * ox), round(16 * oy)), round(16 * (radius + RIM)), 1, -1,
                   cv2.LINE_8, 4)
        own = body & (other == 0)
        if np.count_nonzero(own) < MIN_OWN * paints.shell:
            return None
        px = crop[own].astype(np.float32)
        shares = {c: float(np.mean(m)) for c, m in paint_masks(
            paints.hue(px[:, 0], px[:, 1], px[:, 2])).items()}
        paint = max(shares, key=lambda c: shares[c])
        if shares[paint] < OWN:
            return None
        counts[paint] = counts.get(paint, 0) + 1
    return counts
