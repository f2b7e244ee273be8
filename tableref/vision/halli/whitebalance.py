"""White balance a card from its own white paper."""

from __future__ import annotations

import cv2
import numpy as np

Image = np.ndarray

TARGET_WHITE = 235.0


def paper_white(card: Image) -> np.ndarray:
    """The colour of the card's paper: the mean of its brightest quarter of pixels.

    Fruits cover at most about a third of a card, and a hand over it is darker than
    the paper, so the brightest quarter is paper.
    """
    lum = cv2.transform(card, np.ones((1, 3), np.float32) / 3)
    k = (3 * lum.size) // 4
    cut = np.partition(lum.reshape(-1), k)[k]
    sel = (lum >= cut).astype(np.uint8)
    white = np.array(cv2.mean(card, mask=sel)[:3], np.float64)
    return np.maximum(white, 1.0)


def balance(card: Image, white: np.ndarray | None = None) -> Image:
    """The card scaled per channel so its paper is neutral and bright."""
    w = paper_white(card) if white is None else white
    gains = TARGET_WHITE / w
    return cv2.transform(card, np.diag(gains).astype(np.float32))
