"""What the counter knows of Nelly's material: the colours as log-chromaticities.

A colour is kept as (u, v) = (ln G/R, ln B/R). A lamp's colour (or a camera's white
balance) multiplies each channel by its own gain, which adds one constant (du, dv) to every
surface's (u, v); a shadow or a brighter lamp scales all three channels alike and changes
nothing. So the water plants' printed green, a colour the game itself brings to every
table, gives the light's (du, dv) in the frame, and every other colour is read relative to
it (von Kries's model of white balance).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

COLOURS = ("red", "yellow", "orange")
PAINT_V = -1.05  # ln B/R below this, in the light's frame: paint (the turtles' three)
PAINT_MAX_U = 0.3  # ln G/R above this is no paint (plants, green)
# ln(x + 1) of every 8-bit level: the log-chromaticities of a whole image by table look-up
LOG1P = np.log(np.arange(256, dtype=np.float32) + 1.0).astype(np.float32)


def chroma(bgr: Sequence[float]) -> tuple[float, float]:
    b, g, r = (float(x) for x in bgr)
    return (math.log(g / r), math.log(b / r))


# nominal material under a neutral light (BGR): the paints and the plants' green
PAINT_BGR: dict[str, tuple[int, int, int]] = {
    "red": (38, 32, 208),
    "orange": (22, 118, 246),
    "yellow": (28, 208, 246),
}
PLANT_BGR = (58, 162, 74)

PAINT_UV = {c: chroma(bgr) for c, bgr in PAINT_BGR.items()}
PLANT_UV = chroma(PLANT_BGR)



def paint_hue(bgr: Sequence[float]) -> float:
    """(G - B) / (R - B): where a warm colour lies between red (0) and yellow (1); glare
    (white added) and shade (all channels scaled) leave it where it is."""
    b, g, r = (float(x) for x in bgr)
    return (g - b) / (r - b)


PAINT_HUE = {c: paint_hue(bgr) for c, bgr in PAINT_BGR.items()}
# a pixel's colour is read by where its hue falls between the paints' (the midpoints)
RED_ORANGE = (PAINT_HUE["red"] + PAINT_HUE["orange"]) / 2
ORANGE_YELLOW = (PAINT_HUE["orange"] + PAINT_HUE["yellow"]) / 2
