"""White balance a card from its own white paper."""

from __future__ import annotations

import numpy as np

Image = np.ndarray

TARGET_WHITE = 235.0


def paper_white(card: Image) -> np.ndarray:
    """The colour of the card's paper: the mean of its brighter half of pixels.

    Fruits cover at most about a third of a card, so the brighter half is paper.
    """
    px = card.reshape(-1, 3).astype(np.float32)
    lum = px.sum(axis=1)
    cut = np.partition(lum, len(lum) // 2)[len(lum) // 2]
    white = px[lum >= cut].mean(axis=0)
    return np.maximum(white, 1.0)


def balance(card: Image, white: np.ndarray | None = None) -> Image:
    """The card scaled per channel so its paper is neutral and bright."""
    w = paper_white(card) if white is None else white
    gains = np.float32(TARGET_WHITE) / w.astype(np.float32)
    out = card.astype(np.float32) * gains
    return np.clip(out, 0, 255).astype(np.uint8)
