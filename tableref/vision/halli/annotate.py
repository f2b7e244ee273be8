"""Draw recognised cards on a copy of the frame: outlines and codes."""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from tableref.vision.halli.recognise import SeenCard

Image = np.ndarray

COLOURS = {"fruit": (60, 200, 60), "animal": (230, 160, 30), "unknown": (40, 40, 230)}


def annotate(frame: Image, cards: Sequence[SeenCard]) -> Image:
    """A copy of `frame` with each card's outline and code ("?" when unknown)."""
    out = frame.copy()
    for card in cards:
        colour = COLOURS.get(card.kind, (200, 200, 200))
        pts = np.round(np.array(card.corners)).astype(np.int32)
        cv2.polylines(out, [pts], True, colour, 2, cv2.LINE_AA)
        text = card.code if card.kind != "unknown" and card.code else "?"
        cx, cy = int(card.center[0]), int(card.center[1])
        (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, 0.7, 2)
        org = (cx - tw // 2, cy + th // 2)
        cv2.rectangle(out, (org[0] - 3, org[1] - th - 3), (org[0] + tw + 3, org[1] + 4),
                      (0, 0, 0), -1)
        cv2.putText(out, text, org, cv2.FONT_HERSHEY_SIMPLEX, 0.7, colour, 2, cv2.LINE_AA)
    return out
