"""A turtle the camera shows only in scraps (tableref/vision/nelly/scraps.py): development
scenes of the broad part (seeds 5001-5200) where a sure count missed one turtle, and the
unit itself on crafted blobs."""

import math

import numpy as np
import pytest

from tableref.vision.nelly import count_turtles
from tableref.vision.nelly.domes import Blob
from tableref.vision.nelly.scraps import scattered_turtle
from tableref.vision.synth.nelly_parts import DEV_BROAD
from tableref.vision.synth.nelly_scene import random_scene


@pytest.mark.parametrize(("seed", "player"), [
    (5062, 3),  # a yellow turtle fallen on an ochre table: a sliver of its rim shows
    (5184, 0),  # a red turtle on a red check beside the die, its plant not found: specks
    (5194, 0),  # an upturned red turtle in a dim room: its paint in noisy pieces
])
def test_a_turtle_seen_only_in_scraps_is_never_a_sure_miss(seed: int, player: int) -> None:
    """Each scrap was too small to be read and was dropped as a speck; together, within one
    turtle's disc, they are a part of a turtle, and the zone was a sure count one short."""
    scene = random_scene(np.random.default_rng(seed), DEV_BROAD)
    seen = count_turtles(scene.image, scene.zones, still=scene.still)
    truth = scene.truth[player]
    assert seen[player].unsure or seen[player].counts == truth.counts, (seen[player],
                                                                         truth.counts)


def _blob(xs: np.ndarray, ys: np.ndarray) -> Blob:
    x0, y0 = int(xs.min()), int(ys.min())
    win = np.zeros((int(ys.max()) - y0 + 1, int(xs.max()) - x0 + 1), bool)
    win[ys - y0, xs - x0] = True
    return Blob((x0, y0), win, int(win.sum()), 1.0, win.astype(np.float32))


def _square(x: int, y: int, side: int) -> Blob:
    ys, xs = np.mgrid[y:y + side, x:x + side]
    return _blob(xs.ravel(), ys.ravel())


def test_scraps_in_one_turtles_disc_add_up_spread_ones_do_not() -> None:
    """Two scraps of 64 px each: a shell of 700 px needs 105 px (MIN_PART) in one disc of
    its radius (15 px). Near each other they hold it; a table's width apart they do not;
    what lies under a counted turtle is left out."""
    shell, radius = 700.0, 15.0
    counted = np.zeros((100, 200), np.uint8)
    near = [_square(20, 20, 8), _square(34, 24, 8)]
    far = [_square(20, 20, 8), _square(120, 60, 8)]
    assert math.pi * radius ** 2 > shell * 0.9
    assert scattered_turtle(near, counted, radius, shell)
    assert not scattered_turtle(far, counted, radius, shell)
    counted[:, 30:50] = 1  # the second scrap lies on a turtle that was counted
    assert not scattered_turtle(near, counted, radius, shell)


def test_the_specks_of_a_plants_notch_and_shadow_are_no_scraps_of_a_turtle() -> None:
    """A development scene (seed 43, player 0, a warm table in a dim room): the table seen
    through the plants' notches and in their shadows falls into orange specks at the
    plants' rims; they are the plants' business, and the red turtle stays counted."""
    scene = random_scene(np.random.default_rng(43), DEV_BROAD)
    seen = count_turtles(scene.image, scene.zones, still=scene.still)
    assert not seen[0].unsure, seen[0].why
    assert seen[0].counts == scene.truth[0].counts
