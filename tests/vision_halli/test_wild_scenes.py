"""The broad scene generator: every surface draws, the truth lies where the cards are."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from tableref.vision.synth.halli_camera import Camera, kelvin_gains
from tableref.vision.synth.halli_cards import CardStyle, card_image
from tableref.vision.synth.halli_surfaces import HELDOUT_SURFACES, SURFACES, surface
from tableref.vision.synth.halli_wild import FAMILIES, HARD, wild_scene


@pytest.mark.parametrize("kind", SURFACES + HELDOUT_SURFACES)
def test_every_surface_draws(kind: str) -> None:
    img = surface(np.random.default_rng(1), (320, 200), kind)
    assert img.shape == (200, 320, 3) and img.dtype == np.uint8
    assert float(img.std()) > 0.5  # not a flat fill: cloth has texture


def test_an_unknown_surface_is_named() -> None:
    with pytest.raises(ValueError, match="unknown surface 'lava'"):
        surface(np.random.default_rng(1), (10, 10), "lava")


def test_warm_light_is_warm() -> None:
    b, _, r = kelvin_gains(2700)
    assert b < 0.7 * r
    b, _, r = kelvin_gains(6500)
    assert b > r


def test_the_lens_maps_points_as_it_maps_the_image() -> None:
    cam = Camera((320, 200), 300.0, 0.0, 0.0, 0.1)
    ideal = np.zeros((200, 320, 3), np.uint8)
    cv2.circle(ideal, (290, 180), 3, (255, 255, 255), -1)
    seen = cam.distort(ideal)
    ys, xs = np.nonzero(seen[..., 0] > 100)
    got = cam.lens(np.array([[290.0, 180.0]]))[0]
    assert abs(xs.mean() - got[0]) < 1.5 and abs(ys.mean() - got[1]) < 1.5
    assert got[0] < 290 and got[1] < 180  # barrel: drawn in towards the centre


@pytest.mark.parametrize("seed", range(6))
def test_the_truth_is_where_the_card_is(seed: int) -> None:
    """Tilted, distorted, any card size: the card cut out at the true corners is the card."""
    quiet = replace(HARD, hands=0.0, clutter=0, glare=0, motion=0.0, focus=0.0, noise=0.0,
                    jpeg=(95, 95), dim=1.0, uneven=0.0, vignette=0.0, depth=(0, 0), backs=0.0,
                    placemats=0.0, bell=0.0, card_width=(120.0, 300.0))
    art = card_image("BBPS", CardStyle())
    scene = wild_scene([("BBPS", art)], np.random.default_rng(seed), quiet)
    assert len(scene.cards) == 1
    truth = scene.cards[0]
    src = truth.corners.astype(np.float32)
    dst = np.array([[0, 0], [200, 0], [200, 300], [0, 300]], np.float32)
    cut = cv2.warpPerspective(scene.image, cv2.getPerspectiveTransform(src, dst), (200, 300))
    a = cv2.cvtColor(cut, cv2.COLOR_BGR2GRAY).astype(np.float32)[20:-20, 20:-20]
    b = cv2.cvtColor(art, cv2.COLOR_BGR2GRAY).astype(np.float32)[20:-20, 20:-20]
    corr = float(np.corrcoef(a.ravel(), b.ravel())[0, 1])
    assert corr > 0.8, (corr, scene.tags)


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_families_draw_scenes_with_truth(family: str) -> None:
    tops = [(c, card_image(c, CardStyle())) for c in ("BB", "PLL", "S", "pig")]
    for seed in range(3):
        rng = np.random.default_rng(seed)
        scene = wild_scene(tops, rng, FAMILIES[family])
        assert scene.image.shape == (720, 1280, 3)
        assert 1 <= len(scene.cards) <= 4
        assert all(0.0 <= c.visible <= 1.0 for c in scene.cards)
        assert scene.tags["surface"] in SURFACES + HELDOUT_SURFACES
        again = wild_scene(tops, np.random.default_rng(seed), FAMILIES[family])
        assert np.array_equal(scene.image, again.image)  # a seed is a scene
