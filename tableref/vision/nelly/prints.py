"""A table printed with the turtles' colours: patches of a paint's colour and a turtle's size
all over the table outside the zones (dots, flowers, checks of a printed cloth).

Outside the zones there are no turtles but those on Nelly (seven of a colour at most) and
a few that fell beside a zone; a printed cloth shows its dots by the dozen. A colour the
table prints so is not the turtles' alone: inside a zone a patch of that colour is a
turtle only where it sits on a water plant (the cloth has no plants); elsewhere it may be
the print, and the zone's count is unsure rather than a guess. A smaller patch off the
plants, of a colour and an area the print shows by the dozen outside the zones, is the
print's dot or petal, not a part of a turtle. Such small pieces are matched by their hue
(within HUE_NEAR of the print's own), not only by the paint they are nearest to: a print's
dots often have a hue between two paints' (a mustard, a vermilion), and they are the same
dots in the zone as outside it, whichever side of a paints' midpoint each one falls.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from tableref.vision.nelly.domes import BETWEEN, Paints, paint_masks
from tableref.vision.nelly.material import ORANGE_YELLOW, RED_ORANGE
from tableref.vision.nelly.table import STRIDE, TableModel

PRINTED = 10  # patches of one colour outside the zones: more is the table's print
SIZE = (0.3, 1.8)  # of a turtle's area: a patch that could be taken for a turtle
LIKE = (0.4, 2.5)  # a patch about this area (the outside is read on every 4th pixel)
PAINT_V = -1.05  # ln B/R below this, in the light's frame: paint (count.CountOptions)
MAX_U = 0.3
TABLE_LIKE = 0.9  # of a patch's pixels of the table's colours at most, for the patch to be
# taken for a turtle-sized blob in a zone (the rest, a tenth of it, is no turtle)
HUE_NEAR = 0.1  # a quarter of the hue between two paints: the same print's dots, blurred
# and compressed differently, spread by about half this


@dataclass
class Print:
    """The patches of the paints' colours on the table outside the zones: their areas in
    the frame's pixels, by colour."""

    areas: dict[str, list[float]] = field(default_factory=dict)
    shell: float = 0.0
    # every patch small enough to be taken for a turtle or a part of one, whatever its hue
    # (also between two paints): hue and area
    hues: np.ndarray = field(default_factory=lambda: np.zeros(0, np.float32))
    sizes: np.ndarray = field(default_factory=lambda: np.zeros(0, np.float64))

    def has(self, colour: str, area: float) -> bool:
        """Does the table show many patches of this colour and about this area (a dot, a
        petal of its print)?"""
        a = self.areas.get(colour, [])
        return sum(LIKE[0] * area <= x <= LIKE[1] * area for x in a) > PRINTED

    def near(self, hue: float, area: float) -> bool:
        """Does the table show many patches of about this hue and area (a piece of its
        print, though its hue lie between two paints')?"""
        if self.hues.size == 0:
            return False
        same = (np.abs(self.hues - hue) <= HUE_NEAR) & (self.sizes >= LIKE[0] * area) & (
            self.sizes <= LIKE[1] * area)
        return int(np.count_nonzero(same)) > PRINTED


def table_print(table: TableModel, paints: Paints, min_bright: int = 40) -> Print:
    """The paints' colours the table outside the zones shows, patch by patch."""
    small, keep = table.small, table.keep
    out = Print(shell=paints.shell)
    if small.size == 0 or paints.radius <= 0:
        return out
    u = table.u - paints.light.du  # (ln G/R, ln B/R) of small, as LOG1P gives them
    v = table.v - paints.light.dv
    bright = table.bright
    paint = ((v < PAINT_V) & (u < MAX_U) & (bright > min_bright) & (keep > 0)).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(paint, connectivity=8)
    if n <= 1:
        return out
    # each patch's mean colour at once (a print has hundreds of patches), summed over the
    # patches' pixels alone (whole levels: the sums are exact in any order)
    sel_px = paint > 0
    flat = labels[sel_px]
    count = np.maximum(stats[:, cv2.CC_STAT_AREA], 1).astype(np.float64)
    px = small[sel_px]
    mean = [np.bincount(flat, px[:, k], minlength=n) / count for k in range(3)]
    hues = paints.hue(mean[0], mean[1], mean[2])[1:]
    areas = stats[1:, cv2.CC_STAT_AREA].astype(np.float64) * STRIDE * STRIDE
    small_enough = areas <= SIZE[1] * paints.shell
    clear = (np.abs(hues - RED_ORANGE) >= BETWEEN) & (np.abs(hues - ORANGE_YELLOW) >= BETWEEN)
    # a patch of the table's own colours (a wood's grain, a pattern's warm patches) is left
    # out of the zones' paint pixel by pixel (count._blobs): its copy in a zone is never a
    # turtle-sized blob, so it says nothing of one. Only a patch of which more than
    # TABLE_LIKE is not the table's colours can be taken for a turtle
    like = table.like(u[sel_px], v[sel_px])
    share = np.bincount(flat, like.astype(np.float64), minlength=n)[1:] / count[1:]
    own = share <= TABLE_LIKE
    # and a piece in a zone is what of such a patch is not of the table's colours: a
    # patch stands for a piece of its area less its table-coloured pixels (a dark red
    # check's pixels falling apart at the paint's threshold are no dots of a print)
    piece = areas * (1.0 - share)
    out.hues = np.asarray(hues[small_enough], np.float32)
    out.sizes = piece[small_enough]
    for colour, sel in paint_masks(hues).items():
        found = piece[sel & clear & small_enough & own]
        if found.size:
            out.areas[colour] = found.tolist()
    return out


def on_a_plant(cx: float, cy: float, plants: list[tuple[float, float, float]]) -> bool:
    """Does a point lie within a plant's circle (x, y, r)?"""
    return any(math.hypot(cx - x, cy - y) <= r for x, y, r in plants)
