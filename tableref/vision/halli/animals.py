"""Recognise enrolled cards (the animals, and fruit cards the counter gets wrong).

A card is described by its balanced image shrunk to a tiny colour thumbnail, mean
removed and scaled to unit length; two cards match when their descriptors correlate.
A card lies either way up on the table, so each enrolled card is kept in both turns.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

Image = np.ndarray

THUMB = (16, 24)  # (width, height)


def describe(card: Image) -> np.ndarray:
    """Unit-length descriptor of a balanced, rectified card."""
    t = cv2.resize(card, THUMB, interpolation=cv2.INTER_AREA).astype(np.float32)
    t -= t.reshape(-1, 3).mean(axis=0)
    v = t.reshape(-1)
    return v / max(float(np.linalg.norm(v)), 1e-6)


def both_ways(card: Image) -> list[np.ndarray]:
    """Descriptors of the card as it is and turned half round."""
    return [describe(card), describe(cv2.rotate(card, cv2.ROTATE_180))]


@dataclass(frozen=True)
class Match:
    code: str
    score: float  # correlation with the best enrolled image
    margin: float  # how much better than the best other code


def best_match(desc: np.ndarray, codes: list[str], table: np.ndarray) -> Match | None:
    """The enrolled code whose descriptor correlates best with `desc`."""
    if not codes:
        return None
    scores = table @ desc
    order = np.argsort(-scores)
    best = int(order[0])
    other = next((float(scores[i]) for i in order[1:] if codes[i] != codes[best]), -1.0)
    return Match(codes[best], float(scores[best]), float(scores[best]) - other)
