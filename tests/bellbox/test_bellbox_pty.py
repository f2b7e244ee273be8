"""The real firmware (under CPython, fake pins) and the real host side, over a pty pair:
arbitration by edge time, bounce, a held button, the ticks wrap, LEDs, and the box
unplugged in the middle of a game and plugged back in."""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tableref.device.bells import BellEvent, Press, Ring
from tableref.device.bells.bellbox import BellBox

from .pico import PERIOD, PicoTicks, PtyPico

SETTLE_MS = 30.0  # room for a busy test machine; the daemon's default is 2


class Seen:
    """What the host reports, with waits on a condition (no sleeping)."""

    def __init__(self) -> None:
        self.events: list[BellEvent] = []
        self.presses: list[Press] = []
        self.health: list[tuple[bool, str]] = []
        self.cond = threading.Condition()

    def event(self, e: BellEvent) -> None:
        with self.cond:
            self.events.append(e)
            self.cond.notify_all()

    def press(self, p: Press) -> None:
        with self.cond:
            self.presses.append(p)
            self.cond.notify_all()

    def healthy(self, ok: bool, message: str) -> None:
        with self.cond:
            self.health.append((ok, message))
            self.cond.notify_all()

    def wait(self, what: Callable[[], bool], timeout: float = 5.0) -> None:
        with self.cond:
            assert self.cond.wait_for(what, timeout), "timed out"

    def rings(self) -> list[Ring]:
        return [e for e in self.events if isinstance(e, Ring)]


class Table:
    def __init__(self, tmp: Path) -> None:
        self.port = tmp / "ttyACM0"
        self.seen = Seen()
        self.pico: PtyPico | None = None

    def plug(self, origin: int) -> PtyPico:
        self.pico = PtyPico(self.port, PicoTicks(origin))
        return self.pico

    def box(self, players: int = 4, **kw: float) -> BellBox:
        return BellBox(
            str(self.port),
            players,
            on_event=self.seen.event,
            on_press=self.seen.press,
            on_health=self.seen.healthy,
            settle_ms=SETTLE_MS,
            retry_first_s=0.05,
            retry_max_s=0.2,
            **kw,
        )


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    t = Table(tmp_path)
    yield t
    if t.pico is not None:
        t.pico.unplug()


def soon_ticks(pico: PtyPico, after_us: int = 3000) -> tuple[int, int]:
    """(host ns, box ticks) of a moment `after_us` from now: edges stamped a little ahead,
    so that the firmware's main loop has not sampled past them yet."""
    host = time.monotonic_ns() + after_us * 1000
    return host, pico.clock.ticks_at(host)


def tolerance_ns(box: BellBox) -> int:
    # The midpoint of a round trip is off by at most half of it.
    return max(2_000_000, box.clock.last_rtt_ns or 0)


def test_edges_200_us_apart_arriving_in_reverse_order(table: Table) -> None:
    pico = table.plug(origin=123_456_789)
    with table.box() as box:
        assert box.wait_connected(5)
        host, t = soon_ticks(pico)
        pico.press(2, (t + 200) % PERIOD)  # seat 2's edge is later, its interrupt first
        pico.press(1, t)
        table.seen.wait(lambda: len(table.seen.rings()) == 1)
        ring = table.seen.rings()[0]
        assert [p.player for p in table.seen.presses] == [2, 1]  # as they arrived
        assert ring.player == 1
        assert ring.presses[1].t_ns - ring.t_ns == 200_000
        assert ring.margin_ms == pytest.approx(0.2)
        assert abs(ring.t_ns - host) < tolerance_ns(box)
        # The winner's LED lights on the box; unlock darkens it.
        assert pico.leds[1].wait_level(1)
        box.unlock()
        assert pico.leds[1].wait_level(0)
        assert box.is_lit(1) is False


def test_led_commands_reach_the_pins(table: Table) -> None:
    pico = table.plug(origin=5)
    with table.box(players=6) as box:
        box.light(4)
        assert box.wait_connected(5)
        assert pico.leds[4].wait_level(1)  # set before the box was there: sent on connect
        box.light(0)
        assert pico.leds[0].wait_level(1)
        assert pico.leds[4].wait_level(0)
        box.light(None)
        assert pico.leds[0].wait_level(0)
        assert [led.level for led in pico.leds] == [0] * 6


