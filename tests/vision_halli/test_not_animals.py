"""Fruits are never taken for an animal's picture: a fruit too big for the outline round
it (part of a card), fruits printed touching. Unknown at worst."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from tableref.vision.halli.read import read_card
from tableref.vision.synth.halli_decks import TUNED, random_deck

from .test_read import seen


def _part_kinds(seeds: range) -> list[str]:
    kinds = []
    for family in TUNED:
        for seed in seeds:
            rng = np.random.default_rng(seed)
            deck = random_deck(rng, family)
            for code in ("S", "L", "P", "B", "SS", "LL", "PP"):
                img = deck.card(code, rng)
                h, w = img.shape[:2]
                for part in (img[:h // 2], img[h // 2:], img[:, :w // 2], img[h // 4:3 * h // 4]):
                    kinds.append(read_card(seen(cv2.resize(part, (w, h)), 0.2)).kind)
    return kinds


def test_part_of_a_card_round_one_fruit_is_not_an_animal() -> None:
    """An outline round part of a card (a half, a middle band; warped to a whole card's
    shape as the reader sees it) holds one fruit big for it: before, 11 of these 1008
    were called animals (one patch over 17 % of the card); now one round part of a
    fruit's colours, no longer than a fruit, is a fruit. Seeds 5 and 7 of the outlined
    family are the known exception below."""
    kinds = _part_kinds(range(5)) + _part_kinds(range(8, 12))
    assert "animal" not in kinds
    assert kinds.count("unknown") < len(kinds)


@pytest.mark.xfail(strict=True, reason=(
    "known: the left half of a card warped to a whole card's shape stretches its plum to "
    "three quarters of the card's width, longer than any fruit: still called a picture"))
def test_a_plum_stretched_across_a_part_card_is_not_an_animal() -> None:
    assert "animal" not in _part_kinds(range(5, 8))


CHAIN = [("outlined", 3), ("shaded", 2),
         pytest.param("flat", 0, marks=pytest.mark.xfail(strict=True, reason=(
             "known: plums printed overlapping in a triangle make one patch of one colour "
             "too big for a fruit, read as a picture")))]


@pytest.mark.parametrize(("family", "seed"), CHAIN)
def test_plums_printed_touching_are_not_an_animal(family: str, seed: int) -> None:
    """Three plums a third bigger, touching in a row: one ink patch too big for a fruit,
    called an animal before; their colour comes apart at their outlines into three
    fruit-sized parts, and the card is unknown (or read)."""
    rng = np.random.default_rng(seed)
    deck = replace(random_deck(rng, family), fruit_scale=1.3)
    for code in ("BLL", "PPP", "SSS", "LLL", "BBS", "PS", "SL", "BBPP"):
        r = read_card(seen(deck.card(code, rng), 0.2), outlined=True)
        assert r.kind in ("fruit", "unknown"), (code, deck.layout, r)
