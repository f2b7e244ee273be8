"""A shell whose lamp's highlight reaches its rim (next to the die, a low lamp): the blob is
read again with its highlight (tableref/vision/nelly/sheen.py)."""

import numpy as np
import pytest

from tableref.vision.nelly import count_turtles
from tableref.vision.nelly.sheen import _repainted
from tableref.vision.synth.nelly_parts import DEV_BROAD
from tableref.vision.synth.nelly_scene import random_scene

from .nelly_dev import assert_singles_counted


@pytest.mark.parametrize(("seed", "player"), [(158, 0), (22, 2)])
def test_a_turtle_its_highlight_opened_is_counted(seed: int, player: int) -> None:
    """Development scenes (the broad part) where a red turtle lies against the die and its
    highlight reaches the die's edge (158: on a print, its paint a crescent; 22: on a light
    cloth), read as a thin red bit, and the zone was unsure. With its highlight it is one
    turtle."""
    assert_singles_counted(seed, player)


def test_white_stays_out_of_a_highlight() -> None:
    """Paint with the lamp's white added is paint again once the white is taken away; the
    die's white face, a grey, stays neutral and is no highlight."""
    px = np.asarray([[150, 140, 255],  # a red shell's highlight
                     [120, 230, 255],  # a yellow shell's highlight
                     [235, 235, 240],  # the die's white face
                     [128, 128, 128]], np.float32)  # a grey
    assert _repainted(px, 0.0, 0.0).tolist() == [True, True, False, False]


def test_no_piece_is_made_whole_where_the_frame_shows_no_turtles_size() -> None:
    """Development scene 5129 (seed set 5001; a green felt in a dim room): no lone shell
    shows one turtle's area, so its size is the plants' proportions' guess (twice its
    area: a turtle lying on another reads as one). A red piece whose highlight it
    lacks, made whole, left that zone sure and a red short; it stays unsure."""
    scene = random_scene(np.random.default_rng(5129), DEV_BROAD)
    seen = count_turtles(scene.image, scene.zones, still=scene.still)
    assert seen[0].unsure or seen[0].counts == scene.truth[0].counts, seen[0]
