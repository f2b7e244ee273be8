"""The Halli recogniser as the daemon uses it: a frame in, the top card of each seat out.

Cards are given to the seat whose pile place is nearest: where a card of that seat was
last read, else `vision.halli.seats` (seat 0 nearest the bottom of the frame, then
clockwise). In a game's first round the turn order says more than any guess of where the
players sit: a card read where no pile was learnt yet, while a seat that has not turned a
card yet is to turn one, is that seat's (`first_turn`); its pile lies there from then on.
A card read there that is the top card the game gives a seat that has turned one already,
whose pile the eyes have not seen yet (a restart in the first round), is that seat's pile.
A card not read (a face-down stack's back, a picture) more than `MOVE` card sides from a
seat's pile seen is not that pile's top; a card read there is (the pile started again a
little aside after a gathering, or at the next game).
Before the game's first card is turned no card lies face up: a card found then and not
read (unknown, or an animal the box was not taught) is a player's face-down stack, and such
a card found there later is that stack's back (a back of a deck the box was not taught can
look like an animal). A card read there (fruit, a taught animal) is still a card, but not
one read at the start of the game before anything moved on the table: what lies there
before anyone turned a card (a cloth's flowers outlined and read as fruit) is part of the
table while it lies there unchanged: no seat's first card, nor any seat's top later. A
seat's first pile is where a card comes. A card found and not read that no seat took, away
from every pile found and every stack, may be the card of a seat whose pile the box never
found: such a seat's pile is then not known to be bare (`HIDDEN_BY_HAND`), and a ring is
not judged on it.
Runs in the daemon's vision thread.
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable

import cv2
import numpy as np

from tableref.device.camera.base import Frame
from tableref.device.daemon.halli_flips import HIDDEN_BY_HAND, UNREADABLE, TableSeen
from tableref.device.daemon.halli_judge import ANIMAL
from tableref.vision.halli.hint import card_side
from tableref.vision.halli.recognise import SeenCard
from tableref.vision.halli.seats import pile_places
from tableref.vision.halli.table_model import LEARNING, TableModel

Reader = Callable[[np.ndarray], list[SeenCard]]  # a Recogniser
PART = 0.9  # of the side of the cards read on a pile: an outline smaller is part of one
PART_ANY = 0.8  # ... of the cards' side at the table, for a pile with too few read yet
BESIDE = 0.25  # of a ring round a card smaller than whole that is not the table: covered
RING = 0.33  # how far the ring's corners lie out from the card's, in the card's sides
MOVE = 1.2  # card sides: a card not read farther from a seat's pile seen is not its top


class StillTable:
    """Says whether a frame shows the same table as the last one that differed: the frame
    is shrunk to blocks of about 20x20 px of the 1280x720 view and compared block by block,
    so sensor noise averages out while a turned card or a hand changes some block a lot.
    The frame compared with is kept only when one differs, so a slow change (a hand
    leaving a little each frame) adds up and is seen."""

    def __init__(self, threshold: float = 6.0, size: tuple[int, int] = (64, 36)) -> None:
        self.threshold = threshold
        self.size = size
        self._last: np.ndarray | None = None

    def changed(self, image: np.ndarray) -> bool:
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
        small = cv2.resize(grey, self.size, interpolation=cv2.INTER_AREA).astype(np.int16)
        last = self._last
        if last is not None and float(np.abs(small - last).max()) <= self.threshold:
            return False
        self._last = small
        return True


class HalliEyes:
    """Recognise a frame and say which card lies on which of `seats` piles.

    A seat reads a card code, `ANIMAL` (an animal, which one not enrolled), `UNREADABLE`
    (a card found but not read, or, once the table is learnt, a change where the seat's
    pile lies and no card found), `HIDDEN_BY_HAND` (a hand moving over the pile; while the
    table is learnt, a pile seen before that is not found; a place showing no card while
    a card read lies where no seat can take it) or None (no card: the table
    itself shows where the pile lies, or nothing was ever there).

    The eyes keep a model of the empty table (`vision.halli.table_model`), learnt from the
    first still frames of a game and again when the camera or the light changes; the
    reading says while it is learning (`TableSeen.learning`). A frame that shows the same
    table as the last one recognised (`StillTable`) keeps its reading, re-checked at least
    every `recheck_s` of frame time; this is what keeps the box cool while nobody moves. A
    reading with a hand in it is never kept: a hand moves, and once the table is still the
    hand has gone, so the next frame is read again."""

    def __init__(self, recogniser: Reader, seats: int, jpeg_every_s: float = 0.5,
                 recheck_s: float = 1.0, model: TableModel | None = None) -> None:
        self.recogniser = recogniser
        self.seats = seats
        self.jpeg_every_s = jpeg_every_s
        self.recheck_s = recheck_s
        self.still = StillTable()
        self.model = model or TableModel()
        self._takes_hint = _takes_hint(recogniser)
        self._relearnt = self.model.relearnt  # the camera or the light changed this often
        # where each seat's pile lies: where its card was last read (the session carries
        # them from one game to the next at the same table)
        self.piles: list[tuple[float, float] | None] = [None] * seats
        # the seat to turn its first card of the game (set by the session), else None
        self.first_turn: int | None = None
        # the top card of each seat's pile as the game has it (set by the session)
        self.game_tops: tuple[str | None, ...] = (None,) * seats
        self._stacks: list[tuple[float, float]] = []  # the face-down stacks, seen at the start
        # where the first card of a seat (its turn to turn its first) was found unread, or
        # its own place changed with no card found: a card read there later is that
        # seat's (its flip was counted unread), whoever's turn it is then
        self._unread: list[tuple[float, float] | None] = [None] * seats
        # cards read at the start, before anything moved on the table: (centre, code)
        self._setup: list[tuple[tuple[float, float], str]] = []
        self._moved = False  # whether anything moved on the table since the game began
        self._sides: list[float] = []  # the read cards' sides (px), the latest ones
        # ... and per pile (a tilted camera sees near piles bigger than far ones)
        self._pile_sides: list[list[float]] = [[] for _ in range(seats)]
        self._last_jpeg: float | None = None  # frame time of the last annotated frame
        # the last reading: its frame time, each seat's top, where its card was found and
        # the side of what was found there
        self._last_read: tuple[float, tuple[str | None, ...],
                               tuple[tuple[float, float] | None, ...],
                               tuple[float | None, ...]] | None = None
        self.ms: list[float] = []  # recognition time per frame, for the benchmark
        self.skipped = 0

    def look(self, frame: Frame) -> tuple[TableSeen, bytes | None]:
        start = time.perf_counter()
        now = frame.t_ns / 1e9  # the frame's own time: recorded frames read as live ones
        table = self.model.observe(frame.image, now)
        learning = table.status == LEARNING
        if self.model.relearnt != self._relearnt:
            self._new_view()
        changed = self.still.changed(frame.image)
        last = self._last_read
        if (not changed and last is not None and now - last[0] < self.recheck_s
                and HIDDEN_BY_HAND not in last[1]):
            self.skipped += 1
            return TableSeen(frame.t_ns, last[1], learning, last[2], self.card_px,
                             last[3]), None
        hint = self.model.hint()
        if self._takes_hint:
            cards = self.recogniser(frame.image, hint=hint)  # type: ignore[call-arg]
        else:
            cards = self.recogniser(frame.image)
        self.model.cards([np.asarray(c.corners) for c in cards])
        if self.first_turn is not None and all(p is None for p in self.piles):
            self._learn_stacks(cards)
            self._moved = self._moved or bool(np.any(table.moving))
            if learning and not self._moved:  # the table as it lay before anyone moved
                self._setup += [(c.center, c.code) for c in cards if c.code is not None]
        h, w = frame.image.shape[:2]
        best = self._by_seat(cards, (w, h))
        found = [np.asarray(c.corners, np.float32) for c in [*cards, *getattr(cards, "backs", [])]]
        tops = [self._reading(seat, entry, table.moving, (w, h), hint.changed, found)
                for seat, entry in enumerate(best)]
        self._note_unread(tops, best, (w, h))
        placed = {id(card) for card in best if card is not None}
        side = self._side((w, h))
        if any(c.code is not None and id(c) not in placed and not self._since_setup(c, side)
               for c in cards):
            # a card read that no seat could take (whose first card is it?): no seat
            # whose place shows no card can be sure it has none
            tops = [HIDDEN_BY_HAND if top is None else top for top in tops]
        if any(c.code is None and id(c) not in placed and not self._on_stack(c)
               and not self._near_learnt(c.center, side) for c in cards):
            # a card not read that no seat took, away from every pile found and every
            # stack: for all the box knows, the card of a seat whose pile it never found
            # (players sit anywhere), which cannot be sure it has none (a tuning game's
            # right ring was judged wrong on a pile never found read as bare)
            tops = [HIDDEN_BY_HAND if top is None and self.piles[seat] is None else top
                    for seat, top in enumerate(tops)]
        # every seat's pile place, read there or not yet: never absorbed into the table
        self.model.layout(self.card_px, self._places((w, h)))
        self.ms.append((time.perf_counter() - start) * 1000)
        del self.ms[:-1000]
        at = tuple(None if c is None else (float(c.center[0]), float(c.center[1]))
                   for c in best)
        sides = tuple(None if c is None else card_side(np.asarray(c.corners)) for c in best)
        self._last_read = (now, tuple(tops), at, sides)
        jpeg = None
        if self._last_jpeg is None or now - self._last_jpeg >= self.jpeg_every_s:
            self._last_jpeg = now
            jpeg = annotate(frame.image, cards)
        return TableSeen(frame.t_ns, tuple(tops), learning, at, self.card_px, sides), jpeg

    def _new_view(self) -> None:
        """The camera or the light changed (the table model learns the table again): the
        cards' size learnt at the old view is forgotten, by the recogniser too, and learnt
        anew from the cards read from now on. Kept, it is what the finder goes by while
        fewer than three cards agree on another: the scale it looks at, the hull of a
        changed region, the area a whole card may have."""
        self._relearnt = self.model.relearnt
        self._sides.clear()
        for sides in self._pile_sides:
            sides.clear()
        forget = getattr(self.recogniser, "forget_size", None)
        if callable(forget):
            forget()

    @property
    def card_px(self) -> float | None:
        """The cards' side (px) at this table, from the cards read lately."""
        return float(np.median(self._sides)) if self._sides else None

    def _side(self, size: tuple[int, int]) -> float:
        """The cards' side (px) at this table, or a fifth of the frame before any was read."""
        return self.card_px or 0.2 * min(size)

    def _whole_side(self, seat: int) -> float:
        """The least side (px) of a whole card on the seat's pile: from the cards read
        there, else (fewer than three) from the table's, a little looser (0: not known)."""
        usual = self._pile_sides[seat]
        if len(usual) >= 3:
            return PART * float(np.median(usual))
        if self.card_px and len(self._sides) >= 3:
            return PART_ANY * self.card_px
        return 0.0

    def _places(self, size: tuple[int, int]) -> list[tuple[float, float]]:
        """Each seat's pile: where its card was last read, else the seat's place."""
        return [p if p is not None else q
                for p, q in zip(self.piles, pile_places(self.seats, size), strict=True)]

    def _by_seat(self, cards: list[SeenCard], size: tuple[int, int]) -> list[SeenCard | None]:
        w, h = size
        places = self._places(size)
        best: list[tuple[float, SeenCard] | None] = [None] * self.seats
        reach = 0.22 * min(w, h) + 0.1 * max(w, h)
        side = self._side(size)
        first = self.first_turn
        for card in cards:
            if card.code is None and self._on_stack(card):
                continue  # a stack's back, not a card turned up
            if self._since_setup(card, side):
                continue  # it lay there before anyone turned a card: part of the table
            dists = [np.hypot(card.center[0] - px, card.center[1] - py) for px, py in places]
            seat = int(np.argmin(dists))
            unread = None if card.code is None or self._near_learnt(card.center, side) \
                else self._unread_here(card.center, side)
            if unread is not None:
                seat, dists[unread] = unread, 0.0  # read at last where that seat's lay
            elif first is not None and self.piles[first] is None and card.code is not None \
                    and not self._near_learnt(card.center, side):
                owner = self._new_pile(card.code, first)
                if owner is None:
                    continue  # the top card of two seats whose piles are not known yet
                seat, dists[owner] = owner, 0.0
            if dists[seat] > reach:
                continue
            if card.code is None and self.piles[seat] is not None and dists[seat] > MOVE * side:
                continue  # a stack's back beside the pile, not the card on it
            held = best[seat]
            # a readable card beats an unreadable one; then the one nearest the place
            rank = dists[seat] + (0 if card.code is not None else 1e6)
            if held is None or rank < held[0]:
                best[seat] = (rank, card)
        return [None if b is None else b[1] for b in best]

    def _new_pile(self, code: str, first: int) -> int | None:
        """Whose pile a card read where no pile is known is: a seat that turned this card
        already (its pile not seen yet), else the seat to turn its first card."""
        owners = [s for s, top in enumerate(self.game_tops)
                  if top == code and s != first and self.piles[s] is None]
        if len(owners) > 1:
            return None
        return owners[0] if owners else first

    def _note_unread(self, tops: list[str | None], best: list[SeenCard | None],
                     size: tuple[int, int]) -> None:
        """Where the seat to turn its first card shows it unread: a card found unread at a
        place no pile is known at, whichever seat's guessed place it was given to (players
        sit anywhere: that guess does not say whose it is), else that seat's own place
        changed with no card found."""
        first = self.first_turn
        if first is None or self.piles[first] is not None:
            return
        side = self._side(size)
        for seat, (top, card) in enumerate(zip(tops, best, strict=True)):
            if top != UNREADABLE or self.piles[seat] is not None:
                continue
            if card is not None and not self._near_learnt(card.center, side):
                self._unread[first] = card.center
            elif card is None and seat == first:
                self._unread[first] = pile_places(self.seats, size)[first]

    def _unread_here(self, center: tuple[float, float], side: float) -> int | None:
        """The one seat, its pile not known, whose card was found unread within half a card
        of `center` (None: no seat, or two)."""
        near = [s for s, at in enumerate(self._unread) if at is not None
                and self.piles[s] is None
                and np.hypot(center[0] - at[0], center[1] - at[1]) < 0.5 * side]
        return near[0] if len(near) == 1 else None

    def _since_setup(self, card: SeenCard, side: float) -> bool:
        """Whether the card was read, the same, where it lies at the start of the game,
        before anything moved on the table, and is no seat's top card as the game has it
        (after a restart the piles lie there from the start)."""
        if card.code is None or card.code in self.game_tops:
            return False
        return any(code == card.code and np.hypot(card.center[0] - x, card.center[1] - y)
                   < 0.5 * side for (x, y), code in self._setup)

    def _learn_stacks(self, cards: list[SeenCard]) -> None:
        """Before the first card is turned: a card found and not read is a face-down
        stack (one read is the first card turned, seen at once)."""
        for card in cards:
            if card.code is None and not self._on_stack(card):
                self._stacks.append(card.center)

    def _on_stack(self, card: SeenCard) -> bool:
        side = card_side(np.asarray(card.corners))
        return any(np.hypot(card.center[0] - x, card.center[1] - y) < 0.5 * side
                   for x, y in self._stacks)

    def _near_learnt(self, center: tuple[float, float], side: float) -> bool:
        """Whether a learnt pile lies within a card's `side` of `center`."""
        return any(p is not None and np.hypot(center[0] - p[0], center[1] - p[1]) < side
                   for p in self.piles)

    def _reading(self, seat: int, card: SeenCard | None, moving: np.ndarray,
                 size: tuple[int, int], changed: np.ndarray | None = None,
                 found: list[np.ndarray] | None = None) -> str | None:
        side = self._side(size)
        place = self.piles[seat] or pile_places(self.seats, size)[seat]
        if card is not None and card.code is not None:
            here = card_side(np.asarray(card.corners))
            if here < self._whole_side(seat) and (
                    _share(moving, card.center, 0.7 * side, size) > 0.05
                    or (len(self._pile_sides[seat]) >= 3 and _beside(
                        changed, np.asarray(card.corners), here, found or []) > BESIDE)):
                # part of a card beside a moving hand, or, smaller than the pile's own
                # cards, beside what is not the table (an arm held still across it): it
                # may hide more. (A pile's first cards are measured against the table's:
                # a far pile's under a tilted camera are smaller, its stack beside it)
                return HIDDEN_BY_HAND
            self.piles[seat] = card.center  # a read card: the pile lies there
            self._sides.append(here)
            del self._sides[:-50]
            self._pile_sides[seat].append(here)
            del self._pile_sides[seat][:-9]
            return card.code
        if _share(moving, place, 0.7 * side, size) > 0.05:
            return HIDDEN_BY_HAND  # a hand over the pile: what is under it cannot be said
        if card is not None:
            return ANIMAL if card.kind == "animal" else UNREADABLE
        # even a faint change: a card the cloth's colour that the finder missed is a card
        there = self.model.share_changed(place, 0.45 * side, faint=True)
        if there is None:
            if self.model.status == LEARNING and self.piles[seat] is not None:
                return HIDDEN_BY_HAND  # the table is being learnt: the pile may be there
            return None  # the table never seen there: the finder found no card
        if there > 0.3:
            return UNREADABLE  # the pile's place is not the table, and no card found
        return None  # the table itself shows where the pile lies: no card


