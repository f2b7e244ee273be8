"""Cut a card out of the frame into a small upright canonical image."""

from __future__ import annotations

import cv2
import numpy as np

Image = np.ndarray

CARD_SIZE = (64, 96)  # (width, height) of a rectified card, portrait
CARD_MARGIN = 0.05  # of the card's size, each side: trimmed off a rectified card (its
# printed margin, and an outline a little off)


def rectify(frame: Image, corners: np.ndarray, size: tuple[int, int] = CARD_SIZE,
            margin: float = CARD_MARGIN) -> Image:
    """The card inside `corners` (TL, TR, BR, BL; TL->TR a short side) as a size image.

    `margin` trims that fraction off every side so the table never shows at the edges.
    """
    w, h = size
    mx, my = margin * w, margin * h
    dst = np.asarray([[-mx, -my], [w + mx, -my], [w + mx, h + my], [-mx, h + my]], np.float32)
    m = cv2.getPerspectiveTransform(np.asarray(corners, np.float32), dst)
    return cv2.warpPerspective(frame, m, (w, h), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


# A rectified card with a ring of what lies round it: SURROUND_SIZE pixels, the card
# (trimmed by the default margin) being the CARD_SIZE window at SURROUND_OFFSET.
SURROUND_OFFSET = (8, 12)
SURROUND_SIZE = (CARD_SIZE[0] + 2 * SURROUND_OFFSET[0], CARD_SIZE[1] + 2 * SURROUND_OFFSET[1])


def outline_at(offset: tuple[int, int] = SURROUND_OFFSET, size: tuple[int, int] = CARD_SIZE,
               margin: float = CARD_MARGIN) -> tuple[float, float]:
    """Where the card's own outline lies in a surround image whose card window (`size`,
    trimmed by `margin` on every side) is at `offset`: (x, y), pixels in from its left
    and top edges."""
    (ox, oy), (w, h) = offset, size
    return ox - margin * w / (1 - 2 * margin), oy - margin * h / (1 - 2 * margin)


def rectify_surround(frame: Image, corners: np.ndarray, margin: float = CARD_MARGIN) -> Image:
    """The card and a ring round it; the card is `inner(...)` of the result."""
    edge = outline_at(margin=margin)[0]
    return rectify(frame, corners, SURROUND_SIZE, margin=-edge / SURROUND_SIZE[0])


def inner(surround: Image) -> Image:
    """The card window of a `rectify_surround` image."""
    ox, oy = SURROUND_OFFSET
    return surround[oy:oy + CARD_SIZE[1], ox:ox + CARD_SIZE[0]]


def beyond_frame(corners: np.ndarray, shape: tuple[int, ...],
                 margin: float = CARD_MARGIN) -> Image | None:
    """Where the card window (`rectify`'s, CARD_SIZE) lies beyond the frame's edge (True),
    or None when the whole card is in the frame: `rectify` fills that part with the
    frame's edge pixels repeated, which is no part of the card."""
    h, w = shape[:2]
    q = np.asarray(corners, np.float64).reshape(4, 2)
    if (q >= 0).all() and (q[:, 0] <= w - 1).all() and (q[:, 1] <= h - 1).all():
        return None
    cw, ch = CARD_SIZE
    mx, my = margin * cw, margin * ch
    dst = np.asarray([[-mx, -my], [cw + mx, -my], [cw + mx, ch + my], [-mx, ch + my]],
                     np.float32)
    back = cv2.getPerspectiveTransform(dst, q.astype(np.float32))
    xs, ys = np.meshgrid(np.arange(cw, dtype=np.float32) + 0.5,
                         np.arange(ch, dtype=np.float32) + 0.5)
    pts = cv2.perspectiveTransform(np.stack([xs, ys], axis=-1).reshape(-1, 1, 2), back)
    px, py = pts[:, 0, 0].reshape(ch, cw), pts[:, 0, 1].reshape(ch, cw)
    out = (px < 0) | (py < 0) | (px > w - 1) | (py > h - 1)
    return out if out.any() else None
