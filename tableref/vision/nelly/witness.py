"""A paint the turtles' own refinement decided with no turtle to witness it.

The light read from the plants is refined by the turtles themselves (domes.refine_green):
the small shift of the green gain that brings the single turtles' hues nearest the known
paints. A turtle whose hue in the plants' light lies between two paints (colour_of None)
or at another paint's is then given a paint by that shift. Between orange and yellow (or
red and orange) the shift can go either way, and the choice is only as good as a witness:
the same paint under one light has one hue (glare and shade leave it alone), so a turtle
half a paint's gap or more from a single turtle read as one of the two paints is the other
one. With such a witness the refinement's choice stands; with none (the frame shows reds
and a cluster between orange and yellow, nothing else), orange and yellow cannot be told
in this frame, and the zones counting either are unsure.
"""

from __future__ import annotations

from collections.abc import Sequence

from tableref.vision.nelly.domes import colour_of
from tableref.vision.nelly.material import ORANGE_YELLOW, PAINT_HUE, RED_ORANGE

# half the gap between neighbouring paints' hues (about 0.4): two turtles this far apart
# are not of one paint
HALF_GAP = 0.5 * min(PAINT_HUE["orange"] - PAINT_HUE["red"],
                     PAINT_HUE["yellow"] - PAINT_HUE["orange"])
_PAIRS = ((RED_ORANGE, ("red", "orange")), (ORANGE_YELLOW, ("orange", "yellow")))


def _pair(hue: float) -> tuple[str, str]:
    """The two paints whose middle lies nearest this hue."""
    return min(_PAIRS, key=lambda p: abs(hue - p[0]))[1]


def unwitnessed(before: Sequence[float], after: Sequence[float]) -> set[str]:
    """The paints whose turtles' colour in this frame rests on the refinement alone:
    `before` and `after` are the single turtles' hues in the plants' light and after the
    turtles' refinement, in the same order."""
    doubt: set[str] = set()
    for h0, h1 in zip(before, after, strict=True):
        c0, c1 = colour_of(h0), colour_of(h1)
        if c1 is None or c0 == c1:
            continue
        pair = _pair(h0)
        if not any(abs(k0 - h0) >= HALF_GAP and colour_of(k1) in pair and colour_of(k1) != c1
                   for k0, k1 in zip(before, after, strict=True)):
            doubt |= set(pair)
    return doubt


def why_unwitnessed(doubt: set[str]) -> str:
    a, b = sorted(doubt, key=lambda c: PAINT_HUE[c])[:2]
    return (f"{a} or {b}? the light leaves turtles between the two paints, and no turtle "
            f"of either tells them")
