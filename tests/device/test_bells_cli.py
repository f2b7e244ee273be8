"""`tableref bells test`: the LEDs in turn, then every press with player, pin and time."""

from __future__ import annotations

import io
import threading
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from tableref.device.cli import main
from tableref.device.cli.bells import run_bells_test
from tableref.device.config import parse_config


class Lines(io.StringIO):
    """Output that lets a test wait for a line to appear."""

    def __init__(self) -> None:
        super().__init__()
        self.cond = threading.Condition()

    def write(self, s: str) -> int:
        with self.cond:
            n = super().write(s)
            self.cond.notify_all()
            return n

    def wait_for(self, text: str, count: int = 1) -> None:
        with self.cond:
            assert self.cond.wait_for(lambda: self.getvalue().count(text) >= count, 10), (
                self.getvalue()
            )


def test_the_leds_light_in_turn(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["bells", "test", "--pin-factory", "mock", "--seconds", "0", "--led-seconds", "0"])
    assert code == 0
    out = capsys.readouterr().out
    assert "pin factory: MockFactory" in out
    leds = [line for line in out.splitlines() if line.startswith("LED of")]
    assert leds == [
        "LED of player 1 (Player 1) on GPIO 12",
        "LED of player 2 (Player 2) on GPIO 13",
        "LED of player 3 (Player 3) on GPIO 26",
        "LED of player 4 (Player 4) on GPIO 27",
    ]


def test_every_press_is_printed_with_player_pin_and_time(factory: MockFactory) -> None:
    config = parse_config('[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n')
    out = Lines()
    stop = threading.Event()
    done: list[int] = []
    runner = threading.Thread(
        target=lambda: done.append(
            run_bells_test(config, factory, led_seconds=0, out=out, stop=stop)
        )
    )
    runner.start()
    try:
        out.wait_for("press the buttons")
        factory.pin(6).drive_low()
        out.wait_for("press  player 2 (Ben)")
        factory.pin(6).drive_high()
        factory.pin(5).drive_low()
        out.wait_for("press  ", count=2)
        # every press is printed, and the last presser's LED lights (Ann: GPIO 12)
        assert factory.pin(13).state == 0 and factory.pin(12).state == 1  # Ann's LED lit
    finally:
        stop.set()
        runner.join(10)
    assert done == [0]
    lines = [line for line in out.getvalue().splitlines() if line.startswith("press  ")]
    assert "player 2 (Ben)" in lines[0] and "GPIO  6" in lines[0] and "monotonic" in lines[0]
    assert "player 1 (Ann)" in lines[1] and "GPIO  5" in lines[1]


def test_a_bad_config_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\nbutton_pin = 99\n')
    assert main(["bells", "test", "--config", str(path), "--seconds", "0"]) == 2
    err = capsys.readouterr().err
    assert "players[1].button_pin" in err and str(path) in err
