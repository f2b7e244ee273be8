"""A pile whose lower cards lie askew and peek out round the top card: the pile is one
blob of paper, but the top card's outline (its edge, its shadow on the cards below) is
whole. With the frame's other cards giving the cards' size, it is found, and read."""

from dataclasses import replace

import numpy as np

from tableref.vision.halli.recognise import Recogniser
from tableref.vision.synth.halli_cards import FRUITS_CODES_FOR_TESTS, card_image, random_style
from tableref.vision.synth.halli_wild import QUIET, wild_scene

MESSY = replace(QUIET, surfaces=("plain", "wood", "felt", "dots"), messy=0.5, depth=(2, 3))


def _messy_tops(scenes: int) -> tuple[int, int, int, list[tuple[int, str, str | None]]]:
    """(top cards, found, right, wrong reads) over `scenes` tables of four piles."""
    cards = found = right = 0
    wrong = []
    for seed in range(scenes):
        rng = np.random.default_rng([77, seed])
        style = random_style(rng)
        codes = [str(c) for c in rng.choice(FRUITS_CODES_FOR_TESTS, 4, replace=False)]
        under = [card_image(c, style, rng) for c in ("BB", "PL", "SSS", "L", "BPS")]
        scene = wild_scene([(c, card_image(c, style, rng)) for c in codes], rng, MESSY, under)
        seen = Recogniser()(scene.image)
        for truth in scene.cards:
            if truth.visible < 0.999:
                continue
            cards += 1
            mine = [c for c in seen if scene.card_at(c.center) is truth]
            found += bool(mine)
            right += any(c.code == truth.code for c in mine)
            wrong += [(seed, truth.code, c.code) for c in mine
                      if c.kind == "fruit" and c.code != truth.code]
    return cards, found, right, wrong


def test_the_top_card_of_a_messy_pile_is_found() -> None:
    """30 tables of four piles, half of them messy (two or three cards askew under the
    top one): 108 top cards. Before the top card was fitted by its edges: 77 found, 55
    read right; today 81 and 62 (the fitted outline is the card's own, not the pile's).
    One read is wrong before and after (BPPLL read BPPSLL, a strawberry of a lower card
    inside the outline: the known failure of #11's closing notes); no other may be."""
    cards, found, right, wrong = _messy_tops(30)
    assert cards == 108
    assert len(wrong) <= 1, wrong
    assert found >= 80, found
    assert right >= 61, right
