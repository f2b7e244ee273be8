"""Nelly's turtles counted by colour in each player's zone of an overhead camera frame.

zones (the polygons, the spec's file form) -> table (the table's own colours, read outside
the zones) -> plants (round green of one size, not the table's) -> light (white balance
from the plants' known green) -> count (paint blobs in each zone, the size of one turtle
from the frame within the material's proportions) -> domes (a blob's turtles by colour, or
why it cannot be said). What makes a zone unsure rather than wrong: hands (something over
a zone by colour; a turtle washed out by glare), still (a large change since the table's
last still frame, when the daemon gives one: a hand of any colour), plants (something on a
plant that was not counted), prints (patches like the table's printed dots), dark (too
dark to read), scraps (specks of one paint that together, within a turtle's disc, are a
part of a turtle), hidden (a dome's cap amid the table's colour), gloss (a blob of one
turtle's area and more whose lamp's highlight is off where a single dome's sits, and,
lying close, whose outline is longer that way: a turtle lying on another), misread (a
turtle's colour a whole paint's step beyond every paint's: the frame's light misread),
witness (turtles between orange and yellow, or red and orange, that the refinement gave a
paint with no turtle of either paint to tell them by);
die tells the die's colour symbol from a part of a turtle (its ivory from a white table:
as bright, not Nelly's grey); sheen takes back the lamp's highlight into a blob it opened
(a shell against the die). material holds what the counter knows of the game's colours.

Methods that hold by construction rather than thresholds fitted to scenes: the light from
the plants' printed green (von Kries); the colour as the paint hue (G-B)/(R-B), which glare
(white added) and shadow (all channels scaled) leave alone, read between the three known
paints and refined on the frame's own single turtles; one turtle's size and footprint
measured in the frame; the table's colours from the table itself, so a red cloth or an
orange wood is not paint and an arm is not table.

For the daemon (all names stable):
    from tableref.vision.nelly import ZoneCount, count_turtles, counts_to_json
    from tableref.vision.nelly.zones import Zone, ZoneError, default_zones, zones_from_json

    zones = zones_from_json(json.loads(text))    # as set on the page; ZoneError names a fault
    zones = default_zones(3, (1280, 720))        # boxes for 3 players before any were set
    seen = count_turtles(frame_bgr, zones)       # list[ZoneCount], one per zone, same order
    seen = count_turtles(frame_bgr, zones, still=still_bgr)  # with the table's still frame
    seen[0].red, seen[0].yellow, seen[0].orange  # seat seen[0].player's turtles by colour
    seen[0].unsure, seen[0].why                  # not counted with confidence, and why
    counts_to_json(seen)   # {"zones": [{"player": 0, "red": 2, "yellow": 1, "orange": 0,
                           #             "unsure": false}, ...]}  (the spec's form)
    # the simulated camera (device/sim only):
    from tableref.vision.synth.nelly_scene import render_nelly_table
    frame, zones = render_nelly_table([{"red": 3, "yellow": 3, "orange": 3}] * 2, [9, 9],
                                      seed=1, hand_at=None)

An unsure zone's counts are what could be counted and must not be taken as the zone's
turtles: a hand over the zone, or turtles lying on each other that cannot be told apart.
Counting a frame is plain CPU work (tens of ms): run it in an executor, not on the loop.
"""

from tableref.vision.nelly.count import CountOptions, ZoneCount, count_turtles, counts_to_json
from tableref.vision.nelly.zones import Zone, ZoneError, default_zones, zones_from_json

__all__ = [
    "CountOptions",
    "Zone",
    "ZoneCount",
    "ZoneError",
    "count_turtles",
    "counts_to_json",
    "default_zones",
    "zones_from_json",
]
