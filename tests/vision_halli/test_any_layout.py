"""Fruit decks whose layouts are not the same turned half round (a zigzag, a triangle):
a card whose edge nothing crosses is read however its fruits are laid out; with a hand
over it, it is never read wrong."""

from dataclasses import replace

import numpy as np
import pytest

from tableref.vision.halli.recognise import Recogniser
from tableref.vision.synth.halli_decks import random_deck
from tableref.vision.synth.halli_wild import QUIET as NOTHING_ELSE
from tableref.vision.synth.halli_wild import Conditions, wild_scene

QUIET = replace(NOTHING_ELSE, surfaces=("plain", "wood"))
HANDS = replace(QUIET, hands=1.0, most_hands=3)
CODES = ["SSS", "BBB", "LLL", "PPP", "BBBBB", "PPSSS", "BLL", "PPPSS"]


def _read(layout: str, cond: Conditions, seeds: range,
          scale: float = 1.0) -> tuple[int, int, list[object]]:
    read = shown = 0
    wrong = []
    for seed in seeds:
        rng = np.random.default_rng(seed)
        deck = replace(random_deck(rng, "flat"), layout=layout, border=None, fruit_scale=scale)
        codes = [str(c) for c in rng.permutation(CODES)[:5]]
        scene = wild_scene([(c, deck.card(c, rng)) for c in codes], rng, cond)
        shown += len(codes)
        for card in Recogniser()(scene.image):
            truth = scene.card_at(card.center)
            if truth is None or card.kind != "fruit":
                continue
            if card.code == truth.code:
                read += 1
            else:
                wrong.append((seed, truth.code, card.code, round(truth.visible, 2)))
    return read, shown, wrong


@pytest.mark.parametrize("layout", ["zigzag", "triangle"])
def test_cards_of_any_layout_are_read(layout: str) -> None:
    """Before, the reader asked every layout to be the same turned half round and left
    such cards unknown: 0 of these 50 zigzag cards read, 16 of the triangles. A card is
    read whatever its layout once its outline is a whole card's (the size and shape the
    frame's cards agree on, its edge all round) with nothing across its edge: 28 and 34
    today; the same scenes' dice cards: 47 (piles and perspective make the rest)."""
    read, shown, wrong = _read(layout, QUIET, range(10))
    assert not wrong, wrong
    assert read >= 0.5 * shown, (read, shown)


@pytest.mark.parametrize("layout", [
    "zigzag", "triangle",
    pytest.param("dice", marks=pytest.mark.xfail(strict=True, reason=(
        "known bug, older than the layout change (it fails with it undone): a pale sleeve "
        "the paper's colour over a dice five's corner leaves four fruits the layout test "
        "accepts, and PPPSS is read PPPS; nothing sees the sleeve"))),
])
def test_cards_of_any_layout_under_hands_are_never_read_wrong(layout: str) -> None:
    _, _, wrong = _read(layout, HANDS, range(12))
    assert not wrong, wrong


def test_cards_whose_fruits_come_near_their_edge_are_read() -> None:
    """Bigger fruits (a fifth bigger) come into the paper margin the reader trims off
    the card. The layout test was kept on for any fruit touching the trimmed window, and
    9 of these 50 zigzag cards were read; now only a fruit that runs on to the card's
    outline keeps it (one the outline cuts): 26 are read."""
    read, shown, wrong = _read("zigzag", QUIET, range(10), 1.25)
    assert not wrong, wrong
    assert read >= 0.4 * shown, (read, shown)


def test_bigger_triangle_cards_are_never_read_wrong() -> None:
    """An outline round three quarters of a triangle-layout BBB card left two bananas'
    slivers at its side, taken for the card below, and one banana near the centre that
    every layout test accepts: it was read B. A sliver of a fruit's colour whose fruit
    runs on beyond the outline now leaves the card unknown."""
    _, _, wrong = _read("triangle", QUIET, range(10), 1.25)
    assert not wrong, wrong
