"""The config's [nimalia] table: the game's objectives."""

from __future__ import annotations

import pytest

from tableref.device.config import ConfigError, parse_config


def test_the_objectives_key() -> None:
    assert parse_config("").nimalia.objectives == "first_game"
    assert parse_config('[nimalia]\nobjectives = "random"').nimalia.objectives == "random"
    assert parse_config("[nimalia]\nobjectives = [20, 15, 8, 3]").nimalia.objectives == \
        (3, 8, 15, 20)


@pytest.mark.parametrize(("text", "why"), [
    ("[nimalia]\nobjectives = [1, 2, 13, 22]", "two faces of one card"),
    ("[nimalia]\nobjectives = [3, 5, 13, 22]", "both blue"),
    ("[nimalia]\nobjectives = [3, 8]", "a game has 4"),
    ('[nimalia]\nobjectives = "all"', "first_game"),
    ("[nimalia]\nobjectives = [3, 8, 15, 23]", "ids are 1..22"),
    ("[nimalia]\nrounds = 4", "unknown key"),
])
def test_bad_objectives_are_named(text: str, why: str) -> None:
    with pytest.raises(ConfigError, match=f"nimalia.(objectives|rounds): .*{why}"):
        parse_config(text)
