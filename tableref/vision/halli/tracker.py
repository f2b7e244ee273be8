"""Follow the table over time: what each seat's pile showed, frame by frame.

`SeatTimeline` (what the daemon's referee uses) keeps each frame's reading per seat and
answers `visible_at(t_ns)`: the top card of every seat at that instant, or "unsure" when
the frames round it do not say (a hand over the pile, a card not read). A reading counts
when the frames just before and just after the instant agree on it, or two frames in a row
agree on it (or it is the first frame kept) and the last came at most `max_gap_ns` before
the instant (a card may have come while the camera did not look); a glitch or a hand
between two frames that agree is that reading; across a hand the card changed under, or a
change the camera did not see the time of, the instant is unsure.

`TableTracker` follows piles by their place rather than by seat: feed it the cards
recognised in each frame with the frame's sensor timestamp. A pile keeps its top card
while a hand passes over it (the card is unreadable or not found for a while); a new top
card counts once it is read the same in `confirm` frames in a row, and it is dated by the
first of those frames. A pile not seen for `gone_ns` is
gone (taken), dated by the first frame it was missing from.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from tableref.vision.halli.recognise import SeenCard

UNSURE = "?"  # a seat's reading: something is there, but what cannot be said
HIDDEN = "~"  # a seat's reading: a hand moves over the pile
UNSEEN = (UNSURE, HIDDEN)
# a seat's reading in a frame: a card code, None (no card: the table shows there), UNSURE
# or HIDDEN
Reading = str | None

SURE = "sure"
PENDING = "pending"  # the frames after the instant, still to come, will say
NOT_SEEN = "unsure"


@dataclass(frozen=True)
class SeatView:
    """What one seat showed at an instant: `state` SURE (then `top` is a code, or None for
    no card), PENDING (wait for later frames) or NOT_SEEN (the frames cannot say)."""

    seat: int
    state: str
    top: Reading = None

    @property
    def sure(self) -> bool:
        return self.state == SURE


class SeatTimeline:
    """Each frame's reading per seat, for `keep_ns` of frame time (one thread)."""

    def __init__(self, seats: int, keep_ns: int = 30_000_000_000,
                 max_gap_ns: int = 150_000_000) -> None:
        self.seats = seats
        self.keep_ns = keep_ns
        self.max_gap_ns = max_gap_ns
        self._frames: deque[tuple[int, tuple[Reading, ...]]] = deque()

    def add(self, t_ns: int, tops: Sequence[Reading]) -> None:
        """One frame's readings (a code, None or UNSURE per seat); frames in time order."""
        if len(tops) != self.seats:
            raise ValueError(f"{len(tops)} readings for {self.seats} seats")
        if self._frames and t_ns < self._frames[-1][0]:
            return  # a frame older than one already taken: the camera's order is the truth
        self._frames.append((t_ns, tuple(tops)))
        while self._frames and self._frames[-1][0] - self._frames[0][0] > self.keep_ns:
            self._frames.popleft()

    def recent(self, seat: int, n: int) -> list[Reading]:
        """The seat's last `n` readings, oldest first."""
        frames = list(self._frames)[-n:]
        return [tops[seat] for _, tops in frames]

    def readings_since(self, seat: int, t_ns: int) -> list[Reading] | None:
        """The seat's readings in the frames from `t_ns` on, oldest first (None: the frames
        kept begin after `t_ns`, so what came between is not known)."""
        if not self._frames or self._frames[0][0] > t_ns:
            return None
        return [tops[seat] for t, tops in self._frames if t >= t_ns]

    def since(self, seat: int, n: int) -> int | None:
        """The time of the seat's n-th last frame (None: fewer frames)."""
        return self._frames[-n][0] if len(self._frames) >= n else None

    def latest(self) -> list[Reading]:
        """Each seat's reading in the last frame (UNSURE for all: no frame yet)."""
        return list(self._frames[-1][1]) if self._frames else [UNSURE] * self.seats

    @property
    def last_ns(self) -> int | None:
        return self._frames[-1][0] if self._frames else None

    def visible_at(self, t_ns: int) -> list[SeatView]:
        """What every seat showed at `t_ns` (see the module docstring)."""
        frames = list(self._frames)
        i = max((k for k, (t, _) in enumerate(frames) if t <= t_ns), default=None)
        if i is None:  # no frame at or before the instant
            state = PENDING if not frames else NOT_SEEN
            return [SeatView(s, state) for s in range(self.seats)]
        return [self._seat(frames, i, s, t_ns) for s in range(self.seats)]

    def settled(self, t_ns: int) -> bool:
        """Whether later frames can no longer change `visible_at(t_ns)`."""
        return all(v.state != PENDING for v in self.visible_at(t_ns))

    def _seat(self, frames: list[tuple[int, tuple[Reading, ...]]], i: int, seat: int,
              t_ns: int) -> SeatView:
        reads = [tops[seat] for _, tops in frames]
        r = reads[i]
        nxt = reads[i + 1] if i + 1 < len(reads) else None
        has_next = i + 1 < len(reads)
        if r not in UNSEEN and has_next and nxt == r:
            return SeatView(seat, SURE, r)  # the same before and after the instant
        # the first frame kept has nothing before it to disagree with
        if r not in UNSEEN and (i == 0 or reads[i - 1] == r):
            if t_ns - frames[i][0] <= self.max_gap_ns:
                return SeatView(seat, SURE, r)
            if not has_next:
                return SeatView(seat, PENDING)  # an old frame: the next one will say
        # a glitch, a hand, a card not read, a change while the camera did not look:
        # what was there steadily before and after
        before = next((reads[j] for j in range(i, 0, -1)
                       if reads[j] not in UNSEEN and reads[j - 1] == reads[j]), UNSURE)
        if i == 0 and r not in UNSEEN:
            before = r
        after = next((reads[j] for j in range(i + 1, len(reads) - 1)
                      if reads[j] not in UNSEEN and reads[j + 1] == reads[j]), UNSURE)
        if after == UNSURE:
            return SeatView(seat, PENDING if before not in UNSEEN or r not in UNSEEN else NOT_SEEN)
        if before == after:
            return SeatView(seat, SURE, before)
        return SeatView(seat, NOT_SEEN)


