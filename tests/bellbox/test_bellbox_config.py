"""`[bells] source` and `serial_port`: parsed, checked with errors naming the key, used."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from tableref.device.bells import Bells
from tableref.device.bells.bellbox import BellBox, open_bells
from tableref.device.config import ConfigError, parse_config


def test_defaults_are_the_gpio_bells() -> None:
    bells = parse_config("").bells
    assert bells.source == "gpio"
    assert bells.serial_port == "/dev/ttyACM0"


def test_the_bell_box_and_its_port() -> None:
    bells = parse_config('[bells]\nsource = "bellbox"\nserial_port = "/dev/ttyACM1"\n').bells
    assert (bells.source, bells.serial_port) == ("bellbox", "/dev/ttyACM1")


@pytest.mark.parametrize(
    ("toml", "key", "problem"),
    [
        ('source = "usb"', "bells.source", "is not one of"),
        ("source = 1", "bells.source", "must be a string"),
        ("serial_port = 0", "bells.serial_port", "must be a string"),
        ('serial_port = ""', "bells.serial_port", "must not be empty"),
        ('serial = "/dev/ttyACM0"', "bells.serial", "unknown key"),
    ],
)
def test_bad_values_name_the_key(toml: str, key: str, problem: str) -> None:
    with pytest.raises(ConfigError) as err:
        parse_config(f"[bells]\n{toml}\n")
    assert err.value.key == key
    assert problem in str(err.value)


def test_open_bells_by_source(tmp_path: Path) -> None:
    port = tmp_path / "ttyACM7"
    config = parse_config(f'[bells]\nsource = "bellbox"\nserial_port = "{port}"\n')
    heard: list[tuple[bool, str]] = []
    told = threading.Event()

    def health(ok: bool, message: str) -> None:
        heard.append((ok, message))
        told.set()

    with open_bells(config, on_health=health) as box:
        assert isinstance(box, BellBox)
        assert box.players == 4
        assert told.wait(5)
        assert heard[0][0] is False and str(port) in heard[0][1]
    gpio = open_bells(parse_config(""), pin_factory="mock")
    with gpio:
        assert isinstance(gpio, Bells)
        assert gpio.buttons == {0: 5, 1: 6, 2: 16, 3: 17}
