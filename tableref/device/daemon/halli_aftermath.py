"""After a ring the referee could not judge: what the players did next, read off the table.

The rules say how the cards move after a ring. Right: the ringer takes every face-up pile
(only their own when cards they put under the bell are still there) and turns the next
card. Wrong: the ringer's pile goes under the bell, the other piles stay, and the next
card is turned by whoever the engine gives the turn to (the ringer's left-hand neighbour).
Nobody at the table waits for the referee, so the table shows which it was. This
module compares what the camera shows with what each verdict makes the players do:

- the ringer's place must have shown the table since the ring (both verdicts take that pile);
- then the next card laid says it: on the seat that would turn next if the ring was right,
  or on the seat that would turn next if it was wrong;
- and the piles must agree: every pile seen at the press gone, when a right ring takes
  them all; every other pile seen at the press still there after a wrong ring (its place
  never seen empty, and one of them at least seen again with the card it showed).

One verdict alone that agrees with all of it is the answer; anything else (a card laid
elsewhere, a pile gone that should have stayed) says nothing, and the ring waits for the
players to settle it on the page. A new card counts as laid when it is read (a code
different from what the place showed at the press), or when a place that showed the table
reads "a card not read" for `unread_frames` frames in a row (the hands have gone).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tableref.device.daemon.halli_flips import HIDDEN_BY_HAND, UNREADABLE

Reading = str | None


@dataclass(frozen=True)
class WhatFollows:
    """What one verdict makes the players do next."""

    right: bool
    turns_next: int  # the seat that turns the next card
    gone: frozenset[int]  # the seats whose pile is taken off the table


@dataclass
class Aftermath:
    """Follow the table after `ringer`'s unjudged ring. `at_press`: each seat's reading at
    the press (UNREADABLE where the frames could not say); `outcomes`: what each verdict
    would make the players do."""

    ringer: int
    at_press: tuple[Reading, ...]
    outcomes: tuple[WhatFollows, ...]
    since_ns: int = 0  # the press: frames up to it say nothing of what followed
    unread_frames: int = 5
    cleared: set[int] = field(default_factory=set)  # places seen showing the table since
    stayed: set[int] = field(default_factory=set)  # piles seen since with their card at the press
    _unread: dict[int, int] = field(default_factory=dict)  # "?" frames in a row, per seat
    _now: tuple[Reading, ...] = ()  # the last frame's readings

    def look(self, tops: Sequence[Reading]) -> bool | None:
        """One frame after the ring: the verdict the table shows, or None (not yet, or
        never: the table agrees with neither, or with both)."""
        laid = []
        self._now = tuple(tops)
        for seat, top in enumerate(tops):
            if top is None:
                self.cleared.add(seat)
                self._unread.pop(seat, None)
                continue
            if top not in (UNREADABLE, HIDDEN_BY_HAND) and top == self.at_press[seat]:
                self.stayed.add(seat)
            if top == UNREADABLE and seat in self.cleared:
                self._unread[seat] = self._unread.get(seat, 0) + 1
            elif top != HIDDEN_BY_HAND:
                self._unread.pop(seat, None)
            if self._laid(seat, top):
                laid.append(seat)
        return self.turned(laid[0]) if len(laid) == 1 else None

    def turned(self, seat: int, code: Reading = UNREADABLE) -> bool | None:
        """A card turned on `seat` (laid, or counted by the referee's other tests: a card
        on a pile not read), read as `code`: the one verdict that makes `seat` turn next
        and leaves the piles as they are now, else None. A code some pile showed at the
        press is that pile carried, not a card turned."""
        if self.ringer not in self.cleared or (code not in (UNREADABLE, None)
                                               and code in self.at_press):
            return None
        fits = [o for o in self.outcomes if o.turns_next == seat and self._piles_agree(o)
                and self._gone_now(o, seat)]
        return fits[0].right if len(fits) == 1 else None

    def _gone_now(self, outcome: WhatFollows, seat: int) -> bool:
        """The places the verdict empties, but the one the next card is laid on, show no
        card in this frame: nobody else lays a card before that one. After a wrong ring
        the ringer's place shows the table until its turn comes round again (a card there
        is the ringer's own, turned after a right ring); after a right ring a hand may
        still be over a place the ringer emptied."""
        empty = (None,) if not outcome.right else (None, HIDDEN_BY_HAND)
        return not self._now or all(self._now[s] in empty for s in outcome.gone if s != seat)

    def _laid(self, seat: int, top: Reading) -> bool:
        if top == UNREADABLE:
            return self._unread.get(seat, 0) >= self.unread_frames
        if top is None or top == HIDDEN_BY_HAND or top in self.at_press:
            return False  # no card, a hand, or a pile carried (the ringer's too)
        return seat in self.cleared or self.at_press[seat] not in (None, UNREADABLE)

    def _piles_agree(self, outcome: WhatFollows) -> bool:
        """Every pile seen at the press that the verdict takes has gone, and every one it
        leaves is still there: its place never showed the table, and one of them at least
        was seen since with the card it showed at the press (a place read "card not read"
        all along may as well have been emptied and a card laid there)."""
        left = []
        for seat, top in enumerate(self.at_press):
            if top is None:
                continue  # no pile there at the press (or none seen): nothing to take
            taken = seat in outcome.gone
            if taken != (seat in self.cleared):
                return False
            if not taken:
                left.append(seat)
        return not left or any(seat in self.stayed for seat in left)
