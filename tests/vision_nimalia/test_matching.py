"""Matching one space against the enrolled ones: what a card lying off its cell, or a
river crossing the rim, must not change."""

import numpy as np

from tableref.vision.nimalia.cards import ANIMALS, TERRAINS
from tableref.vision.nimalia.classify import _terrains, classify
from tableref.vision.nimalia.enrol import Enrolment
from tableref.vision.nimalia.features import BAND, C, rim, template
from tableref.vision.nimalia.nudge import nudged_patches


def _space(enrolment: Enrolment, terrain: str, animal: str) -> int:
    sel = (enrolment.terrain == TERRAINS.index(terrain)) & (
        enrolment.animal == ANIMALS.index(animal)
    )
    return int(np.flatnonzero(sel)[0])


def test_a_strip_of_the_neighbour_in_the_edge_barely_moves_the_match(
    enrolment: Enrolment,
) -> None:
    """A card a tenth of a space off its cell brings a strip of the next card in."""
    assert enrolment.patches is not None
    own = enrolment.patches[_space(enrolment, "savanna", "lion")].copy()
    seen = own.copy()
    seen[:, : C // 10] = enrolment.terrain_bgr[TERRAINS.index("lake")]
    assert float(template(seen) @ template(own)) > 0.85


def test_a_card_off_its_cell_is_cut_where_it_lies(enrolment: Enrolment) -> None:
    """Two cells of one row, the reserve square-on, the second space 5 px lower and 4 px
    to the right of its cell: the nudge finds it there and it is read right."""
    assert enrolment.patches is not None
    a = _space(enrolment, "rain_forest", "panda")
    b = _space(enrolment, "ice_floe", "penguin")
    canon = np.zeros((C, 2 * C, 3), np.uint8)
    canon[:] = enrolment.terrain_bgr[TERRAINS.index("savanna")]
    canon[:, :C] = enrolment.patches[a]
    canon[5:, C + 4 :] = enrolment.patches[b][: C - 5, : C - 4]
    patches, moves = nudged_patches(canon, [(0, 0), (0, 1)], enrolment)
    assert moves[0] == (0, 0)
    assert abs(moves[1][0] - 5) <= 1 and abs(moves[1][1] - 4) <= 1
    kinds = [(x.terrain, x.animal) for x in classify(patches, enrolment)]
    assert kinds == [("rain_forest", "panda"), ("ice_floe", "penguin")]


def test_a_river_across_the_rim_does_not_veto_a_clear_match(enrolment: Enrolment) -> None:
    """A wide river can cover most of an otter space's rim, whose colour then reads as
    lake; the space matching an enrolled savanna otter this closely, the rim is what is
    off."""
    assert enrolment.patches is not None
    i = _space(enrolment, "savanna", "otter")
    patch = enrolment.patches[i].copy()
    ring = np.zeros((C, C), bool)
    ring[:BAND] = ring[-BAND:] = True
    ring[:, :BAND] = ring[:, -BAND:] = True
    yy, xx = np.mgrid[0:C, 0:C]
    along = np.abs(xx - yy) if enrolment.river[i] == 2 else np.abs(xx + yy - C + 1)
    patch[ring & (along < C // 2)] = enrolment.water_bgr
    seen_terrain = _terrains(np.array([rim(patch)]), enrolment)[0][0]
    assert TERRAINS[int(seen_terrain)] == "lake"
    reading = classify([patch], enrolment)[0]
    river = ("", "/", "\\")[int(enrolment.river[i])]
    assert (reading.terrain, reading.animal, reading.river) == ("savanna", "otter", river)
    assert reading.confidence > 0.5
