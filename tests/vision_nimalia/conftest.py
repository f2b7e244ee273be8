import numpy as np
import pytest

from tableref.vision.nimalia.cards import Card
from tableref.vision.nimalia.enrol import Enrolment, enrol_images
from tableref.vision.synth.nimalia_art import draw_cards, synthetic_cards


@pytest.fixture(scope="session")
def cards() -> dict[int, Card]:
    return synthetic_cards(seed=3)


@pytest.fixture(scope="session")
def card_images(cards: dict[int, Card]) -> dict[int, np.ndarray]:
    return draw_cards(cards, seed=3)


@pytest.fixture(scope="session")
def enrolment(cards: dict[int, Card], card_images: dict[int, np.ndarray]) -> Enrolment:
    return enrol_images(cards, card_images)
