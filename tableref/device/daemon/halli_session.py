"""Halli Galli at the table: bells, the cards the camera sees, the engine, the verdict.

Inputs, in time order, on one thread (the daemon's loop; a test's or `halli referee`'s):
- `press(player, t_ns)`: a bell press from any source (GPIO, the bell box, the page, the
  simulated players). The session's one `Arbiter` weighs them all: the settle window is
  `[bells] settle_ms` on the box's clock, the earliest edge wins, and later presses are
  late (recorded with the ring when they come before its verdict, as `late` events after).
- `seen(TableSeen)`: the top card of each seat's pile in a camera frame (halli_eyes).

The arbiter's ring locks the bells. Once the frames round the press say what every seat
showed at that instant (`SeatTimeline.visible_at`: the frame before it and the one after
agree, or a hand over a pile has gone), or `frame_wait_s` has passed, or at once without a
camera, the ring is judged on the cards visible at the press (`halli_judge`: a card not
seen or not read makes it unsure, and the referee says so rather than guess: recorded as
`judged: false`, nothing moves), recorded with its presses and its verdict, announced, and
the winner's LED lights; the bells stay locked `lock_s` more (the cards are being moved),
and presses meanwhile are recorded as `late`. Every wait is a timer on `box.clock`: on a
`ManualClock` the session runs without any real time passing.

Events go through `box.record` (journalled, then `apply`), which is also how the journal is
replayed: the session's state is the fold of its events (tableref.games.halli.events).
What the camera made of a card turned unread since its flip was counted (read at last, an
animal not enrolled) is no event: it is the session's note (`box.keep`, halli_note), which a
restart gives back to `restore` after the journal's events.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tableref.device.bells.arbiter import Arbiter
from tableref.device.bells.events import BellEvent, LatePress
from tableref.device.bells.events import Press as BellPress
from tableref.device.bells.events import Ring as BellRing
from tableref.device.clock import Timer
from tableref.device.daemon.halli_aftermath import Aftermath, WhatFollows
from tableref.device.daemon.halli_eyes import HalliEyes
from tableref.device.daemon.halli_flips import HIDDEN_BY_HAND, UNREADABLE, FlipWatch, TableSeen
from tableref.device.daemon.halli_judge import ANIMAL, judge
from tableref.device.daemon.halli_note import Note, NoteError
from tableref.device.daemon.halli_passed import OutOfTurn, passed_over
from tableref.device.daemon.halli_words import (
    Phrase,
    moved_said,
    reasons,
    said,
    verdict_said,
)
from tableref.device.daemon.session import BaseSession, Box, Eyes, Refused, Result, Sight
from tableref.device.store import StoreError
from tableref.games.halli import (
    Event,
    Flip,
    GameState,
    IllegalEventError,
    Late,
    Options,
    Outcome,
    Press,
    Ring,
    Settle,
    Start,
    apply,
    event_from_json,
    event_to_json,
    parse_card,
)
from tableref.vision.halli.seats import pile_places
from tableref.vision.halli.tracker import SeatTimeline

if TYPE_CHECKING:
    import numpy as np

    from tableref.device.config import Config
    from tableref.vision.halli.recognise import SeenCard

__all__ = ["UNREADABLE", "HalliKit", "HalliSession", "TableSeen", "Timing"]


@dataclass
class Timing:
    # longest wait for the camera to reach the press time: a frame normally comes within
    # ~0.1 s; a busy machine's camera lags, and judging before it caught up judges stale
    # cards (and counts the cards turned before the press after the ring)
    frame_wait_s: float = 1.5
    lock_s: float = 1.5  # bells stay locked this long after the verdict


@dataclass
class HalliKit:
    """What a Halli session needs besides its box: the card reader its eyes use (None: no
    recognition, who was first only) and its timing."""

    reader: Callable[[np.ndarray], list[SeenCard]] | None = None
    timing: Timing = field(default_factory=Timing)
    enrolment_dir: Path | None = None  # where cards taught from the page are saved
    # the cards the last game left on each pile, for the next game (a box's kit outlives
    # its games): set when a session closes, taken when the next one begins
    left_lying: list[str | None] | None = None
    # where each seat's pile lay in the last game at this table (its eyes learnt it): the
    # players sit where they sat, so the next game's eyes start from there
    left_piles: list[tuple[float, float] | None] | None = None


def open_session(box: Box, kit: HalliKit | None) -> HalliSession:
    return HalliSession(box, kit)


def default_kit(config: Config, sim: bool) -> HalliKit:
    """The card reader for `tableref run`: the user's enrolment (the data dir), or the
    simulated table's deck (what is taught on the simulated table is kept for the run only,
    never written over the enrolment of a real deck in the data dir)."""
    from tableref.vision.halli.recognise import Recogniser

    if sim:
        from tableref.device.sim.decks import halli_enrolment

        enrolment = halli_enrolment()
    else:
        from tableref.device.paths import data_dir
        from tableref.vision.halli.enrol import Enrolment, EnrolmentError

        try:
            enrolment = Enrolment.load(data_dir())
        except EnrolmentError as err:  # a damaged file must not keep the box down
            logging.getLogger("tableref.daemon").error(
                "%s; the animal cards are not read until `tableref halli enroll` is run "
                "again", err)
            enrolment = None
    from tableref.device.paths import data_dir

    return HalliKit(reader=Recogniser(enrolment), enrolment_dir=None if sim else data_dir())


def config_options(config: Config) -> dict[str, bool]:
    return {
        "elephant_alone_rings": config.halli.elephant_alone_rings,
        "play_to_the_end": config.halli.play_to_the_end,
    }


UNREAD_FRAMES = 5  # frames a card laid on an empty place stays unread: turned, not read
LATE_NEAR = 0.12  # of a card's side: a card read where an unread one lay is that card


def _wrong_would(state: GameState) -> str | None:
    """What "wrong" would do to a ring waiting to be settled beyond the usual: end the game
    (the final round), or put the ringer out (a second wrong ring in a row)."""
    if state.over or state.unjudged is None:
        return None
    if state.final_round:
        return "ends"
    return "out" if state.players[state.unjudged].wrong_last else None


def _ms(ns: int) -> float:
    return round(ns / 1e6, 1)


class HalliSession(BaseSession[Event]):
    """One Halli Galli game (module docstring)."""

    game = "halli"

    def __init__(self, box: Box, kit: HalliKit | None = None) -> None:
        self._box = box
        self._kit = kit or HalliKit()
        self.timing = self._kit.timing
        self.players: tuple[str, ...] = ()
        self.state: GameState | None = None
        self.eyes: Eyes | None = None
        self.watch = FlipWatch(0)
        self.timeline = SeatTimeline(0)  # what each seat showed, frame by frame
        self.learning = False  # the eyes are learning the empty table
        self._table_known = False  # ... and have known it once in this session
        self._have_turned: set[int] = set()  # the seats that turned a card in this game
        # the seats that turned a card since the last ring: between rings a face-up pile
        # only grows, so a card lies there whatever the camera makes of it
        self._laid_since_ring: set[int] = set()
        self._unseen: tuple[int, ...] | None = None  # the seats not seen at the last ring
        # the last ring could not be judged: the table followed since its press
        self._aftermath: Aftermath | None = None
        self.last_verdict: dict[str, Any] | None = None
        self._last_ring: Outcome | None = None
        self.verdicts = 0
        self.right_since: int | None = None  # when the visible cards last became ringable
        # for the page: each seat's rings by verdict, and the chances nobody rang for
        self.rings: list[dict[str, int]] = []
        self.missed = 0
        self.last_missed: dict[str, Any] | None = None
        self.message: Phrase | None = None  # for the page, put in words by `view`
        self.locked = False
        self.decided_ns = 0  # when the last verdict was recorded (on the box's clock)
        self._arbiter: Arbiter | None = None
        self._ring: BellRing | None = None  # the ring that locked the bells, until unlocked
        self._recorded = False  # ... and whether it is in the journal yet
        self._late: list[Press] = []  # presses after the settle window, before the verdict
        self._frame_t = 0
        # where each seat's card was found in the last frame (TableSeen.at)
        self._at: tuple[tuple[float, float] | None, ...] = ()
        self._found_sides: tuple[float | None, ...] = ()  # ... and its side (TableSeen.sides)
        self._wait: Timer | None = None
        self._unlock_timer: Timer | None = None
        self._kept: dict[str, Any] = Note().to_json()  # the last note kept (halli_note)
        # cards seen laid out of turn since the last event: the table may have passed a seat
        self._out_of_turn: list[OutOfTurn] = []

    # -- the events -------------------------------------------------------------------
    def start(self, players: Sequence[str], options: Mapping[str, bool]) -> Start:
        return Start(tuple(players), options=Options(**dict(options)))

    def decode(self, data: Mapping[str, Any]) -> Event:
        return event_from_json(data)

    def encode(self, event: Event) -> dict[str, Any]:
        return event_to_json(event)

    def apply(self, event: Event) -> list[str]:
        """Fold one event; what to announce. HalliError (nothing changed) when illegal."""
        before = self.state
        step = apply(before, event)
        self.state = step.state
        self._out_of_turn = []
        said: list[str] = []
        if isinstance(event, Start):
            self._begin(event)
        elif isinstance(event, Flip):
            self._have_turned.add(event.player)
            self._laid_since_ring.add(event.player)
            said = self._flipped(event, step.outcome, before)
        elif isinstance(event, Ring):
            assert before is not None
            self._laid_since_ring = set()  # the cards may be gathered, judged or not
            said = self._rang(event, step.outcome, before)
        elif isinstance(event, Settle):
            assert before is not None
            said = self._settled(event, step.outcome, before)
        else:
            self._late_press(event.player, event.t_ns)
        self._first_turn()  # a ring may pass the turn too
        return said

    def _begin(self, event: Start) -> None:
        left, self._kit.left_lying = self._kit.left_lying, None
        self.close()
        piles, self._kit.left_piles = self._kit.left_piles, None
        self.players = event.players
        n = len(event.players)
        self.watch = FlipWatch(n)
        self.watch.left_lying(left)
        self.timeline = SeatTimeline(n)
        self.learning = self._table_known = False
        self._have_turned = set()
        self._laid_since_ring = set()
        self._aftermath = None
        reader = self._kit.reader
        self.eyes = None if reader is None else HalliEyes(reader, n)
        if self.eyes is not None and piles is not None and len(piles) == n:
            self.eyes.piles = list(piles)
        self.last_verdict = None
        self.verdicts = 0
        self.right_since = None
        self.rings = [{"right": 0, "wrong": 0, "unjudged": 0} for _ in range(n)]
        self.missed = 0
        self.last_missed = None
        self.message = None
        self._kept = Note().to_json()
        settle_ns = round(self._box.config.bells.settle_ms * 1e6)
        self._arbiter = Arbiter(self._bell, settle_ns=settle_ns, clock=self._box.clock)

    def _first_turn(self) -> None:
        """Tell the eyes which seat is to turn its first card of the game: where a new
        pile appears then is that seat's (see HalliEyes)."""
        state = self.state
        if isinstance(self.eyes, HalliEyes) and state is not None:
            first = not state.over and state.turn not in self._have_turned
            self.eyes.first_turn = state.turn if first else None
            self.eyes.game_tops = tuple(None if c is None else c.code for c in state.tops())

    def _flipped(self, event: Flip, out: Outcome, before: GameState | None) -> list[str]:
        state = self.state
        assert state is not None
        was_ringable = self.right_since is not None
        read = event.card if event.card is not None else event.misread
        # a card turned and not read lies there: "?" (no card, None, would let the same
        # unread pile be taken for a new card laid on the table when its turn comes again)
        self.watch.flipped(event.player, UNREADABLE if read is None else read.code, event.t_ns)
        if read is None and event.player < len(self._at):
            self.watch.unread_here(event.player, self._at[event.player],
                                   self._found_side(event.player))
        self.message = None
        if event.misread is not None:
            self.message = ("halli.misread", {"name": state.name(event.player),
                                              "card": event.misread.code})
        judged = state.verdict()
        if judged is not None and judged.ring:
            if self.right_since is None:
                self.right_since = event.t_ns or 0
        else:
            self.right_since = None
        if was_ringable and self.right_since is None and before is not None:
            self._missed(before)
        if out.over:  # the game ended on a turn: someone went out
            return [self._box.speech.phrases.wins(out.winner)]
        return []

    def _missed(self, before: GameState) -> None:
        """The table could be rung for and a card turned with nobody ringing: a chance
        missed, with the cards it showed and why it was ringable."""
        cards = before.visible_cards() or ()
        judged = before.verdict()
        self.missed += 1
        self.last_missed = {"cards": [c.code for c in cards],
                            "_why": [] if judged is None else reasons(judged, cards)}

    def _rang(self, event: Ring, out: Outcome, before: GameState) -> list[str]:
        state = self.state
        assert state is not None
        self.verdicts += 1
        kind = "unjudged" if out.right is None else "right" if out.right else "wrong"
        if 0 <= event.player < len(self.rings):
            self.rings[event.player][kind] += 1
        self._last_ring = out
        presses = event.presses or (Press(event.player, event.t_ns or 0),)
        firsts: dict[int, int] = {}
        for press in presses:
            firsts.setdefault(press.player, press.t_ns)
        unseen, self._unseen = self._unseen, None  # set by `_judge` for this ring, live
        # a box with eyes that could not judge could not see the cards: said so from the
        # kit and the event, so that a replay of the journal shows the same words
        unread = not event.judged and (self._kit.reader is not None or unseen is not None
                                       or before.verdict() is None)
        why: list[Phrase] = []
        if not event.judged:
            # from the event and the kit alone, so that a replay shows the same
            why = [("halli.why_unread" if unread else "halli.why_no_camera", {})]
        elif out.verdict is not None:
            why = reasons(out.verdict, before.visible_cards() or ())
        self.last_verdict = {
            "seq": self.verdicts,
            "player": event.player,
            "right": out.right,
            "text": "",
            "reasons": [],  # put in words by `view`, in the language of the moment
            "_why": why,
            "taken": out.won,
            "taker": out.taker,  # who took them: the other player after a wrong final ring
            "seen": [None if c is None else c.code for c in before.tops()],  # judged on
            "margin_ms": None,
            "second": None,
            "reaction_ms": {},
            "_presses": firsts,
            "_right_since": self.right_since if out.right else None,
        }
        self._figures()
        tied = event.tied
        spoken = verdict_said(self._box.speech.phrases, out, self.last_verdict["margin_ms"],
                              tied if len(tied) > 1 else (), unread)
        self.last_verdict["text"] = " ".join(spoken)
        self._gathered(before)
        self.right_since = None
        return spoken

    def _gathered(self, before: GameState) -> None:
        """The piles a verdict emptied: the camera must see them go."""
        assert self.state is not None
        for seat, player in enumerate(self.state.players):
            if before.players[seat].pile and not player.pile:
                self.watch.gathered(seat)

    def _settled(self, event: Settle, out: Outcome, before: GameState) -> list[str]:
        """The players settled the last ring (which could not be judged): its verdict
        becomes theirs, with what moved, and is said again."""
        state = self.state
        assert state is not None
        kind = "right" if event.right else "wrong"
        self.verdicts += 1  # a new verdict for the page (it flashes)
        self._aftermath = None
        tally = self.rings[event.player]
        tally["unjudged"] = max(tally["unjudged"] - 1, 0)
        tally[kind] += 1
        self._last_ring = out
        phrases = self._box.speech.phrases
        by = "seen" if event.seen else "settled"
        decided = self._box.speech.words(f"halli.{by}_{kind}", name=phrases.name(event.player))
        spoken = [decided, *moved_said(phrases, out)]
        if self.last_verdict is not None:
            self.last_verdict.update(seq=self.verdicts, right=out.right, taken=out.won,
                                     taker=out.taker,
                                     _why=[(f"halli.why_{by}", {})], text=" ".join(spoken))
        self._gathered(before)
        return spoken

    def report(self, data: Mapping[str, Any]) -> None:
        """The page: `{"settle": "right"}` or `"wrong"`, the players' verdict on the last
        ring when it could not be judged."""
        if set(data) != {"settle"} or data["settle"] not in ("right", "wrong"):
            raise Refused('the page may only settle a ring: {"settle": "right" or "wrong"}')
        state = self.state
        if state is None or state.over or state.unjudged is None:
            raise Refused.said("halli.err_nothing_to_settle")
        if self.deciding():  # a press came first: its ring is judged before any answer
            raise Refused.said("halli.err_settle_deciding")
        ringer = state.unjudged
        self._box.record(Settle(ringer, data["settle"] == "right", self._box.clock.now_ns()))
        if self._arbiter is not None:  # as after a verdict: locked while the cards move
            self._arbiter.lock()
        self.locked = True
        self._verdict_given(ringer)
        self._box.changed()

    def _verdict_given(self, ringer: int) -> None:
        """After a verdict (the box's or the players'): the taker's light, and the bells
        unlocked `lock_s` later (the cards are being moved)."""
        taker = self._last_ring.taker if self._last_ring is not None else None
        self._box.light(taker if taker is not None else ringer)
        if self._unlock_timer is not None:
            self._unlock_timer.cancel()
        clock = self._box.clock
        due = clock.now_ns() + round(self.timing.lock_s * 1e9)
        self._unlock_timer = clock.call_at(due, self._unlock)

    def _late_press(self, player: int, t_ns: int) -> None:
        if self.last_verdict is not None:
            self.last_verdict["_presses"].setdefault(player, t_ns)
            self._figures()

    def _figures(self) -> None:
        """The margin to the second player and everyone's reaction time, from the presses."""
        v = self.last_verdict
        assert v is not None
        firsts: dict[int, int] = v["_presses"]
        first_t = firsts.get(v["player"], 0)
        others = sorted((t, p) for p, t in firsts.items() if p != v["player"])
        if others:
            v["second"] = others[0][1]
            v["margin_ms"] = _ms(others[0][0] - first_t)
        since = v["_right_since"]
        v["reaction_ms"] = (
            {str(p): _ms(t - since) for p, t in firsts.items()} if since is not None else {})

    # -- live: the camera -------------------------------------------------------------
    def seen(self, sight: Sight) -> None:
        """A recognised frame. Flips seen before the press being judged still count."""
        if not isinstance(sight, TableSeen):
            raise TypeError(f"a Halli session reads TableSeen, not {type(sight).__name__}")
        self._look(sight)
        self._keep()

    def _look(self, sight: TableSeen) -> None:
        if len(sight.tops) == self.timeline.seats:
            self.timeline.add(sight.t_ns, sight.tops)
        if sight.learning != self.learning:
            self.learning = sight.learning
            self._box.changed()
        self._table_known |= not sight.learning
        self._follow_aftermath(sight)
        ring = self._ring
        if ring is not None and (self._recorded or sight.t_ns > ring.t_ns):
            self._note_frame(sight.t_ns)
            return
        state = self.state
        if state is None or state.over:
            return
        tops = sight.tops
        self._at = sight.at
        self._found_sides = sight.sides
        for seat, (top, at) in enumerate(zip(tops, sight.at, strict=False)):
            if top == UNREADABLE:
                self.watch.unread_here(seat, at, self._found_side(seat))
        changed = [seat for seat in self.watch.changed(tops)
                   if not self._read_late(seat, sight.card_px)]
        n = len(self.players)
        turn = state.turn
        for seat in sorted(changed, key=lambda s: (s - turn) % n):
            if len(changed) == 1:  # two cards at once: which came first is not known
                self._settle_by(seat, sight.t_ns, tops[seat])
            self._infer_unseen_flips(seat, sight, changed)
            now = self._turn()
            if now is not None and now != seat and tops[now] in (UNREADABLE, HIDDEN_BY_HAND):
                # the seat whose turn it is cannot be read (a hand over it): it may have
                # turned a card too, so this seat's card waits for a frame that shows it
                break
            self._flip_seen(seat, str(tops[seat]), sight.t_ns)
        self._find_passed(tops)
        self._unread_flip()
        self._note_frame(sight.t_ns)

    def _following(self) -> Aftermath | None:
        """The follow-up of the last ring while it still waits to be settled."""
        after, state = self._aftermath, self.state
        if after is not None and (state is None or state.over or state.unjudged != after.ringer):
            self._aftermath = after = None  # settled on the page, or a card turned or a ring
        return after

    def _follow_aftermath(self, sight: TableSeen) -> None:
        """After a ring that could not be judged: settle it when the table shows what the
        players did (`halli_aftermath`), before any card laid since is counted."""
        after = self._following()
        if after is not None and len(sight.tops) == len(after.at_press) \
                and sight.t_ns > after.since_ns:
            self._settled_seen(after.ringer, after.look(sight.tops), sight.t_ns)

    def _settle_by(self, seat: int, t_ns: int, code: str | None = UNREADABLE) -> None:
        """A card turned on `seat` (read as `code`) is about to be counted: if the last
        ring waits to be settled, and only one verdict makes `seat` turn next with the
        piles as they lie now, settle it so first."""
        after = self._following()
        if after is not None:
            self._settled_seen(after.ringer, after.turned(seat, code), t_ns)

    def _settled_seen(self, ringer: int, right: bool | None, t_ns: int) -> None:
        if right is not None:  # `_settled` forgets the follow-up
            with contextlib.suppress(StoreError):  # reported by the box
                self._box.record(Settle(ringer, right, t_ns=t_ns, seen=True))

    def _unread_flip(self) -> None:
        """A card laid where the table showed, that stays unread once the hand has gone:
        the seat whose turn it is turned a card the camera cannot read (recorded without
        its card)."""
        turn = self._turn()
        if turn is None or self.watch.shown[turn] is not None:
            return
        recent = self.timeline.recent(turn, 40)
        last = recent[-UNREAD_FRAMES:]
        if len(last) < UNREAD_FRAMES or any(r != UNREADABLE for r in last):
            return
        before = [r for r in recent[:-UNREAD_FRAMES] if r not in (UNREADABLE, HIDDEN_BY_HAND)]
        if before and before[-1] is None:
            since = self.timeline.since(turn, UNREAD_FRAMES)
            self.watch.flipped(turn, UNREADABLE)
            self._settle_by(turn, self._frame_t)
            self._box.record(Flip(turn, None, t_ns=since))

    def _turn(self) -> int | None:
        state = self.state
        return None if state is None or state.over else state.turn

    def _flip_seen(self, seat: int, code: str, t_ns: int, inferred: bool = False) -> None:
        """Record the flip the camera saw, if the engine takes it. A card it refuses because
        the stack cannot hold it (misread, or a card gone astray) is not allowed to stall
        the game: the flip counts without its card, and `misread` keeps what was read."""
        state = self.state
        assert state is not None
        card = None if code == ANIMAL else parse_card(code)  # an animal, which not known
        event = Flip(seat, card, t_ns=t_ns, inferred=inferred)
        try:
            apply(state, event)
        except IllegalEventError as err:
            if not self._cannot_hold(state, event):
                self.watch.flipped(seat, code)  # what the table shows, not counted
                if seat != state.turn and not inferred:
                    self._out_of_turn.append(OutOfTurn(seat, code, t_ns))
                words = self._box.speech.words
                why = words("halli.not_their_turn") if seat != state.turn else str(err)
                self.message = ("halli.not_counted", {"name": state.name(seat), "why": why})
                self._box.changed()
                return
            event = replace(event, card=None, misread=event.card)
        self._box.record(event)
        if code == ANIMAL:  # the flip has no card; the pile shows an animal, no new card
            self.watch.took(seat, ANIMAL)

    def _find_passed(self, tops: Sequence[str | None]) -> None:
        """The cards refused as out of turn are a whole round the table played without the
        seat whose turn it is (halli_passed): that seat counts as having turned a card
        unseen each time it was passed over, and the refused cards count."""
        state = self.state
        if state is None or not self._out_of_turn or len(tops) != len(self.players):
            return

        def quiet(seat: int) -> bool:
            top = tops[seat]
            return top is None or (top == self.watch.shown[seat]
                                   and top not in (UNREADABLE, HIDDEN_BY_HAND))

        steps = passed_over(state, self._out_of_turn, quiet)
        if steps is None:
            return
        passed = state.turn
        for step in steps:
            if step.held is not None:
                self._flip_seen(step.seat, step.held.code, step.held.t_ns)
            elif tops[step.seat] is None:  # a bare pile: a card the camera did not see
                self._settle_by(step.seat, step.t_ns)
                self._box.record(Flip(step.seat, None, t_ns=step.t_ns, inferred=True))
            else:  # the card it showed: one identical to it turned on it
                self._flip_seen(step.seat, str(tops[step.seat]), step.t_ns, inferred=True)
        self.message = ("halli.passed_over", {
            "name": state.name(passed), "n": sum(s.held is None for s in steps)})
        self._box.changed()

    @staticmethod
    def _cannot_hold(state: GameState, flip: Flip) -> bool:
        """The flip is in turn, but its card is not among what the top stack batch holds."""
        seat = state.players[flip.player]
        if flip.player != state.turn or seat.out or not seat.stack:
            return False
        return seat.stack[0].take(flip.card) is None

    def _infer_unseen_flips(self, seat: int, seen: TableSeen, changed: list[int]) -> None:
        """A card turned on `seat` out of turn while the players before it show a card:
        they turned a card identical to the one they had on top (the camera cannot see
        that), so they are counted as having turned that card again. A player before it
        whose pile has stayed unreadable since the hands left (`UNREAD_FRAMES` frames of
        "?") turned a card the camera cannot read: counted without its card, so the game
        goes on rather than wait for that pile for ever, and a ring judged on it is unsure
        (the unread card is no card the referee could judge on)."""
        if self._identical_before(seat, seen) > 1:
            return  # two or more identical cards in a row: the turn was lost, more likely
        for _ in range(len(self.players)):
            turn = self._turn()
            if turn is None or turn == seat or turn in changed:
                return
            top = seen.tops[turn]
            if top == UNREADABLE and self._unreadable_since(turn) is not None:
                since = self._unreadable_since(turn)
                self.watch.flipped(turn, UNREADABLE)
                self._settle_by(turn, seen.t_ns)
                self._box.record(Flip(turn, None, t_ns=since, inferred=True))
                continue
            if top is None or top in (UNREADABLE, HIDDEN_BY_HAND) or top != self.watch.shown[turn]:
                return
            self._flip_seen(turn, top, seen.t_ns, inferred=True)

    def _identical_before(self, seat: int, seen: TableSeen) -> int:
        """How many seats whose turns come before `seat`'s show the card they showed
        (each would have turned a card identical to the one on its top)."""
        state = self.state
        assert state is not None
        n, count, turn = len(self.players), 0, state.turn
        for _ in range(n):
            if turn == seat:
                break
            top = seen.tops[turn]
            if not state.players[turn].out and top not in (None, UNREADABLE, HIDDEN_BY_HAND) \
                    and top == self.watch.shown[turn]:
                count += 1
            turn = (turn + 1) % n
        return count

    def _read_late(self, seat: int, side: float | None) -> bool:
        """Whether the card read on `seat` is its card turned unread, read at last
        (`FlipWatch.read_late`: where that card lay, within LATE_NEAR of a card's `side`)."""
        t_ns = self.watch.unread_ns[seat]
        if t_ns is None or side is None:
            return False
        at = self._at[seat] if seat < len(self._at) else None
        return self.watch.read_late(seat, self.timeline.readings_since(seat, t_ns), at,
                                    LATE_NEAR * side, self._found_side(seat),
                                    due=seat == self._turn())

    def _found_side(self, seat: int) -> float | None:
        """The side (px) of what the last frame found on the seat's pile, if known."""
        return self._found_sides[seat] if seat < len(self._found_sides) else None

    def _unreadable_since(self, seat: int) -> int | None:
        """When the seat's pile became unreadable, if it has read "?" for the last
        `UNREAD_FRAMES` frames (the hand has gone, and still no card is read); else None."""
        last = self.timeline.recent(seat, UNREAD_FRAMES)
        if len(last) < UNREAD_FRAMES or any(r != UNREADABLE for r in last):
            return None
        return self.timeline.since(seat, UNREAD_FRAMES)

    def _note_frame(self, t_ns: int) -> None:
        self._frame_t = max(self._frame_t, t_ns)
        ring = self._ring
        if ring is not None and not self._recorded and self._seen_press(ring.t_ns):
            self._judge()

    def _seen_press(self, t_ns: int) -> bool:
        """Whether the frames say what the table showed at `t_ns` (or none can), or enough
        of it to judge (a veto seen stands whatever a hand still hides)."""
        if self._frame_t < t_ns or self.timeline.last_ns is None:
            return self._frame_t >= t_ns
        if self.timeline.settled(t_ns):
            return True
        options = self.state.options if self.state is not None else Options()
        views = self.timeline.visible_at(t_ns)
        return judge(views, elephant_alone_rings=options.elephant_alone_rings,
                     face_up=self._face_up()).right is not None

    def _face_up(self) -> tuple[bool, ...]:
        """For each seat, whether a card lies face up on its pile for sure: the seat turned
        one since the last ring (the game's own piles drift from the table's once a ring
        could not be judged; the table's piles only grow between rings)."""
        return tuple(seat in self._laid_since_ring for seat in range(len(self.players)))

    # -- live: the bells --------------------------------------------------------------
    def press(self, player: int, t_ns: int) -> None:
        """A bell press; the arbiter decides, `_bell` hears what it decided. The bells show
        locked from the first press on (people stop turning cards when the bell rings)."""
        seat = self.seat(player)
        state = self.state
        if state is None or state.over or state.players[seat].out or self._arbiter is None:
            return
        self._arbiter.press(BellPress(seat, None, t_ns, self._box.clock.now_ns()))
        if self._arbiter.locked and not self.locked:  # the first press locks the bells
            self.locked = True
            self._box.changed()

    def deciding(self) -> bool:
        """A press in the settle window, or a ring whose verdict is not recorded yet."""
        arbiter = self._arbiter
        return (arbiter is not None and arbiter.settling) or (
            self._ring is not None and not self._recorded)

    def _bell(self, event: BellEvent) -> None:
        if isinstance(event, BellRing):
            self._ring, self._recorded, self._late = event, False, []
            self.locked = True
            self._box.changed()
            if not self._box.camera_ok() or self._seen_press(event.t_ns):
                self._judge()
            else:
                clock = self._box.clock
                due = clock.now_ns() + round(self.timing.frame_wait_s * 1e9)
                self._wait = clock.call_at(due, self._judge)
        elif isinstance(event, LatePress) and self._ring is not None:
            press = Press(event.press.player, event.press.t_ns, late=True)
            if not self._recorded:  # before the verdict: recorded with the ring
                self._late.append(press)
            elif self.last_verdict is not None and press.player not in (
                    self.last_verdict["_presses"]):
                self._record_late(press)

    def _record_late(self, press: Press) -> None:
        if self.state is None or self.state.over:
            return  # the ring ended the game: nothing more is recorded
        with contextlib.suppress(StoreError):  # reported by the box; a late press is a figure
            self._box.record(Late(press.player, press.t_ns))

    def _judge(self) -> None:
        ring = self._ring
        if ring is None or self._recorded or self.state is None:
            return
        self._recorded = True
        if self._wait is not None:
            self._wait.cancel()
            self._wait = None
        presses = tuple(Press(p.player, p.t_ns) for p in ring.presses) + tuple(self._late)
        self._late = []
        event = Ring(ring.player, ring.t_ns, presses=presses)
        if not self._box.camera_ok():
            event = replace(event, judged=False)  # no camera: who was first, only
        elif self.timeline.last_ns is not None:  # judged on what the camera saw at the press
            assert self.state is not None
            seen = judge(self.timeline.visible_at(ring.t_ns),
                         elephant_alone_rings=self.state.options.elephant_alone_rings,
                         face_up=self._face_up())
            if seen.right is None:
                self._unseen = seen.unseen
                event = replace(event, judged=False)
            else:
                event = replace(event, right=seen.right)
        else:
            try:
                step = apply(self.state, event)
            except IllegalEventError:  # a visible card was not read
                event = replace(event, judged=False)
            else:
                event = replace(event, right=step.outcome.right)
        clock = self._box.clock
        try:
            self._box.record(event)
        except StoreError:
            self._unlock()  # reported by the box; the ring is not applied
            return
        self.decided_ns = clock.now_ns()
        if not event.judged and self.timeline.last_ns is not None:
            self._follow(ring.player, ring.t_ns)
        self._box.keep_replay(ring.t_ns)
        self._verdict_given(ring.player)

    def _follow(self, ringer: int, t_ns: int) -> None:
        """Follow the table after `ringer`'s ring, which could not be judged: what each
        verdict would make the players do, and what the table showed at the press."""
        self._aftermath = None  # an older ring's, if any: never this one's
        state = self.state
        if state is None or state.unjudged != ringer:
            return
        outcomes = []
        everyone = frozenset(range(len(state.players)))
        for right in (True, False):
            after = apply(state, Settle(ringer, right)).state
            if after.over:
                return  # the last ring: both verdicts end the game, no card is turned
            gone = everyone if right and ringer not in state.bell_from else frozenset({ringer})
            outcomes.append(WhatFollows(right, after.turn, gone))
        at_press = tuple(v.top if v.sure else UNREADABLE for v in self.timeline.visible_at(t_ns))
        self._aftermath = Aftermath(ringer, at_press, tuple(outcomes), t_ns, UNREAD_FRAMES)

    def _unlock(self) -> None:
        self._unlock_timer = None
        if self._arbiter is not None:
            self._arbiter.unlock()
        self._box.light(None)
        self._ring = None
        self.locked = False
        self._box.changed()

    # -- what is no event, kept with the journal (halli_note) ----------------------------
    def _keep(self) -> None:
        if self.state is None:
            return
        note = Note.of(self.watch).to_json()
        if note != self._kept:
            self._kept = note
            self._box.keep(note)

    def restore(self, note: Mapping[str, Any]) -> None:
        """The last note kept, after the journal's events (a restart): what the camera made
        of each card turned unread that is still on top (halli_note)."""
        try:
            kept = Note.from_json(note, len(self.players))
        except NoteError as err:
            logging.getLogger("tableref.daemon").error("%s: the note is left out", err)
            return
        kept.restore(self.watch)
        self._kept = Note.of(self.watch).to_json()

    def close(self) -> None:
        if self.watch.shown:  # a game was followed: what it leaves on the table
            self._kit.left_lying = self.watch.leftovers(self.timeline.latest())
        if isinstance(self.eyes, HalliEyes) and any(p is not None for p in self.eyes.piles):
            self._kit.left_piles = list(self.eyes.piles)
        for timer in (self._wait, self._unlock_timer):
            if timer is not None:
                timer.cancel()
        self._wait = self._unlock_timer = None
        if self._arbiter is not None:
            self._arbiter.close()
        self._ring = None
        self.locked = False

    # -- the page ---------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        state = self.state
        if state is None:
            return {"piles": [], "bell": 0, "turn": None, "over": False, "winner": None,
                    "locked": False, "last_verdict": None, "message": "",
                    "final_round": False, "end": None, "rings": [], "missed": 0,
                    "last_missed": None, "settle": None, "settle_wrong": None}
        words = self._box.speech.words
        verdict = None
        if self.last_verdict is not None:
            verdict = {k: v for k, v in self.last_verdict.items() if not k.startswith("_")}
            verdict["reasons"] = said(words, self.last_verdict["_why"])
        message = "" if self.message is None else said(words, [self.message])[0]
        if not message and self.learning and (self._table_known or not self._have_turned):
            # the set-up step at a game's start, and again when the camera or the light
            # changed (a box restarted mid-game learns the table with the cards on it)
            message = words("halli.learning_table")
        missed = None
        if self.last_missed is not None:
            missed = {"cards": self.last_missed["cards"],
                      "reasons": said(words, self.last_missed["_why"])}
        tops = state.tops()
        return {
            "piles": [
                {"seat": i, "top": None if top is None else top.code, "pile": len(p.pile),
                 "stack": p.stack_size, "out": p.out, "holding": p.holding}
                for i, (p, top) in enumerate(zip(state.players, tops, strict=True))
            ],
            "bell": len(state.bell),
            "turn": None if state.over else state.turn,
            "over": state.over,
            "winner": state.winner,
            "locked": self.locked,
            "last_verdict": verdict,
            "message": message,
            "options": state.options.to_json(),
            "final_round": state.final_round and not state.over,
            # the ringer whose ring could not be judged, for the players to settle
            "settle": None if state.over else state.unjudged,
            # what "wrong" would do beyond the usual: the ringer's second wrong ring in a row
            # puts them out ("out"); in the final round it ends the game ("ends")
            "settle_wrong": _wrong_would(state),
            "end": self._end(state),
            "rings": [{"seat": i, **r} for i, r in enumerate(self.rings)],
            "missed": self.missed,
            "last_missed": missed,
            "taught": self._taught(),
            "zones": [{"seat": i, "x": round(x, 4), "y": round(y, 4)}
                      for i, (x, y) in enumerate(pile_places(len(state.players), (1, 1)))],
        }

    def _taught(self) -> list[str]:
        from tableref.device.daemon.halli_teach import taught_codes

        return taught_codes(self._kit.reader)

    @staticmethod
    def _end(state: GameState) -> dict[str, Any] | None:
        """How the game ended: the last player left, or the ring of the final round (two
        players were left of three or more; the one holding the most cards wins)."""
        if not state.over:
            return None
        rule = "last_player" if len(state.active) <= 1 else "final_ring"
        return {"rule": rule, "holding": [p.holding for p in state.players]}

    def outs(self) -> list[bool]:
        return [] if self.state is None else [p.out for p in self.state.players]

    async def teach(self, card: str | None, image: np.ndarray) -> dict[str, Any]:
        """Teach `card` (a card code) from the card held under the camera, or with None
        only read it; what it reads as now (halli_teach)."""
        from tableref.device.daemon import halli_teach
        from tableref.vision.halli.codes import canonical
        from tableref.vision.halli.recognise import Recogniser

        reader = self._kit.reader
        if not isinstance(reader, Recogniser):
            raise Refused.said("halli.teach_no_reader")
        try:
            code = None if card is None else canonical(card)
        except ValueError as err:
            raise Refused(f"{card!r} is not a card ({err})") from None
        try:
            taught = await self._box.in_vision(
                halli_teach.read_held, reader, image) if code is None else (
                await self._box.in_vision(halli_teach.teach, reader, image, code,
                                          self._kit.enrolment_dir))
        except halli_teach.TeachError as err:
            raise Refused.like(err) from None
        self._box.changed()
        return taught.to_json()

    def standing(self) -> list[int] | None:
        """Cards each player holds now (stack and pile)."""
        state = self.state
        return None if state is None else [p.holding for p in state.players]

    def result(self) -> Result | None:
        """Cards held per player and the winner's name, once the game is over."""
        state = self.state
        if state is None or not state.over:
            return None
        winner = None if state.winner is None else state.name(state.winner)
        return Result([p.holding for p in state.players], winner)
