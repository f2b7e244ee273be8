"""Bell press to spoken verdict: how long from the press's edge to the verdict being decided
and the play call issued, with the voice cache warm.

The buttons are gpiozero MockFactory pins (the edge is stamped by the pin when it is driven,
as the kernel stamps a real edge); everything above the pin is the real code: debounce,
arbiter with its settle window, the consumer, phrase composition, `Voice.announce_verdict`
with warm clips, and `AlsaSink` starting a real `aplay` on ALSA's null device.

    .venv/bin/python bench/bells_latency.py [--presses 300] [--settle-ms 2]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
from pathlib import Path

from gpiozero.pins.mock import MockFactory

from tableref.device.bells import BellEvent, Bells, Ring
from tableref.device.config import parse_config
from tableref.device.voice import AlsaSink, Voice

CONFIG = """
[[players]]
name = "Ann"
[[players]]
name = "Ben"
[[players]]
name = "Cem"
[[players]]
name = "Dora"
[voice]
engine = "espeak-ng"
device = "null"
"""


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def line(label: str, values_ns: list[int]) -> str:
    ms = [v / 1e6 for v in values_ns]
    return (
        f"{label:<44} median {statistics.median(ms):7.3f} ms   p99 {pct(ms, 99):7.3f} ms"
        f"   max {max(ms):7.3f} ms"
    )


def run(presses: int, settle_ms: float, cache: Path) -> None:
    config = parse_config(CONFIG)
    factory = MockFactory()
    sink = AlsaSink(device="null")
    decided: list[int] = []
    issued: list[int] = []
    spawned: list[int] = []
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

        buttons = {0: 5, 1: 6, 2: 16, 3: 17}
        with Bells(
            buttons, on_event=on_event, pin_factory=factory, bounce_ms=5, settle_ms=settle_ms
        ) as bells:
            for i in range(presses):
                player = i % 4
                pin = bells.gpio_pin(player)
                rung.clear()
                sink.spawned.clear()
                pin.drive_low()
                edge_ns = round(pin._last_change * 1e9)  # the MockPin's edge stamp
                if not rung.wait(5) or not sink.spawned.wait(5):
                    raise SystemExit(f"press {i}: no verdict")
                spawned.append(round(sink.started[-1] * 1e9) - edge_ns)
                voice.stop()
                voice.wait_idle(5)
                pin.drive_high()
                bells.unlock()
                time.sleep(0.006)  # past the bounce time, so the next press is a new one
        run_renders = voice.cache.misses - warm_renders
        t0 = time.monotonic()
        voice.render(f"A phrase never said before {time.time_ns()}.")
        cold_ms = (time.monotonic() - t0) * 1e3
    factory.close()
    print(f"bells_latency: {presses} presses, settle window {settle_ms:g} ms, cache warm")
    print(line("edge -> verdict decided (Ring)", decided))
    print(line("edge -> play call issued (announce_verdict)", issued))
    print(line("edge -> aplay process started", spawned))
    print(
        f"warm-up: {warm_renders} phrases rendered in {warm_s:.2f} s; renders during the run: "
        f"{run_renders}; one cold espeak-ng render, for comparison: {cold_ms:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--presses", type=int, default=300)
    parser.add_argument("--settle-ms", type=float, default=2.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        run(args.presses, args.settle_ms, Path(cache))


if __name__ == "__main__":
    main()
