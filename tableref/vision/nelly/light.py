"""The light of a frame, from the water plants' known green (von Kries white balance).

Plants are found as clearly green pixels in the zones; a zone that is mostly green (a
green cloth) is left out, since there the table and the plants cannot be told apart by
colour. The light's shift is the plants' median (u, v) minus the printed green's. Without
plants anywhere the light is taken as neutral, and the counter says so (`Light.source`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tableref.vision.nelly.material import PLANT_UV
from tableref.vision.nelly.median import median

MIN_PLANT_PIXELS = 150
PLANT_DARK = 22  # a plant darker than this in every channel is too dark to be read


@dataclass(frozen=True)
class Light:
    du: float  # added to every surface's ln G/R by the light and the camera
    dv: float  # added to every surface's ln B/R
    source: str  # "plants" or "none" (no plants seen: taken as neutral)


NEUTRAL = Light(0.0, 0.0, "none")


def plant_pixels(u: np.ndarray, v: np.ndarray, bright: np.ndarray) -> np.ndarray:
    """Clearly green pixels: G well above R and above B, not too dark. Holds under any lamp
    from 2700 K to 6500 K for the plants' green (its u stays above 0.3)."""
    return (u > 0.15) & (u > v + 0.2) & (bright > PLANT_DARK)


def light_from_plants(samples: list[tuple[np.ndarray, np.ndarray]]) -> Light:
    """The light from the (u, v) of plant pixels, pooled over the zones."""
    us = [s[0] for s in samples if s[0].size]
    if not us or sum(x.size for x in us) < MIN_PLANT_PIXELS:
        return NEUTRAL
    u = np.concatenate(us)
    v = np.concatenate([s[1] for s in samples if s[1].size])
    # (median: np.median's value without its overhead)
    return Light(median(u) - PLANT_UV[0], median(v) - PLANT_UV[1], "plants")
