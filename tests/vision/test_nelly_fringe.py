"""One turtle with a fringe of other hues round it (tableref/vision/nelly/fringe.py)."""

import math

import cv2
import numpy as np

from tableref.vision.nelly.domes import COMPACT, MIN_PART, ONE, ONE_AREA
from tableref.vision.nelly.fringe import fringed_disc
from tableref.vision.synth.nelly_parts import DEV_BROAD
from tableref.vision.synth.nelly_scene import random_scene

R1 = 15.0
SHELL = math.pi * (R1 + 1.0) ** 2


def _fringed(window: np.ndarray, own: np.ndarray) -> bool:
    return fringed_disc(window > 0, own > 0, SHELL, R1, MIN_PART, (ONE[0], ONE_AREA), COMPACT)


def _disc(r: float, at: tuple[int, int] = (40, 40)) -> np.ndarray:
    out = np.zeros((80, 90), np.uint8)
    cv2.circle(out, at, round(r), 1, -1)
    return out


def test_a_shell_ringed_by_its_rims_mixing_is_one_disc() -> None:
    """A shell of its paint (its highlight a hole of another hue) and a rim of mixing 4 px
    wide all round it: one turtle."""
    own = _disc(R1)
    cv2.circle(own, (36, 36), 4, 0, -1)  # the highlight, read in another hue
    assert _fringed(_disc(R1 + 4), own)


def test_a_crescent_on_one_side_or_a_second_shell_of_the_paint_is_no_fringe() -> None:
    """A turtle of another paint under the shell, showing a crescent on one side (a third
    of a radius off: a fifth of a shell), is no fringe; nor is a second shell of the same
    paint under it, 0.8 of a radius off (its paint is then no disc of one turtle)."""
    own = _disc(R1)
    window = own | _disc(R1, (45, 40))
    assert not _fringed(window, own)
    two = _disc(R1) | _disc(R1, (52, 40))
    assert not _fringed(two, two)


def test_a_lone_red_turtle_whose_shaded_rim_mixes_with_its_plant_is_one() -> None:
    """A development scene (the broad part, seed 5048, player 0, a dark cloth in a dim
    room): a lone red turtle on its plant, its shaded rim mixed with the plant's green into
    other hues round most of it; the blob of both was too ragged for one turtle and the
    zone unsure ('red turtles lying on each other'). Its red is one disc of one turtle."""
    from tableref.vision.nelly import count_turtles

    scene = random_scene(np.random.default_rng(5048), DEV_BROAD)
    seen = count_turtles(scene.image, scene.zones, still=scene.still)
    assert scene.truth[0].stacks == 0
    assert not seen[0].unsure, seen[0].why
    assert seen[0].counts == scene.truth[0].counts
