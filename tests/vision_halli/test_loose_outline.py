"""A whole card read through an outline turned a little off its edge: a wedge of table in
its margin is no hand across it, so a deck's own layout (not the same turned half round)
is read; what crosses the margin and goes on into the card still leaves it unknown."""

import numpy as np
import pytest

from tableref.vision.halli.codes import fruit_code
from tableref.vision.halli.read import BORDER, read_card
from tableref.vision.halli.rectify import CARD_SIZE
from tableref.vision.synth.halli_decks import Deck, random_deck

from .test_read import seen

W, H = CARD_SIZE
TABLE = (150, 110, 40)  # a blue cloth, balanced


def _card(code: str, layout: str, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    deck = random_deck(rng, "flat")
    return seen(Deck(**{**deck.__dict__, "layout": layout}).card(code, rng), 0.0)


def _wedge(card: np.ndarray, deepest: float) -> np.ndarray:
    """The table in the top margin, `deepest` px at the left end, none at the right."""
    out = card.copy()
    for x in range(W):
        out[: round(deepest * (1 - x / W)), x] = TABLE
    return out


@pytest.mark.parametrize(("code", "layout"), [("SSS", "triangle"), ("BBL", "zigzag"),
                                              ("BPPS", "zigzag")])
def test_a_wedge_of_table_in_the_margin_is_no_hand(code: str, layout: str) -> None:
    card = _card(code, layout, 3)
    assert read_card(card, outlined=True).counts is not None  # the card itself reads
    loose = _wedge(card, BORDER + 1.5)
    r = read_card(loose, outlined=True)
    assert r.kind == "fruit" and r.counts is not None and fruit_code(r.counts) == code, r.why


def test_what_crosses_the_margin_into_the_card_still_makes_it_unknown() -> None:
    card = _card("SSS", "triangle", 3)
    arm = card.copy()
    arm[: 3 * BORDER, W // 2 - 6: W // 2 + 6] = (90, 120, 190)  # skin, three margins deep
    assert read_card(arm, outlined=True).kind == "unknown"
