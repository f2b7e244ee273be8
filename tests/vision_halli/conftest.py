"""Shared fixtures: the project's own card art and an enrolment of its animals."""

from __future__ import annotations

import numpy as np
import pytest

from tableref.vision.halli.codes import ANIMALS
from tableref.vision.halli.enrol import Enrolment, card_from_photo
from tableref.vision.synth.halli_cards import CardStyle, card_image
from tableref.vision.synth.halli_scene import SceneOptions, compose_scene

EASY = SceneOptions(hand=0.0, noise=2.0, blur=0.5, uneven=0.2, warm=0.2)


@pytest.fixture(scope="session")
def enrolment() -> Enrolment:
    """The own animal cards, each taught from one photo of it alone on a table."""
    rng = np.random.default_rng(7)
    enrolment = Enrolment()
    for animal in ANIMALS:
        photo = compose_scene([(animal, card_image(animal, CardStyle()))], rng,
                              SceneOptions(bell=False, hand=0.0, pile_depth=(0, 0)))
        enrolment.add(animal, card_from_photo(photo.image, animal))
    return enrolment
