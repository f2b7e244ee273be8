"""Settling a photo's unsure spaces with what the player tells: checked, never guessed."""

from __future__ import annotations

import pytest

from tableref.device.daemon.nimalia_photos import PhotoReading, Unsure
from tableref.device.daemon.nimalia_settle import SettleError, settled
from tableref.games.nimalia.model import Animal, River, Space, Terrain

LION = Space(Terrain.SAVANNA, Animal.LION)
CROC = Space(Terrain.LAKE, Animal.CROCODILE)


def _reading(unsure: list[tuple[int, int]], sure: dict[tuple[int, int], Space]) -> PhotoReading:
    return PhotoReading(sure, tuple(Unsure(p, "unsure of the animal (0.10)", None,
                                           (0.1, 0.1, 0.1, 0.1)) for p in unsure), b"")


def test_a_card_with_one_space_told() -> None:
    reading = _reading([(1, 1)], {(0, 0): LION, (0, 1): CROC, (1, 0): LION})
    result = settled(reading, [{"row": 1, "col": 1, "animal": "crocodile"}])
    assert result.reserve[(1, 1)] == CROC  # the lake follows from the crocodile
    assert result.told == ((1, 1),)
    otter = settled(reading, [{"row": 1, "col": 1, "animal": "otter", "terrain": "ice_floe",
                               "river": "\\"}])
    assert otter.reserve[(1, 1)] == Space(Terrain.ICE_FLOE, Animal.OTTER, River.FALLING)


def test_table_taken_for_a_space_is_told_as_no_card() -> None:
    sure = {(0, 0): LION, (0, 1): CROC, (1, 0): LION, (1, 1): CROC}
    reading = _reading([(0, 2)], sure)
    result = settled(reading, [{"row": 0, "col": 2, "empty": True}])
    assert dict(result.reserve) == sure and result.told == ()


@pytest.mark.parametrize(("told", "why"), [
    ("lion", "must be a list"),
    ([{"row": 1, "col": 1}], "say which animal"),
    ([{"row": 1, "col": 1, "animal": "lion", "colour": "red"}], "unknown key 'colour'"),
    ([{"row": 1, "col": 1, "animal": "lion", "terrain": "lake"}], "lion cannot stand on lake"),
    ([{"row": 1, "col": 1, "animal": "lion", "river": "/"}], "a river on a lion space"),
    ([{"row": 1, "col": 1, "animal": "otter", "terrain": "savanna", "river": "|"}],
     "not a river"),
    ([{"row": 1, "col": 1, "animal": "lion"}, {"row": 1, "col": 1, "empty": True}],
     "told twice"),
    ([{"row": True, "col": 1, "animal": "lion"}], "needs a row and a col"),
    ([{"row": 1, "col": 1, "empty": True}], "not part of any whole card"),
])
def test_what_does_not_settle_the_photo_is_named(told: object, why: str) -> None:
    reading = _reading([(1, 1)], {(0, 0): LION, (0, 1): CROC, (1, 0): LION})
    with pytest.raises(SettleError, match=why):
        settled(reading, told)