def test_bounce_and_a_held_button_make_one_press(table: Table) -> None:
    pico = table.plug(origin=PERIOD // 3)
    with table.box() as box:
        assert box.wait_connected(5)
        host, t = soon_ticks(pico)
        pin = pico.pins[3]
        for k in range(11):  # 4 ms of bounce, then held down
            pin.drive(k % 2, (t + 400 * k) % PERIOD)
        pin.drive(0)
        table.seen.wait(lambda: len(table.seen.rings()) == 1)
        time.sleep(0.3)  # held for a while: no second press
        assert len(table.seen.presses) == 1
        assert abs(table.seen.presses[0].t_ns - host) < tolerance_ns(box)
        # Let go, and press again after the referee opens the bells.
        pin.drive(1)
        box.unlock()
        time.sleep(0.05)  # up for 50 ms: the box sees the release
        pin.drive(0, pico.clock.ticks_us())
        table.seen.wait(lambda: len(table.seen.rings()) == 2)
        assert len(table.seen.presses) == 2


def test_presses_either_side_of_the_ticks_wrap(table: Table) -> None:
    # The box's ticks reach 2**30 and wrap to 0 about 0.4 s after it is plugged in.
    pico = table.plug(origin=PERIOD - 400_000)
    with table.box(sync_every_s=0.1) as box:
        assert box.wait_connected(5)
        wrap_ns = pico.clock.host_ns_at(0, time.monotonic_ns())
        assert wrap_ns > time.monotonic_ns() + 5_000_000, "the machine was too slow"
        # Two edges 100 us before and after the wrap, the later one's interrupt first.
        pico.press(0, 100)
        pico.press(1, PERIOD - 100)
        table.seen.wait(lambda: len(table.seen.rings()) == 1)
        ring = table.seen.rings()[0]
        assert ring.player == 1
        assert ring.presses[1].t_ns - ring.t_ns == 200_000
        assert abs(ring.t_ns - (wrap_ns - 100_000)) < tolerance_ns(box)
        # Well after the wrap (clock synced again across it), a press maps right.
        time.sleep(max(0.0, (wrap_ns - time.monotonic_ns()) / 1e9 + 0.3))
        assert box.connected
        box.unlock()
        host, t = soon_ticks(pico)
        pico.press(2, t)
        table.seen.wait(lambda: len(table.seen.rings()) == 2)
        assert abs(table.seen.rings()[1].t_ns - host) < tolerance_ns(box)


def test_the_box_unplugged_mid_game_and_plugged_back(table: Table) -> None:
    pico = table.plug(origin=777)
    with table.box() as box:
        assert box.wait_connected(5)
        assert table.seen.health[-1][0] is True
        _, t = soon_ticks(pico)
        pico.press(0, t)
        table.seen.wait(lambda: len(table.seen.rings()) == 1)
        assert pico.leds[0].wait_level(1)

        pico.unplug()  # the USB cable is pulled
        assert box.wait_connected(5, connected=False)
        table.seen.wait(lambda: not table.seen.health[-1][0])
        assert "retrying" in table.seen.health[-1][1]
        # The game goes on: the referee opens the bells, a press from the keyboard rings.
        box.unlock()
        box.press(3)
        table.seen.wait(lambda: len(table.seen.rings()) == 2)
        assert table.seen.rings()[1].player == 3
        assert box.is_lit(3)

        # Plugged back in: the Pico starts again, its clock from somewhere else.
        pico = table.plug(origin=PERIOD - 50)
        assert box.wait_connected(5)
        table.seen.wait(lambda: table.seen.health[-1][0])
        assert pico.leds[3].wait_level(1)  # the lit LED is lit again
        box.unlock()
        host, t = soon_ticks(pico)
        pico.press(1, t)
        table.seen.wait(lambda: len(table.seen.rings()) == 3)
        assert table.seen.rings()[2].player == 1
        assert abs(table.seen.rings()[2].t_ns - host) < tolerance_ns(box)
        oks = [ok for ok, _ in table.seen.health]
        assert oks[0] is True and oks[-1] is True and False in oks


def test_the_box_is_not_there_at_start(table: Table) -> None:
    with table.box() as box:
        table.seen.wait(lambda: bool(table.seen.health))
        ok, message = table.seen.health[0]
        assert not ok
        assert "not found" in message and str(table.port) in message
        table.plug(origin=1)
        assert box.wait_connected(5)


def test_a_port_that_does_not_answer(table: Table, tmp_path: Path) -> None:
    master, slave = os.openpty()
    try:
        table.port.symlink_to(os.ttyname(slave))
        with table.box(reply_timeout_s=0.05) as box:
            table.seen.wait(lambda: bool(table.seen.health))
            ok, message = table.seen.health[0]
            assert not ok and "no answer to hello" in message
            assert not box.connected
    finally:
        os.close(master)
        os.close(slave)


def test_a_press_on_a_button_with_no_seat_is_dropped(table: Table) -> None:
    pico = table.plug(origin=1000)
    with table.box(players=2) as box:
        assert box.wait_connected(5)
        pico.press(5, soon_ticks(pico)[1])
        pico.press(1, soon_ticks(pico)[1])
        table.seen.wait(lambda: len(table.seen.rings()) == 1)
        assert [p.player for p in table.seen.presses] == [1]


def test_the_firmware_stops_answering_mid_game_and_restarts(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, "tableref.device.bells.bellbox")
    pico = table.plug(origin=99)
    with table.box(sync_every_s=0.1, reply_timeout_s=0.1) as box:
        assert box.wait_connected(5)
        pico.crash()  # a traceback and ">>>" on the port, then silence
        assert box.wait_connected(5, connected=False)
        table.seen.wait(lambda: not table.seen.health[-1][0])
        assert "does not answer" in table.seen.health[-1][1]
        assert "not protocol" in caplog.text
        pico.restart(PicoTicks(origin=PERIOD // 2))
        assert box.wait_connected(5)
        table.seen.wait(lambda: table.seen.health[-1][0])
        host, t = soon_ticks(pico)
        pico.press(2, t)
        table.seen.wait(lambda: len(table.seen.rings()) == 1)
        assert abs(table.seen.rings()[0].t_ns - host) < tolerance_ns(box)
