"""The die's face: a small disc of a paint's colour amid a white square.

Nelly's die lands in a zone now and then. Its colour faces show a disc of the turtles'
paint, under half a turtle across, in the middle of a white face a little smaller than a
turtle; a turtle is never white round its paint (it lies on the table, a plant, or another
turtle). So a part of a turtle's colour ringed by a white that is not the table's is the
die's symbol, no turtle (on a white cloth it cannot be told from a turtle's part).
"""

from __future__ import annotations

import cv2
import numpy as np

from tableref.vision.nelly.domes import Blob
from tableref.vision.nelly.median import median
from tableref.vision.nelly.table import TableModel

SYMBOL = 0.5  # of a turtle's area: a die's symbol is smaller
WHITE = 0.7  # of the ring round it, white at least
NEUTRAL = 0.35  # |u| + |v| (the light's frame) below this: white, ivory, grey
WHITE_TABLE = 0.25  # of the outside as neutral and bright as a die's white: a white table
SAME = 0.1  # |du| + |dv|: of one colour (the table's colours are binned by this step)
WHITE_LEVEL = 0.8  # of the die's white's median brightness: as bright
BRIGHT = 0.75  # of the symbol's brightest channel: the white's, at least (a yellow paint
# is as bright as white in its red channel)


def on_the_die(blob: Blob, u: np.ndarray, v: np.ndarray, bright: np.ndarray,
               table: TableModel, shell: float, radius: float) -> bool:
    """Is this blob (of the zone's crop) the symbol on the die's face?"""
    if blob.area > SYMBOL * shell or radius <= 0:
        return False
    x, y = blob.origin
    hgt, wid = blob.window.shape
    e = max(3, round(0.3 * radius))
    x0, y0 = max(x - e - 1, 0), max(y - e - 1, 0)
    x1, y1 = min(x + wid + e + 1, u.shape[1]), min(y + hgt + e + 1, u.shape[0])
    own = np.zeros((y1 - y0, x1 - x0), np.uint8)
    own[y - y0:y - y0 + hgt, x - x0:x - x0 + wid] = blob.window
    # its blurred rim, and the JPEG's colour at half resolution: the symbol's paint tints
    # the white next to it out to 3 px
    near = cv2.dilate(own, np.ones((3, 3), np.uint8), iterations=3)
    ring = (cv2.dilate(own, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * e + 1,) * 2))
            > 0) & (near == 0)
    n = int(np.count_nonzero(ring))
    if n < 8:
        return False
    uu, vv = u[y0:y1, x0:x1][ring], v[y0:y1, x0:x1][ring]
    bb = bright[y0:y1, x0:x1]
    level = median(bb[own > 0])
    white = (np.abs(uu) + np.abs(vv) < NEUTRAL) & (bb[ring] >= BRIGHT * level)
    if np.count_nonzero(white) < WHITE * n:
        return False
    # a white table's own white is no die: the table is white where a fair share of the
    # outside is of this white's colour and as bright (Nelly's grey has about the die's
    # colour too, so the table's colours alone do not tell; her grey is far darker)
    uw, vw = float(np.median(uu[white])), float(np.median(vv[white]))
    return not white_table(table, uw, vw, WHITE_LEVEL * median(bb[ring][white]))


def white_table(table: TableModel, u: float, v: float, level: float) -> bool:
    """Is WHITE_TABLE of the outside of the colour (u, v) (light's frame, within SAME) and
    at least `level` bright?"""
    sel = table.keep > 0
    if table.samples == 0 or not np.any(sel):
        return False
    tu = table.u[sel] - table.du
    tv = table.v[sel] - table.dv
    same = (np.abs(tu - u) + np.abs(tv - v) < SAME) & (table.bright[sel] >= level)
    return int(np.count_nonzero(same)) >= WHITE_TABLE * tu.size
