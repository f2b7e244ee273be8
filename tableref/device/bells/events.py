"""What the bells report: presses with the time of their edge, and the arbitrated ring."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Press:
    """One debounced press. `player` is the seat index from 0; `pin` the BCM pin (None for a
    press from the keyboard or the page). `t_ns` is the time of the press's first edge on the
    monotonic clock (`time.monotonic_ns()`); `seen_ns` is when Python saw it."""

    player: int
    pin: int | None
    t_ns: int
    seen_ns: int


@dataclass(frozen=True)
class Release:
    """A pressed button let go again (debounced): `t_ns` the time of the release's first
    rising edge on the monotonic clock (the bell box: the time it found the button up).
    A game may time how long a button was held (Nelly's long press)."""

    player: int
    t_ns: int


@dataclass(frozen=True)
class Ring:
    """The arbitrated first press: the bells are locked from here until `unlock()`.

    `presses` are the presses weighed, earliest edge first. `tied` lists every player whose
    edge has exactly the winner's timestamp, winner first; it has one entry when there is no
    tie. The tie rule: the tied player with the lowest seat index wins, and the tie is
    reported here so the referee can say so.
    """

    press: Press
    presses: tuple[Press, ...]
    tied: tuple[int, ...]
    decided_ns: int

    @property
    def player(self) -> int:
        return self.press.player

    @property
    def t_ns(self) -> int:
        return self.press.t_ns

    @property
    def is_tie(self) -> bool:
        return len(self.tied) > 1

    @property
    def margin_ms(self) -> float | None:
        """How long before the next other player's press the winner's edge came, if another
        player pressed before the decision."""
        for other in self.presses:
            if other.player != self.press.player:
                return (other.t_ns - self.press.t_ns) / 1e6
        return None


@dataclass(frozen=True)
class LatePress:
    """A press while the bells are locked: recorded, it does not count.

    `ms_late` is how long after the winner's edge this press's edge came. It is negative
    only when a press's callback arrived after the settle window although its edge was
    earlier than the winner's: the decision stands, and this is the record of it."""

    press: Press
    ms_late: float
    winner: int


@dataclass(frozen=True)
class IgnoredPress:
    """A press by a player who may not ring now (set with `set_active`), or while the bells
    are locked by the referee with no ring pending."""

    press: Press
    reason: str


BellEvent = Ring | LatePress | IgnoredPress
