"""The bells driven through gpiozero's MockFactory: edge times, bounce, holds, the lock."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory

from tableref.device.bells import Bells, IgnoredPress, LatePress, Ring
from tableref.device.clock import ManualClock
from tableref.device.config import parse_config
from tests.device.conftest import Collector, Ticks

BUTTONS = {0: 5, 1: 6, 2: 16}
LEDS = {0: 12, 1: 13, 2: 26}
SETTLE_NS = 2_000_000


@pytest.fixture
def clock() -> ManualClock:
    """The arbiter's clock: its settle window closes when a test moves it, not by itself."""
    return ManualClock()


@pytest.fixture
def bells(factory: MockFactory, collector: Collector, clock: ManualClock) -> Iterator[Bells]:
    with Bells(
        BUTTONS,
        LEDS,
        on_event=collector.on_event,
        on_press=collector.on_press,
        pin_factory=factory,
        bounce_ms=5,
        settle_ms=SETTLE_NS / 1e6,
        clock=clock,
    ) as b:
        yield b


def settled(collector: Collector, clock: ManualClock) -> Ring:
    """Close the settle window; the ring it decides."""
    clock.advance(SETTLE_NS)
    return collector.wait_ring(timeout=0)


def press_at(bells: Bells, ticks: Ticks, player: int, us: float) -> None:
    ticks.at_us(us)
    bells.gpio_pin(player).drive_low()


def release_at(bells: Bells, ticks: Ticks, player: int, us: float) -> None:
    ticks.at_us(us)
    bells.gpio_pin(player).drive_high()


def test_the_earlier_edge_wins_though_its_callback_came_second(
    bells: Bells, ticks: Ticks, collector: Collector, clock: ManualClock
) -> None:
    press_at(bells, ticks, 1, 1200.0)  # player 1's callback first, edge at 1.2 ms
    press_at(bells, ticks, 0, 1000.0)  # player 0's callback second, edge 200 us earlier
    assert [p.player for p in collector.presses] == [1, 0]  # the arrival order
    ring = settled(collector, clock)
    assert ring.player == 0
    assert ring.t_ns == 1_000_001_000_000
    assert ring.margin_ms == pytest.approx(0.2, abs=1e-6)
    assert [p.player for p in ring.presses] == [0, 1]
    assert ring.press.pin == 5
    assert not ring.is_tie
    assert bells.locked
    assert bells.is_lit(0) and not bells.is_lit(1) and not bells.is_lit(2)


def test_equal_edge_times_are_a_tie_won_by_the_lower_seat(
    bells: Bells, ticks: Ticks, collector: Collector, clock: ManualClock
) -> None:
    press_at(bells, ticks, 2, 500.0)
    press_at(bells, ticks, 1, 500.0)
    ring = settled(collector, clock)
    assert ring.is_tie
    assert ring.tied == (1, 2)
    assert ring.player == 1
    assert ring.margin_ms == 0.0


@pytest.mark.parametrize("train_ms", [0.5, 2.0, 5.0])
def test_a_bounce_train_is_one_press_stamped_with_its_first_edge(
    bells: Bells, ticks: Ticks, collector: Collector, train_ms: float,
    clock: ManualClock,
) -> None:
    # falling edge at 0, then the contact chatters for `train_ms`, ending closed
    steps = 10
    press_at(bells, ticks, 2, 0.0)
    for i in range(1, steps + 1):
        us = train_ms * 1000 * i / steps
        if i % 2:
            release_at(bells, ticks, 2, us)
        else:
            press_at(bells, ticks, 2, us)
    assert bells.gpio_pin(2).state == 0  # closed at the end
    assert len(collector.presses) == 1
    ring = settled(collector, clock)
    assert (ring.player, ring.t_ns) == (2, 1_000_000_000_000)
    # the release chatters too: still nothing new
    for i in range(steps + 1):
        us = 300_000 + train_ms * 1000 * i / steps
        if i % 2:
            press_at(bells, ticks, 2, us)
        else:
            release_at(bells, ticks, 2, us)
    assert len(collector.presses) == 1
    # a real second press after a stable release counts (here as a late press)
    press_at(bells, ticks, 2, 600_000.0)
    assert len(collector.presses) == 2
    late = collector.wait_for(2)[1]
    assert isinstance(late, LatePress)
    assert late.ms_late == pytest.approx(600.0)


