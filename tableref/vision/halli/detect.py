"""Find the face-up cards in a frame: light, low-colour, card-shaped quads.

Works on a reduced copy of the frame (a quarter of the width by default). The frame's
white is estimated from its brightest pixels (the cards), so warm light does not turn
cards into table. A blob is a card when its outline is a quad of card shape and size;
a card-sized blob with a bite out of it (a hand over it) is returned as not `clean`.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

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
    aspect: tuple[float, float] = (1.15, 1.95)  # long side / short side
    min_fill: float = 0.88  # blob area / quad area for a clean card
    white_floor: float = 0.5  # card pixels are at least this fraction of the frame's white
    max_chroma: float = 0.3  # (max - min) / max of a card pixel after white balance


def frame_white(small: Image) -> np.ndarray:
    """The colour of white paper in this light: the mean of the brightest pixels."""
    mn = small.min(axis=2)
    cut = np.percentile(mn, 97)
    sel = small[mn >= cut]
    white = sel.reshape(-1, 3).mean(axis=0) if len(sel) else np.full(3, 255.0)
    return np.maximum(white, 1.0)


def card_mask(small: Image, opts: DetectOptions) -> Image:
    """Pixels that look like card paper: bright and nearly grey once white-balanced."""
    white = frame_white(small)
    f = small.astype(np.float32) * (np.float32(240.0) / white.astype(np.float32))
    mn = f.min(axis=2)
    mx = f.max(axis=2)
    mask = (mn > opts.white_floor * 240.0) & ((mx - mn) < opts.max_chroma * mx)
    m8 = mask.astype(np.uint8) * 255
    return cv2.morphologyEx(m8, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))


def _order(quad: np.ndarray) -> np.ndarray:
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


def find_cards(frame: Image, opts: DetectOptions | None = None) -> list[Quad]:
    """Card outlines in the frame, clean ones and hand-covered ones."""
    opts = opts or DetectOptions()
    h, w = frame.shape[:2]
    sw, sh = max(int(w * opts.scale), 8), max(int(h * opts.scale), 8)
    small = cv2.resize(frame, (sw, sh), interpolation=cv2.INTER_AREA)
    mask = card_mask(small, opts)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    frame_area = float(sw * sh)
    fx, fy = w / sw, h / sh
    found: list[tuple[np.ndarray, float, float]] = []
    for cnt in contours:
        area = cv2.contourArea(cnt)
        if area < opts.min_card * frame_area * 0.5 or area > opts.max_card * frame_area:
            continue
        hull = cv2.convexHull(cnt)
        peri = cv2.arcLength(hull, True)
        approx = cv2.approxPolyDP(hull, 0.04 * peri, True).reshape(-1, 2).astype(np.float32)
        rect = cv2.boxPoints(cv2.minAreaRect(cnt)).astype(np.float32)
        quad = approx if len(approx) == 4 else rect
        qarea = abs(cv2.contourArea(quad))
        if qarea <= 0:
            continue
        fill = area / qarea
        short, long_ = sorted(_sides(_order(quad)))
        aspect = long_ / max(short, 1e-6)
        found.append((_order(quad), fill, aspect))
    cards: list[Quad] = []
    clean_areas = []
    for quad, fill, aspect in found:
        qarea = abs(cv2.contourArea(quad))
        ok = (opts.aspect[0] <= aspect <= opts.aspect[1] and fill >= opts.min_fill
              and qarea >= opts.min_card * frame_area)
        if ok:
            clean_areas.append(qarea)
    typical = float(np.median(clean_areas)) if clean_areas else 0.0
    for quad, fill, aspect in found:
        qarea = abs(cv2.contourArea(quad))
        clean = (opts.aspect[0] <= aspect <= opts.aspect[1] and fill >= opts.min_fill
                 and qarea >= opts.min_card * frame_area)
        if not clean:
            # a card with a hand over part of it: card-sized, mostly filled
            if not (typical and 0.45 * typical <= qarea <= 1.4 * typical and fill >= 0.55
                    and aspect <= 2.6):
                continue
        full = (quad + 0.5) * np.float32([fx, fy]) - 0.5
        cards.append(Quad(full.astype(np.float32), clean))
    return cards
