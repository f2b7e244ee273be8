"""Is a hand over the zone? Then its count is unsure: a hand hides turtles.

A hand (or an arm) is a large area of skin colour, in the light's frame: warmer than
neutral (ln B/R below 0) but far less saturated than the paints, and much larger than a
turtle. On a table whose own colour is like skin (some woods) this cannot be told by
colour alone: there the zone's skin-coloured area is compared with the table's share of
skin colour in the ring just outside the zone.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from tableref.vision.nelly.light import Light

SKIN_U = (-1.0, 0.05)
SKIN_V = (-1.05, -0.12)
MIN_SHELLS = 3.0  # a hand is larger than three turtles


def skin_pixels(u: np.ndarray, v: np.ndarray, bright: np.ndarray) -> np.ndarray:
    return ((u > SKIN_U[0]) & (u < SKIN_U[1]) & (v > SKIN_V[0]) & (v < SKIN_V[1])
            & (bright > 70))


def hand_over(u: np.ndarray, v: np.ndarray, bright: np.ndarray, inside: np.ndarray,
              light: Light, r1: float) -> str:
    """Why the zone is taken to have a hand over it ("" when not)."""
    if r1 <= 0:
        r1 = 12.0
    skin = skin_pixels(u - light.du, v - light.dv, bright)
    ring = cv2.dilate(inside, np.ones((15, 15), np.uint8)) > inside
    n_ring = int(np.count_nonzero(ring))
    table_skin = float(np.count_nonzero(skin & ring)) / max(n_ring, 1)
    m: np.ndarray = (skin & (inside > 0)).astype(np.uint8)
    m = cv2.morphologyEx(m, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    n, _, stats, _ = cv2.connectedComponentsWithStats(m, connectivity=8)
    if n <= 1:
        return ""
    largest = int(stats[1:, cv2.CC_STAT_AREA].max())
    shell = math.pi * r1 * r1
    n_in = int(np.count_nonzero(inside))
    if largest < MIN_SHELLS * shell:
        return ""
    if table_skin > 0.5 and largest > 0.5 * n_in:
        return ""  # the table itself is skin-coloured all round and in the zone
    return "a hand over the zone"