@dataclass(frozen=True)
class PileView:
    """The top card of one pile: code None while it has never been read."""

    pile: int
    center: tuple[float, float]
    kind: str  # "fruit" | "animal" | "unknown"
    code: str | None
    since_ns: int  # sensor time of the first frame that showed this top card


@dataclass
class _Pile:
    pile: int
    center: np.ndarray
    size: float
    kind: str = "unknown"
    code: str | None = None
    since_ns: int = 0
    cand: str | None = None
    cand_kind: str = "unknown"
    cand_ns: int = 0
    cand_count: int = 0
    missing_ns: int | None = None

    def view(self) -> PileView:
        c = (float(self.center[0]), float(self.center[1]))
        return PileView(self.pile, c, self.kind, self.code, self.since_ns)


class TableTracker:
    """The piles on the table, updated frame by frame (one thread; not thread-safe)."""

    def __init__(self, *, confirm: int = 2, gone_ns: int = 1_000_000_000,
                 history: int = 20_000) -> None:
        self.confirm = confirm
        self.gone_ns = gone_ns
        self._piles: list[_Pile] = []
        self._next = 0
        self._last_ns: int | None = None
        # (t_ns, pile, view or None when the pile went away), in time order
        self._events: deque[tuple[int, int, PileView | None]] = deque(maxlen=history)

    def update(self, cards: Sequence[SeenCard], t_ns: int) -> list[PileView]:
        """Take one frame's cards; returns the piles visible now."""
        if self._last_ns is not None and t_ns < self._last_ns:
            raise ValueError(f"frame time {t_ns} is before the previous frame {self._last_ns}")
        self._last_ns = t_ns
        matched: set[int] = set()
        for card in sorted(cards, key=lambda c: c.kind == "unknown"):
            pile = self._nearest(card, matched)
            if pile is None:
                pile = self._new_pile(card)
            matched.add(pile.pile)
            pile.missing_ns = None
            if card.kind != "unknown":  # a hand's blob would drag the centre about
                pile.center = 0.8 * pile.center + 0.2 * np.asarray(card.center)
                self._observe(pile, card, t_ns)
        for pile in list(self._piles):
            if pile.pile in matched:
                continue
            if pile.missing_ns is None:
                pile.missing_ns = t_ns
            if t_ns - pile.missing_ns >= self.gone_ns:
                self._piles.remove(pile)
                if pile.code is not None:
                    self._events.append((pile.missing_ns, pile.pile, None))
        return self.visible()

    def _nearest(self, card: SeenCard, taken: set[int]) -> _Pile | None:
        best, dist = None, float("inf")
        for pile in self._piles:
            if pile.pile in taken:
                continue
            d = float(np.hypot(*(np.asarray(card.center) - pile.center)))
            if d < 0.6 * pile.size and d < dist:
                best, dist = pile, d
        return best

    def _new_pile(self, card: SeenCard) -> _Pile:
        corners = np.asarray(card.corners)
        size = max(float(np.linalg.norm(corners[2] - corners[0])), 1.0)
        pile = _Pile(self._next, np.asarray(card.center, float), size)
        self._next += 1
        self._piles.append(pile)
        return pile

    def _observe(self, pile: _Pile, card: SeenCard, t_ns: int) -> None:
        if card.code == pile.code:
            pile.cand, pile.cand_count = None, 0
            return
        if card.code == pile.cand:
            pile.cand_count += 1
        else:
            pile.cand, pile.cand_kind, pile.cand_ns, pile.cand_count = (
                card.code, card.kind, t_ns, 1)
        if pile.cand_count >= self.confirm:
            pile.code, pile.kind, pile.since_ns = pile.cand, pile.cand_kind, pile.cand_ns
            pile.cand, pile.cand_count = None, 0
            self._insert_event((pile.since_ns, pile.pile, pile.view()))

    def _insert_event(self, event: tuple[int, int, PileView | None]) -> None:
        # a confirmed card is dated back to its first frame: keep events in time order
        i = len(self._events)
        while i > 0 and self._events[i - 1][0] > event[0]:
            i -= 1
        self._events.insert(i, event)

    def visible(self) -> list[PileView]:
        """The piles whose top card is known or being looked at, now."""
        return [p.view() for p in self._piles]

    def visible_at(self, t_ns: int) -> list[PileView]:
        """The top cards known to be visible at sensor time t_ns (read cards only)."""
        state: dict[int, PileView | None] = {}
        for when, pile, view in self._events:
            if when > t_ns:
                break
            state[pile] = view
        return [v for v in state.values() if v is not None]

    def appeared_at(self, code: str) -> int | None:
        """When the visible card with this code appeared (the latest, if several)."""
        times = [p.since_ns for p in self._piles if p.code == code]
        return max(times) if times else None
