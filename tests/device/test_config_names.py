"""Player names in the config are held to the page's rules; odd files are named errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableref.device.config import ConfigError, load_config, parse_config


def _players(*names: str) -> str:
    return "".join(f'[[players]]\nname = "{n}"\n' for n in names)


def test_names_differing_only_in_spaces_or_case_are_one_name() -> None:
    for a, b in (("Ann", " Ann "), ("Ann", "ANN"), ("Ann Lee", "Ann  Lee"), ("Ann", "ann\\t")):
        with pytest.raises(ConfigError, match=r"players\[1\]\.name: .* already the name of"):
            parse_config(_players(a, b))


def test_names_are_stripped_as_on_the_page() -> None:
    config = parse_config(_players("  Ann ", "Ben\\t"))
    assert [p.name for p in config.players] == ["Ann", "Ben"]


def test_a_name_has_1_to_24_characters_and_no_control_characters() -> None:
    assert parse_config(_players("x" * 24, "Ben")).players[0].name == "x" * 24
    with pytest.raises(ConfigError, match=r"players\[0\]\.name: 'x{24}\.\.\.' is 25 characters"):
        parse_config(_players("x" * 25, "Ben"))
    with pytest.raises(ConfigError, match="is 900000 characters long"):
        parse_config(_players("x" * 900_000, "Ben"))
    with pytest.raises(ConfigError, match="must not be empty"):
        parse_config(_players("   ", "Ben"))
    with pytest.raises(ConfigError, match="control characters"):
        parse_config(_players("Ann\\u200f\\u0085", "Ben"))


def test_long_values_are_cut_in_messages() -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config(f'game = "{"h" * 100_000}"')
    assert len(str(caught.value)) < 200


def test_extra_host_names_for_the_page() -> None:
    config = parse_config('[web]\nnames = ["Table3.Cafe.lan.", "box"]\n')
    assert config.web.names == ("table3.cafe.lan", "box")
    for bad in ('"box"', '["bad name"]', "[3]", '["-x"]'):
        with pytest.raises(ConfigError, match=r"web\.names"):
            parse_config(f"[web]\nnames = {bad}\n")


def test_a_folder_or_a_huge_file_is_not_read(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="is a folder"):
        load_config(tmp_path)
    big = tmp_path / "config.toml"
    with big.open("wb") as fh:
        fh.truncate(50 * 1024 * 1024)
    with pytest.raises(ConfigError, match="too large for a config file"):
        load_config(big)
    (tmp_path / "binary.toml").write_bytes(b"\xff\xfe\x00game")
    with pytest.raises(ConfigError, match="cannot read the config file"):
        load_config(tmp_path / "binary.toml")
