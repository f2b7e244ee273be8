"""Cards found overlapping each other: the one underneath is not read.

A card thrown askew onto another, or onto a neighbour's pile, hides part of the card
below it, and its paper over the other's is the same white: inside the lower card's
outline the reader then counts the top card's fruits and misses the hidden ones (PPSS
read as BPSS). Where two outlines found in a frame overlap, the one on top shows its
edge across the other (its rim, its shadow on the paper below), while the lower card's
edge under the top card is gone: the top card's paper runs on over it. So the part of
each outline lying inside the other card is weighed against the rest of the same
outline. The card whose edge vanishes there is underneath and is read as unknown; when
both edges show all along, the outlines only meet (a refined outline's slack); when the
edges do not say which card lies on top, neither is read.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from tableref.vision.halli.detect import _convex

Image = np.ndarray

MIN_OVERLAP = 0.03  # of the smaller card's area: less is two cards touching at a corner
INSET = 3.0  # px inside the other outline, for a point of an outline to lie under it
MIN_POINTS = 12  # of an outline inside the other card, to tell anything from them
STRONG = 0.3  # of the outline's median edge elsewhere: an edge point still standing out
VANISHED = 0.25  # of its points inside the other card standing out, at most: edge gone
# (when the other outline cannot be weighed)
CLEAR = 0.8  # of both outlines inside the other standing out: no card under the other
MARGIN = 0.2  # of the outline inside the other card: the top card's edge shows on more
REACH = 2  # px either side of the outline searched for its edge (a refined outline's slack)


def _edge_points(gx: Image, gy: Image, quad: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Points along the outline's sides (their ends left out: round corners) and the
    strongest gradient across the side within REACH px of each."""
    h, w = gx.shape
    q = np.asarray(quad, np.float64).reshape(4, 2)
    pts, mags = [], []
    for i in range(4):
        p, r = q[i], q[(i + 1) % 4]
        d = r - p
        length = float(np.hypot(*d))
        if length < 4:
            continue
        t = np.arange(0.1 * length, 0.9 * length, 1.0) / length
        along = p + t[:, None] * d
        n = np.array([-d[1], d[0]]) / length
        best = np.zeros(len(t))
        for off in range(-REACH, REACH + 1):
            xy = np.rint(along + off * n).astype(int)
            ok = (xy[:, 0] >= 0) & (xy[:, 0] < w) & (xy[:, 1] >= 0) & (xy[:, 1] < h)
            x, y = np.clip(xy[:, 0], 0, w - 1), np.clip(xy[:, 1], 0, h - 1)
            m = np.abs(gx[y, x] * n[0] + gy[y, x] * n[1]) * ok
            best = np.maximum(best, m)
        pts.append(along)
        mags.append(best)
    if not pts:
        return np.zeros((0, 2)), np.zeros(0)
    return np.concatenate(pts), np.concatenate(mags)


def _shown(gx: Image, gy: Image, quad: np.ndarray, other: np.ndarray) -> float | None:
    """The share of `quad`'s outline inside `other` whose edge still stands out (None:
    too little of it lies there, or the rest shows no edge to compare with)."""
    pts, mags = _edge_points(gx, gy, quad)
    poly = np.asarray(other, np.float32).reshape(-1, 1, 2)
    under = np.array([cv2.pointPolygonTest(poly, (float(x), float(y)), True) > INSET
                      for x, y in pts], bool)
    if int(under.sum()) < MIN_POINTS or int((~under).sum()) < MIN_POINTS:
        return None
    rest = float(np.median(mags[~under]))
    if rest <= 0:
        return None
    return float(np.mean(mags[under] >= STRONG * rest))


def underneath(frame: Image, quads: Sequence[np.ndarray]) -> set[int]:
    """The indices of the outlines that lie under another one found in the frame, or
    may: each overlapping pair whose edges do not show one clearly on top gives both."""
    convex = [_convex(np.asarray(q, np.float32).reshape(4, 2)) for q in quads]
    areas = [abs(float(cv2.contourArea(c))) for c in convex]
    pairs = [(i, j) for i in range(len(quads)) for j in range(i + 1, len(quads))
             if float(cv2.intersectConvexConvex(convex[i], convex[j])[0])
             > MIN_OVERLAP * min(areas[i], areas[j])]
    if not pairs:
        return set()
    gray = cv2.GaussianBlur(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY).astype(np.float32),
                            (0, 0), 1.0)
    gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)
    out: set[int] = set()
    for i, j in pairs:
        si, sj = _shown(gx, gy, quads[i], quads[j]), _shown(gx, gy, quads[j], quads[i])
        if si is not None and sj is not None and min(si, sj) >= CLEAR:
            continue  # both edges show all along: the outlines only meet (their slack)
        if _gone(sj, si):
            out.add(j)
        elif _gone(si, sj):
            out.add(i)
        else:
            out |= {i, j}
    return out


def _gone(mine: float | None, other: float | None) -> bool:
    """Whether an outline's edge is the one gone inside the other card: `mine` and
    `other` (`_shown`) say how much of each outline stands out inside the other card; the
    card on top shows more of its edge there by MARGIN (when the other cannot be weighed,
    this one's must have all but vanished)."""
    if mine is None:
        return False
    return mine <= VANISHED if other is None else other >= mine + MARGIN
