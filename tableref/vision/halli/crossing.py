"""Another card's edge across a card: the card is covered, and is not read.

A card thrown askew onto another hides part of it, and its paper over the other's is the
same white, so nothing of another colour runs onto the lower card: only the thrown card's
edge shows, a straight line (its rim, its shadow) running in from the lower card's side
across its face. Fruits print no straight line that long, and a printed frame runs along
the card's own sides; so a straight edge at least LONG of the card's width, entering
from its border at a slant to its sides, is another card's edge over it.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

Image = np.ndarray

LONG = 0.45  # of the card's width: the shortest edge taken for another card's
SLANT = 10.0  # degrees off the card's sides at least (a printed frame runs along them)
ENTERS = 4  # px (rectified card) from the card's border, one end at least
EDGE = (40, 120)  # Canny thresholds on the rectified card's grey


def crossed(card: Image) -> bool:
    """Whether a straight edge, not along the card's sides, runs into the card `card`
    (its rectified face, BGR) from its border."""
    h, w = card.shape[:2]
    gray = cv2.cvtColor(card, cv2.COLOR_BGR2GRAY)
    edges = cv2.Canny(gray, *EDGE)
    edges[:2, :] = 0
    edges[-2:, :] = 0
    edges[:, :2] = 0
    edges[:, -2:] = 0
    lines = cv2.HoughLinesP(edges, 1, math.pi / 180, threshold=int(0.3 * w),
                            minLineLength=LONG * w, maxLineGap=3)
    if lines is None:
        return False
    for x0, y0, x1, y1 in np.asarray(lines).reshape(-1, 4):
        angle = math.degrees(math.atan2(y1 - y0, x1 - x0)) % 90.0
        if min(angle, 90.0 - angle) < SLANT:
            continue
        if any(min(x, y, w - 1 - x, h - 1 - y) <= ENTERS for x, y in ((x0, y0), (x1, y1))):
            return True
    return False
