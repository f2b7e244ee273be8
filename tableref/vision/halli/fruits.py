"""Count the fruits on a white-balanced rectified card (the fruit part of read.py).

`count_fruits` is the reader asked only for fruits: a back, an animal picture or
anything unsure is "not sure", with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tableref.vision.halli.codes import FRUITS
from tableref.vision.halli.inks import HueClass
from tableref.vision.halli.read import ReadOptions, read_card

Image = np.ndarray
FruitOptions = ReadOptions


@dataclass(frozen=True)
class FruitCount:
    counts: dict[str, int]
    sure: bool
    why: str = ""  # the reason when not sure


def count_fruits(card: Image, opts: ReadOptions | None = None,
                 surround: Image | None = None, offset: tuple[int, int] = (0, 0),
                 classes: dict[str, HueClass] | None = None) -> FruitCount:
    """Count the fruits of each kind on a balanced card image; `surround` (optional)
    is the card with a ring of what lies round it, the card its window at `offset`."""
    reading = read_card(card, surround, offset, classes, opts)
    if reading.kind == "fruit" and reading.counts is not None:
        return FruitCount(dict(reading.counts), True)
    why = reading.why or f"not a fruit card ({reading.kind})"
    return FruitCount(dict.fromkeys(FRUITS, 0), False, why)
