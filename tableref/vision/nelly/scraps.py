"""Scraps of paint that together are a part of a turtle: a turtle seen only in pieces.

A turtle whose paint the camera shows only here and there (upturned in a dim room, of the
table's own colour so that only its lit cap and rim differ from the table, half under a
hand) leaves specks of paint each too small or too thin to be read as a turtle or a part
of one (domes.read_blob: less than MIN_PART of a shell, or a speck far from a disc). One
speck is the table's texture or noise; but specks that together, within one turtle's disc,
hold as much paint as the smallest part of a turtle the counter ever reads (MIN_PART of a
shell) are paint of a turtle's size and place, and nothing was counted there. The zone is
then unsure: there may be a turtle that colour and shape alone cannot count.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from tableref.vision.nelly.domes import MIN_PART, Blob


def _pixels(blob: Blob, counted: np.ndarray) -> np.ndarray:
    """The blob's pixels (x, y in the zone's crop) away from what was counted."""
    ys, xs = np.nonzero(blob.window)
    xs, ys = xs + blob.origin[0], ys + blob.origin[1]
    keep = counted[ys, xs] == 0
    return np.stack([xs[keep], ys[keep]], axis=1).astype(np.float32)


def scattered_turtle(scraps: Sequence[Blob], counted: np.ndarray, radius: float,
                     shell: float) -> bool:
    """Do the scraps (blobs read as no turtle and no part of one), away from the counted
    turtles (`counted`, uint8 0/1 of the crop: the counted blobs a little widened), hold
    MIN_PART of a shell's paint within some disc of one turtle's radius? The discs tried
    are centred on each scrap and midway between two scraps a turtle's width apart at
    most (the pieces of one turtle lie within its disc)."""
    if radius <= 0 or shell <= 0 or not scraps:
        return False
    need = MIN_PART * shell
    pts = [_pixels(b, counted) for b in scraps]
    pts = [p for p in pts if len(p)]
    if not pts or sum(len(p) for p in pts) < need:
        return False
    centres = [p.mean(axis=0) for p in pts]
    tries = list(centres)
    for i in range(len(centres)):
        for j in range(i + 1, len(centres)):
            if math.dist(centres[i], centres[j]) <= 2 * radius:
                tries.append((centres[i] + centres[j]) / 2)
    allpts = np.concatenate(pts)
    r2 = radius * radius
    for c in tries:
        d = allpts - np.asarray(c, np.float32)
        if int(np.count_nonzero((d * d).sum(axis=1) <= r2)) >= need:
            return True
    return False
