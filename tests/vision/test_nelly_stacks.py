"""Two turtles of one colour, one lying on the other, counted when both domes show
(tableref/vision/nelly/stacks.py): the blob is the union of two discs of one shell's
radius, and each disc shows the lamp's highlight where a single dome does."""

import math

import cv2
import numpy as np
import pytest

from tableref.vision.nelly import count_turtles
from tableref.vision.nelly.domes import Blob, Paints
from tableref.vision.nelly.light import NEUTRAL
from tableref.vision.nelly.stacks import APART, dome_paints, two_discs, two_domes
from tableref.vision.nelly.zones import Zone
from tableref.vision.synth.nelly_art import Light, draw_dome
from tableref.vision.synth.nelly_parts import DEV_BROAD
from tableref.vision.synth.nelly_scene import random_scene

from .nelly_stack_table import R, paint, stack_table

SINGLES = {"red": 2, "yellow": 1, "orange": 0}  # the other zone
ZONE0 = {"red": 1, "yellow": 1, "orange": 3}  # a red, a yellow, an orange, two oranges stacked


def _blurred(lean: float, apart: float, sigma: float, under: str = "orange",
             top: str = "orange") -> tuple[np.ndarray, list[Zone]]:
    """Two zones of turtles on their plants (as test_nelly_gloss's), blurred by `sigma`;
    in the first a red, a yellow, an orange, and a `top` turtle lying `apart` radii off an
    `under` one, tipped towards `lean`."""
    frame, zones = stack_table(lean, apart, under, top)
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



def test_each_dome_is_read_on_what_the_other_leaves_bare() -> None:
    """two_domes finds an orange dome lying 0.8 radii off another dome, both highlights
    showing; dome_paints reads one of each paint on a red one, two orange on an orange."""
    lx, ly, lz = Light().direction
    n = math.sqrt(lx * lx + ly * ly + (lz + 1) ** 2)
    at = (lx / n, ly / n)  # a single dome's highlight from its centre, in radii
    for under, want in (("red", {"red": 1, "orange": 1}), ("orange", {"orange": 2})):
        frame = np.full((90, 90, 3), 120, np.uint8)
        mask = draw_dome(frame, (45.0, 38.0), R, paint(under), Light())
        mask |= draw_dome(frame, (45.0, 38.0 + 0.8 * R), R, paint("orange"), Light(),
                          tilt=0.5, lean=math.pi / 2)  # away from the lower one's highlight
        frame = np.asarray(cv2.GaussianBlur(frame, (0, 0), 1.2), np.uint8)
        ys, xs = np.nonzero(mask)
        x0, y0 = int(xs.min()), int(ys.min())
        win = mask[y0:ys.max() + 1, x0:xs.max() + 1]
        blob = Blob((x0, y0), win, int(np.count_nonzero(win)), R - 1.0,
                    np.zeros(win.shape, np.float32))
        domes = two_domes(blob, frame, R - 1.0, at)
        assert domes is not None, under
        assert dome_paints(blob, frame, Paints(NEUTRAL, R - 1.0), domes) == want, under
    # one dome alone: no two
    frame = np.full((90, 90, 3), 120, np.uint8)
    mask = draw_dome(frame, (45.0, 45.0), R, paint("orange"), Light())
    ys, xs = np.nonzero(mask)
    x0, y0 = int(xs.min()), int(ys.min())
    win = mask[y0:ys.max() + 1, x0:xs.max() + 1]
    blob = Blob((x0, y0), win, int(np.count_nonzero(win)), R - 1.0,
                np.zeros(win.shape, np.float32))
    assert two_domes(blob, frame, R - 1.0, at) is None
