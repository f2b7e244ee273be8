"""A frame whose light was misread: every zone's count is then unsure.

The colours are read in the light the plants give, refined by the turtles themselves
within a small shift of the green gain (domes.refine_green). A lamp or a table that makes
the plants' green read far off (pale wood under a blue-white lamp, blurred) leaves the
light off by more than the refinement can correct, and then a turtle's colour is read as
its neighbour's for sure (an orange as a yellow). The witness: a paint's hue (G-B)/(R-B)
is read relative to the three known paints, in order red, orange, yellow, a gap of ~0.4
between neighbours; a turtle-sized blob whose hue lies a whole gap or more beyond the
outermost paint (as far beyond yellow as yellow is beyond orange, or beyond red as red is
beyond orange) is of no paint of the game under the light read. Glare (white added) and
shade (all channels scaled) leave the hue where it is, so only the light moves it so far.
"""

from __future__ import annotations

from collections.abc import Sequence

from tableref.vision.nelly.material import PAINT_HUE

# the hue gaps next to the outermost paints (red-orange, orange-yellow)
_LOW_GAP = PAINT_HUE["orange"] - PAINT_HUE["red"]
_HIGH_GAP = PAINT_HUE["yellow"] - PAINT_HUE["orange"]
NO_PAINT = (PAINT_HUE["red"] - _LOW_GAP, PAINT_HUE["yellow"] + _HIGH_GAP)

LIGHT_WHY = ("the light misread (a turtle's colour a whole paint's step beyond every "
             "paint's): its colours cannot be told")


def light_misread(hues: Sequence[float]) -> bool:
    """Does a turtle-sized blob's hue (in the light read, refined) lie a whole paint's gap
    or more beyond the outermost paints (NO_PAINT)?"""
    return any(h <= NO_PAINT[0] or h >= NO_PAINT[1] for h in hues)

