"""Another card's edge across a card (tableref/vision/halli/crossing.py): a straight edge
running in from the card's border at a slant to its sides is another card over it; the
fruits of the project's own decks, and a printed frame, are none."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tableref.vision.halli.crossing import crossed
from tableref.vision.halli.rectify import CARD_SIZE
from tableref.vision.synth.halli_decks import DRAWN, TUNED

from .test_review_border import _card, _lying_over

CODES = ("B", "BB", "BBBBB", "LLLLL", "BPSL", "PPSS", "BBPPS", "SSSSS", "BLLLL")


def _rectified(img: np.ndarray) -> np.ndarray:
    return np.asarray(cv2.resize(img, CARD_SIZE, interpolation=cv2.INTER_AREA))


@pytest.mark.parametrize("family", TUNED)
def test_a_whole_card_of_any_drawn_deck_is_not_crossed(family: str) -> None:
    fired = [(code, layout, seed) for code in CODES for layout in DRAWN for seed in (1, 2)
             if crossed(_rectified(_card(code, layout, family, seed)))]
    assert fired == []


@pytest.mark.parametrize("family", TUNED)
def test_a_cards_edge_at_a_slant_across_a_corner_is_seen(family: str) -> None:
    """Another card's paper over a corner, its cut edge a grey line at 34 or 46 degrees,
    90 or 130 px deep (of 200 x 300): all four corners, every drawn layout."""
    missed = []
    for layout in DRAWN:
        for corner in range(4):
            for angle, depth in ((0.6, 90), (0.8, 130)):
                img = _lying_over(_card("BPSL", layout, family), corner, angle, depth,
                                  ("line", 6))
                if not crossed(_rectified(img)):
                    missed.append((layout, corner, angle, depth))
    assert missed == []


@pytest.mark.parametrize("family", TUNED)
def test_a_card_thrown_square_across_the_middle_is_seen(family: str) -> None:
    """Another card's paper over the right 40 % of the card, its edge along the card's
    long sides but far from them (a printed frame runs near them)."""
    missed = [layout for layout in DRAWN
              if not crossed(_rectified(_lying_over(_card("BPSL", layout, family), 1, 0.0,
                                                    80, ("line", 6))))]
    assert missed == []