def _share(mask: np.ndarray, center: tuple[float, float], radius: float,
           size: tuple[int, int]) -> float:
    """The share of a disc (frame pixels) set in `mask` (a smaller image of the frame)."""
    s = mask.shape[1] / size[0]
    disc = np.zeros(mask.shape, np.uint8)
    cv2.circle(disc, (round(center[0] * s), round(center[1] * s)), max(round(radius * s), 1),
               255, -1)
    area = int(np.count_nonzero(disc))
    return int(np.count_nonzero(mask & disc)) / max(area, 1)


def _beside(changed: np.ndarray | None, corners: np.ndarray, side: float,
            others: list[np.ndarray]) -> float:
    """The share of a ring round the quad `corners` (its corners moved out a third of its
    `side` along the diagonals: a band a fifth to a quarter of the side wide) that
    differs from the empty table (`changed`, frame-sized; 0 while not known), the cards
    found in the frame (`others`: other piles, the face-down stacks) left out."""
    if changed is None:
        return 0.0
    q = np.asarray(corners, np.float32).reshape(4, 2)
    c = q.mean(axis=0)
    grown = c + (q - c) * (1 + 2 * RING * side / max(float(np.linalg.norm(q[0] - q[2])), 1.0))
    x0, y0 = np.floor(grown.min(axis=0)).astype(int)
    x1, y1 = np.ceil(grown.max(axis=0)).astype(int) + 1
    h, w = changed.shape[:2]
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 <= x0 or y1 <= y0:
        return 0.0
    ring = np.zeros((y1 - y0, x1 - x0), np.uint8)
    off = np.array([x0, y0], np.float32)
    cv2.fillConvexPoly(ring, np.round(grown - off).astype(np.int32), 1)
    for other in [q, *others]:
        poly = np.asarray(other, np.float32).reshape(4, 2) - off
        cv2.fillConvexPoly(ring, np.round(poly).astype(np.int32), 0)
    n = int(ring.sum())
    return float((changed[y0:y1, x0:x1][ring > 0] > 127).sum()) / max(n, 1)


def _takes_hint(reader: Reader) -> bool:
    """Whether the card reader takes the table's hint (`hint=`), as a Recogniser may."""
    try:
        params = inspect.signature(reader).parameters
    except (TypeError, ValueError):
        return False
    return "hint" in params


def annotate(image: np.ndarray, cards: list[SeenCard]) -> bytes | None:
    """The frame with each card's outline drawn on it (green: read, red: not read), as
    JPEG. No words: the page names each seat and draws the card read there itself, in its
    language and with its fruit pictures (static/halli_camera.js)."""
    out = image.copy()
    for card in cards:
        pts = np.array(card.corners, np.int32).reshape(-1, 1, 2)
        colour = (0, 200, 0) if card.code is not None else (0, 0, 230)
        cv2.polylines(out, [pts], True, colour, 3)
    ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, 75])
    return buf.tobytes() if ok else None
