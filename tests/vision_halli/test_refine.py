"""A card found at a quarter of the frame's size has its outline set on its edges."""

from dataclasses import replace

import numpy as np

from tableref.vision.halli.detect import order_corners
from tableref.vision.halli.refine import refine
from tableref.vision.synth.halli_cards import CardStyle, card_image
from tableref.vision.synth.halli_wild import QUIET as NOTHING_ELSE
from tableref.vision.synth.halli_wild import wild_scene

QUIET = replace(NOTHING_ELSE, depth=(0, 0), tilt=0.0, card_width=(110.0, 170.0))


def _error(quad: np.ndarray, truth: np.ndarray) -> float:
    return min(float(np.abs(np.roll(order_corners(quad), k, axis=0) - truth).max())
               for k in range(4))


def test_a_rough_outline_comes_onto_the_cards_edges() -> None:
    """Corners off by up to 6 frame pixels (what a quarter-size finder gives) come back
    to within two or three pixels of the card's true corners (a little outwards, by
    design), on gingham, wood, a light cloth and a plain one. (A card on a pile of white
    cards is a known limit: the side may go out to the lower card's edge.)"""
    rng = np.random.default_rng(5)
    before, after = [], []
    for surface in ("gingham", "wood", "light", "plain"):
        for seed in range(5):
            scene = wild_scene([("BBL", card_image("BBL", CardStyle()))],
                               np.random.default_rng(seed),
                               replace(QUIET, surfaces=(surface,)))
            truth = next((t for t in scene.cards if t.visible >= 0.999), None)
            if truth is None:
                continue
            true_q = order_corners(truth.corners.astype(np.float32))
            rough = true_q + rng.uniform(-6, 6, (4, 2)).astype(np.float32)
            before.append(_error(rough, true_q))
            after.append(_error(refine(scene.image, rough), true_q))
    assert len(after) >= 16
    assert float(np.median(after)) <= 3.0, (before, after)
    assert float(np.mean(after)) <= 0.6 * float(np.mean(before)), (before, after)


def test_an_outline_with_no_edge_near_it_stays_where_it_was() -> None:
    flat = np.full((300, 400, 3), 120, np.uint8)
    quad = np.array([[100, 80], [180, 80], [180, 200], [100, 200]], np.float32)
    assert np.array_equal(refine(flat, quad), quad)
