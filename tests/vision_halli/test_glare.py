"""Cards under a warm lamp with glares of a second, white light on the table: the
glare's core is clipped white by the sensor whatever the lamp's colour, so the light's
colour is taken from the brightest pixels that are not clipped (when the frame's
brightest explain too few cards)."""

from dataclasses import replace

import numpy as np

from tableref.vision.halli.recognise import Recogniser
from tableref.vision.synth.halli_decks import random_deck
from tableref.vision.synth.halli_scene import Scene
from tableref.vision.synth.halli_wild import QUIET, wild_scene

CODES = ["SSS", "BBB", "LLL", "PPP", "BBBBB", "PPSSS", "BLL", "PPPSS", "BL", "SSLL"]
PLAIN = replace(QUIET, surfaces=("plain",))
WARM = np.array([0.78, 0.92, 1.0], np.float32)  # BGR: a warm lamp on white paper


def _glare_scene(seed: int) -> tuple[np.ndarray, Scene]:
    rng = np.random.default_rng(seed)
    deck = random_deck(rng, "flat")
    codes = [str(c) for c in rng.permutation(CODES)[:5]]
    scene = wild_scene([(c, deck.card(c, rng)) for c in codes], rng, PLAIN)
    img = scene.image.astype(np.float32) * WARM
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    for _ in range(2):  # a glare: clipped at its core
        cx, cy = rng.uniform(0.2, 0.8) * w, rng.uniform(0.2, 0.8) * h
        img += 400 * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * 50.0 ** 2))[..., None]
    return np.clip(img, 0, 255).astype(np.uint8), scene


def test_cards_under_a_warm_lamp_with_glares_are_found_and_never_read_wrong() -> None:
    """Before, 23 of these 60 cards were found; 26 today (the rest: the glares' halos
    tint the paper near them, which one light's colour cannot explain)."""
    found, wrong = 0, []
    for seed in range(12):
        img, scene = _glare_scene(seed)
        for card in Recogniser()(img):
            truth = scene.card_at(card.center)
            if truth is None:
                continue
            found += 1
            if card.kind == "fruit" and card.code != truth.code:
                wrong.append((seed, truth.code, card.code))
    assert not wrong, wrong
    assert found >= 25, found
