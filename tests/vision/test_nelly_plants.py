"""The water plants as circles: turtles of the table's colour on them, the table's own patches
beside them, a turtle on another of another colour (tableref/vision/nelly/plants.py, domes.py).
The crafted tables guard the cases; the development scenes below are the ones that failed."""

import math

import numpy as np
import pytest

from tableref.vision.nelly import ZoneCount, count_turtles
from tableref.vision.nelly.material import PAINT_BGR, PLANT_BGR
from tableref.vision.nelly.zones import default_zones
from tableref.vision.synth.nelly_art import Light, draw_dome, plant_disc
from tableref.vision.synth.nelly_scene import random_scene

SIZE = (1280, 720)
R_PLANT = 27.0
R_DOME = 17.0


def _cloth(bgr: tuple[int, int, int], seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    frame = np.empty((SIZE[1], SIZE[0], 3), np.uint8)
    frame[:] = bgr
    return np.clip(frame * rng.normal(1, 0.05, (SIZE[1], SIZE[0], 1)), 0, 255).astype(np.uint8)


def _plant(frame: np.ndarray, at: tuple[float, float], seed: int) -> float:
    """A plant at `at`; returns the angle of its notch (plant_disc's first draw)."""
    notch = float(np.random.default_rng(seed).uniform(0, 2 * math.pi))
    plant_disc(frame, at, R_PLANT, np.asarray(PLANT_BGR, np.float32),
               np.random.default_rng(seed))
    return notch


def _paint(c: str) -> np.ndarray:
    return np.asarray(PAINT_BGR[c], np.float32)


def _spots(zone_index: int, n: int) -> list[tuple[float, float]]:
    x0, y0, _, y1 = default_zones(2, SIZE)[zone_index].bounds
    return [(x0 + 60 + 75 * i, (y0 + y1) / 2) for i in range(n)]


def test_a_red_turtle_on_a_red_cloth_sitting_over_its_plants_notch_is_counted() -> None:
    """The turtle meets the cloth through the plant's notch: the cloth of its colour and the
    turtle are one blob unless the plant's circle cuts the notch off."""
    frame = _cloth((34, 30, 150), 3)
    zones = default_zones(2, SIZE)
    for i, (x, y) in enumerate(_spots(0, 4)):
        notch = _plant(frame, (x, y), 100 + i)
        # moved towards the notch, as a turtle put down a little off the plant's centre
        tx, ty = x + 0.2 * R_PLANT * math.cos(notch), y + 0.2 * R_PLANT * math.sin(notch)
        draw_dome(frame, (tx, ty), R_DOME, _paint("red" if i < 3 else "yellow"), Light())
    for i, (x, y) in enumerate(_spots(1, 3)):
        _plant(frame, (x, y), 200 + i)
        draw_dome(frame, (x, y), R_DOME, _paint(("yellow", "orange", "yellow")[i]), Light())
    seen = count_turtles(frame, zones)
    assert not seen[0].unsure, seen[0].why
    assert seen[0].counts == {"red": 3, "yellow": 1, "orange": 0}
    assert not seen[1].unsure and seen[1].counts == {"red": 0, "yellow": 2, "orange": 1}


def test_a_patch_of_the_cloths_colour_between_plants_is_no_turtle() -> None:
    """An orange square of a blue and orange cloth, hemmed in by plants, is round enough
    and shaded by the plants' shadows: it is still no turtle, since it lies on no plant."""
    frame = _cloth((120, 60, 40), 4)  # a blue cloth ...
    zones = default_zones(2, SIZE)
    rng = np.random.default_rng(5)
    for zi in (0, 1):
        x0, y0, x1, y1 = zones[zi].bounds
        for gx in range(int(x0) - 40, int(x1) + 40, 48):  # ... with orange squares
            for gy in range(int(y0) - 40, int(y1) + 40, 48):
                frame[gy:gy + 24, gx:gx + 24] = np.clip(
                    np.asarray((30, 80, 200)) * rng.normal(1, 0.04), 0, 255)
    for zi in (0, 1):
        for i, (x, y) in enumerate(_spots(zi, 6)):
            _plant(frame, (x, y + (22 if i % 2 else -22)), 300 + 10 * zi + i)
    x, y = _spots(1, 1)[0]
    draw_dome(frame, (x, y - 22), R_DOME, _paint("yellow"), Light())
    seen = count_turtles(frame, zones)
    for got, want in zip(seen, [{"red": 0, "yellow": 0, "orange": 0},
                                {"red": 0, "yellow": 1, "orange": 0}], strict=True):
        assert got.unsure or got.counts == want, got  # never a turtle that is not there


def test_a_turtle_nearly_hiding_one_of_another_colour_is_unsure_never_one() -> None:
    frame = _cloth((215, 220, 225), 6)  # a light cloth
    zones = default_zones(2, SIZE)
    spots = _spots(0, 4) + _spots(1, 3)
    for i, s in enumerate(spots):
        _plant(frame, s, 400 + i)
    for (x, y), c in zip(spots[:3] + spots[4:], ("red", "yellow", "orange", "red", "yellow",
                                                 "orange"), strict=True):
        draw_dome(frame, (x, y), R_DOME, _paint(c), Light())
    x, y = spots[3]
    draw_dome(frame, (x, y), R_DOME, _paint("red"), Light())
    draw_dome(frame, (x + 8, y + 2), R_DOME, _paint("yellow"), Light(), tilt=0.4, lean=0.4)
    seen = count_turtles(frame, zones)
    assert seen[0].unsure and "lying on each other" in seen[0].why, seen[0]
    assert not seen[1].unsure and seen[1].counts == {"red": 1, "yellow": 1, "orange": 1}


# -- moments of the development part of bench/nelly_turtles.py (seeds 1-200; the held-out
# part's seeds, from 900000, are never used here) that were counted wrong -------------------

def _zone(seed: int, player: int) -> tuple[ZoneCount, dict[str, int]]:
    scene = random_scene(np.random.default_rng(seed))
    return count_turtles(scene.image, scene.zones)[player], scene.truth[player].counts


@pytest.mark.parametrize(("seed", "player"), [(67, 0), (71, 0)])
def test_a_red_turtle_on_its_plant_on_a_red_cloth_is_counted(seed: int, player: int) -> None:
    got, truth = _zone(seed, player)
    assert not got.unsure and got.counts == truth, (got, truth)


@pytest.mark.parametrize(("seed", "player"), [(86, 2), (142, 1)])
def test_the_tables_own_patch_between_plants_is_no_turtle(seed: int, player: int) -> None:
    got, truth = _zone(seed, player)
    assert not got.unsure and got.counts == truth, (got, truth)


@pytest.mark.parametrize(("seed", "player"), [(66, 2), (134, 1)])
def test_a_turtle_on_one_of_another_colour_is_unsure_not_one(seed: int, player: int) -> None:
    got, truth = _zone(seed, player)
    assert got.unsure or got.counts == truth, (got, truth)


@pytest.mark.parametrize(("seed", "player"), [(19, 1), (33, 3)])
def test_the_lamps_glare_on_a_blue_cloth_is_no_hand(seed: int, player: int) -> None:
    """The glare adds white to the cloth's colour: some amount of white taken off gives the
    cloth's colour back, wherever in the glare's soft edge the pixel lies."""
    got, truth = _zone(seed, player)
    assert not got.unsure and got.counts == truth, (got, truth)


@pytest.mark.parametrize(("seed", "player"), [(2, 2), (21, 0), (94, 0)])
def test_a_hand_over_the_turtles_is_still_something_over_the_zone(seed: int,
                                                                   player: int) -> None:
    got, _ = _zone(seed, player)
    assert got.unsure and "something over the zone" in got.why, got


def test_a_plant_nearly_covered_by_its_turtle_is_still_a_plant() -> None:
    """Only a thin green ring is left round a large turtle: still the plant it sits on."""
    got, truth = _zone(169, 0)
    assert not got.unsure and got.counts == truth, (got, truth)


def test_a_red_turtle_off_the_plants_on_a_red_cloth_makes_the_zone_unsure() -> None:
    """By colour it is the cloth; its dome's lit cap, brighter than the darker cloth round
    it, says something lies there. (On a cloth as bright as the paint the cap does not
    stand out and the turtle is missed: see the note.)"""
    got, truth = _zone(169, 3)
    assert got.unsure and "dome's shading" in got.why, (got, truth)
