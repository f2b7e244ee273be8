"""Another card's edge across a card: the card is covered, and is not read.

A card thrown askew onto another hides part of it, and its paper over the other's is the
same white, so nothing of another colour runs onto the lower card: only the thrown card's
edge shows, a straight line (its rim, its shadow) running in from the lower card's side
across its face. Fruits print no straight line that long, and a printed frame runs along
the card's own sides; so a straight edge at least LONG of the card's width, entering
from its border at a slant to its sides, is another card's edge over it.
"""

from __future__ import annotations

import cv2
import numpy as np

Image = np.ndarray

LONG = 0.45  # of the card's width: the shortest edge taken for another card's
SLANT = 10.0  # degrees off the card's sides at least (a printed frame runs along them)
PIECE = 6  # px: shorter pieces are a fruit's outline, not counted towards an edge
ON_LINE = 2.5  # px off the line: a piece on it (a thin line's two sides are one edge)
TURN = 6.0  # degrees: a piece at another angle is no part of it
GAP = 4.0  # px along the line between pieces at most (where it passes a fruit's rim)
ENTERS = 6  # px (rectified card, 64 wide) from the card's border, one end at least


def _segments(gray: Image) -> np.ndarray:
    """Straight edge segments (x0, y0, x1, y1) of a grey image: OpenCV's line segment
    detector (LSD, no thresholds of ours)."""
    lines = cv2.createLineSegmentDetector().detect(gray)[0]
    return np.zeros((0, 4)) if lines is None else np.asarray(lines, np.float64).reshape(-1, 4)


def _longest_run(ends: np.ndarray, origin: np.ndarray,
                 d: np.ndarray) -> tuple[float, float]:
    """The longest stretch along the line (origin, direction d) that the pieces (`ends`,
    pairs of points, at least one) cover with no gap over GAP px."""
    spans = sorted((float(min(a, b)), float(max(a, b))) for a, b in (ends - origin) @ d)
    cur = best = spans[0]
    for lo, hi in spans[1:]:
        cur = (cur[0], max(cur[1], hi)) if lo <= cur[1] + GAP else (lo, hi)
        if cur[1] - cur[0] > best[1] - best[0]:
            best = cur
    return best


def crossed(card: Image) -> bool:
    """Whether a straight edge, not along the card's sides, runs into the card `card`
    (its rectified face, BGR) from its border. The detector breaks a long edge where it
    passes a fruit or steps a pixel: pieces at one angle on one line, with no gap over
    GAP between them, are one edge; fruits in a row (their rims at one angle) lie apart."""
    h, w = card.shape[:2]
    segs = _segments(cv2.cvtColor(card, cv2.COLOR_BGR2GRAY))
    length = np.hypot(segs[:, 2] - segs[:, 0], segs[:, 3] - segs[:, 1])
    angle = np.degrees(np.arctan2(segs[:, 3] - segs[:, 1], segs[:, 2] - segs[:, 0])) % 180.0
    slanted = np.minimum(angle % 90.0, 90.0 - angle % 90.0) >= SLANT
    for i in np.flatnonzero(slanted & (length >= PIECE)):
        d = (segs[i, 2:] - segs[i, :2]) / length[i]
        n = np.array([-d[1], d[0]])
        ends = segs[:, :4].reshape(-1, 2, 2)
        off = np.abs((ends - segs[i, :2]) @ n).max(axis=1)
        turn = np.abs((angle - angle[i] + 90.0) % 180.0 - 90.0)
        same = slanted & (length >= PIECE) & (off <= ON_LINE) & (turn <= TURN)
        run = _longest_run(ends[same], segs[i, :2], d)
        if run[1] - run[0] < LONG * w:
            continue
        tips = [segs[i, :2] + t * d for t in run]
        if any(min(x, y, w - 1 - x, h - 1 - y) <= ENTERS for x, y in tips):
            return True
    return False
