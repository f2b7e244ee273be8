"""Cut a card out of the frame into a small upright canonical image."""

from __future__ import annotations

import cv2
import numpy as np

Image = np.ndarray

CARD_SIZE = (64, 96)  # (width, height) of a rectified card, portrait


def rectify(frame: Image, corners: np.ndarray, size: tuple[int, int] = CARD_SIZE,
            margin: float = 0.05) -> Image:
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


def rectify_surround(frame: Image, corners: np.ndarray, margin: float = 0.05) -> Image:
    """The card and a ring round it; the card is `inner(...)` of the result."""
    per_card = CARD_SIZE[0] / (1 - 2 * margin)  # pixels per card width
    edge = SURROUND_OFFSET[0] - margin * per_card  # where the card's edge falls
    return rectify(frame, corners, SURROUND_SIZE, margin=-edge / SURROUND_SIZE[0])


def inner(surround: Image) -> Image:
    """The card window of a `rectify_surround` image."""
    ox, oy = SURROUND_OFFSET
    return surround[oy:oy + CARD_SIZE[1], ox:ox + CARD_SIZE[0]]
