"""The fruit counter on the project's own cards, in several art styles."""

import cv2
import numpy as np

from tableref.vision.halli.codes import fruit_code
from tableref.vision.halli.fruits import count_fruits
from tableref.vision.halli.rectify import CARD_SIZE
from tableref.vision.halli.whitebalance import balance
from tableref.vision.synth.halli_cards import all_fruit_codes, card_image, random_style


def _as_seen(img: np.ndarray, warm: float) -> np.ndarray:
    small = cv2.resize(img, CARD_SIZE, interpolation=cv2.INTER_AREA).astype(np.float32)
    tinted = small * np.array([1 - warm, 1 - warm / 2, 1.0], np.float32) * 0.8
    return np.asarray(tinted, np.uint8)


def test_every_fruit_card_is_counted_in_warm_light() -> None:
    rng = np.random.default_rng(3)
    wrong = []
    for code in all_fruit_codes():
        card = balance(_as_seen(card_image(code, random_style(rng), rng), warm=0.3))
        got = count_fruits(card)
        if not got.sure or fruit_code(got.counts) != code:
            wrong.append((code, fruit_code(got.counts), got.why))
    assert wrong == []


def test_animals_and_blank_cards_are_not_fruit_cards() -> None:
    for code in ("elephant", "monkey", "pig"):
        assert not count_fruits(balance(_as_seen(card_image(code), 0.0))).sure, code
    blank = np.full((CARD_SIZE[1], CARD_SIZE[0], 3), 235, np.uint8)
    assert not count_fruits(blank).sure
