"""Another card's edge across a card: the card is covered, and is not read.

A card thrown askew onto another hides part of it, and its paper over the other's is the
same white, so nothing of another colour runs onto the lower card: only the thrown card's
edge shows, a straight line (its rim, its shadow) running in from the lower card's side
across its face. Fruits print no straight line that long, and a printed frame runs along
the card's own sides, near them; so a straight edge at least LONG of the card's width,
entering from its border at a slant to its sides (or along them but far from them), with
paper on both of its sides between the fruits, is another card's edge over it.
"""

from __future__ import annotations

import cv2
import numpy as np

Image = np.ndarray

LONG = 0.45  # of the card's width: the shortest edge taken for another card's
SLANT = 15.0  # degrees off the card's sides at least (a printed frame runs along them, and
# a top card's own edge where its outline was fitted a little askew) ...
INSET = 0.2  # ... or of the card's width from the side it runs along, at least
PIECE = 6  # px: shorter pieces are a fruit's outline, not counted towards an edge
ON_LINE = 2.5  # px off the line: a piece on it (a thin line's two sides are one edge)
TURN = 6.0  # degrees: a piece at another angle is no part of it
GAP = 4.0  # px along the line between pieces at most (where it passes a fruit's rim)
SIDE = 3  # px either side of an edge where its two sides are read
PAPER_SAT = 60  # HSV saturation of paper at most (the card is balanced to its white)
PAPER_BOTH = 0.35  # of an edge's length with paper on both sides, at least
DEEP = 0.15  # of the card's width: how far into the card the edge reaches, at least
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


def _paper_both_sides(sat: Image, origin: np.ndarray, d: np.ndarray,
                      run: tuple[float, float]) -> bool:
    """Whether paper lies on both sides of the edge (origin + t d, t in `run`) over part
    of it: a card's edge over a card is paper on paper between the fruits by it; a fruit's
    rim has its colour on one side all along."""
    h, w = sat.shape
    n = np.array([-d[1], d[0]])
    t = np.arange(run[0], run[1], 1.0)
    line = origin + t[:, None] * d
    paper = np.ones(len(t), bool)
    for side in (-SIDE, SIDE):
        xy = np.rint(line + side * n).astype(int)
        x, y = np.clip(xy[:, 0], 0, w - 1), np.clip(xy[:, 1], 0, h - 1)
        paper &= sat[y, x] <= PAPER_SAT
    return float(np.mean(paper)) >= PAPER_BOTH


def crossed(card: Image) -> bool:
    """Whether a straight edge, not along the card's sides, runs into the card `card`
    (its rectified face, BGR) from its border. The detector breaks a long edge where it
    passes a fruit or steps a pixel: pieces at one angle on one line, with no gap over
    GAP between them, are one edge; fruits in a row (their rims at one angle) lie apart."""
    h, w = card.shape[:2]
    segs = _segments(cv2.cvtColor(card, cv2.COLOR_BGR2GRAY))
    sat = cv2.cvtColor(card, cv2.COLOR_BGR2HSV)[..., 1]
    length = np.hypot(segs[:, 2] - segs[:, 0], segs[:, 3] - segs[:, 1])
    angle = np.degrees(np.arctan2(segs[:, 3] - segs[:, 1], segs[:, 2] - segs[:, 0])) % 180.0
    slanted = np.minimum(angle % 90.0, 90.0 - angle % 90.0) >= SLANT
    keep = length >= PIECE
    ends = segs.reshape(-1, 2, 2)
    for i in np.flatnonzero(keep):
        d = (segs[i, 2:] - segs[i, :2]) / length[i]
        n = np.array([-d[1], d[0]])
        off = np.abs((ends - segs[i, :2]) @ n).max(axis=1)
        turn = np.abs((angle - angle[i] + 90.0) % 180.0 - 90.0)
        same = keep & (off <= ON_LINE) & (turn <= TURN)
        run = _longest_run(ends[same], segs[i, :2], d)
        if run[1] - run[0] < LONG * w:
            continue
        pts = segs[i, :2] + np.linspace(run[0], run[1], 9)[:, None] * d
        inside = np.minimum.reduce([pts[:, 0], pts[:, 1], w - 1 - pts[:, 0], h - 1 - pts[:, 1]])
        # from the border (not a card's edge in a sliver of table round it) well into it
        if min(inside[0], inside[-1]) > ENTERS or inside.max() < DEEP * w:
            continue
        # along the card's sides: a printed frame, unless it runs far from the side it
        # follows (a card thrown square onto another, across its middle)
        across = np.minimum(pts[:, 0], w - 1 - pts[:, 0]) if abs(d[1]) > abs(d[0]) else \
            np.minimum(pts[:, 1], h - 1 - pts[:, 1])
        if not slanted[i] and float(across.min()) < INSET * w:
            continue
        if _paper_both_sides(sat, segs[i, :2], d, run):
            return True
    return False
