"""Bell press to spoken verdict: how long from the press's edge to the verdict being decided
and the play call issued, with the voice cache warm.

Off a Pi the button is a gpiozero MockFactory pin (stamped by the pin when it is driven, as
the kernel stamps a real edge). Everything above the pin is the real code: debounce, the
arbiter with its settle window, the consumer, phrase composition, `Voice.announce_verdict`
with warm clips, and `AlsaSink` starting a real `aplay` (on ALSA's null device by default).

On a Pi, wire an output pin to seat 1's button pin (default GPIO 5) with a jumper and run
with `--pin-factory lgpio --loopback OUT`: the output pulls the button low like a press, and
the edge time is also checked against the time the output was switched (it must be a few
microseconds later, which shows the kernel's timestamps are on the monotonic clock).

    .venv/bin/python bench/bells_latency.py [--presses 300] [--settle-ms 2]
    .venv/bin/python bench/bells_latency.py --pin-factory lgpio --loopback 20 --device default
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from tableref.device.bells import BellEvent, Bells, Ring
from tableref.device.bells.gpio import make_pin_factory
from tableref.device.config import parse_config
from tableref.device.voice import AlsaSink, Voice

PLAYERS = ("Ann", "Ben", "Cem", "Dora")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def line(label: str, values_ns: list[int]) -> str:
    ms = [v / 1e6 for v in values_ns]
    return (
        f"{label:<44} median {statistics.median(ms):7.3f} ms   p99 {pct(ms, 99):7.3f} ms"
        f"   max {max(ms):7.3f} ms"
    )


def run(args: argparse.Namespace, cache: Path) -> None:
    players = "".join(f'[[players]]\nname = "{n}"\n' for n in PLAYERS)
    config = parse_config(f'{players}[voice]\nengine = "espeak-ng"\ndevice = "{args.device}"\n')
    factory: Any = make_pin_factory(args.pin_factory)
    sink = AlsaSink(device=args.device)
    decided: list[int] = []
    issued: list[int] = []
    spawned: list[int] = []
    edge_after_switch: list[int] = []
    rung = threading.Event()
    with Voice(config, sink=sink, cache=cache) as voice:
        t0 = time.monotonic()
        voice.warm()
        warm_s = time.monotonic() - t0
        assert voice.cache is not None
        warm_renders = voice.cache.misses

        def on_event(event: BellEvent) -> None:
            if not isinstance(event, Ring):
                return
            # what a daemon does on a ring: judge (here: always right) and speak
            voice.announce_verdict(event.player, right=True)
            issued.append(time.monotonic_ns() - event.t_ns)
            decided.append(event.decided_ns - event.t_ns)
            rung.set()

        buttons = {i: config.player(i).button_pin or 0 for i in range(len(PLAYERS))}
        loopback = None
        if args.loopback is not None:
            from gpiozero import OutputDevice

            buttons = {0: buttons[0]}
            if args.pin_factory == "mock":  # a jumper between the two mock pins
                from gpiozero.pins.mock import MockConnectedPin

                factory.pin(args.loopback, pin_class=MockConnectedPin, input_pin=factory.pin(5))
            loopback = OutputDevice(
                args.loopback, active_high=False, initial_value=False, pin_factory=factory
            )
        with Bells(
            buttons, on_event=on_event, pin_factory=factory, settle_ms=args.settle_ms
        ) as bells:
            for i in range(args.presses):
                player = i % len(buttons)
                rung.clear()
                sink.spawned.clear()
                switched = time.monotonic_ns()
                if loopback is not None:
                    loopback.on()  # pulls the button pin low
                else:
                    bells.gpio_pin(player).drive_low()
                if not rung.wait(5) or not sink.spawned.wait(5):
                    raise SystemExit(f"press {i}: no verdict (is the loopback wired?)")
                ring = bells.last_ring
                assert ring is not None
                edge_after_switch.append(ring.t_ns - switched)
                spawned.append(round(sink.started[-1] * 1e9) - ring.t_ns)
                voice.stop()
                voice.wait_idle(5)
                if loopback is not None:
                    loopback.off()
                else:
                    bells.gpio_pin(player).drive_high()
                bells.unlock()
                time.sleep(0.010)  # past the bounce time, so the next press is a new one
        if loopback is not None:
            loopback.close()
        run_renders = voice.cache.misses - warm_renders
        t0 = time.monotonic()
        voice.render(f"A phrase never said before {time.time_ns()}.")
        cold_ms = (time.monotonic() - t0) * 1e3
    if factory is not None:
        factory.close()
    where = f"loopback GPIO {args.loopback}" if loopback is not None else "mock pins"
    print(
        f"bells_latency: {args.presses} presses ({args.pin_factory}, {where}), settle window "
        f"{args.settle_ms:g} ms, cache warm, ALSA device {args.device!r}"
    )
    print(line("edge -> verdict decided (Ring)", decided))
    print(line("edge -> play call issued (announce_verdict)", issued))
    print(line("edge -> aplay process started", spawned))
    if loopback is not None:
        print(line("output switched -> edge timestamp", edge_after_switch))
    print(
        f"warm-up: {warm_renders} phrases rendered in {warm_s:.2f} s; renders during the run: "
        f"{run_renders}; one cold espeak-ng render, for comparison: {cold_ms:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--presses", type=int, default=300)
    parser.add_argument("--settle-ms", type=float, default=2.0)
    parser.add_argument("--pin-factory", default="mock", choices=("mock", "lgpio", "rpigpio"))
    parser.add_argument("--loopback", type=int, help="BCM output pin wired to GPIO 5 (on a Pi)")
    parser.add_argument("--device", default="null", help="ALSA device (default: null)")
    args = parser.parse_args()
    if args.pin_factory != "mock" and args.loopback is None:
        parser.error("a real pin factory needs --loopback OUT (an output wired to GPIO 5)")
    with tempfile.TemporaryDirectory() as cache:
        run(args, Path(cache))


if __name__ == "__main__":
    main()
