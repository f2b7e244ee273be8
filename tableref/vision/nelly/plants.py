"""The water plants as circles, and the turtles of the table's colour that sit on them.

A water plant is a green disc with a notch (a wedge from its rim towards its centre). Its
green pixels (not of the table's own colours) make a component whose enclosing circle is
the plant's, whether a turtle on it leaves only a ring or not; every plant of a game has
one size, so circles far from the frame's median radius are no single plant (two plants
touching, a scrap of green).

A turtle sits on a plant within the plant's circle. Where the table has a paint's colour
(a red cloth, an orange wood) such a turtle's paint is of the table's colours too, and
joins the table only through the notch. Inside the plant's rim the notch is a wedge at
most ~0.4 plant radii wide, a turtle over a plant radius across: an opening by a disc of
0.6 plant radii keeps the turtle and drops the notch. That holds by the material's
geometry, whatever the table.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from tableref.vision.nelly.light import plant_pixels
from tableref.vision.nelly.median import median
from tableref.vision.nelly.table import TableModel

FILL = 0.2  # of its enclosing circle green at least: a plant under the largest turtle is a
# ring of about half its circle, less the notch, the shadow and the rims mixing
SIZE = (0.8, 1.25)  # of the frame's median plant radius: one plant
INNER = 0.92  # of a plant's radius: inside its rim
OPEN = 0.6  # the opening's diameter in plant radii: wider than the notch, under a turtle's


@dataclass(frozen=True)
class Plant:
    x: float  # centre in the zone's crop
    y: float
    r: float
    u: np.ndarray = field(default_factory=lambda: np.zeros(0, np.float32), repr=False,
                          compare=False)  # its green pixels' ln G/R, as found
    v: np.ndarray = field(default_factory=lambda: np.zeros(0, np.float32), repr=False,
                          compare=False)  # and ln B/R
    level: float = 0.0  # its green pixels' median brightness (brightest channel)


def plant_circles(u: np.ndarray, v: np.ndarray, bright: np.ndarray, table: TableModel,
                  min_area: int) -> list[Plant]:
    """The plants in a zone's crop (u, v in the table model's frame), of any size; each
    with its green pixels' (u, v) (for the light)."""
    green = plant_pixels(u, v, bright)
    if table.has_green and np.any(green):  # a green cloth's own green is no plant
        green[green] = ~table.like(u[green], v[green])
    contours, _ = cv2.findContours(green.astype(np.uint8), cv2.RETR_EXTERNAL,
                                   cv2.CHAIN_APPROX_SIMPLE)
    out = []
    for c in contours:
        area = cv2.contourArea(c)
        if area < min_area:
            continue
        (x, y), r = cv2.minEnclosingCircle(c)
        if area >= FILL * math.pi * r * r:
            bx, by, bw, bh = cv2.boundingRect(c)
            own = np.zeros((bh, bw), np.uint8)
            cv2.drawContours(own, [c], -1, 1, -1, offset=(-bx, -by))
            sel = (own > 0) & green[by:by + bh, bx:bx + bw]
            out.append(Plant(float(x), float(y), float(r), u[by:by + bh, bx:bx + bw][sel],
                             v[by:by + bh, bx:bx + bw][sel],
                             median(bright[by:by + bh, bx:bx + bw][sel])))
    return out


def one_size(per_zone: Sequence[list[Plant]]) -> list[list[Plant]]:
    """Each zone's plants of the frame's one plant size (the median radius)."""
    radii = [p.r for plants in per_zone for p in plants]
    if not radii:
        return [[] for _ in per_zone]
    m = statistics.median(radii)
    return [[p for p in plants if SIZE[0] * m <= p.r <= SIZE[1] * m] for plants in per_zone]


def turtles_on_plants(paint: np.ndarray, plants: Sequence[Plant]) -> np.ndarray:
    """Of the paint (uint8 0/1, of any colour: the table's colours and the others mix
    pixel by pixel on a turtle), what inside a plant's rim is as wide as a turtle (uint8
    0/1, paint's shape): the turtles on plants, whatever the table's colours."""
    out = np.zeros_like(paint)
    hh, ww = paint.shape
    for p in plants:
        rr = INNER * p.r
        x0, y0 = max(math.floor(p.x - rr) - 1, 0), max(math.floor(p.y - rr) - 1, 0)
        x1, y1 = min(math.ceil(p.x + rr) + 2, ww), min(math.ceil(p.y + rr) + 2, hh)
        if x1 - x0 < 3 or y1 - y0 < 3:
            continue
        disc = np.zeros((y1 - y0, x1 - x0), np.uint8)
        cv2.circle(disc, (round((p.x - x0) * 16), round((p.y - y0) * 16)), round(rr * 16), 1,
                   -1, cv2.LINE_8, shift=4)
        sel = disc & paint[y0:y1, x0:x1]
        if cv2.countNonZero(sel) == 0:
            continue  # no paint on it: nothing to keep
        # the lamp's glare on a shell is a hole in its paint: filled, or the opening
        # below would take a turtle seen as a ring for the notch
        contours, _ = cv2.findContours(sel, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        cv2.drawContours(sel, contours, -1, 1, -1)
        sel &= disc
        k = max(3, round(OPEN * p.r) | 1)
        kept = cv2.morphologyEx(sel, cv2.MORPH_OPEN,
                                cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
        out[y0:y1, x0:x1] |= kept
    return out


HEART = 0.55  # of a plant's radius: its heart, where a turtle on it sits
UNSEEN = 0.25  # of a plant's heart neither green nor counted nor the table: something on it


def something_on_a_plant(u: np.ndarray, v: np.ndarray, bright: np.ndarray,
                         plants: Sequence[Plant], counted: np.ndarray) -> bool:
    """Does something lie on a plant that was not counted? A plant's heart is green, or
    covered by what was counted (`counted`, uint8 0/1, the turtles a little widened), but
    for its notch (a sixteenth of the heart); anything else there (a turtle too dark to
    read, one of the table's colours that no cut found, a turtle washed out by glare) is a
    turtle that was missed as far as the counter can tell. u, v in the light's frame."""
    hh, ww = u.shape
    for p in plants:
        rr = HEART * p.r
        x0, y0 = max(math.floor(p.x - rr), 0), max(math.floor(p.y - rr), 0)
        x1, y1 = min(math.ceil(p.x + rr) + 1, ww), min(math.ceil(p.y + rr) + 1, hh)
        if x1 - x0 < 3 or y1 - y0 < 3:
            continue
        disc = np.zeros((y1 - y0, x1 - x0), np.uint8)
        cv2.circle(disc, (round((p.x - x0) * 16), round((p.y - y0) * 16)), round(rr * 16), 1,
                   -1, cv2.LINE_8, shift=4)
        heart = (disc > 0) & (counted[y0:y1, x0:x1] == 0)
        n = int(np.count_nonzero(disc))
        if n == 0 or np.count_nonzero(heart) <= UNSEEN * n:
            continue
        uu, vv, bb = u[y0:y1, x0:x1][heart], v[y0:y1, x0:x1][heart], bright[y0:y1, x0:x1][heart]
        seen = (uu > 0.15) & (uu > vv + 0.2)  # green, however dim (the light's frame)
        rest = ~seen & (bb > 12)  # black is no colour: the veins, a deep shadow
        if np.count_nonzero(rest) > UNSEEN * n:
            return True
    return False
