"""`tableref bells test`: check the wiring of the bell buttons and their LEDs."""

from __future__ import annotations

import argparse
import sys
import threading
import time
from pathlib import Path
from typing import Any, TextIO

from tableref.device.cli.common import CliError, Groups
from tableref.device.config import DEFAULT_CONFIG_PATH, Config, ConfigError, load_config


def register(groups: Groups) -> None:
    parser = groups["bells"].add_parser(
        "test",
        help="light each LED in turn, then print every press (player, pin, timestamp)",
        description="Check the bell wiring: each button LED lights in turn, then every press "
        "is printed with its player, GPIO pin and edge timestamp. Ctrl-C stops.",
    )
    parser.add_argument(
        "--config", type=Path, help=f"the config file (default {DEFAULT_CONFIG_PATH} if present)"
    )
    parser.add_argument(
        "--pin-factory",
        choices=("auto", "lgpio", "rpigpio", "mock"),
        help="gpiozero pin factory (default: [bells] pin_factory from the config)",
    )
    parser.add_argument(
        "--seconds", type=float, help="stop after this many seconds (default: at Ctrl-C)"
    )
    parser.add_argument(
        "--led-seconds", type=float, default=0.5, help="how long each LED stays lit (0.5)"
    )
    parser.set_defaults(func=_bells_test)


def _load(path: Path | None) -> Config:
    if path is None:
        if not DEFAULT_CONFIG_PATH.exists():
            return Config()
        path = DEFAULT_CONFIG_PATH
    try:
        return load_config(path)
    except ConfigError as err:
        raise CliError(f"{path}: {err}" if err.key else str(err)) from err


def _bells_test(args: argparse.Namespace) -> int:
    config = _load(args.config)
    if args.seconds is not None and args.seconds < 0:
        raise CliError("--seconds must not be negative")
    return run_bells_test(
        config,
        args.pin_factory or config.bells.pin_factory,
        seconds=args.seconds,
        led_seconds=max(0.0, args.led_seconds),
    )


def run_bells_test(
    config: Config,
    pin_factory: Any,
    seconds: float | None = None,
    led_seconds: float = 0.5,
    out: TextIO | None = None,
    stop: threading.Event | None = None,
) -> int:
    """The wiring check; `stop` (or `seconds`, or Ctrl-C) ends it."""
    from tableref.device.bells import Bells, BellsError, Press

    out = sys.stdout if out is None else out
    stop = threading.Event() if stop is None else stop
    start_ns = time.monotonic_ns()
    print_lock = threading.Lock()

    def say(line: str) -> None:
        with print_lock:
            print(line, file=out, flush=True)

    def name(player: int) -> str:
        return f"player {player + 1} ({config.player(player).name})"

    bells: Bells | None = None

    def on_press(press: Press) -> None:
        say(
            f"press  {name(press.player):<24} GPIO {press.pin:>2}  "
            f"t={(press.t_ns - start_ns) / 1e9:10.6f} s  (monotonic {press.t_ns} ns, "
            f"seen {(press.seen_ns - press.t_ns) / 1e3:.0f} us later)"
        )
        if bells is not None:
            bells.light(press.player)

    try:
        bells = Bells.from_config(config, on_press=on_press, pin_factory=pin_factory)
    except BellsError as err:
        raise CliError(str(err)) from err
    with bells:
        bells.lock()  # no arbitration here: every press is printed as it comes
        say(f"pin factory: {type(bells.pin_factory).__name__}")
        for player, pin in sorted(bells.buttons.items()):
            led = config.player(player).led_pin
            say(f"{name(player):<24} button GPIO {pin:>2}  LED GPIO {led if led else '-'}")
        try:
            for player in bells.led_players:
                say(f"LED of {name(player)} on GPIO {config.player(player).led_pin}")
                bells.light(player)
                if stop.wait(led_seconds):
                    break
            bells.light(None)
            say("press the buttons; Ctrl-C stops" if seconds is None else "press the buttons")
            stop.wait(seconds)
        except KeyboardInterrupt:
            say("stopped")
    return 0
