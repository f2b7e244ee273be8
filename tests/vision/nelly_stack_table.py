"""A table of two zones of turtles on their plants, one of them two turtles lying on each
other: the scene the tests of stacks (gloss.py, stacks.py) are drawn on."""

import math

import numpy as np

from tableref.vision.nelly.material import PAINT_BGR, PLANT_BGR
from tableref.vision.nelly.zones import Zone, default_zones
from tableref.vision.synth.nelly_art import Light, draw_dome, plant_disc
from tableref.vision.synth.nelly_scene import table_top

R = 17.0  # a shell's radius, px


def paint(c: str) -> np.ndarray:
    return np.asarray(PAINT_BGR[c], np.float32)


def stack_table(lean: float, apart: float, under: str = "orange",
                top: str = "orange") -> tuple[np.ndarray, list[Zone]]:
    """Two zones of turtles on their plants: in the first a red, a yellow, an orange, and a
    `top` turtle lying `apart` radii off an `under` one, tipped towards `lean`; in the
    other two reds and a yellow."""
    rng = np.random.default_rng(1)
    frame = table_top(rng, (1280, 720), "light")
    zones = default_zones(2, (1280, 720))
    spots = []
    for zone, n in ((zones[0], 4), (zones[1], 3)):
        x0, y0, _, y1 = zone.bounds
        for i in range(n):
            spots.append((x0 + 60 + 75 * i, (y0 + y1) / 2))
            plant_disc(frame, spots[-1], 27.0, np.asarray(PLANT_BGR, np.float32), rng)
    for (x, y), c in zip(spots[:3] + spots[4:], ("red", "yellow", "orange", "red", "red",
                                                 "yellow"), strict=True):
        draw_dome(frame, (x, y), R, paint(c), Light())
    x, y = spots[3]
    draw_dome(frame, (x, y), R, paint(under), Light())
    off = apart * R
    draw_dome(frame, (x + off * math.cos(lean), y + off * math.sin(lean)), R, paint(top),
              Light(), tilt=0.5, lean=lean)
    return frame, zones
