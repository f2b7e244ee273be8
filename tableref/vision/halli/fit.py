"""Split a blob of touching cards by fitting card rectangles of the known size into it.

Every card of a deck has the same size and a 2:3 shape, and a card's edges are long
straight runs of the blob's outline. Rectangles of the learnt card size are tried at
the angles of those runs; the place where a rectangle lies (almost) wholly inside the
blob is a card. It is taken out and the rest is fitted again. Fruits printed up to a
card's edge bite into the blob, so "wholly inside" allows a few percent uncovered.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

import cv2
import numpy as np

Image = np.ndarray

BOUND_MARGIN = 0.01  # of a fit's score: far more than the filter's float rounding


def _edge_angles(cnt: np.ndarray, short: float) -> list[float]:
    """Directions (degrees, modulo 90) of the outline's long straight runs, longest first."""
    poly = cv2.approxPolyDP(cnt, 1.0, True).reshape(-1, 2).astype(np.float64)
    weights = np.zeros(90)
    for a, b in zip(poly, np.roll(poly, -1, axis=0), strict=True):
        d = b - a
        length = float(np.hypot(d[0], d[1]))
        if length >= 0.45 * short:
            deg = round(math.degrees(math.atan2(d[1], d[0]))) % 90
            weights[deg] += length
    smooth = np.convolve(np.concatenate([weights[-3:], weights, weights[:3]]),
                         np.ones(5), mode="valid")[1:-1]
    peaks: list[float] = []
    for deg in np.argsort(-smooth):
        if smooth[deg] <= 0 or len(peaks) >= 3:
            break
        if all(min(abs(deg - p) % 90, 90 - abs(deg - p) % 90) >= 6 for p in peaks):
            peaks.append(float(deg))
    return peaks


def _box(short: float, long_: float, deg: float) -> np.ndarray:
    return cv2.boxPoints(((0.0, 0.0), (long_, short), deg)).astype(np.float32)


Reach = tuple[int, int, int, int]  # a kernel's weights above 0: box (x, y, w, h) from its anchor


@lru_cache(maxsize=256)
def _kernel(short: float, long_: float, deg: float) -> tuple[Image, np.ndarray, float, Reach]:
    """A kernel scoring a card short x long_ (long side at `deg`) at each place: the
    fraction of the rectangle that is blob less the fraction of a ring just outside it
    that is blob (a card's edges are the blob's edges). And the rectangle's corners, the
    kernel's largest weight and the box round its weights above 0 (`Reach`, for
    `_most_free`). Kept for the next blob of the same card size (read only)."""
    box = _box(short, long_, deg)
    ring_in, ring_out = 1.0, 1.0 + max(2.0, 0.08 * short)
    outer = _box(short + 2 * ring_out, long_ + 2 * ring_out, deg)
    half = math.ceil(float(np.abs(outer).max())) + 1
    size = (2 * half + 1, 2 * half + 1)

    def filled(pts: np.ndarray) -> Image:
        k = np.zeros(size, np.float32)
        cv2.fillConvexPoly(k, np.round((pts + half) * 16).astype(np.int32), 1.0, cv2.LINE_AA,
                           shift=4)
        return k

    inside = filled(box)
    ring = filled(outer) - filled(_box(short + 2 * ring_in, long_ + 2 * ring_in, deg))
    k = inside / max(float(inside.sum()), 1e-6) - ring / max(float(ring.sum()), 1e-6)
    k.setflags(write=False)
    box.setflags(write=False)
    # the box round the weights above 0, the anchor (the kernel's centre) in it
    ys, xs = np.nonzero(k > 0)
    x0, y0 = min(int(xs.min()), half), min(int(ys.min()), half)
    x1, y1 = max(int(xs.max()), half), max(int(ys.max()), half)
    return k, box, float(k.max()), (x0 - half, y0 - half, x1 - x0 + 1, y1 - y0 + 1)


def _most_free(free: Image, reach: Reach) -> float:
    """The most free pixels (`free` is 0 or 1) in the box `reach` at any place, the box
    placed as `cv2.filter2D` places its kernel (anchored at the kernel's centre, nothing
    free beyond the image). A place's score is at most that times the kernel's largest
    weight: its weights above 0 all lie in the box."""
    x, y, w, h = reach
    sums = cv2.boxFilter(free, cv2.CV_32F, (w, h), anchor=(-x, -y), normalize=False,
                         borderType=cv2.BORDER_CONSTANT)
    return float(cv2.minMaxLoc(sums)[1])


