"""A pile whose lower cards lie askew and peek out round the top card: the pile is one
blob of paper, but the top card's outline (its edge, its shadow on the cards below) is
whole. With the frame's other cards giving the cards' size, it is found, and read."""

from dataclasses import replace

import numpy as np

from tableref.vision.halli.hint import card_side
from tableref.vision.halli.recognise import Recogniser
from tableref.vision.synth.halli_cards import FRUITS_CODES_FOR_TESTS, card_image, random_style
from tableref.vision.synth.halli_wild import QUIET, wild_scene

MESSY = replace(QUIET, surfaces=("plain", "wood", "felt", "dots"), messy=0.5, depth=(2, 3))


def _messy_tops(scenes: int, known: bool = False
                ) -> tuple[int, int, int, list[tuple[int, str, str | None]]]:
    """(top cards, found, right, wrong reads) over `scenes` tables of four piles; `known`:
    the recogniser knows the cards' size, as a fixed camera's learns it."""
    cards = found = right = 0
    wrong = []
    for seed in range(scenes):
        rng = np.random.default_rng([77, seed])
        style = random_style(rng)
        codes = [str(c) for c in rng.choice(FRUITS_CODES_FOR_TESTS, 4, replace=False)]
        under = [card_image(c, style, rng) for c in ("BB", "PL", "SSS", "L", "BPS")]
        scene = wild_scene([(c, card_image(c, style, rng)) for c in codes], rng, MESSY, under)
        rec = Recogniser()
        if known:
            rec.card_area = float(np.median([card_side(t.corners) ** 2 for t in scene.cards]))
        seen = rec(scene.image)
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


def test_with_the_cards_size_known_no_outline_far_off_it_hides_a_card() -> None:
    """60 tables as above, the cards' size known (a fixed camera learns it): an outline of
    less than 0.45 or more than 2 cards' area (a messy pile's spread, a pale cloth's patch
    taken for paper round the piles, a fragment) is no card, and is dropped before it can
    hide the card it lies on or spans. Before: 173 of 221 top cards found, 133 read right;
    now 175 and 134, the one wrong read the same as above."""
    cards, found, right, wrong = _messy_tops(60, known=True)
    assert cards == 221
    assert len(wrong) <= 1, wrong
    assert found >= 175, found
    assert right >= 134, right
