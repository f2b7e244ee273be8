"""Is something over the zone (a hand, an arm, a sleeve)? Then its count is unsure.

Inside a zone there are the table, the water plants, the turtles and the shadows they
cast. Anything else that is large (more than three turtles' area) is over the zone and
may hide turtles: a region of clear colour that is neither the table's own (table.py),
nor the plants' green, nor paint in blobs of a turtle's size. Dark pixels (shadows) say
nothing and are left out. A patch of such colour the size of a turtle, warm but too pale
for paint, is a turtle the lamp's glare washes out: it makes the zone unsure too.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from tableref.vision.nelly.light import Light
from tableref.vision.nelly.median import median
from tableref.vision.nelly.table import TableModel

MIN_SHELLS = 3.0  # something over the zone is larger than three turtles
MIN_BRIGHT = 55
PALE_V = -0.3  # ln B/R below this, yet no paint: washed-out paint (a glossy upturned red
# shell mirroring the lamp is pink, about -0.45)
GLARE_STEPS = (0.15, 0.3, 0.42, 0.55, 0.68, 0.8, 0.9)  # of a pixel's least channel: the
# white the glare may add, in steps fine enough that one lands in the table's colours
MIN_COLOUR = 0.12  # |(u, v)| from neutral: less is grey, white or glare (any table's)
ROUND_SIZE = (0.6, 1.5)  # of a turtle's area: a washed-out turtle's patch
CRISP = 3.0  # a shell's edge: the brightness steps across it (from its edge band to the
# second band out) at least this many times as much as it changes further out (from the
# second band to the fourth; a glare's soft edge: about as much)
CRISP_STEP = 12  # levels: and by at least this much
WASHED_OUT = "a pale patch the size of a turtle (a turtle in the lamp's glare?)"


def _log1p_above(c: np.ndarray, white: np.ndarray) -> np.ndarray:
    """`np.log(np.maximum(c - white, 0.0) + 1.0)` on one new array (the same float32
    operations in place)."""
    t: np.ndarray = c - white
    np.maximum(t, 0.0, out=t)
    t += 1.0
    np.log(t, out=t)
    return t


def _glare_on_table(bgr: np.ndarray, sel: np.ndarray, light: Light,
                    table: TableModel) -> np.ndarray:
    """Which of the selected pixels are the table with the lamp's glare on it: the glare of
    a glossy top adds the lamp's own colour (neutral in the light's frame) to the table's,
    so the pixel less some white is of the table's colours."""
    px = bgr[sel].astype(np.float32)
    # each channel a contiguous column of its own (numpy's loops over a column of three
    # are slow), the pixels found to be the table dropped step by step
    b = px[:, 0] * math.exp(-light.dv)
    g = px[:, 1] * math.exp(-light.du)
    r = np.ascontiguousarray(px[:, 2])
    low = np.minimum(np.minimum(b, g), r)
    out = np.zeros(px.shape[0], bool)
    left = np.arange(px.shape[0])  # the pixels not yet found to be the table
    for f in GLARE_STEPS:
        white = f * low
        lb, lg, lr = (_log1p_above(c, white) for c in (b, g, r))
        lg -= lr
        lb -= lr
        hit = table.like(lg, lb)
        out[left[hit]] = True
        keep = ~hit
        left, b, g, r, low = left[keep], b[keep], g[keep], r[keep], low[keep]
        if left.size == 0:
            break
    return out


