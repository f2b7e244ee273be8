"""The zones file: the spec's form read, every fault named."""

import pytest

from tableref.vision.nelly.zones import (
    Zone,
    ZoneError,
    check_inside,
    default_zones,
    zones_from_json,
    zones_to_json,
)

BOX = [[10, 10], [200, 10], [200, 120], [10, 120]]


def test_the_spec_form_is_read_and_written_back() -> None:
    data = {"zones": [{"player": 0, "polygon": BOX}, {"player": 1, "polygon": BOX[:3]}]}
    zones = zones_from_json(data)
    assert [z.player for z in zones] == [0, 1]
    assert zones[0].area == pytest.approx(190 * 110)
    assert zones[0].bounds == (10, 10, 200, 120)
    assert zones_to_json(zones) == data


@pytest.mark.parametrize(("data", "named"), [
    ([], "must be an object"),
    ({"zones": []}, "1 to 8 zones"),
    ({"zones": [{"player": 0, "polygon": BOX}], "extra": 1}, "unknown key 'extra'"),
    ({"zones": [{"player": -1, "polygon": BOX}]}, "player must be a seat number"),
    ({"zones": [{"player": True, "polygon": BOX}]}, "player must be a seat number"),
    ({"zones": [{"player": 0, "polygon": BOX[:2]}]}, "3 to 64 points"),
    ({"zones": [{"player": 0, "polygon": [[0, 0], [1, "x"], [2, 2]]}]}, "point 1 y"),
    ({"zones": [{"player": 0, "polygon": [[0, 0], [1, 1], [2, 2]]}]}, "encloses no area"),
    ({"zones": [{"player": 0, "polygon": [[0, 0], [float("nan"), 1], [2, 2]]}]}, "number"),
    ({"zones": [{"player": 0, "polygon": BOX}, {"player": 0, "polygon": BOX}]},
     "two zones for player 0"),
    ({"zones": [{"player": 0, "polygon": BOX, "colour": "red"}]}, "unknown key 'colour'"),
])
def test_a_bad_zones_object_is_refused_naming_the_fault(data: object, named: str) -> None:
    with pytest.raises(ZoneError, match=named):
        zones_from_json(data)


def test_a_zone_outside_the_picture_is_named() -> None:
    check_inside([Zone(0, ((10, 10), (50, 10), (50, 50)))], (100, 100))
    with pytest.raises(ZoneError, match=r"player 2.*outside the 100x100"):
        check_inside([Zone(2, ((110, 10), (150, 10), (150, 50)))], (100, 100))


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_default_zones_lie_in_the_picture_and_do_not_overlap(n: int) -> None:
    zones = default_zones(n, (1280, 720))
    assert [z.player for z in zones] == list(range(n))
    for i, a in enumerate(zones):
        ax0, ay0, ax1, ay1 = a.bounds
        assert 0 <= ax0 < ax1 <= 1280 and 0 <= ay0 < ay1 <= 720
        for b in zones[i + 1:]:
            bx0, by0, bx1, by1 = b.bounds
            assert ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0