def test_a_held_button_does_not_ring_again_until_released(
    bells: Bells, ticks: Ticks, collector: Collector, clock: ManualClock
) -> None:
    press_at(bells, ticks, 0, 0.0)
    settled(collector, clock)
    bells.unlock()
    assert not bells.locked
    assert not bells.is_lit(0)
    # still held down, a long while later: no edges, no ring; a brief chatter while held
    # (open for less than the bounce time) is not a release either
    release_at(bells, ticks, 0, 2_000_000.0)
    press_at(bells, ticks, 0, 2_001_000.0)
    assert len(collector.presses) == 1
    assert not bells.locked
    release_at(bells, ticks, 0, 3_000_000.0)
    press_at(bells, ticks, 0, 3_500_000.0)
    assert len(collector.presses) == 2
    clock.advance(SETTLE_NS)
    ring = collector.wait_for(2, timeout=0)[1]
    assert isinstance(ring, Ring)
    assert ring.t_ns == 1_003_500_000_000


def test_presses_during_the_lock_are_recorded_with_their_lateness(
    bells: Bells, ticks: Ticks, collector: Collector, clock: ManualClock
) -> None:
    press_at(bells, ticks, 1, 0.0)
    ring = settled(collector, clock)
    press_at(bells, ticks, 0, 23_000.0)
    press_at(bells, ticks, 2, 150_000.0)
    events = collector.wait_for(3)
    late = [e for e in events if isinstance(e, LatePress)]
    assert [(e.press.player, e.ms_late, e.winner) for e in late] == [(0, 23.0, 1), (2, 150.0, 1)]
    assert collector.rings == [ring]
    assert bells.is_lit(1) and not bells.is_lit(0)
    # after the referee unlocks, a press counts again
    bells.unlock()
    release_at(bells, ticks, 0, 400_000.0)
    press_at(bells, ticks, 0, 500_000.0)
    clock.advance(SETTLE_NS)
    events = collector.wait_for(4, timeout=0)
    assert isinstance(events[3], Ring) and events[3].player == 0


def test_players_who_may_not_ring_and_a_referee_lock_are_ignored(
    bells: Bells, ticks: Ticks, collector: Collector
) -> None:
    bells.set_active([0, 2])
    press_at(bells, ticks, 1, 0.0)
    assert isinstance(collector.wait_for(1)[0], IgnoredPress)
    assert not bells.locked
    bells.lock()
    press_at(bells, ticks, 0, 100.0)
    event = collector.wait_for(2)[1]
    assert isinstance(event, IgnoredPress) and "locked" in event.reason
    assert collector.rings == []


def test_presses_from_elsewhere_are_arbitrated_alike(
    bells: Bells, collector: Collector, clock: ManualClock
) -> None:
    bells.press(2, t_ns=5_000)
    bells.press(1, t_ns=4_000)
    ring = settled(collector, clock)
    assert (ring.player, ring.press.pin) == (1, None)


def test_edge_times_are_on_the_monotonic_clock(factory: MockFactory, collector: Collector) -> None:
    with Bells(BUTTONS, on_event=collector.on_event, pin_factory=factory, settle_ms=1) as bells:
        before = time.monotonic_ns()
        bells.gpio_pin(0).drive_low()
        after = time.monotonic_ns()
        ring = collector.wait_ring()
    assert before <= ring.t_ns <= after
    assert ring.t_ns <= ring.press.seen_ns <= ring.decided_ns


def test_bells_from_config_with_a_named_mock_factory(collector: Collector) -> None:
    config = parse_config(
        '[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\nled_pin = "none"\n'
        '[bells]\npin_factory = "mock"\nsettle_ms = 0\n'
    )
    with Bells.from_config(config, on_event=collector.on_event) as bells:
        assert bells.buttons == {0: 5, 1: 6}
        assert bells.led_players == (0,)
        bells.gpio_pin(1).drive_low()
        ring = collector.wait_ring(timeout=0.0)  # settle 0: decided in the callback
        assert ring.player == 1
        assert not bells.is_lit(0)
        bells.light(0)
        assert bells.is_lit(0)
    bells.close()  # idempotent
    assert isinstance(collector.events[0], Ring)


def test_a_pin_used_twice_is_a_clear_error(factory: MockFactory) -> None:
    from tableref.device.bells import BellsError

    with pytest.raises(BellsError, match="GPIO 5"):
        Bells({0: 5}, {0: 5}, pin_factory=factory)


def test_without_a_consumer_of_rings_every_press_goes_to_on_press(
    factory: MockFactory, ticks: Ticks, collector: Collector
) -> None:
    # the daemon may arbitrate itself: it gets every debounced press with its edge time
    with Bells(BUTTONS, LEDS, on_press=collector.on_press, pin_factory=factory) as bells:
        press_at(bells, ticks, 1, 300.0)
        press_at(bells, ticks, 0, 100.0)
        release_at(bells, ticks, 1, 50_000.0)
        press_at(bells, ticks, 1, 90_000.0)
        assert not bells.locked
        assert not any(bells.is_lit(p) for p in LEDS)
    assert [(p.player, p.t_ns) for p in collector.presses] == [
        (1, 1_000_000_300_000),
        (0, 1_000_000_100_000),
        (1, 1_000_090_000_000),
    ]
