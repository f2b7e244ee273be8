"""The conditions of the Nelly benchmark's broad development part (bench/nelly_turtles.py),
shared with the tests that replay its scenes: tables of any colour (green felt, red, orange
and yellow cloths, pale wood, warm prints), dim rooms, two lamps of different colours,
stronger blur, stacks of three, the die over a turtle's edge, darker hands."""

from __future__ import annotations

from tableref.vision.synth.nelly_scene import NellySceneOptions
from tableref.vision.synth.nelly_tables import BROAD_TABLES

DEV_BROAD = NellySceneOptions(tables_extra=BROAD_TABLES, perspective=0.04, blur=1.8,
                              jpeg=(55, 95), stack=0.3, stack_three=0.15, dim=0.2, mixed=0.15,
                              die=0.15, skin=(0.45, 1.0), still=True)
