"""The bell box's clock on ours: Pico `ticks_us` (wrapping at 2**30) to host monotonic ns.

Each sync sample is a request sent at `t0_ns`, answered with the box's `ticks`, read at
`t1_ns`; the ticks are taken to be the midpoint, good to half the round trip. A burst of
samples keeps the one with the shortest round trip. The ticks are unwrapped against the
previous burst (bursts come far less than 2**29 us apart), and a line fitted through the
recent bursts maps the box's microseconds to host nanoseconds, tracking the drift of the
Pico's crystal.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

# MicroPython's MICROPY_PY_TIME_TICKS_PERIOD on a 32-bit port (rp2): ticks_us() wraps here.
TICKS_PERIOD = 1 << 30
_HALF = TICKS_PERIOD // 2
# A fitted rate further from 1 than this is not a crystal's drift but bad samples.
MAX_DRIFT_PPM = 1000.0
# Fit a rate only over bursts spanning at least this long (shorter: offset only).
MIN_FIT_SPAN_US = 2_000_000


def ticks_diff(a: int, b: int) -> int:
    """MicroPython's `time.ticks_diff(a, b)`: a - b modulo the period, as a signed number."""
    return ((a - b + _HALF) % TICKS_PERIOD) - _HALF


@dataclass(frozen=True)
class SyncSample:
    t0_ns: int
    ticks: int
    t1_ns: int

    @property
    def rtt_ns(self) -> int:
        return self.t1_ns - self.t0_ns

    @property
    def mid_ns(self) -> int:
        return (self.t0_ns + self.t1_ns) // 2


class TickClock:
    """Maps the box's ticks to host monotonic ns. Not thread-safe: one owner thread."""

    def __init__(self, window: int = 30) -> None:
        self._points: deque[tuple[int, int]] = deque(maxlen=window)  # (box us, host ns)
        self._last_ticks: int | None = None
        self._last_us = 0
        self._rate = 1.0  # host ns per box ns
        self._anchor: tuple[float, float] = (0.0, 0.0)  # (mean box us, mean host ns)
        self.last_rtt_ns: int | None = None

    @property
    def synced(self) -> bool:
        return self._last_ticks is not None

    @property
    def drift_ppm(self) -> float:
        """How fast the box's clock runs against ours, in parts per million (+: slow box)."""
        return (self._rate - 1.0) * 1e6

    def reset(self) -> None:
        """Forget everything (the box was unplugged: it restarts with new ticks)."""
        self._points.clear()
        self._last_ticks = None
        self._last_us = 0
        self._rate = 1.0
        self.last_rtt_ns = None

    def add_burst(self, samples: list[SyncSample]) -> SyncSample:
        """Take the burst's sample with the shortest round trip; returns it."""
        if not samples:
            raise ValueError("a sync burst needs at least one sample")
        best = min(samples, key=lambda s: s.rtt_ns)
        us = self._unwrap(best.ticks)
        self._last_ticks = best.ticks
        self._last_us = us
        self.last_rtt_ns = best.rtt_ns
        self._points.append((us, best.mid_ns))
        self._fit()
        return best

    def to_ns(self, ticks: int) -> int:
        """The host monotonic time of the box's `ticks` (within 2**29 us of the last sync)."""
        if self._last_ticks is None:
            raise RuntimeError("the bell box's clock is not synced yet")
        us = self._unwrap(ticks)
        mean_us, mean_ns = self._anchor
        return round(mean_ns + (us - mean_us) * 1000.0 * self._rate)

    def _unwrap(self, ticks: int) -> int:
        if not 0 <= ticks < TICKS_PERIOD:
            raise ValueError(f"ticks {ticks} out of range 0..2**30-1")
        if self._last_ticks is None:
            return ticks
        return self._last_us + ticks_diff(ticks, self._last_ticks)

    def _fit(self) -> None:
        n = len(self._points)
        mean_us = sum(p[0] for p in self._points) / n
        mean_ns = sum(p[1] for p in self._points) / n
        self._anchor = (mean_us, mean_ns)
        span = self._points[-1][0] - self._points[0][0]
        if n < 3 or span < MIN_FIT_SPAN_US:
            # Too little to see drift: keep the rate, anchor on the newest point.
            self._anchor = (float(self._points[-1][0]), float(self._points[-1][1]))
            return
        sxx = sum((p[0] - mean_us) ** 2 for p in self._points)
        sxy = sum((p[0] - mean_us) * (p[1] - mean_ns) for p in self._points)
        rate = sxy / sxx / 1000.0
        if abs(rate - 1.0) * 1e6 > MAX_DRIFT_PPM:
            rate = 1.0
        self._rate = rate