def something_over(bgr: np.ndarray, u: np.ndarray, v: np.ndarray, bright: np.ndarray,
                   inside: np.ndarray, paint: np.ndarray, table: TableModel, light: Light,
                   shell: float) -> str:
    """Why the zone is taken to have something over it ("" when not). u, v in the light's
    frame; `paint` the paint pixels. Read on every other pixel each way: what is over a
    zone is large."""
    bgr, bright = bgr[::2, ::2], bright[::2, ::2]
    inside, paint, shell = inside[::2, ::2], paint[::2, ::2], shell / 4
    # (u, v copied whole: numpy's float loops over every other pixel are ~3x slower)
    u, v = np.ascontiguousarray(u[::2, ::2]), np.ascontiguousarray(v[::2, ::2])
    plant = (u > 0.15) & (u > v + 0.2)
    coloured = (np.abs(u) + np.abs(v)) > MIN_COLOUR
    foreign = (inside > 0) & (bright > MIN_BRIGHT) & coloured & ~plant & (paint == 0)
    if 2 * np.count_nonzero(foreign) > foreign.size:  # read whole: cheaper than picked out
        foreign &= ~table.like(u, v)
    else:
        foreign[foreign] = ~table.like(u[foreign], v[foreign])
    # a hand is wider than a turtle's radius; the mixed colours where a patterned table's
    # colours meet, or round a plant or a turtle, are thin lines: opened away
    k = max(3, round(0.7 * math.sqrt(shell / math.pi)) | 1)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    # before the lamp's glare on the table is left out: a turtle too pale for paint has
    # the table's glare's colours too, but not its soft edge
    if _washed_out_turtle(foreign & (v < PALE_V) & (u < 0.1), bright, disc, shell):
        return WASHED_OUT
    if np.any(foreign):
        foreign[foreign] = ~_glare_on_table(bgr, foreign, light, table)
    if not np.any(foreign):
        return ""  # nothing foreign: no patch, large or turtle-sized
    m: np.ndarray = cv2.morphologyEx(foreign.astype(np.uint8), cv2.MORPH_OPEN, disc)
    contours, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    areas = [cv2.contourArea(c) for c in contours]
    if areas and max(areas) >= MIN_SHELLS * max(shell, 100.0):
        return "something over the zone (a hand?)"
    # a turtle's size of washed-out paint: a turtle under the lamp's glare (a flat glossy
    # face, an upturned turtle, mirrors the lamp), too pale to be read
    for c, a in zip(contours, areas, strict=True):
        if not 0.5 * shell <= a <= 1.6 * shell:
            continue
        x, y, bw, bh = cv2.boundingRect(c)
        win = np.zeros((bh, bw), np.uint8)
        cv2.drawContours(win, [c], -1, 1, -1, offset=(-x, -y))
        sel = (win > 0) & (m[y:y + bh, x:x + bw] > 0)
        if np.median(v[y:y + bh, x:x + bw][sel]) < PALE_V and np.median(
                u[y:y + bh, x:x + bw][sel]) < 0.1:
            return WASHED_OUT
    return ""


def _washed_out_turtle(pale: np.ndarray, bright: np.ndarray, disc: np.ndarray,
                       shell: float) -> bool:
    """Is there a turtle-sized round patch of washed-out paint (`pale`, bool) with a crisp
    edge? A glossy turtle mirroring the lamp has its shell's sharp outline: a band or two
    outside it the table is as it is further out. The lamp's glare on a glossy table top
    is as pale and warm, but fades out over several turtles' radii: its brightness still
    falls from the second band out to the fourth."""
    if not np.any(pale):
        return False
    m = cv2.morphologyEx(pale.astype(np.uint8), cv2.MORPH_OPEN, disc)
    if cv2.countNonZero(m) == 0:
        return False
    n, labels, stats, _ = cv2.connectedComponentsWithStats(m, connectivity=8)
    e = max(1, round(0.25 * math.sqrt(shell / math.pi)))  # a quarter of a turtle's radius
    ring_k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * e + 1, 2 * e + 1))
    for i in range(1, n):
        x, y, w, h, area = (int(a) for a in stats[i])
        if not (ROUND_SIZE[0] * shell <= area <= ROUND_SIZE[1] * shell
                and 0.6 <= w / h <= 1.6 and area >= 0.6 * w * h):
            continue  # no turtle's size, or not round
        x0, y0 = max(x - 4 * e - 1, 0), max(y - 4 * e - 1, 0)
        x1, y1 = min(x + w + 4 * e + 1, m.shape[1]), min(y + h + 4 * e + 1, m.shape[0])
        own = (labels[y0:y1, x0:x1] == i).astype(np.uint8)
        b = bright[y0:y1, x0:x1]
        edge = (own > 0) & (cv2.erode(own, ring_k) == 0)  # the patch's own edge band
        levels = [median(b[edge])] if np.any(edge) else []
        grown = own
        for _ in range(4):  # the bands outside it, each a quarter of a radius wide
            wider = cv2.dilate(grown, ring_k)
            band = (wider > 0) & (grown == 0)
            if not np.any(band):
                break
            levels.append(median(b[band]))
            grown = wider
        if len(levels) < 5:
            continue  # at the crop's edge: not seen round
        step, tail = abs(levels[0] - levels[2]), abs(levels[2] - levels[4])
        if step >= CRISP_STEP and step >= CRISP * tail:
            return True
    return False
