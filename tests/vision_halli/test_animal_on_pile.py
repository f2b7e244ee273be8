"""An animal card printed edge to edge (a coloured picture, no paper border) turned onto a
pile of fruit cards, seen by a fixed camera that knows its empty table and the cards'
size: it is found on the pile and read as an animal (which one unknown without an
enrolment), never as fruits.

The paper masks see only the lower card's paper round it, too little for a pile, and its
sides are darker than the white card below, not brighter: it was not found at all.
Frames are drawn here from the project's own card art (a deck whose animals are
printed edge to edge), with the camera's noise; the table model is learnt from the
empty table as the daemon learns it."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from tableref.vision.halli.hint import TableHint, card_side
from tableref.vision.halli.recognise import Recogniser
from tableref.vision.synth.halli_decks import random_deck
from tableref.vision.synth.halli_scene import paste_card

from .test_table_change import _inside, _learnt, _noisy

SIZE = (1280, 720)
WIDTH = 58.0  # a card's short side, px (as in the kept games at 1280 x 720)


def _quad(center: tuple[float, float], angle: float) -> np.ndarray:
    w, h = WIDTH, 1.5 * WIDTH
    c, s = np.cos(angle), np.sin(angle)
    local = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    return np.asarray(local @ np.array([[c, s], [-s, c]]) + center, np.float32)


def _table(cards: list[tuple[np.ndarray, np.ndarray]], cloth: tuple[int, int, int],
           seed: int) -> tuple[np.ndarray, TableHint]:
    """The frame with the card images laid on a plain cloth in order (the last on top),
    and the hint of a model that learnt the empty cloth first."""
    rng = np.random.default_rng(seed)
    empty = np.empty((SIZE[1], SIZE[0], 3), np.uint8)
    empty[:] = cloth
    model = _learnt(empty, rng)
    top = empty.copy()
    for image, quad in cards:
        paste_card(top, image, quad)
    frame = _noisy(top, rng)
    model.observe(frame, 1.0)
    return frame, TableHint(model.hint().changed, card_side(cards[-1][1]))


def test_an_animal_printed_edge_to_edge_on_a_pile_is_read_as_an_animal() -> None:
    """Each of the three animals, on a pile whose lower card peeks out beside it, on two
    cloths: found there and read "animal" with no code (not found at all before); a fruit
    card alone elsewhere on the table is never read wrong, and no card is found off the
    cards."""
    for n, (animal, cloth) in enumerate([("monkey", (140, 50, 120)), ("pig", (60, 110, 60)),
                                         ("elephant", (140, 50, 120)),
                                         ("monkey", (60, 110, 60))]):
        rng = np.random.default_rng(5 + n)
        deck = replace(random_deck(rng, "flat"), full_bleed_animals=True,
                       picture_bgr=(230, 170, 200))
        pile = (520.0, 380.0)
        top = _quad(pile, -0.25 + 0.15 * n)
        cards = [(deck.card("BLL", rng), _quad((pile[0] - 22, pile[1] + 8), 0.05)),
                 (deck.card("PPS", rng), _quad((800.0, 420.0), 0.4)),
                 (deck.card(animal, rng), top)]
        frame, hint = _table(cards, cloth, 30 + n)
        seen = Recogniser()(frame, hint=hint)
        on_top = [c for c in seen if _inside(c.center, top)]
        assert [(c.kind, c.code) for c in on_top] == [("animal", None)], (animal, seen)
        # the fruit card alone is never read wrong, and nothing is found off the cards
        alone = [c.code for c in seen if _inside(c.center, cards[1][1])]
        assert alone in (["PPS"], [None]), (animal, alone)
        assert all(any(_inside(c.center, q) for _, q in cards) for c in seen), (animal, seen)


def test_a_face_down_stack_beside_a_pile_is_no_animal() -> None:
    """A player's face-down stack (a pattern printed edge to edge, no paper) lying beside
    a pile on a pale table whose colour passes for paper: no card lies under it, so it
    is not taken for a picture on a pile, and no animal is read there."""
    for n, cloth in enumerate([(225, 228, 240), (140, 50, 120)]):
        rng = np.random.default_rng(9 + n)
        deck = random_deck(rng, "flat")
        pile = (520.0, 380.0)
        stack = _quad((pile[0] - WIDTH - 8, pile[1] + 5), 0.08)
        cards = [(deck.card("SLL", rng), _quad(pile, -0.1)),
                 (deck.card("BB", rng), _quad((800.0, 420.0), 0.4)),
                 (deck.back(rng), stack)]
        frame, hint = _table(cards, cloth, 40 + n)
        seen = Recogniser()(frame, hint=hint)
        assert not [c for c in seen if _inside(c.center, stack)], (cloth, seen)
        assert all(c.kind != "animal" for c in seen), (cloth, seen)