def fit_cards(roi: Image, cnt: np.ndarray, card_area: float, most: int = 4,
              min_score: float = 0.7) -> list[np.ndarray]:
    """Card quads (ROI pixels) fitted into the filled blob `roi` (uint8 0/255).

    `cnt` is the blob's outline in ROI pixels, `card_area` the learnt card area.
    """
    return [box for box, _ in scored_fits(roi, cnt, card_area, most, min_score)]


def scored_fits(roi: Image, cnt: np.ndarray, card_area: float, most: int = 4,
                min_score: float = 0.7) -> list[tuple[np.ndarray, float]]:
    """fit_cards, with each card's score (1: a rectangle exactly filling the blob)."""
    short = math.sqrt(card_area / 1.5)
    long_ = 1.5 * short
    angles = _edge_angles(cnt, short)
    tries = [a + d for a in angles for d in (-2.0, 0.0, 2.0)]
    tries = [t for a in tries for t in (a, a + 90.0)]
    if not tries:
        return []
    kernels = [_kernel(short, long_, t) for t in tries]
    free = (roi > 0).astype(np.float32)
    quads: list[tuple[np.ndarray, float]] = []
    for _ in range(most):
        best: tuple[float, int, tuple[int, int]] = (min_score, -1, (0, 0))
        # no place scores more than the free pixels times the kernel's largest weight
        # (`free` is 0 or 1): a kernel that cannot beat the best so far by a clear margin
        # (far beyond the filter's rounding) is not run, which leaves the result as it is;
        # nor one whose box round its weights above 0 holds too few free pixels anywhere
        free_px = cv2.countNonZero(free)
        most_free: dict[Reach, float] = {}  # the same box for another kernel: summed once
        for i, (k, _box, k_max, reach) in enumerate(kernels):
            if free_px * k_max < best[0] - BOUND_MARGIN:
                continue
            # the same bound, on the free pixels the kernel can reach from its best place
            if reach not in most_free:
                most_free[reach] = _most_free(free, reach)
            if most_free[reach] * k_max < best[0] - BOUND_MARGIN:
                continue
            cover = cv2.filter2D(free, -1, k, borderType=cv2.BORDER_CONSTANT)
            _, top, _, at = cv2.minMaxLoc(cover)
            if top > best[0]:
                best = (top, i, (int(at[0]), int(at[1])))
        if best[1] < 0:
            break
        box = kernels[best[1]][1] + np.array(best[2], np.float32)
        quads.append((box, float(best[0])))
        # the card is taken: what it covers is no longer free
        c = box.mean(axis=0)
        grown = (box - c) * (1 + 4.0 / short) + c
        cv2.fillConvexPoly(free, np.round(grown * 16).astype(np.int32), 0.0, cv2.LINE_8, shift=4)
    return quads


def fitted_pieces(cnt: np.ndarray, typical: float, keep: Callable[[np.ndarray], bool],
                  most: int = 4, min_score: float = 0.7) -> list[np.ndarray]:
    """Outlines (frame contours) of the cards fitted into the blob `cnt` of touching cards.

    Each is the blob's part under the fitted card, or the fitted rectangle itself when
    that part is not `keep`-worthy.
    """
    x, y, bw, bh = cv2.boundingRect(cnt)
    roi = np.zeros((bh + 2, bw + 2), np.uint8)
    local = cnt - [x - 1, y - 1]
    cv2.drawContours(roi, [local], -1, 255, -1)
    # fruits at the card's edge: the mask (closed) as it is; holes inside are filled
    pieces: list[np.ndarray] = []
    boxes = fit_cards(roi, local, typical, most, min_score)
    for i, box in enumerate(boxes):
        c = box.mean(axis=0)
        grown = np.zeros_like(roi)
        cv2.fillConvexPoly(grown, np.round(((box - c) * 1.06 + c) * 16).astype(np.int32), 255,
                           cv2.LINE_8, shift=4)
        for j, other in enumerate(boxes):
            if j != i:  # the other cards' pixels are not this card's
                cv2.fillConvexPoly(grown, np.round(other * 16).astype(np.int32), 0,
                                   cv2.LINE_8, shift=4)
        part = cv2.morphologyEx(roi & grown, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        cs, _ = cv2.findContours(part, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE,
                                 offset=(x - 1, y - 1))
        if cs:
            piece = max(cs, key=cv2.contourArea)
            at = box + np.array([x - 1, y - 1], np.float32)
            pieces.append(piece if keep(piece) else at.reshape(-1, 1, 2).astype(np.int32))
    return pieces
