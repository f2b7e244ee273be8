"""Terrains read from rims under the photo's light: glare, shadow and a colour cast."""

import numpy as np

from tableref.vision.nimalia.cards import TERRAINS
from tableref.vision.nimalia.classify import _terrains
from tableref.vision.nimalia.enrol import Enrolment


def _rims(enrolment: Enrolment, gain: float, glare: float) -> np.ndarray:
    """Three rims of each terrain, dimmed by `gain` and lifted by white `glare`."""
    protos = enrolment.terrain_bgr.astype(np.float32)
    return np.clip(np.repeat(protos, 3, axis=0) * gain + glare, 0, 255)


def test_plain_light_reads_every_terrain(enrolment: Enrolment) -> None:
    idx, conf, _ = _terrains(_rims(enrolment, 1.0, 0.0), enrolment)
    assert [TERRAINS[i] for i in idx] == [t for t in TERRAINS for _ in range(3)]
    assert (conf > 0.5).all()


def test_glare_over_a_shadow_does_not_turn_colour_into_ice(enrolment: Enrolment) -> None:
    rims = _rims(enrolment, 1.0, 0.0)
    ice = TERRAINS.index("ice_floe")
    # one savanna and one rain forest rim washed out (in shadow, under a bright spot) yet
    # still some 30 levels from grey: the reader gives up on rims greyer than 25
    for t in ("savanna", "rain_forest"):
        k = TERRAINS.index(t) * 3
        rims[k] = np.clip(enrolment.terrain_bgr[TERRAINS.index(t)] * 0.5 + 60, 0, 255)
    idx, _, _ = _terrains(rims, enrolment)
    for t in ("savanna", "rain_forest"):
        assert TERRAINS[idx[TERRAINS.index(t) * 3]] == t
    assert (idx[ice * 3 : ice * 3 + 3] == ice).all()


def test_the_cast_is_learnt_from_the_reserve_only(enrolment: Enrolment) -> None:
    reserve = _rims(enrolment, 0.9, 0.0)
    table = np.tile(np.array([[120.0, 140.0, 175.0]]), (40, 1))  # pale wood, many cells
    ice = np.clip(enrolment.terrain_bgr[TERRAINS.index("ice_floe")] * 0.9, 0, 255)
    rims = np.concatenate([reserve, table, ice[None]])
    idx, _, _ = _terrains(rims, enrolment, len(reserve))
    assert TERRAINS[idx[-1]] == "ice_floe"
    assert (idx[len(reserve) : -1] != TERRAINS.index("ice_floe")).all()
