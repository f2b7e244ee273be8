"""Development scenes of Nelly's broad part, shared by the counter's tests."""

import numpy as np

from tableref.vision.nelly import count_turtles
from tableref.vision.synth.nelly_parts import DEV_BROAD
from tableref.vision.synth.nelly_scene import random_scene


def assert_singles_counted(seed: int, player: int) -> None:
    """The development scene `seed`'s zone `player`, single turtles and no hand over it, is
    counted exactly and surely."""
    scene = random_scene(np.random.default_rng(seed), DEV_BROAD)
    seen = count_turtles(scene.image, scene.zones, still=scene.still)
    truth = scene.truth[player]
    assert not truth.stacks and not truth.hand
    assert not seen[player].unsure, seen[player].why
    assert seen[player].counts == truth.counts
