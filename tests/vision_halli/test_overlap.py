"""Cards found overlapping (tableref/vision/halli/overlap.py): the card whose edge is gone
under the other is underneath; two outlines that only meet are neither."""

from __future__ import annotations

import math

import cv2
import numpy as np

from tableref.vision.halli.overlap import underneath


def _quad(cx: float, cy: float, w: float, h: float, a: float) -> np.ndarray:
    ca, sa = math.cos(a), math.sin(a)
    return np.array([(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in
                     [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]],
                    np.float32)


def _lay(frame: np.ndarray, q: np.ndarray) -> None:
    """A white card with its rim, drawn over what lies there."""
    pts = np.round(q * 16).astype(np.int32)
    cv2.fillConvexPoly(frame, pts, (235, 238, 240), cv2.LINE_AA, shift=4)
    cv2.polylines(frame, [pts], True, (150, 150, 150), 2, cv2.LINE_AA, shift=4)


def test_the_card_thrown_on_top_keeps_its_reading_the_one_below_does_not() -> None:
    for angle in (0.3, 0.7, 1.2):
        frame = np.full((480, 640, 3), (40, 90, 50), np.uint8)
        below = _quad(280, 240, 100, 150, 0.1)
        above = _quad(340, 230, 100, 150, angle)
        _lay(frame, below)
        _lay(frame, above)
        assert underneath(frame, [below, above]) == {0}, angle
        assert underneath(frame, [above, below]) == {1}, angle


def test_cards_side_by_side_whose_outlines_meet_are_both_read() -> None:
    """Two cards laid edge to edge, each outline found 3 px too large (a refined outline's
    slack): the outlines overlap by a sliver, and both edges show all along."""
    frame = np.full((480, 640, 3), (40, 90, 50), np.uint8)
    a, b = _quad(250, 240, 100, 150, 0.0), _quad(352, 240, 100, 150, 0.0)
    _lay(frame, a)
    _lay(frame, b)
    assert underneath(frame, [_quad(250, 240, 106, 156, 0.0),
                              _quad(352, 240, 106, 156, 0.0)]) == set()
    assert underneath(frame, [a, _quad(600, 100, 60, 90, 0.0)]) == set()  # apart
