"""The bell box firmware's logic on fake pins and a clock the test sets: debounce on edge
times, a held button, ticks that wrap, the ring buffer, LEDs and the protocol's answers."""

from __future__ import annotations

from typing import Any

import pytest

from .pico import PERIOD, FakePin, VirtualTicks, make_box


class Link:
    """The USB CDC link as the firmware sees it: lines out, characters in."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.incoming = ""

    def write(self, text: str) -> None:
        assert text.endswith("\n")
        self.out.extend(text[:-1].split("\n"))

    def read(self) -> str:
        text, self.incoming = self.incoming, ""
        return text

    def take(self, kind: str | None = None) -> list[str]:
        lines = [x for x in self.out if kind is None or x.startswith(kind + " ")]
        self.out = [x for x in self.out if x not in lines]
        return lines


class Rig:
    def __init__(self, start: int = 1_000_000, buttons: int = 6) -> None:
        self.clock = VirtualTicks(start)
        self.link = Link()
        self.box, self.pins, self.leds = make_box(
            self.clock, self.link.write, self.link.read, buttons
        )
        self.box.start()

    def at(self, us: int) -> Rig:
        """Move the clock `us` microseconds on."""
        self.clock.advance(us)
        return self

    def edge(self, button: int, level: int, after_us: int = 0) -> None:
        self.clock.advance(after_us)
        self.pins[button].drive(level)

    def step(self, after_us: int = 200) -> None:
        self.clock.advance(after_us)
        self.box.step()

    def host(self, line: str) -> None:
        self.link.incoming += line + "\n"
        self.box.step()


@pytest.fixture
def rig() -> Rig:
    return Rig()


def presses(link: Link) -> list[tuple[int, int]]:
    return [(int(b), int(t)) for _, b, t in (x.split() for x in link.take("P"))]


def test_hello_at_start_and_on_request(rig: Rig) -> None:
    assert rig.link.take("H") == ["H tableref-bellbox 1 6"]
    rig.host("?")
    assert rig.link.take("H") == ["H tableref-bellbox 1 6"]


def test_time_request_is_answered_with_ticks_and_the_token(rig: Rig) -> None:
    rig.at(12_345)
    rig.host("T 41")
    assert rig.link.take("T") == [f"T {rig.clock.now} 41"]
    rig.host("T")
    assert rig.link.take("T") == [f"T {rig.clock.now}"]


def test_a_command_split_across_reads_and_ended_by_crlf(rig: Rig) -> None:
    rig.link.incoming = "L 1"
    rig.box.step()
    assert rig.leds[1].level == 0
    rig.link.incoming = " 1\r\n"
    rig.box.step()
    assert rig.leds[1].level == 1


def test_led_commands_reach_the_pins(rig: Rig) -> None:
    rig.host("L 2 1")
    rig.host("L 5 1")
    assert [led.level for led in rig.leds] == [0, 0, 1, 0, 0, 1]
    rig.host("L 2 0")
    assert [led.level for led in rig.leds] == [0, 0, 0, 0, 0, 1]
    assert rig.link.take("E") == []


@pytest.mark.parametrize("line", ["L 6 1", "L -1 1", "L x 1", "L 2 2", "Q", "L 2"])
def test_bad_commands_are_answered_with_an_error(rig: Rig, line: str) -> None:
    rig.host(line)
    errors = rig.link.take("E")
    assert len(errors) == 1
    assert [led.level for led in rig.leds] == [0] * 6


def test_a_press_carries_the_time_of_its_edge_not_of_the_main_loop(rig: Rig) -> None:
    rig.edge(3, 0)
    t_edge = rig.clock.now
    rig.step(after_us=900)  # the main loop sees it 900 us later
    assert presses(rig.link) == [(3, t_edge)]


def test_edges_in_reverse_order_keep_their_own_times(rig: Rig) -> None:
    # The interrupt for button 1 is handled first although button 0's edge came first:
    # each press keeps the time stamped for its own edge.
    t = rig.clock.now
    rig.pins[1].drive(0)
    rig.clock.now = t - 200
    rig.pins[0].drive(0)
    rig.step(after_us=500)
    assert presses(rig.link) == [(1, t), (0, t - 200)]


def bounce(rig: Rig, button: int, spacing_us: int, edges: int, end_level: int) -> int:
    """A bounce train starting with a fall: returns the time of its first edge."""
    first = rig.clock.now
    level = 0
    for k in range(edges):
        rig.edge(button, level, after_us=0 if k == 0 else spacing_us)
        if k % 3 == 2:
            rig.step(after_us=0)  # the main loop runs in the middle of the train
        level ^= 1
    rig.edge(button, end_level)
    return first


@pytest.mark.parametrize("spacing_us", [50, 300, 480])
def test_a_bounce_train_of_up_to_5_ms_is_one_press_at_its_first_edge(
    rig: Rig, spacing_us: int
) -> None:
    first = bounce(rig, 4, spacing_us, edges=min(11, 4800 // spacing_us), end_level=0)
    for _ in range(20):
        rig.step()
    assert presses(rig.link) == [(4, first)]
    assert rig.link.take("R") == []


def test_release_bounce_is_not_a_press_and_a_stable_release_rearms(rig: Rig) -> None:
    rig.edge(0, 0)
    first = rig.clock.now
    rig.step(after_us=20_000)
    bounce(rig, 0, 400, edges=8, end_level=1)  # the release bounces for 3 ms, ends high
    for _ in range(10):
        rig.step(after_us=100)  # 1 ms later: up, but not for long enough yet
    assert presses(rig.link) == [(0, first)]
    assert rig.link.take("R") == []
    for _ in range(50):
        rig.step(after_us=200)
    assert len(rig.link.take("R")) == 1  # released for good
    rig.edge(0, 0, after_us=50_000)
    again = rig.clock.now
    rig.step()
    assert presses(rig.link) == [(0, again)]


def test_a_held_button_does_not_ring_again(rig: Rig) -> None:
    rig.edge(2, 0)
    first = rig.clock.now
    for _ in range(2000):  # held for 2 s of main-loop passes
        rig.step(after_us=1000)
    assert presses(rig.link) == [(2, first)]
    assert rig.link.take("R") == []


def test_a_release_shorter_than_the_bounce_time_does_not_make_a_press(rig: Rig) -> None:
    rig.edge(1, 0)
    rig.step(after_us=50_000)
    rig.edge(1, 1)
    rig.step(after_us=1000)
    rig.step(after_us=1000)
    rig.edge(1, 0, after_us=1000)  # up for 3 ms only
    rig.step()
    assert len(presses(rig.link)) == 1


def test_a_release_the_main_loop_saw_for_the_bounce_time_lets_the_next_fall_ring(
    rig: Rig,
) -> None:
    # The next fall is drained in the same pass that would have confirmed the release.
    rig.edge(1, 0)
    rig.step(after_us=50_000)
    rig.edge(1, 1)
    rig.step(after_us=100)
    rig.edge(1, 0, after_us=6000)
    second = rig.clock.now
    rig.step()
    assert [t for _, t in presses(rig.link)][1:] == [second]
    assert rig.box.down[1]


@pytest.mark.parametrize("start", [PERIOD - 2_000, PERIOD - 1, 0])
def test_debounce_across_the_ticks_wrap(start: int) -> None:
    rig = Rig(start=start)
    rig.link.take()
    first = bounce(rig, 5, 400, edges=10, end_level=0)  # the train crosses the wrap
    rig.step()
    assert presses(rig.link) == [(5, first)]
    rig.edge(5, 1, after_us=1000)
    for _ in range(40):
        rig.step(after_us=250)
    assert len(rig.link.take("R")) == 1
    rig.edge(5, 0, after_us=100)
    second = rig.clock.now
    rig.step()
    assert presses(rig.link) == [(5, second)]
    assert VirtualTicks.ticks_diff(second, first) > 0


def test_a_button_held_at_power_up_rings_only_after_a_release() -> None:
    clock = VirtualTicks(5000)
    link = Link()
    box, pins, _ = make_box(clock, link.write, link.read, buttons=2)
    pins[0].level = 0
    box.start()
    for _ in range(10):
        clock.advance(1000)
        box.step()
    assert presses(link) == []
    pins[0].drive(1)
    for _ in range(10):
        clock.advance(1000)
        box.step()
    pins[0].drive(0)
    t = clock.now
    box.step()
    assert presses(link) == [(0, t)]


def test_the_interrupt_handler_only_fills_the_ring(rig: Rig) -> None:
    # Without the main loop nothing is sent: the handler just stamps the edge.
    before = list(rig.link.out)
    rig.pins[0].drive(0)
    assert rig.link.out == before
    assert rig.pins[0].trigger == 4
    rig.step()
    assert len(presses(rig.link)) == 1


def test_a_full_ring_drops_edges_and_says_so(rig: Rig) -> None:
    pin: FakePin = rig.pins[0]
    for _ in range(70):
        pin.drive(0)
        pin.drive(1)
        rig.clock.advance(10)
    rig.step()
    assert rig.link.take("E") == ["E lost 6 edges: ring full"]
    assert len(presses(rig.link)) == 1
    pin.drive(0)
    rig.step()
    assert rig.link.take("E") == []


def test_every_line_is_short_ascii(rig: Rig) -> None:
    rig.host("T " + "9" * 200)
    out: list[Any] = rig.link.take()
    assert all(len(x) < 100 and x.isascii() for x in out)


def test_an_edge_stamped_after_the_main_loops_sample(rig: Rig) -> None:
    # The line is sampled high at T; the fall at T+3000 is drained in the same pass (its
    # interrupt came between the sample and the drain) and bounces back up unseen. The
    # sample must not count as "high since T", or the release (and a bounce fall) would
    # come too early.
    rig.step()
    t = rig.clock.now
    rig.clock.now = t + 3000
    rig.pins[0].drive(0)
    rig.pins[0].level = 1  # bounced back up (a rise makes no interrupt)
    rig.clock.now = t
    rig.box.step()
    assert presses(rig.link) == [(0, t + 3000)]
    rig.clock.now = t + 3000
    for _ in range(10):
        rig.step(after_us=300)  # up, 3 ms after the press
    rig.edge(0, 0)  # a bounce fall 6 ms after the press, 3 ms after the line went up
    rig.pins[0].level = 1
    rig.step()
    assert presses(rig.link) == []
    for _ in range(40):
        rig.step(after_us=300)
    (release,) = rig.link.take("R")
    assert VirtualTicks.ticks_diff(int(release.split()[2]), t + 3000) > 0


def test_a_fall_the_interrupt_missed_still_holds_the_release_back(rig: Rig) -> None:
    rig.edge(0, 0)
    rig.step(after_us=30_000)
    rig.pins[0].level = 1
    rig.step(after_us=1000)  # seen up once
    rig.pins[0].level = 0  # down again, its interrupt lost
    for _ in range(50):
        rig.step(after_us=1000)
    assert rig.link.take("R") == []
    assert rig.box.down[0]


@pytest.mark.parametrize("wrap_in_us", [5_000, 25_000, 40_000, 60_000])
def test_press_release_press_with_the_wrap_anywhere(wrap_in_us: int) -> None:
    # Press at 0, up from 20 ms, press again at 50 ms; the ticks wrap at `wrap_in_us`.
    rig = Rig(start=PERIOD - wrap_in_us)
    rig.link.take()
    rig.edge(3, 0)
    first = rig.clock.now
    for _ in range(20):
        rig.step(after_us=1000)
    rig.edge(3, 1)
    for _ in range(30):
        rig.step(after_us=1000)
    assert len(rig.link.take("R")) == 1
    rig.edge(3, 0, after_us=100)
    second = rig.clock.now
    rig.step()
    assert presses(rig.link) == [(3, first), (3, second)]


def test_a_release_is_never_dated_before_its_press(rig: Rig) -> None:
    rig.step()
    t = rig.clock.now
    rig.clock.now = t + 3000
    rig.pins[0].drive(0)  # stamped after the sample below, as in the test above
    rig.pins[0].level = 1
    rig.clock.now = t
    rig.box.step()
    rig.clock.now = t + 3000
    for _ in range(40):
        rig.step(after_us=300)
    assert presses(rig.link) == [(0, t + 3000)]
    (release,) = rig.link.take("R")
    assert VirtualTicks.ticks_diff(int(release.split()[2]), t + 3000) > 0
