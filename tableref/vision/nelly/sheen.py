"""The lamp's highlight on a shell, taken back into a blob it opened.

The gloss mirrors the lamp: the highlight is the paint with the lamp's white added to its
three channels alike (in the light's frame the lamp is neutral), and it is the brightest
part of the dome. Too pale to pass for paint, it is cut out of the shell's blob; inside
the shell the blob's outline closes round it and the hole is filled, but where it reaches
the shell's rim (next to the die, a low lamp) it opens the blob into a crescent, or cuts
it in two, and neither reads as a turtle. So a blob that cannot be read is read again with
its highlight: the pixels within its convex hull that are paint again once some of their
least channel is taken from all three (the white, in steps), not of the table's colours,
and at least as bright as the blob's own bright part. The die's white face stays white
with its white taken away, and the blurred rim of a shell against a pale table lies
outside the hull or is darker than the lamp's highlight. A highlight that joins the blob
to other paint leaves it as it was (count.py): two pieces of one turtle cut apart by it
are not each read whole.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from tableref.vision.nelly.domes import Blob
from tableref.vision.nelly.glare import highlight_peak
from tableref.vision.nelly.material import PAINT_MAX_U, PAINT_V
from tableref.vision.nelly.table import TableModel

WHITE_STEPS = (0.3, 0.5, 0.7, 0.85)  # of a pixel's least channel: the white the gloss adds
BRIGHT_PART = 90  # percentile of the blob's brightness: the highlight is at least this


def _repainted(px: np.ndarray, du: float, dv: float) -> np.ndarray:
    """Which BGR pixels (float32, n x 3) are paint once some white is taken away."""
    b = px[:, 0] * math.exp(-dv)
    g = px[:, 1] * math.exp(-du)
    r = px[:, 2]
    low = np.minimum(np.minimum(b, g), r)
    hit = np.zeros(px.shape[0], bool)
    for f in WHITE_STEPS:
        w = f * low
        lr = np.log(np.maximum(r - w, 0.0) + 1.0)
        v = np.log(np.maximum(b - w, 0.0) + 1.0) - lr
        u = np.log(np.maximum(g - w, 0.0) + 1.0) - lr
        hit |= (v < PAINT_V) & (u < PAINT_MAX_U)
    return hit


def with_highlight(blob: Blob, bgr: np.ndarray, u: np.ndarray, v: np.ndarray,
                   bright: np.ndarray, table: TableModel, du: float, dv: float
                   ) -> tuple[tuple[int, int], np.ndarray] | None:
    """The blob with the highlight in its convex hull that it lacks: (origin, window as
    uint8 0/1) in the crop; None when it lacks none. `u`, `v` in the light's frame."""
    x, y = blob.origin
    hgt, wid = blob.window.shape
    win = blob.window.view(np.uint8)
    pts = cv2.findNonZero(win)
    if pts is None:
        return None
    hull = np.zeros((hgt, wid), np.uint8)
    cv2.fillConvexPoly(hull, cv2.convexHull(pts), 1)
    gap = (hull > 0) & (win == 0)
    if not np.any(gap):
        return None
    br = bright[y:y + hgt, x:x + wid]
    level = float(np.percentile(br[win > 0], BRIGHT_PART))
    gap &= br >= level
    if not np.any(gap):
        return None
    gap[gap] = ~table.like(u[y:y + hgt, x:x + wid][gap], v[y:y + hgt, x:x + wid][gap])
    if not np.any(gap):
        return None
    hit = _repainted(bgr[y:y + hgt, x:x + wid][gap].astype(np.float32), du, dv)
    if not np.any(hit):
        return None
    out = win.copy()
    out[gap] = hit
    # and it is the lamp's highlight: the peak that stands out on the shell (glare.py) lies
    # in what was added (a dim room's noise at the rim adds pixels, no highlight)
    peak = highlight_peak(bgr[y:y + hgt, x:x + wid], out > 0)
    if peak is None or not np.any(peak[0] & (out > win)):
        return None
    return (x, y), out
