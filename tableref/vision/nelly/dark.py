"""Too dark to count: a zone in a deep shadow of a dim room.

The water plants are printed one green, so their brightness tells how much light the
frame has where they lie; the table round the zones tells how much darker a zone is than
the rest (the zone's median brightness over the outside's: a shadow, a lamp's fall-off).
Where a plant would be too dark there, a turtle's paint is below what the counter reads
as paint, and the turtles there may be missed: the zone is unsure rather than a sure count.
"""

from __future__ import annotations

import cv2
import numpy as np

from tableref.vision.nelly.median import median
from tableref.vision.nelly.table import TableModel

DARK_PLANT = 40  # a plant's brightest channel below this: too dark to read paint beside it


def plant_level(levels: list[float]) -> float:
    """The plants' brightness in the frame (their green pixels' median), 0 if none."""
    return median(np.asarray(levels)) if levels else 0.0


def outside_level(table: TableModel) -> float:
    """The median brightness of the frame outside the zones."""
    if table.keep.size == 0:
        return 0.0
    hist = cv2.calcHist([table.bright], [0], table.keep, [256], [0, 256]).ravel()
    cum = np.cumsum(hist)
    return float(np.searchsorted(cum, 0.5 * cum[-1])) if cum[-1] > 0 else 0.0


def too_dark(bright: np.ndarray, inside: np.ndarray, outside: float, plants: float) -> bool:
    """Is the zone (bright: its crop's brightest channel; inside: its mask) too dark to read,
    with the plants as bright as `plants` and the outside as `outside` on the frame's
    average?"""
    if plants <= 0:
        return False
    zone = bright[::4, ::4][inside[::4, ::4] > 0]
    if outside <= 0 or zone.size == 0:
        return False
    return plants * median(zone) / outside < DARK_PLANT
