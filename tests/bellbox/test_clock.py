"""The host's map from the Pico's ticks_us to monotonic ns: wrap, round trips, drift."""

from __future__ import annotations

import random

import pytest

from tableref.device.bells.bellbox_clock import TICKS_PERIOD, SyncSample, TickClock, ticks_diff

MAX = TICKS_PERIOD - 1
HALF = TICKS_PERIOD // 2


def test_ticks_diff_as_micropython_defines_it() -> None:
    # The invariants of MicroPython's tests/extmod/ticks_diff.py, for a period of 2**30.
    assert ticks_diff(1, 0) == 1
    assert ticks_diff(0, 1) == -1
    assert ticks_diff(0, MAX) == 1
    assert ticks_diff(MAX, 0) == -1
    assert ticks_diff(0, MAX - 1) == 2
    assert ticks_diff(HALF, 1) == HALF - 1
    assert ticks_diff(HALF, 0) == -HALF
    assert ticks_diff(HALF + 100, 101) == HALF - 1


class Pico:
    """A box whose crystal runs `ppm` slow, and USB delays between 100 and `jitter_us`."""

    def __init__(self, origin: int, ppm: float, jitter_us: float, seed: int = 1) -> None:
        self.origin = origin
        self.rate = 1.0 - ppm * 1e-6  # box us per host us
        self.jitter_us = jitter_us
        self.rng = random.Random(seed)

    def ticks(self, host_ns: int) -> int:
        return int(self.origin + host_ns / 1000 * self.rate) % TICKS_PERIOD

    def sample(self, t0_ns: int) -> SyncSample:
        there = round(self.rng.uniform(100, self.jitter_us) * 1000)
        back = round(self.rng.uniform(100, self.jitter_us) * 1000)
        return SyncSample(t0_ns, self.ticks(t0_ns + there), t0_ns + there + back)

    def burst(self, t0_ns: int, n: int = 5) -> list[SyncSample]:
        out = []
        for _ in range(n):
            s = self.sample(t0_ns)
            out.append(s)
            t0_ns = s.t1_ns + 50_000
        return out


def test_not_synced_yet() -> None:
    clock = TickClock()
    with pytest.raises(RuntimeError, match="not synced"):
        clock.to_ns(5)
    with pytest.raises(ValueError, match="at least one sample"):
        clock.add_burst([])


def test_the_shortest_round_trip_wins() -> None:
    clock = TickClock()
    # ticks 1000 read at 10_000_000 ns in truth; the slow samples' midpoints are off.
    samples = [
        SyncSample(9_000_000, 1000, 13_000_000),  # rtt 4 ms, midpoint 11 ms
        SyncSample(9_950_000, 1000, 10_050_000),  # rtt 0.1 ms, midpoint 10 ms
        SyncSample(8_000_000, 1000, 10_500_000),
    ]
    assert clock.add_burst(samples).rtt_ns == 100_000
    assert clock.to_ns(1000) == 10_000_000
    assert clock.to_ns(1200) == 10_200_000


def test_presses_either_side_of_the_wrap() -> None:
    clock = TickClock()
    clock.add_burst([SyncSample(0, MAX - 5000, 0)])  # 5 ms before the wrap
    before, after = clock.to_ns(MAX - 99), clock.to_ns(100)
    assert after - before == 200_000
    assert before == 4_901_000


def test_bad_ticks_are_refused() -> None:
    clock = TickClock()
    clock.add_burst([SyncSample(0, 5, 0)])
    for bad in (-1, TICKS_PERIOD):
        with pytest.raises(ValueError, match="out of range"):
            clock.to_ns(bad)


@pytest.mark.parametrize("ppm", [-80.0, 0.0, 35.0])
def test_drift_is_tracked_over_a_game_across_wraps(ppm: float) -> None:
    pico = Pico(origin=TICKS_PERIOD - 3_000_000, ppm=ppm, jitter_us=600)
    clock = TickClock()
    rng = random.Random(7)
    worst_us = 0.0
    host = 1_000_000_000
    for second in range(25 * 60):  # 25 minutes: the ticks wrap (every 17.9 min) twice
        clock.add_burst(pico.burst(host))
        # a press somewhere in the next second, mapped with what is known now
        press_ns = host + rng.randrange(0, 1_000_000_000)
        if second > 30:
            worst_us = max(worst_us, abs(clock.to_ns(pico.ticks(press_ns)) - press_ns) / 1000)
        host += 1_000_000_000
    assert abs(clock.drift_ppm - ppm) < 5
    # Half the USB jitter is the error of a single sample; the fit does better than that
    # and keeps up with the drift (80 ppm is 80 us a second).
    assert worst_us < 120


def test_a_reset_forgets_the_old_box() -> None:
    clock = TickClock()
    clock.add_burst([SyncSample(0, 5000, 0)])
    clock.reset()
    assert not clock.synced
    clock.add_burst([SyncSample(7_000_000, 900_000_000, 7_000_000)])
    assert clock.to_ns(900_000_100) == 7_100_000
