"""A table printed with the turtles' colours: patches of a paint's colour and a turtle's size
all over the table outside the zones (dots, flowers, checks of a printed cloth).

Outside the zones there are no turtles but those on Nelly (seven of a colour at most) and
a few that fell beside a zone; a printed cloth shows its dots by the dozen. A colour the
table prints so is not the turtles' alone: inside a zone a patch of that colour is a
turtle only where it sits on a water plant (the cloth has no plants); elsewhere it may be
the print, and the zone's count is unsure rather than a guess.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from tableref.vision.nelly.domes import Paints, colour_of
from tableref.vision.nelly.table import STRIDE, TableModel

PRINTED = 10  # patches of one colour outside the zones: more is the table's print
SIZE = (0.3, 1.8)  # of a turtle's area: a patch that could be taken for a turtle
PAINT_V = -1.05  # ln B/R below this, in the light's frame: paint (count.CountOptions)
MAX_U = 0.3


def printed_colours(table: TableModel, paints: Paints, min_bright: int = 40) -> set[str]:
    """The paints' colours the table outside the zones shows in many turtle-sized patches."""
    small, keep = table.small, table.keep
    if small.size == 0 or paints.radius <= 0:
        return set()
    lg = np.log(small.astype(np.float32) + 1.0)
    u = lg[..., 1] - lg[..., 2] - paints.light.du
    v = lg[..., 0] - lg[..., 2] - paints.light.dv
    bright = small.max(axis=2)
    paint = ((v < PAINT_V) & (u < MAX_U) & (bright > min_bright) & (keep > 0)).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(paint, connectivity=8)
    shell = paints.shell / (STRIDE * STRIDE)
    found: dict[str, int] = {}
    for i in range(1, n):
        area = int(stats[i, cv2.CC_STAT_AREA])
        if not SIZE[0] * shell <= area <= SIZE[1] * shell:
            continue
        x, y, w, h = (int(a) for a in stats[i, :4])
        sel = labels[y:y + h, x:x + w] == i
        b, g, r = (float(np.mean(small[y:y + h, x:x + w, k][sel])) for k in range(3))
        colour = colour_of(float(paints.hue(b, g, r)))
        if colour is not None:
            found[colour] = found.get(colour, 0) + 1
    return {c for c, k in found.items() if k > PRINTED}


def on_a_plant(cx: float, cy: float, plants: list[tuple[float, float, float]]) -> bool:
    """Does a point lie within a plant's circle (x, y, r)?"""
    return any(math.hypot(cx - x, cy - y) <= r for x, y, r in plants)
