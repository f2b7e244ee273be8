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
