"""One turtle with a fringe of other hues: its paint is one disc, the rest of its blob a rim.

A blob of paint is more than its turtle where what lies round the shell has the paints'
hues too: the blurred rim of a yellow shell on a red cloth mixes into orange all round it,
a plant's notch beside a shell shows a dot of the cloth's print. The blob is then too
large or too ragged for one turtle, yet the pixels of the shell's own paint (its highlight
filled in) make one disc of one turtle's area, and the rest lies all round that disc (the
rim's mixing) or is a speck no turtle is taken for. A turtle of the same paint lying on or
under it would be of that paint too, inside the disc, which is then too large; one of
another paint shows beside it on one side only, larger than a speck.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

RING_SPAN = 270.0  # degrees seen from the disc's centre: the rest spanning more rings it
RING_WIDTH = 0.35  # of a shell's radius: the rim's mixing lies within this of the disc


def fringed_disc(window: np.ndarray, own: np.ndarray, shell: float, r1: float,
                 speck: float, one: tuple[float, float], compact_max: float) -> bool:
    """`window`: a blob's pixels (bool); `own`: those of its one paint. Is `own` (its holes
    filled) one disc of one turtle (`one`: its least and most area in shells, its area at
    most `compact_max` times its inscribed disc's; not the looser bounds of a whole blob
    near a disc, which a turtle's own paint without its rim never needs), with the rest of
    the blob a fringe: within RING_WIDTH shell radii of the disc and all round it, or under
    `speck` shells?"""
    if shell <= 0 or r1 <= 0:
        return False
    mask = (window & own).astype(np.uint8)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return False
    largest = max(contours, key=cv2.contourArea)
    filled = np.zeros(mask.shape, np.uint8)
    cv2.drawContours(filled, [largest], -1, 1, -1)
    filled &= window.astype(np.uint8)
    area = int(np.count_nonzero(filled))
    dist = cv2.distanceTransform(cv2.copyMakeBorder(filled, 1, 1, 1, 1, cv2.BORDER_CONSTANT,
                                                    value=0), cv2.DIST_L2, 3)
    radius = float(dist.max())
    k = area / shell
    compact = area / (math.pi * (radius + 1.0) ** 2)
    if not (one[0] <= k <= one[1] and compact <= compact_max):
        return False
    rest = window & (filled == 0)
    n_rest = int(np.count_nonzero(rest))
    if n_rest < speck * shell:
        return True
    # all of the rest near the disc's rim, and all round it
    near = cv2.dilate(filled, cv2.getStructuringElement(
        cv2.MORPH_ELLIPSE, (2 * round(RING_WIDTH * r1) + 1,) * 2)) > 0
    if np.any(rest & ~near):
        return False
    m = cv2.moments(filled, binaryImage=True)
    cx, cy = m["m10"] / m["m00"], m["m01"] / m["m00"]
    ys, xs = np.nonzero(rest)
    angle = np.degrees(np.arctan2(ys - cy, xs - cx)) % 360.0
    return bool(np.unique((angle // 10).astype(int)).size * 10 >= RING_SPAN)
