"""One turtle's area as the frame shows it (count.footprint): where a rim mixing with the
table makes every shell's blob larger than 1.25 discs, the blobs that agree on their area
give it; a turtle lying on another among a few singles does not."""

import math

import numpy as np

from tableref.vision.nelly.count import count_turtles, footprint
from tableref.vision.nelly.domes import Blob
from tableref.vision.synth.nelly_parts import DEV_BROAD
from tableref.vision.synth.nelly_scene import random_scene

R1 = 12.0
DISC = math.pi * (R1 + 1.0) ** 2


def _blob(discs: float, radius: float = R1) -> Blob:
    """A stand-in blob: only its area and inscribed radius matter to footprint."""
    window = np.ones((2, 2), bool)
    return Blob((0, 0), window, round(discs * DISC), radius, np.zeros((2, 2), np.float32))


def test_shells_whose_rims_mix_with_the_table_give_their_own_area() -> None:
    """Eight lone shells of 1.25-1.36 discs (development scene 5159: a red cloth in a dim
    room): 0 before (fewer than three blobs under 1.25 discs), and every shell was read as
    'turtles lying on each other'."""
    areas = [1.25, 1.26, 1.28, 1.29, 1.29, 1.3, 1.35, 1.36]
    got = footprint([_blob(a) for a in areas], R1)
    assert abs(got / DISC - float(np.median(areas))) < 0.01


def test_a_few_singles_and_stacks_give_no_area() -> None:
    """Two singles (1.03, 1.16) and two close stacks (1.36, 1.37; stack-heavy development
    scene 30105): they do not agree, no footprint (the disc of the radius is used)."""
    assert footprint([_blob(a) for a in (1.03, 1.16, 1.36, 1.37)], R1) == 0.0
    # nor five that spread from a single's area to a stack's
    assert footprint([_blob(a) for a in (1.1, 1.27, 1.3, 1.35, 1.39)] + [_blob(1.05, 8.0)],
                     R1) == 0.0


def test_the_usual_footprint_is_unchanged() -> None:
    """Three or more blobs of 0.8-1.25 discs: their median, as before."""
    got = footprint([_blob(a) for a in (1.0, 1.1, 1.2, 1.38, 1.39)], R1)
    assert abs(got / DISC - 1.1) < 0.01


def test_a_dim_red_cloths_lone_shells_are_counted() -> None:
    """Development scene 5159 (a red cloth in a dim room, 0.54 of the light): players 1-3
    were unsure ('turtles lying on each other'), every lone shell's blob 1.25-1.36 discs."""
    scene = random_scene(np.random.default_rng(5159), DEV_BROAD)
    seen = count_turtles(scene.image, scene.zones, still=scene.still)
    for k in (1, 2, 3):
        assert scene.truth[k].stacks == 0
        assert not seen[k].unsure, seen[k].why
        assert seen[k].counts == scene.truth[k].counts
