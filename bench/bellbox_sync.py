"""The Pico bell box: how well its press times land on the Pi's clock, and how soon.

Off a Pi the box is the real firmware (firmware/bellbox/bellbox_core.py) under CPython on
fake pins, its ticks_us running `--ppm` fast, behind a pty; the host side is the real
`BellBox` (clock sync, arbiter). Each press is stamped at a known host time, so the error of
the mapped time is measured exactly; the latency is from the edge to the `Ring` event.

On a Pi with a real Pico: wire a free Pi GPIO (`--loopback BCM`, e.g. 20) to the Pico's GP2
(seat 1's button) and run with `--port /dev/ttyACM0 --loopback 20`. The Pi pulls the
line low like a press and keeps its own time of the switch; the error is the box's mapped
time minus that (the Pico's interrupt latency plus the sync error).

    .venv/bin/python bench/bellbox_sync.py [--presses 100] [--ppm 40]
    .venv/bin/python bench/bellbox_sync.py --port /dev/ttyACM0 --loopback 20
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tableref.device.bells import BellEvent, Ring
from tableref.device.bells.bellbox import BellBox


class Rings:
    def __init__(self) -> None:
        self.rings: list[tuple[Ring, int]] = []  # (ring, host ns when it arrived)
        self.cond = threading.Condition()

    def __call__(self, event: BellEvent) -> None:
        if isinstance(event, Ring):
            with self.cond:
                self.rings.append((event, time.monotonic_ns()))
                self.cond.notify_all()

    def wait(self, n: int, timeout: float = 5.0) -> tuple[Ring, int]:
        with self.cond:
            if not self.cond.wait_for(lambda: len(self.rings) >= n, timeout):
                raise SystemExit("bench: no ring from the bell box")
            return self.rings[n - 1]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def report(name: str, values: list[float], unit: str) -> None:
    print(
        f"{name:<34} median {statistics.median(values):8.1f} {unit}   "
        f"p99 {percentile(values, 0.99):8.1f} {unit}   max {max(values):8.1f} {unit}"
    )


def run_pty(args: argparse.Namespace) -> tuple[BellBox, Any, Any]:
    from tests.bellbox.pico import PicoTicks, PtyPico

    port = Path(tempfile.mkdtemp()) / "ttyACM0"
    clock = PicoTicks(origin=(1 << 30) - 3_000_000, rate=1 + args.ppm * 1e-6)
    pico = PtyPico(port, clock)
    return BellBox(str(port), 6, on_event=args.rings, settle_ms=args.settle_ms), pico, clock


def press_pty(pico: Any, clock: Any) -> int:
    host = time.monotonic_ns()
    pico.press(0, clock.ticks_at(host))
    return host


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--presses", type=int, default=100)
    parser.add_argument("--ppm", type=float, default=40.0, help="the simulated Pico's drift")
    parser.add_argument("--settle-ms", type=float, default=2.0)
    parser.add_argument("--port", help="a real bell box (needs --loopback)")
    parser.add_argument("--loopback", type=int, help="Pi BCM pin wired to the Pico's GP2")
    args = parser.parse_args()
    args.rings = Rings()
    pico: Any = None
    out: Any = None
    if args.port:
        if args.loopback is None:
            parser.error("--port needs --loopback BCM (a Pi pin wired to the Pico's GP2)")
        from gpiozero import DigitalOutputDevice

        box = BellBox(args.port, 6, on_event=args.rings, settle_ms=args.settle_ms)
        out = DigitalOutputDevice(args.loopback, active_high=False, initial_value=False)
    else:
        box, pico, clock = run_pty(args)
    errors_us: list[float] = []
    latency_ms: list[float] = []
    try:
        if not box.wait_connected(10):
            raise SystemExit("bench: the bell box did not connect")
        time.sleep(3.0)  # a few sync bursts, so that the drift is being tracked
        for n in range(1, args.presses + 1):
            if out is not None:
                t0 = time.monotonic_ns()
                out.on()  # the line goes low: a press
                edge = (t0 + time.monotonic_ns()) // 2
            else:
                edge = press_pty(pico, clock)
            ring, arrived = args.rings.wait(n)
            errors_us.append(abs(ring.t_ns - edge) / 1000)
            latency_ms.append((arrived - edge) / 1e6)
            time.sleep(0.03)
            if out is not None:
                out.off()
            else:
                pico.release(0)
            time.sleep(0.03)
            box.unlock()
        where = f"real Pico on {args.port}" if args.port else "firmware under CPython, pty"
        print(f"bell box: {where}, {args.presses} presses, settle {args.settle_ms} ms")
        report("|mapped time - edge time|", errors_us, "us")
        report("edge to Ring (incl. settle)", latency_ms, "ms")
        rtt = box.clock.last_rtt_ns or 0
        drift = box.clock.drift_ppm
        print(f"last sync round trip {rtt / 1000:.0f} us; drift {drift:+.1f} ppm", end="")
        print("" if args.port else f" (simulated {-args.ppm:+.1f} ppm: a fast box is -)")
    finally:
        box.close()
        if pico is not None:
            pico.unplug()
        if out is not None:
            out.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
