"""Is a set of fruits one a fruit deck prints? The sanity check after counting.

Fruit decks print 1 to 5 fruits (6 allowed as an option) of 1 to 4 kinds, every fruit
of a kind the same size, laid out round the card's centre so that the card turned half
round shows the same places (dice pips, diagonals, rows). A hand or another card over
part of a card leaves a lopsided layout; two fruits printed touching, or a fruit and a
mark, make one patch too big for its kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Fruit:
    kind: str
    area: int
    centre: tuple[float, float]


@dataclass(frozen=True)
class LayoutRules:
    max_fruits: int = 6
    symmetric: bool = True
    tolerance: float = 0.16  # of the card's width and height
    same_kind_ratio: float = 1.75  # largest over smallest fruit of one kind
    any_kind_ratio: float = 3.2  # largest over smallest fruit of any kinds


def layout_problem(fruits: Sequence[Fruit], size: tuple[int, int],
                   rules: LayoutRules | None = None) -> str | None:
    """Why these fruits are not a printed card (None: they are)."""
    rules = rules or LayoutRules()
    if not fruits:
        return "no fruit"
    if len(fruits) > rules.max_fruits:
        return "too many fruits"
    kinds = {f.kind for f in fruits}
    for kind in kinds:
        areas = [f.area for f in fruits if f.kind == kind]
        if len(areas) >= 2 and max(areas) > rules.same_kind_ratio * min(areas):
            return f"{kind}s of different sizes (touching?)"
    areas = [f.area for f in fruits]
    if max(areas) > rules.any_kind_ratio * min(areas):
        return "fruits of very different sizes"
    if rules.symmetric and not symmetric([f.centre for f in fruits], size, rules.tolerance):
        return "fruits not laid out round the centre (covered?)"
    return None


def symmetric(centres: Sequence[tuple[float, float]], size: tuple[int, int],
              tolerance: float) -> bool:
    """The layout is centred on the card, and every fruit has a partner (or is itself
    one) where the layout turned half round about its centre puts it."""
    w, h = size
    pts = np.array(centres, np.float64) / np.array([w, h], np.float64)
    mid = pts.mean(axis=0)
    if np.abs(mid - 0.5).max() > tolerance:
        return False
    mirrored = 2 * mid - pts
    d = np.abs(mirrored[:, None, :] - pts[None, :, :]).max(axis=2)
    return bool((d.min(axis=1) <= tolerance).all())
