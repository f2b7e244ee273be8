"""Two turtles of one colour, one lying on the other, counted when both domes show
(tableref/vision/nelly/stacks.py): the blob is the union of two discs of one shell's
radius, and each disc shows the lamp's highlight where a single dome does."""

import math

import cv2
import numpy as np
import pytest

from tableref.vision.nelly import count_turtles
from tableref.vision.nelly.stacks import APART, two_discs
from tableref.vision.synth.nelly_parts import DEV_BROAD
from tableref.vision.synth.nelly_scene import random_scene
from tests.vision.test_nelly_gloss import _table

SINGLES = {"red": 2, "yellow": 1, "orange": 0}  # the other zone of `_table`
ZONE0 = {"red": 1, "yellow": 1, "orange": 3}  # a red, a yellow, an orange, two oranges stacked


def _blurred(lean: float, apart: float, sigma: float) -> tuple[np.ndarray, list]:
    frame, zones = _table(lean, apart)
    return cv2.GaussianBlur(frame, (0, 0), sigma), zones


@pytest.mark.parametrize("lean, apart, sigma", [(3 * math.pi / 4, 0.6, 1.2),
                                                (math.pi / 2, 0.8, 1.6)])
def test_a_turtle_lying_well_off_another_both_domes_lit_is_two(lean: float, apart: float,
                                                               sigma: float) -> None:
    """The upper turtle tipped away from the lower one's highlight: both highlights show,
    the blur merges the two shells' distance-transform peaks (unsure before)."""
    seen = count_turtles(*_blurred(lean, apart, sigma))
    assert not seen[0].unsure and seen[0].counts == ZONE0, seen[0]
    assert not seen[1].unsure and seen[1].counts == SINGLES


def test_a_turtle_lying_nearly_on_another_stays_unsure_whatever_its_lean() -> None:
    """A third of a radius off, one dome hides the other: never a sure count."""
    for lean in np.linspace(0, 2 * math.pi, 8, endpoint=False):
        seen = count_turtles(*_blurred(float(lean), 0.3, 1.6))
        assert seen[0].unsure, (lean, seen[0])


def test_a_stack_whose_lower_highlight_is_hidden_is_never_counted_short() -> None:
    """The upper dome over the lower one's highlight: one highlight shows; counted only
    right, if at all."""
    for lean in (0.0, math.pi / 4, 3 * math.pi / 2, 7 * math.pi / 4):
        for sigma in (1.2, 1.6, 2.0):
            seen = count_turtles(*_blurred(lean, 0.6, sigma))
            assert seen[0].unsure or seen[0].counts == ZONE0, (lean, sigma, seen[0])


def test_two_discs_are_found_where_they_were_drawn() -> None:
    r = 16.0
    for angle in np.linspace(0, math.pi, 5, endpoint=False):
        for d in (0.6 * r, 0.9 * r):
            mask = np.zeros((80, 80), np.uint8)
            a = (40 - 0.5 * d * math.cos(angle), 40 - 0.5 * d * math.sin(angle))
            b = (40 + 0.5 * d * math.cos(angle), 40 + 0.5 * d * math.sin(angle))
            for x, y in (a, b):
                cv2.circle(mask, (round(x), round(y)), round(r), 1, -1)
            fit = two_discs(mask, r)
            assert fit is not None
            (c0, c1), iou = fit
            assert iou > 0.93  # (a drawn circle and a fitted one differ by a ring of pixels)
            assert abs(math.dist(c0, c1) - d) < 0.2 * r, (angle, d, c0, c1)
    one = np.zeros((80, 80), np.uint8)
    cv2.circle(one, (40, 40), round(r), 1, -1)
    fit = two_discs(one, r)
    assert fit is not None and math.dist(*fit[0]) < APART * r


@pytest.mark.parametrize("seed, player", [(5136, 0), (20086, 1), (40026, 1), (40096, 1)])
def test_development_stacks_showing_both_domes_are_counted(seed: int, player: int) -> None:
    """Broad development scenes where a turtle lies well off another of its colour, both
    domes' highlights showing: unsure before, now counted right."""
    scene = random_scene(np.random.default_rng(seed), DEV_BROAD)
    seen = count_turtles(scene.image, scene.zones, still=scene.still)[player]
    truth = scene.truth[player]
    assert truth.stacks >= 1
    assert not seen.unsure and seen.counts == truth.counts, seen
