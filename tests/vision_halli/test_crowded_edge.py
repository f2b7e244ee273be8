"""A card alone on the table whose deck prints big fruits close to its edge: less paper
shows in its border band than the finder asks of a card, but its outline stands out
from the table all round. It is found, and read."""

from dataclasses import replace

import numpy as np
import pytest

from tableref.vision.halli.recognise import Recogniser
from tableref.vision.synth.halli_decks import random_deck
from tableref.vision.synth.halli_wild import QUIET, wild_scene

ALONE = replace(QUIET, surfaces=("plain", "wood", "felt"))
CODES = ["SSSSS", "PPPPP", "BBBBL", "SLLLL", "PPSSS", "BBPPL"]


def _lone_cards(scale: float) -> tuple[int, int, list[tuple[int, str, str | None]]]:
    found = right = 0
    wrong = []
    for seed in range(30):
        rng = np.random.default_rng(seed)
        deck = replace(random_deck(rng, "flat"), layout="dice", fruit_scale=scale)
        code = CODES[seed % len(CODES)]
        scene = wild_scene([(code, deck.card(code, rng))], rng, ALONE)
        seen = [c for c in Recogniser()(scene.image) if scene.card_at(c.center) is not None]
        found += len(seen) >= 1
        right += any(c.code == code for c in seen)
        wrong += [(seed, code, c.code) for c in seen if c.kind == "fruit" and c.code != code]
    return found, right, wrong


@pytest.mark.parametrize(("scale", "least"), [(1.0, 29), (1.3, 21)])
def test_a_lone_card_with_fruits_up_to_its_edge_is_found(scale: float, least: int) -> None:
    """30 cards alone, four or five fruits of the deck's size (1.0) and a third bigger
    (1.3). Before, the finder's paper-band test took them for something covered (a hand
    over them) and, with no other card to give a size, dropped them: found 26 and 19;
    today 30 and 23 (read 30 and 22)."""
    found, right, wrong = _lone_cards(scale)
    assert not wrong, wrong
    assert found >= least, found
    assert right >= least - 1, right
