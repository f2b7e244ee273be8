"""Find the face-up cards in a frame: light, low-colour, card-shaped quads.

Works on a reduced copy of the frame (a quarter of the width by default). The frame's
white is estimated from its brightest pixels (the cards), so warm light does not turn
cards into table. A blob is a card when its outline is a quad of card shape and size;
a card-sized blob with a bite out of it (a hand over it) is returned as not `clean`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from tableref.vision.halli.fit import fitted_pieces

Image = np.ndarray


@dataclass(frozen=True)
class Quad:
    """A card outline in frame pixels, clockwise, corners[0]->corners[1] a short side."""

    corners: np.ndarray  # (4, 2) float32
    clean: bool  # the whole card is visible: safe to read

    @property
    def center(self) -> tuple[float, float]:
        c = self.corners.mean(axis=0)
        return (float(c[0]), float(c[1]))


@dataclass(frozen=True)
class DetectOptions:
    scale: float = 0.25  # detection works at this fraction of the frame size
    min_card: float = 0.004  # smallest card, fraction of the frame's area
    max_card: float = 0.12
    card_aspect: float = 1.5  # the deck's cards: long side / short side
    aspect: tuple[float, float] = (1.2, 1.9)  # long side / short side (2:3 cards)
    min_fill: float = 0.75  # blob's hull area / quad area for a clean card
    white_floor: float = 0.5  # card pixels are at least this fraction of the frame's white
    max_chroma: float = 0.3  # (max - min) / max of a card pixel after white balance
    size_tolerance: float = 0.12  # cards' sides agree within this (area within twice)
    close: int = 7  # closing kernel at detection scale, pixels


def _min_max(img: Image) -> tuple[Image, Image]:
    b, g, r = cv2.split(img)
    return cv2.min(cv2.min(b, g), r), cv2.max(cv2.max(b, g), r)


def frame_white(small: Image) -> np.ndarray:
    """The colour of white paper in this light: the mean of the brightest pixels."""
    mn, _ = _min_max(small)
    hist = np.bincount(mn.reshape(-1), minlength=256)
    above = np.cumsum(hist[::-1])
    cut = 255 - int(np.searchsorted(above, 0.005 * mn.size))
    sel = (mn >= cut).astype(np.uint8)
    white = np.array(cv2.mean(small, mask=sel)[:3], np.float64)
    return np.maximum(white, 1.0)


def card_mask(small: Image, opts: DetectOptions) -> Image:
    """Pixels that look like card paper: bright and nearly grey once white-balanced."""
    white = frame_white(small)
    gains = 240.0 / white
    balanced = cv2.transform(small, np.diag(gains).astype(np.float32))
    mn, mx = _min_max(balanced)
    floor = int(opts.white_floor * 240.0)
    # (mx - mn) < max_chroma * mx  <=>  mn > (1 - max_chroma) * mx
    limit = cv2.addWeighted(mx, 1.0 - opts.max_chroma, mx, 0.0, 0.0)
    paper = ((mn > floor) & (mn > limit)).astype(np.uint8) * 255
    mask = cv2.morphologyEx(paper, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    # fruits printed up to the card's edge bite into the paper: close the bites
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (opts.close, opts.close))
    return cv2.morphologyEx(mask, cv2.MORPH_CLOSE, k)


def shrink(frame: Image, w: int, h: int) -> Image:
    """The frame reduced to w x h, averaging: halvings by bilinear 2x2 means (fast), then area."""
    img = frame
    while img.shape[1] >= 2 * w and img.shape[0] >= 2 * h:
        img = cv2.resize(img, (img.shape[1] // 2, img.shape[0] // 2),
                         interpolation=cv2.INTER_LINEAR)
    if img.shape[1] != w or img.shape[0] != h:
        img = cv2.resize(img, (w, h), interpolation=cv2.INTER_AREA)
    return np.asarray(img)


def order_corners(quad: np.ndarray) -> np.ndarray:
    """Clockwise (image coords), starting so that the first side is a short one."""
    c = quad.mean(axis=0)
    ang = np.arctan2(quad[:, 1] - c[1], quad[:, 0] - c[0])
    q = quad[np.argsort(ang)]
    if np.linalg.norm(q[1] - q[0]) > np.linalg.norm(q[2] - q[1]):
        q = np.roll(q, -1, axis=0)
    return q.astype(np.float32)


def _sides(q: np.ndarray) -> tuple[float, float]:
    s = np.linalg.norm(q - np.roll(q, -1, axis=0), axis=1)
    return float((s[0] + s[2]) / 2), float((s[1] + s[3]) / 2)


def _candidate(cnt: np.ndarray, frame_area: float,
               opts: DetectOptions) -> tuple[np.ndarray, float, float] | None:
    """(quad, hull fill, aspect) of a blob that could be a card, else None.

    Round blobs (the bell and its highlights) are never cards.
    """
    area = cv2.contourArea(cnt)
    if area < 0.4 * opts.min_card * frame_area:
        return None
    rect = cv2.boxPoints(cv2.minAreaRect(cnt)).astype(np.float32)
    rarea = abs(cv2.contourArea(rect))
    if not opts.min_card * frame_area <= rarea <= opts.max_card * frame_area:
        return None
    hull = cv2.convexHull(cnt)
    harea = cv2.contourArea(hull)
    quad = rect
    approx = cv2.approxPolyDP(hull, 0.04 * cv2.arcLength(hull, True), True)
    if len(approx) == 4 and cv2.isContourConvex(approx):
        q = approx.reshape(4, 2).astype(np.float32)
        if abs(cv2.contourArea(q)) >= 0.93 * rarea:  # a clean outline: follows perspective
            quad = q
    quad = order_corners(quad)
    short, long_ = sorted(_sides(quad))
    aspect = long_ / max(short, 1e-6)
    roundness = 4 * np.pi * harea / max(cv2.arcLength(hull, True) ** 2, 1e-6)
    if roundness > 0.93 or (aspect < opts.aspect[0] and roundness > 0.9):
        return None  # round: the bell (0.92 and up; a card, bitten by fruits, or a pile
        # with a lower card askew, is at most 0.89)
    return quad, harea / max(rarea, 1e-6), aspect


def _consensus(areas: list[float], likeness: list[float],
               tolerance: float) -> tuple[float, int]:
    """The card area most blobs agree on (all cards of a deck are the same size).

    A card half covered by a hand looks like a smaller card, a pile (the edges of its
    lower cards) like a bigger one: an area is supported by the outlines that are that
    card alone or on a pile. On a tie the most card-like outline wins.
    """
    if not areas:
        return 0.0, 0

    def agrees(b: float, a: float) -> bool:
        return 1 - tolerance <= b / a <= 1 + 4 * tolerance

    support = [sum(agrees(b, a) for b in areas) for a in areas]
    best = max(range(len(areas)), key=lambda i: (support[i], likeness[i]))
    near = [b for b in areas if abs(b / areas[best] - 1) <= tolerance]
    return float(np.median(near)), support[best]


def _split(mask: Image, cnt: np.ndarray, typical: float,
           keep: Callable[[np.ndarray], bool]) -> list[np.ndarray]:
    """Contours of the cards in a blob of touching cards: erode until it falls apart.

    Of the erosions that split it, the one giving most pieces that `keep` accepts wins.
    """
    x, y, bw, bh = cv2.boundingRect(cnt)
    roi = np.zeros((bh + 2, bw + 2), np.uint8)
    cv2.drawContours(roi, [cnt], -1, 255, -1, offset=(1 - x, 1 - y))
    roi &= np.pad(mask[y:y + bh, x:x + bw], 1)
    kernel = np.ones((3, 3), np.uint8)
    best: list[np.ndarray] = []
    for steps in range(1, 9):
        core = cv2.erode(roi, kernel, iterations=steps)
        n, labels, stats, _ = cv2.connectedComponentsWithStats(core)
        big = [i for i in range(1, n) if stats[i, cv2.CC_STAT_AREA] >= 0.12 * typical]
        if len(big) >= 2:
            grown_all = [cv2.bitwise_and(cv2.dilate((labels == i).astype(np.uint8) * 255, kernel,
                                                    iterations=steps), roi) for i in big]
            pieces: list[np.ndarray] = []
            for k, grown in enumerate(grown_all):
                for j, other in enumerate(grown_all):
                    if j != k:
                        grown = cv2.bitwise_and(grown, cv2.bitwise_not(other))  # the seam: neither
                cs, _ = cv2.findContours(grown, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE,
                                         offset=(x - 1, y - 1))
                pieces.extend(cs)
            kept = [p for p in pieces if keep(p)]
            if len(kept) > len(best):
                best = kept
        elif len(big) < 1:
            break
    return best


def _rest(mask: Image, cnt: np.ndarray, quads: list[np.ndarray]) -> list[np.ndarray]:
    """Contours of the blob `cnt` with the given card quads (and a pixel round) cut out."""
    x, y, bw, bh = cv2.boundingRect(cnt)
    roi = np.zeros((bh + 2, bw + 2), np.uint8)
    cv2.drawContours(roi, [cnt], -1, 255, -1, offset=(1 - x, 1 - y))
    roi &= np.pad(mask[y:y + bh, x:x + bw], 1)
    for q in quads:
        pts = np.round(q - [x - 1, y - 1]).astype(np.int32)
        cv2.fillConvexPoly(roi, pts, 0)
        cv2.polylines(roi, [pts], True, 0, 3)
    opened = cv2.morphologyEx(roi, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    cs, _ = cv2.findContours(opened, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE,
                             offset=(x - 1, y - 1))
    return list(cs)


Blob = tuple[np.ndarray, "tuple[np.ndarray, float, float] | None"]


def _join_halves(blobs: list[Blob], frame_area: float, opts: DetectOptions, typical: float,
                 card_like: Callable[[tuple[np.ndarray, float, float]], bool]) -> list[Blob]:
    """Join two pieces of one card that a row of fruits cut apart."""
    if not typical:
        return blobs
    pieces = [i for i, (cnt, cand) in enumerate(blobs)
              if not (cand and card_like(cand)) and cv2.contourArea(cnt) >= 0.12 * typical]
    gap = 0.25 * float(np.sqrt(typical))
    boxes = {i: cv2.boundingRect(blobs[i][0]) for i in pieces}
    used: set[int] = set()
    out: list[Blob] = []
    for a in pieces:
        for b in pieces:
            if b <= a or a in used or b in used:
                continue
            ax, ay, aw, ah = boxes[a]
            bx, by, bw, bh = boxes[b]
            if bx > ax + aw + gap or ax > bx + bw + gap or by > ay + ah + gap or ay > by + bh + gap:
                continue
            joined = np.vstack([blobs[a][0], blobs[b][0]])
            cand = _candidate(cv2.convexHull(joined), frame_area, opts)
            if cand and card_like(cand):
                used |= {a, b}
                out.append((cv2.convexHull(joined), cand))
    return [blob for i, blob in enumerate(blobs) if i not in used] + out


@dataclass(frozen=True)
class Found:
    quads: list[Quad]
    card_area: float  # the cards' area in frame pixels this frame agreed on (0: none)
    support: int  # how many outlines agreed on it


def find_cards(frame: Image, opts: DetectOptions | None = None,
               card_area: float | None = None) -> list[Quad]:
    """Card outlines in the frame, clean ones and hand-covered ones (not clean)."""
    return detect_cards(frame, opts, card_area).quads


def detect_cards(frame: Image, opts: DetectOptions | None = None,
                 card_area: float | None = None) -> Found:
    """Card outlines, and the card size they agree on.

    `card_area` (frame pixels), when known from earlier frames of a fixed camera, is
    used when fewer than three outlines of this frame agree on a size.
    """
    opts = opts or DetectOptions()
    h, w = frame.shape[:2]
    sw, sh = max(int(w * opts.scale), 8), max(int(h * opts.scale), 8)
    small = shrink(frame, sw, sh)
    mask = card_mask(small, opts)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    frame_area = float(sw * sh)

    def shaped(fill: float, aspect: float) -> bool:
        return fill >= opts.min_fill and opts.aspect[0] <= aspect <= opts.aspect[1]

    blobs = [(cnt, _candidate(cnt, frame_area, opts)) for cnt in contours]
    good = [c for _, c in blobs if c and shaped(c[1], c[2])]
    likeness = [c[1] - abs(c[2] - opts.card_aspect) for c in good]
    typical, support = _consensus([abs(cv2.contourArea(c[0])) for c in good], likeness,
                                  opts.size_tolerance)
    if card_area and support < 3:
        typical = card_area * (sw / w) * (sh / h)
    tol = opts.size_tolerance

    def card_like(c: tuple[np.ndarray, float, float]) -> bool:
        rel = abs(cv2.contourArea(c[0])) / typical if typical else 1.0
        # a pile's lower cards can make the outline a little bigger, never smaller
        return shaped(c[1], c[2]) and 1 - 2 * tol <= rel <= 1 + 4 * tol

    def keep_any(piece: np.ndarray) -> bool:
        c = _candidate(piece, frame_area, opts)
        return c is not None and card_like(c)

    blobs = _join_halves(blobs, frame_area, opts, typical, card_like)
    found = []
    for cnt, cand in blobs:
        big = cv2.contourArea(cnt) > 1.15 * typical or (
            cv2.contourArea(cv2.convexHull(cnt)) > 1.3 * typical)  # fruits bite into cards
        if typical and big and not (cand and card_like(cand)):
            # touching cards: keep the split when it yields a whole card
            def keep(piece: np.ndarray) -> bool:
                c = _candidate(piece, frame_area, opts)
                return c is not None and card_like(c)

            # a card-shaped blob is one card when the size agreed on is off (half a card
            # a hand left), a pile, or two cards side by side: do not fit cards into it
            fits = [] if cand and shaped(cand[1], cand[2]) else fitted_pieces(cnt, typical, keep)
            kept = [c for c in (_candidate(p, frame_area, opts) for p in fits)
                    if c and card_like(c)]
            if not kept:
                kept = [c for c in (_candidate(p, frame_area, opts)
                                    for p in _split(mask, cnt, typical, keep)) if c]
            if kept:
                found.extend(kept)
                # what is left of the blob once those cards are taken out: the others
                for piece in _rest(mask, cnt, [c[0] for c in kept]):
                    c = _candidate(piece, frame_area, opts)
                    if c is not None and card_like(c):
                        found.append(c)
                continue
        if typical and cand and not shaped(cand[1], cand[2]) and (
                cv2.contourArea(cv2.convexHull(cnt)) >= 0.85 * typical):
            # a pile whose lower cards lie askew round the top card: fit the top card
            # (not into a card-shaped blob: when the agreed size is off, a rectangle
            # of that size fits many ways into one card)
            top = [c for c in (_candidate(p, frame_area, opts)
                               for p in fitted_pieces(cnt, typical, keep_any, 1, 0.5))
                   if c and card_like(c)]
            if top:
                cand = top[0]
        if cand:
            found.append(cand)
    scale = np.array([w / sw, h / sh], np.float32)
    cards: list[Quad] = []
    for quad, fill, aspect in found:
        rel = abs(cv2.contourArea(quad)) / typical if typical else 1.0
        clean = card_like((quad, fill, aspect))
        if not clean and not (typical and 0.45 <= rel <= 1.4 and fill >= 0.6 and aspect <= 2.6):
            continue  # not a card, nor a card with a hand over it
        full = (quad + 0.5) * scale - 0.5
        cards.append(Quad(full.astype(np.float32), clean))
    return Found(cards, typical * (w / sw) * (h / sh), support)
