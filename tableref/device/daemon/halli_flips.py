"""Which seats turned a card, from the top card of each pile the camera reads.

`TableSeen` is one frame's reading (halli_eyes): per seat a card code, None (no card) or
`UNREADABLE` (a card is there but cannot be read: a hand over it, glare). `FlipWatch` keeps
what each pile was last taken to show, and the "ghosts": the tops of piles the engine says
were gathered by a ring, which stay in view until the players actually take them, and the
cards the last game left lying on the table, which are no flips of the next game.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tableref.vision.halli.tracker import HIDDEN, UNSURE

# one card's outline inside another's, both 2:3 and turned alike: their centres lie at most
# half the difference of their long sides apart, sqrt(1.5) / 2 of the sides' difference
NESTED = 0.61
ALIKE = 0.1  # of a card's side: outlines whose sides differ less are of one size (noise)
UNREADABLE = UNSURE  # "?": a card not read, or something there that is no card found
HIDDEN_BY_HAND = HIDDEN  # "~": a hand moves over the pile


@dataclass(frozen=True)
class TableSeen:
    """The top card of each seat's pile in one frame: a code, None (no card), "?" (a card
    not read, or a change there and no card found), "~" (a hand moving over the pile) or
    "animal" (an animal, which one not known);
    `learning`: the eyes are learning the empty table (nothing may move);
    `at`: per seat, the centre (frame px) of the card found on its pile, read or not (None:
    none found; empty: not known); `card_px`: the cards' side (px) at this table, if known;
    `sides`: per seat, the side (px, `hint.card_side`) of what was found there (a card, a
    part of one, or a pile's outline; None or empty: not known)."""

    t_ns: int
    tops: tuple[str | None, ...]
    learning: bool = False
    at: tuple[tuple[float, float] | None, ...] = ()
    card_px: float | None = None
    sides: tuple[float | None, ...] = ()


class FlipWatch:
    """What each pile was last seen to show (changed by the game's events, so that a replay
    of the journal rebuilds it) against what a frame shows now. What the camera made since
    of a card turned unread (`read_as`) no event says: the session keeps it with the journal
    as its note (halli_note), and a restart puts it back with `took`."""

    def __init__(self, seats: int) -> None:
        self.shown: list[str | None] = [None] * seats  # the last top taken as a flip
        self.ghosts: list[str | None] = [None] * seats  # gathered by a ring, still in view
        # when the card on top was turned, if it was turned unread ("?"), else None, and
        # where it was found since, unread: the centre and side of what was found
        self.unread_ns: list[int | None] = [None] * seats
        self.unread_at: list[list[tuple[float, float, float | None]]] = [
            [] for _ in range(seats)]
        # the card on top was turned unread at this time and taken since to be this code
        # (read at last, or ANIMAL): no event says so
        self.read_as: list[tuple[int, str] | None] = [None] * seats

    def changed(self, tops: tuple[str | None, ...]) -> list[int]:
        """The seats whose pile shows a new readable top card (an empty pile clears its
        ghost: the players took the cards)."""
        out = []
        for seat, top in enumerate(tops[: len(self.shown)]):
            if top in (UNREADABLE, HIDDEN_BY_HAND):
                continue
            if top is None:
                self.ghosts[seat] = None
                continue
            if top not in (self.shown[seat], self.ghosts[seat]):
                out.append(seat)
        return out

    def leftovers(self, seen: list[str | None]) -> list[str | None]:
        """What lies on each pile as the game ends, the camera's last reading being `seen`:
        the card it read there, else the card the game last showed there."""
        return [now if now not in (UNREADABLE, HIDDEN_BY_HAND) else shown or ghost
                for shown, ghost, now in zip(self.shown, self.ghosts, seen, strict=True)]

    def left_lying(self, left: list[str | None] | None) -> None:
        """A new game begins with `left` (`leftovers`) still lying on the piles: ghosts,
        until the camera sees each place empty. Other seats, other places: nothing then."""
        if left is not None and len(left) == len(self.ghosts):
            self.ghosts = list(left)

    def flipped(self, seat: int, code: str | None, t_ns: int | None = None) -> None:
        """A flip on `seat` at `t_ns` showed `code` (also one the engine refused: the table
        shows it)."""
        self.shown[seat] = code
        self.unread_ns[seat] = t_ns if code == UNREADABLE else None
        self.unread_at[seat] = []
        self.read_as[seat] = None

    def took(self, seat: int, code: str, turned_ns: int | None = None) -> bool:
        """The card turned unread on `seat` (at `turned_ns`, if given: that flip only) is
        `code`: read at last, or ANIMAL (an animal, which one not known). The pile shows it
        and no flip is counted for it. False (nothing changed): the top is no card turned
        unread, or another one."""
        turned = self.unread_ns[seat]
        if self.shown[seat] != UNREADABLE or turned is None or turned_ns not in (None, turned):
            return False
        self.flipped(seat, code)
        self.read_as[seat] = (turned, code)
        return True

    def unread_here(self, seat: int, at: tuple[float, float] | None,
                    side: float | None = None) -> None:
        """The card turned unread on `seat` was found `at` in a frame, not read: an outline
        of `side` px (a part of the card, the pile's outline, the card), if known."""
        if self.unread_ns[seat] is not None and at is not None:
            self.unread_at[seat].append((at[0], at[1], side))
            del self.unread_at[seat][:-30]

    def read_late(self, seat: int, since: list[str | None] | None,
                  at: tuple[float, float] | None, near: float,
                  side: float | None = None, due: bool = True) -> bool:
        """Whether the card read on `seat` now, found `at` (an outline of `side` px), is
        the card turned there unread, read at last: it lies where that card was found
        unread (within `near` px: a card laid by hand lands elsewhere), and the pile has
        shown "?" or this same card in every frame since that flip (`since`, the seat's
        readings from the flip on, the frame now last; frames while the bells were locked
        were not looked at for flips), never a hand over it, nor the table, nor another
        card. The watch takes the code
        (`took`: no flip later either); the flip stays without its card.

        While the seat is not `due` to turn a card, no new card can come on its pile: an
        outline found there unread that was a part of the card, or the pile's round it (its
        side more than `ALIKE` off the card's), lies inside the card or round it, its centre
        up to `NESTED` of the sides' difference further. When the seat is due, a card laid
        on the pile with no hand seen reads the same: only `near` counts then."""
        if self.shown[seat] != UNREADABLE or self.unread_ns[seat] is None or not since \
                or at is None:
            return False

        def reach(s: float | None) -> float:
            if due or side is None or s is None or abs(side - s) <= ALIKE * side:
                return near
            return near + NESTED * abs(side - s)

        here = any(np.hypot(at[0] - x, at[1] - y) <= reach(s) for x, y, s in self.unread_at[seat])
        top = since[-1]
        if not here or top is None or any(r not in (UNREADABLE, top) for r in since[:-1]):
            return False
        return self.took(seat, top)

    def gathered(self, seat: int) -> None:
        """A ring took `seat`'s pile: its top stays in view until the camera sees it go."""
        self.ghosts[seat] = self.shown[seat]
        self.flipped(seat, None)
