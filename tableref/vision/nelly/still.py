"""The zone as it was when the table was last still: what came over it since.

The box's camera is fixed, so the box keeps a frame of the table from a moment when
nothing moved (the daemon's `NellyEyes`, refreshed whenever the table stays still). A
hand, an arm or a sleeve over a zone is a large change from that frame, whatever its
colour: a dark hand on a wooden table, a red sleeve on a red cloth. Turtles placed, taken
or fallen change the zone too, but each by a turtle's area, not a hand's. A change of the
light over the whole zone (the camera's exposure) is taken out first: the zone's pixels
are compared after scaling the old frame by the ratio of their medians.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

CHANGE = 30  # in any channel's levels, on 4x4 blocks: less is noise, JPEG, a little light
MIN_SHELLS = 3.0  # a change larger than three turtles, all of a piece, is over the zone


def changed_over(now: np.ndarray, then: np.ndarray, inside: np.ndarray, shell: float) -> bool:
    """Did something large come over the zone's crop `now` since `then` (the same crop of
    the still frame)? `inside` (uint8) marks the zone; `shell` is one turtle's area."""
    if now.shape != then.shape or shell <= 0:
        return False
    # on blocks of 4x4 pixels: a sensor's noise (high in a dim room) averages out, a hand
    # does not
    a = cv2.resize(now, (now.shape[1] // 4, now.shape[0] // 4), interpolation=cv2.INTER_AREA)
    b = cv2.resize(then, (a.shape[1], a.shape[0]), interpolation=cv2.INTER_AREA)
    keep = cv2.resize(inside, (a.shape[1], a.shape[0]), interpolation=cv2.INTER_NEAREST) > 0
    if not np.any(keep):
        return False
    ga, gb = float(np.median(a[keep])), float(np.median(b[keep]))
    if gb > 0 and abs(ga / gb - 1) > 0.02:
        b = cv2.convertScaleAbs(b, alpha=ga / gb)
    diff = cv2.absdiff(a, b).max(axis=2)
    moved = ((diff > CHANGE) & keep).astype(np.uint8)
    k = max(3, round(0.6 * math.sqrt(shell / 16 / math.pi)) | 1)
    moved = cv2.morphologyEx(moved, cv2.MORPH_OPEN,
                             cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    n, _, stats, _ = cv2.connectedComponentsWithStats(moved, connectivity=8)
    return bool(n > 1 and stats[1:, cv2.CC_STAT_AREA].max() >= MIN_SHELLS * shell / 16)
