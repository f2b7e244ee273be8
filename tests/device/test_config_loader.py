from pathlib import Path

import pytest

from tableref.device.config import (
    DEFAULT_PINS,
    Config,
    ConfigError,
    config_from_dict,
    load_config,
    parse_config,
)

FULL = """
game = "halli"
language = "de"
[[players]]
name = "Ann"
colour = "#e53935"
button_pin = 5
led_pin = 12
[[players]]
name = "Ben"
[[players]]
name = "Cem"
button_pin = 20
led_pin = "none"
[bells]
pin_factory = "mock"
bounce_ms = 3
settle_ms = 1.5
[voice]
engine = "espeak-ng"
voice = "de"
speed = 150
device = "plughw:1,0"
[camera]
source = "sim"
[web]
host = "0.0.0.0"
port = 9000
[halli]
elephant_alone_rings = true
play_to_the_end = false
"""


def test_a_full_file_is_read_into_frozen_dataclasses(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(FULL)
    config = load_config(path)
    assert config.language == "de"
    assert [p.name for p in config.players] == ["Ann", "Ben", "Cem"]
    assert config.player(0).colour == "#e53935"
    assert (config.player(0).button_pin, config.player(0).led_pin) == (5, 12)
    # Ben takes the default pins of seat 2; Cem has a button on 20 and no LED
    assert (config.player(1).button_pin, config.player(1).led_pin) == DEFAULT_PINS[1]
    assert (config.player(2).button_pin, config.player(2).led_pin) == (20, None)
    assert config.bells.pin_factory == "mock"
    assert config.bells.bounce_ms == 3.0
    assert config.bells.settle_ms == 1.5
    assert config.voice.device == "plughw:1,0"
    assert config.voice.speed == 150
    assert config.camera.source == "sim"
    assert (config.web.host, config.web.port) == ("0.0.0.0", 9000)
    assert config.halli.elephant_alone_rings is True
    assert config.source == str(path)
    with pytest.raises(AttributeError):
        config.language = "en"  # type: ignore[misc]


def test_an_empty_file_gives_the_defaults() -> None:
    config = parse_config("")
    assert config == Config(source="<string>")
    assert config.game == "halli"
    assert len(config.players) == 4
    assert [(p.button_pin, p.led_pin) for p in config.players] == list(DEFAULT_PINS[:4])
    assert config.bells.bounce_ms == 5.0
    assert config.voice.engine == "auto"
    assert config.web.port == 8080


def test_default_pins_are_distinct_and_usable() -> None:
    pins = [pin for pair in DEFAULT_PINS for pin in pair]
    assert len(set(pins)) == len(pins) == 12
    # not I2C, SPI0, UART or I2S
    assert not set(pins) & {0, 1, 2, 3, 7, 8, 9, 10, 11, 14, 15, 18, 19, 20, 21}


def test_the_simulated_players_patience() -> None:
    assert parse_config("").sim.patience_s == 0.0  # they play at their own pace
    assert parse_config("[sim]\npatience_s = 30").sim.patience_s == 30.0


@pytest.mark.parametrize(
    ("text", "key", "words"),
    [
        ('gmae = "halli"', "gmae", "unknown key"),
        ('game = "chess"', "game", "not one of"),
        ('game = "chess"', "game", "not one of \"halli\", \"nimalia\", \"nelly\""),
        ('game = "nelly"\n' + "".join(
            f'[[players]]\nname = "P{i}"\n' for i in range(5)), "players",
         "Nelly is for 2 to 4 players, not 5"),
        ("language = 1", "language", "must be a string"),
        ("[bells]\nbounce = 5", "bells.bounce", "unknown key"),
        ("[bells]\nbounce_ms = -1", "bells.bounce_ms", "out of range"),
        ('[bells]\nbounce_ms = "5"', "bells.bounce_ms", "must be a number"),
        ('[bells]\npin_factory = "pigpio2"', "bells.pin_factory", "not one of"),
        ("[voice]\nspeed = 165.5", "voice.speed", "must be an integer"),
        ("[voice]\nspeed = true", "voice.speed", "must be an integer"),
        ("[voice]\nspeed = 1000", "voice.speed", "out of range"),
        ('[voice]\ndevice = ""', "voice.device", "must not be empty"),
        ("[web]\nport = 0", "web.port", "out of range"),
        ('[halli]\nplay_to_the_end = "yes"', "halli.play_to_the_end", "true or false"),
        ("voice = 3", "voice", "must be a table"),
        ("[sim]\npatience_s = -1", "sim.patience_s", "out of range"),
        (
            '[[players]]\nname = "A"\n[[players]]\nname = "B"\nbutton_pin = "5"',
            "players[1].button_pin",
            "BCM pin number",
        ),
        (
            '[[players]]\nname = "A"\n[[players]]\nname = "B"\nbutton_pin = 40',
            "players[1].button_pin",
            "not a usable BCM pin",
        ),
        (
            '[[players]]\nname = "A"\n[[players]]\nname = "B"\nled_pin = 5',
            "players[1].led_pin",
            "already used by players[0].button_pin",
        ),
        (
            '[[players]]\nname = "A"\n[[players]]\nname = "B"\nfoo = 1',
            "players[1].foo",
            "unknown key",
        ),
        (
            '[[players]]\nname = "A"\n[[players]]\ncolour = "#000000"',
            "players[1].name",
            "is required",
        ),
        (
            '[[players]]\nname = "A"\n[[players]]\nname = "a"',
            "players[1].name",
            "already the name of players[0]",
        ),
        (
            '[[players]]\nname = "A"\ncolour = "red"\n[[players]]\nname = "B"',
            "players[0].colour",
            "not a colour",
        ),
        ('[[players]]\nname = "A"', "players", "1 players given"),
        ("players = 3", "players", "list of [[players]]"),
    ],
)
def test_bad_keys_are_named(text: str, key: str, words: str) -> None:
    with pytest.raises(ConfigError) as err:
        parse_config(text)
    assert err.value.key == key
    assert str(err.value).startswith(f"{key}: ")
    assert words in str(err.value)


def test_seven_players_are_too_many() -> None:
    players = [{"name": f"P{i}", "button_pin": "none", "led_pin": "none"} for i in range(7)]
    with pytest.raises(ConfigError, match="7 players given"):
        config_from_dict({"players": players})


def test_bad_toml_and_missing_file_are_reported(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not valid TOML"):
        parse_config("game = ", source="x.toml")
    with pytest.raises(ConfigError, match="no such config file"):
        load_config(tmp_path / "nope.toml")


def test_a_bad_key_in_a_file_names_the_file(tmp_path: Path) -> None:
    # `tableref run` finds /etc/tableref/config.toml by itself: the message must say which
    # file holds the bad key, not only the key
    path = tmp_path / "config.toml"
    path.write_text('game = "chess"\n', encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert err.value.key == "game"
    assert str(err.value).startswith(f"{path}: game: ")
    assert "'chess' is not one of" in str(err.value)
    assert str(err.value).count(str(path)) == 1
