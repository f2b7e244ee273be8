"""A turtle of the table's own colour lying off the plants: seen by its shading, not counted.

Where the table has a paint's colour (a red cloth, an orange wood) a turtle of that colour
lying beside the plants is the table by colour, and no cut finds it (it touches the table
all round). Its dome still shades like one under the lamp: a bright cap, far brighter than
the table's own paint round it, of less than a turtle's size, with the table's colour all
round. A flat top has no such cap (its texture varies little; a lamp's glare on it is
larger than a turtle). Such a cap where no turtle was counted makes the zone unsure: a
turtle may lie there that colour alone cannot count.
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from tableref.vision.nelly.median import median

CAP = 1.3  # a dome's cap is this much brighter than the table's paint round it
CAP_AREA = (0.05, 1.0)  # of one turtle's area: a cap, neither a speck nor a glare
AROUND = 0.7  # of the ring round a cap, the table's paint at least
ROUND = 0.5  # of its bounding box a round cap fills at least


def _median(bright: np.ndarray, mask: np.ndarray) -> float:
    """The median of a uint8 image under a mask (from its histogram: cheap)."""
    hist = cv2.calcHist([bright], [0], mask, [256], [0, 256]).ravel()
    cum = np.cumsum(hist)
    return float(np.searchsorted(cum, 0.5 * cum[-1])) if cum[-1] > 0 else 0.0


def hidden_dome(bright: np.ndarray, alike: np.ndarray, counted: Callable[[], np.ndarray],
                shell: float, radius: float) -> bool:
    """Is there a dome's bright cap amid the table-coloured paint `alike` (uint8 0/1),
    away from the pixels `counted()` gives (uint8 0/1: the blobs, the plants)?"""
    if shell <= 0 or radius <= 0 or cv2.countNonZero(alike) < shell:
        return False
    level = _median(bright, alike)
    cap = bright > CAP * level
    if cv2.countNonZero(cap.astype(np.uint8)) < CAP_AREA[0] * shell:
        return False
    cap = (cap & (counted() == 0)).astype(np.uint8)
    if cv2.countNonZero(cap) < CAP_AREA[0] * shell:
        return False  # no cap's area left
    n, labels, stats, _ = cv2.connectedComponentsWithStats(cap, connectivity=8)
    e = max(2, round(0.4 * radius))
    ring_k = np.ones((2 * e + 1, 2 * e + 1), np.uint8)
    # the caps of a cap's size and round (a stripe of a wood's grain is not), picked out
    # of the table's many specks at once
    sa, sw, sh = (stats[1:n, k].astype(np.float64) for k in (
        cv2.CC_STAT_AREA, cv2.CC_STAT_WIDTH, cv2.CC_STAT_HEIGHT))
    ratio = sw / sh
    fits = ((sa >= CAP_AREA[0] * shell) & (sa <= CAP_AREA[1] * shell) & (ratio >= 0.5)
            & (ratio <= 2.0) & (sa >= ROUND * sw * sh))
    for i in (np.flatnonzero(fits) + 1).tolist():
        x, y, w, h, area = (int(a) for a in stats[i])
        x0, y0 = max(x - e, 0), max(y - e, 0)
        x1, y1 = min(x + w + e, bright.shape[1]), min(y + h + e, bright.shape[0])
        own = (labels[y0:y1, x0:x1] == i).astype(np.uint8)
        ring = (cv2.dilate(own, ring_k) > own) & (alike[y0:y1, x0:x1] > 0)
        if np.count_nonzero(ring) < AROUND * (cv2.countNonZero(cv2.dilate(own, ring_k)) - area):
            continue
        b = bright[y0:y1, x0:x1]
        if median(b[own > 0]) >= CAP * median(b[ring]):
            return True  # brighter than the paint right round it: shading, not the light
    return False
