"""A frame whose light was misread (tableref/vision/nelly/misread.py): a turtle's hue a whole
paint's gap beyond the outermost paints makes every zone unsure."""

from tableref.vision.nelly.material import PAINT_HUE
from tableref.vision.nelly.misread import NO_PAINT, light_misread


def test_the_paints_and_hues_between_them_are_no_misread_light() -> None:
    assert not light_misread(list(PAINT_HUE.values()))
    assert not light_misread([PAINT_HUE["red"] - 0.3, PAINT_HUE["yellow"] + 0.3])
    assert not light_misread([])


def test_a_hue_a_whole_gap_beyond_yellow_or_red_is_a_misread_light() -> None:
    """As far beyond yellow as yellow lies beyond orange (an orange read as a yellow, the
    yellow beyond it: pale wood under a 6500 K lamp, blurred), or beyond red as red lies
    beyond orange."""
    gap_high = PAINT_HUE["yellow"] - PAINT_HUE["orange"]
    gap_low = PAINT_HUE["orange"] - PAINT_HUE["red"]
    assert (PAINT_HUE["red"] - gap_low, PAINT_HUE["yellow"] + gap_high) == NO_PAINT
    assert light_misread([PAINT_HUE["red"], PAINT_HUE["yellow"] + gap_high + 0.01])
    assert light_misread([PAINT_HUE["red"] - gap_low - 0.01, PAINT_HUE["orange"]])
