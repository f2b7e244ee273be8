"""A single turtle whose core spills a little over the middle to the next paint is one
turtle, not two of two colours (domes.read_blob, clear_masks); a second turtle's paint in
the core, clearly the other paint, still makes the blob unsure."""

import numpy as np
import pytest

from tableref.vision.nelly import count_turtles
from tableref.vision.nelly.domes import clear_masks, paint_masks
from tableref.vision.nelly.material import ORANGE_YELLOW, PAINT_HUE, RED_ORANGE
from tableref.vision.synth.nelly_parts import DEV_BROAD
from tableref.vision.synth.nelly_scene import random_scene

from .nelly_dev import assert_singles_counted


def test_a_hue_near_the_middle_is_clearly_neither_paint() -> None:
    """Next to the middle between two paints a hue is no paint's clearly; the paints' own
    hues and those well past a middle are."""
    hues = np.asarray([PAINT_HUE["red"], RED_ORANGE + 0.01, RED_ORANGE + 0.08,
                       ORANGE_YELLOW - 0.02, PAINT_HUE["yellow"]], np.float32)
    clear = clear_masks(hues)
    assert clear["red"].tolist() == [True, False, False, False, False]
    assert clear["orange"].tolist() == [False, False, True, False, False]
    assert clear["yellow"].tolist() == [False, False, False, False, True]
    plain = paint_masks(hues)  # split at the middles, every hue is some paint's
    assert (plain["red"] | plain["orange"] | plain["yellow"]).all()


@pytest.mark.parametrize(("seed", "player"), [(5163, 2), (5064, 2), (126, 0)])
def test_single_turtles_spilling_over_the_middle_are_counted(seed: int, player: int) -> None:
    """Development scenes (the broad part) where single turtles' cores hold 6-13 % of the
    next paint's hue, within BETWEEN of the middle (5163: two reds on a pattern, orange
    round a highlight; 5064: an orange on pale wood, 7 % yellow; 126: an orange on wood,
    8 % red), read as turtles of two colours lying on each other: the zone was unsure.
    Each is one turtle."""
    assert_singles_counted(seed, player)


def test_a_red_under_a_yellow_stays_unsure() -> None:
    """Development scene 20023 (a guard): a yellow lying on a red that shows only as a dark
    crescent in the yellow's core (its hue clearly orange, 9 % of the core) and no crescent
    round the rim that the rim test takes: the zone stays unsure, never one yellow."""
    scene = random_scene(np.random.default_rng(20023), DEV_BROAD)
    seen = count_turtles(scene.image, scene.zones, still=scene.still)
    assert scene.truth[0].stacks
    assert seen[0].unsure or seen[0].counts == scene.truth[0].counts, seen[0]
