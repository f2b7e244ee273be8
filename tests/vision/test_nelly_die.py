"""The die's symbol amid its ivory face, on a table that is not white, with Nelly's grey
on the table as in every game (tableref/vision/nelly/die.py): her grey has about the
ivory's colour, far darker, so it does not make the die's white the table's."""

import numpy as np
import pytest

from tableref.vision.nelly import count_turtles
from tableref.vision.nelly.material import PAINT_BGR, PLANT_BGR
from tableref.vision.nelly.zones import default_zones
from tableref.vision.synth.nelly_art import HIPPO_GREY, Light, draw_die, draw_dome, plant_disc
from tableref.vision.synth.nelly_parts import DEV_BROAD
from tableref.vision.synth.nelly_scene import random_scene

SIZE = (1280, 720)


def _with_nelly(ground: tuple[int, int, int]) -> np.ndarray:
    rng = np.random.default_rng(3)
    frame = np.empty((SIZE[1], SIZE[0], 3), np.uint8)
    frame[:] = ground
    frame = np.clip(frame * rng.normal(1, 0.03, (SIZE[1], SIZE[0], 1)), 0, 255).astype(np.uint8)
    frame[260:460, 440:840] = HIPPO_GREY  # Nelly in the middle, outside the zones
    return frame


def test_the_dies_symbol_is_the_dies_with_nelly_grey_on_the_table() -> None:
    """A pink cloth, Nelly's grey in the middle, the die showing red in a zone beside a
    turtle: the red disc amid the ivory is the die's, not a part of a turtle. (A guard of
    the table's white test: this crafted frame passed before too; the scenes below did
    not.)"""
    frame = _with_nelly((175, 160, 215))
    x0, y0, _, y1 = default_zones(2, SIZE)[0].bounds
    x, y = x0 + 80, (y0 + y1) / 2
    plant_disc(frame, (x, y), 27.0, np.asarray(PLANT_BGR, np.float32), np.random.default_rng(1))
    draw_dome(frame, (x, y), 17.0, np.asarray(PAINT_BGR["yellow"], np.float32), Light())
    paints = {c: np.asarray(PAINT_BGR[c], np.float32) for c in PAINT_BGR}
    draw_die(frame, (x + 150, y), 1.7 * 17.0, 0.3, "red", paints,
             np.asarray(PLANT_BGR, np.float32))
    seen = count_turtles(frame, default_zones(2, SIZE))
    assert not seen[0].unsure, seen[0].why
    assert seen[0].counts == {"red": 0, "yellow": 1, "orange": 0}


def test_on_a_white_cloth_with_nelly_a_red_amid_white_stays_unsure() -> None:
    """On a white cloth a red part amid white may be a turtle's: unsure, never nothing."""
    frame = _with_nelly((228, 230, 232))
    x0, y0, _, y1 = default_zones(2, SIZE)[0].bounds
    x, y = x0 + 80, (y0 + y1) / 2
    for i, c in enumerate(("orange", "yellow")):
        plant_disc(frame, (x, y + 70 * i - 35), 27.0, np.asarray(PLANT_BGR, np.float32),
                   np.random.default_rng(i))
        draw_dome(frame, (x, y + 70 * i - 35), 17.0, np.asarray(PAINT_BGR[c], np.float32),
                  Light())
    paints = {c: np.asarray(PAINT_BGR[c], np.float32) for c in PAINT_BGR}
    draw_die(frame, (x + 150, y), 1.7 * 17.0, 0.3, "red", paints,
             np.asarray(PLANT_BGR, np.float32))
    seen = count_turtles(frame, default_zones(2, SIZE))
    assert seen[0].unsure or seen[0].counts == {"red": 0, "yellow": 1, "orange": 1}, seen[0]
    assert seen[0].red == 0


@pytest.mark.parametrize(("seed", "player"), [(1, 1), (13, 3)])
def test_development_scenes_with_the_die_are_counted(seed: int, player: int) -> None:
    """Development scenes (the broad part): the die showing red on a pink cloth in an empty
    zone (1), the die against a yellow turtle on a pale wood (13). Both were unsure ('a
    part of a turtle'): the die's ivory was taken for the table's colour (Nelly's)."""
    scene = random_scene(np.random.default_rng(seed), DEV_BROAD)
    seen = count_turtles(scene.image, scene.zones, still=scene.still)
    assert not seen[player].unsure, seen[player].why
    assert seen[player].counts == scene.truth[player].counts
