import json

import pytest

from tableref.games.nimalia import (
    NimaliaError,
    ReserveError,
    ReserveFileError,
    reserve_from_json,
    reserve_to_json,
)
from tableref.games.nimalia.model import Animal, Reserve, River, Space, Terrain

from .grid import grid


def _file(*spaces: dict[str, object]) -> str:
    return json.dumps({"spaces": list(spaces)})


def test_the_spec_example_reads() -> None:
    reserve = reserve_from_json(
        """{"spaces": [
          {"row": 0, "col": 2, "terrain": "lake", "animal": "crocodile"},
          {"row": 1, "col": 3, "terrain": "savanna", "animal": "otter", "river": "/"}
        ]}"""
    )
    assert reserve[(0, 2)] == Space(Terrain.LAKE, Animal.CROCODILE)
    assert reserve[(1, 3)] == Space(Terrain.SAVANNA, Animal.OTTER, River.RISING)
    assert len(reserve) == 2


def test_the_writer_normalises_and_sorts() -> None:
    reserve = grid(
        """
        . .  .
        . cr os/
        . pa .
        """
    )
    text = reserve_to_json(reserve)
    assert text.splitlines()[1] == (
        '  {"row": 0, "col": 0, "terrain": "lake", "animal": "crocodile"},'
    )
    back = reserve_from_json(text)
    assert back == reserve.normalised()
    assert back.origin() == (0, 0)


def test_readers_accept_any_translation_in_the_window() -> None:
    text = _file({"row": 5, "col": 4, "terrain": "lake", "animal": "flamingo"})
    assert reserve_from_json(text).origin() == (5, 4)


def _at(terrain: str, animal: str, row: object = 2, **extra: object) -> dict[str, object]:
    return {"row": row, "col": 1, "terrain": terrain, "animal": animal, **extra}


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"row": 0, "col": 6, "terrain": "lake", "animal": "crocodile"}, "(row 0, col 6)"),
        ({"row": -1, "col": 0, "terrain": "lake", "animal": "crocodile"}, "outside the 6x6"),
        (_at("swamp", "crocodile"), "unknown terrain 'swamp'"),
        (_at("lake", "duck"), "unknown animal 'duck'"),
        (_at("savanna", "otter", river="|"), "unknown river"),
        (_at("savanna", "lion", river="/"), "a river on a lion"),
        (_at("savanna", "otter"), "must carry a river"),
        (_at("lake", "otter", river="/"), "otter cannot stand on lake"),
        (_at("lake", "lion"), "lion cannot stand on lake"),
        ({"row": 2, "col": 1, "animal": "lion"}, "missing 'terrain'"),
        (_at("savanna", "lion", row="2"), "'row' must be an integer"),
        (_at("savanna", "lion", row=True), "'row' must be an integer"),
        (_at("savanna", "lion", size=1), "unknown key 'size'"),
    ],
)
def test_a_bad_space_is_rejected_with_its_name(entry: dict[str, object], message: str) -> None:
    with pytest.raises(ReserveFileError) as info:
        reserve_from_json(_file(entry))
    assert message in str(info.value)
    if "row" in entry and isinstance(entry["row"], int) and not isinstance(entry["row"], bool):
        assert f"(row {entry['row']}, col {entry['col']})" in str(info.value)


def test_a_space_listed_twice_is_rejected() -> None:
    space = {"row": 3, "col": 4, "terrain": "lake", "animal": "crocodile"}
    with pytest.raises(ReserveFileError, match=r"space \(row 3, col 4\) is listed twice"):
        reserve_from_json(_file(space, space))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        ("[]", "JSON object"),
        ('{"spaces": {}}', "must be a list"),
        ('{"spaces": []}', "is empty"),
        ('{"spaces": [], "cards": 1}', "unknown key 'cards'"),
        ('{"spaces": [3]}', "entry 0"),
    ],
)
def test_a_bad_file_is_rejected(text: str, message: str) -> None:
    with pytest.raises(ReserveFileError, match=message):
        reserve_from_json(text)


def test_errors_are_value_errors() -> None:
    assert issubclass(ReserveFileError, ReserveError)
    assert issubclass(ReserveError, NimaliaError)
    assert issubclass(NimaliaError, ValueError)


def test_the_model_refuses_a_reserve_wider_than_6() -> None:
    space = Space(Terrain.LAKE, Animal.CROCODILE)
    with pytest.raises(ReserveError, match="spans 7 cols"):
        Reserve({(0, 0): space, (0, 6): space})
    assert len(Reserve({(0, -3): space, (0, 2): space})) == 2
