"""Where each seat's pile lies in the camera's view, until the table says otherwise.

The piles of n players lie on an ellipse around the bell in the middle of the frame, seat 0
nearest the bottom edge (the camera's own side of the table), then clockwise as seen from
above. The referee gives each card it reads to the seat whose place is nearest; the test
scenes (vision/synth) lay their piles out the same way.
"""

from __future__ import annotations

import math


def pile_places(n: int, size: tuple[int, int]) -> list[tuple[float, float]]:
    """Where the piles of n players lie, around the bell in the middle (pixels)."""
    w, h = size
    places = []
    for i in range(n):
        a = math.pi / 2 + 2 * math.pi * i / max(n, 1)
        places.append((w / 2 + 0.36 * w * math.cos(a), h / 2 + 0.3 * h * math.sin(a)))
    return places
