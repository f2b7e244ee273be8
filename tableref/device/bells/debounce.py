"""Contact-bounce filter working on edge times alone: no timers, no delay of the first edge."""

from __future__ import annotations

from typing import Literal

Edge = Literal["press", "release"] | None


class Debouncer:
    """One button's edges in, presses out.

    A button is pulled up, so pressing it makes a falling edge followed by a train of bounce
    edges. The first edge while the button is released is the press, at once, with its own
    timestamp. Every edge after that is ignored until the button has been stably released:
    the line has been high for at least `bounce_ns`, and the press is at least `bounce_ns`
    old. A button held down makes no edges and so does not ring again.

    `step` also says when a press ends: the first rising edge at least `bounce_ns` after the
    press (the bounce of the press itself is no release; the bounce of the release is
    none either: the button stays released until a press is accepted again).
    """

    def __init__(self, bounce_ns: int, pressed_now: bool = False) -> None:
        self.bounce_ns = bounce_ns
        self._down = pressed_now  # a press was accepted and no stable release seen since
        self._low = pressed_now  # the level the last edge reported
        self._press_ns: int | None = None
        self._edge_ns: int | None = None
        self._held = False  # a press was accepted and its release not yet seen

    @property
    def is_down(self) -> bool:
        return self._down

    def edge(self, t_ns: int, low: bool) -> bool:
        """Feed one edge (its time and the level after it); True when it starts a press."""
        return self.step(t_ns, low) == "press"

    def step(self, t_ns: int, low: bool) -> Edge:
        """Feed one edge: "press" when it starts a press, "release" when it ends one."""
        if not self._down:
            # Released and armed: with a pull-up only a fall can come, whatever level the
            # factory read back by the time it called us.
            self._down = self._low = self._held = True
            self._press_ns = self._edge_ns = t_ns
            return "press"
        released_long_enough = (
            not self._low
            and (self._edge_ns is None or t_ns - self._edge_ns >= self.bounce_ns)
            and (self._press_ns is None or t_ns - self._press_ns >= self.bounce_ns)
        )
        self._edge_ns = t_ns
        self._low = low
        if low and released_long_enough:
            self._press_ns = t_ns
            self._held = True
            return "press"
        if not low and self._held and (
                self._press_ns is None or t_ns - self._press_ns >= self.bounce_ns):
            self._held = False
            return "release"
        return None
