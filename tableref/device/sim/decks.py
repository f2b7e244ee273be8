"""The simulated table's decks, as a user would enrol them: the Halli animals drawn in the
renderer's style, the Nimalia cards the project draws. (vision/synth, imported on use.)"""

from __future__ import annotations

from typing import Any

RENDER_SEED = 7  # the simulated table's look (table, light, card art)
NIMALIA_ART_SEED = 3  # the project's drawn Nimalia cards the simulated table uses


def halli_enrolment(seed: int = RENDER_SEED) -> Any:
    """What a user would enrol for the simulated table's deck: its three animals."""
    import numpy as np

    from tableref.vision.halli.codes import ANIMALS
    from tableref.vision.halli.enrol import Enrolment, card_from_photo
    from tableref.vision.synth.halli_cards import card_image, random_style

    style = random_style(np.random.default_rng(seed))
    enrolment = Enrolment()
    for animal in sorted(ANIMALS):
        enrolment.add(animal, card_from_photo(card_image(animal, style), animal))
    return enrolment


def nimalia_deck(seed: int = NIMALIA_ART_SEED) -> tuple[dict[int, Any], dict[int, Any]]:
    """The simulated table's Nimalia cards: the game's 60 cards (so that the rounds a
    player photographs can be checked against the placement rules) drawn in the project's
    art; (cards, images by id)."""
    from tableref.vision.synth.nimalia_art import draw_cards, game_cards

    cards = game_cards()
    return cards, draw_cards(cards, seed=seed)


def nimalia_enrolment(seed: int = NIMALIA_ART_SEED) -> Any:
    """The simulated table's Nimalia cards, enrolled."""
    from tableref.vision.nimalia.enrol import enrol_images

    return enrol_images(*nimalia_deck(seed))
