"""Nelly at the table: the die, the turns, the sounds, the players' reports, the camera.

Inputs, all on the daemon's loop:
- `press(player, t_ns)` and `release(player, t_ns)`: a button (GPIO, the bell box, the
  page, the simulated players) pressed and let go. Presses are counted into a pattern that
  ends `gesture_s` after the last release, or held `hold_s` make a long press
  (`nelly_gestures`; `nelly_buttons` says what one, two and three presses mean); the
  player the box waits for throws the die (from the kit's random source) or answers the
  box's question, and three presses or a long press from anyone say that turtles fell.
- `report(data)`: the page's big buttons send an event of the game log as the spec gives it
  (`{"event": "feed", "player": 1, "counter": "rotten"}`, a fall with its colours...;
  `{"event": "roll"}` throws the box's die), `{"camera": "dismiss", "player": 0}` answers a
  disagreement with the camera, `{"zones": {...}}` sets the camera's zones, and
  `{"cancel": "fall"}` closes the fall question.
- `seen(NellySeen)`: the camera's count per zone (`nelly_count`), reconciled with the
  reports and never recorded by itself.

Every event is checked by the engine before it is recorded (`box.record`); an impossible
report is refused with the engine's reason. The state is the fold of the events; what the
box says and plays comes from `device/voice/nelly_words.py` (sounds as "sound:NAME"
segments, which the voice plays as the sounds of `device/voice/sounds.py`).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from tableref.device.daemon.nelly_buttons import FALL_PRESSES, Ask, answer, ask, held_colours
from tableref.device.daemon.nelly_count import (
    ZONES_FILE,
    Counter,
    CountError,
    NellyEyes,
    NellySeen,
    Reconciler,
    ZoneStore,
    keep_zones,
)
from tableref.device.daemon.nelly_gestures import HOLD_S, Gestures
from tableref.device.daemon.nelly_note import Note, NoteError
from tableref.device.daemon.session import BaseSession, Box, Eyes, Refused, Result, Sight
from tableref.device.store import StoreError
from tableref.device.voice.nelly_words import NellyWords
from tableref.games.nelly import (
    Colour,
    Event,
    EventError,
    Fall,
    GameState,
    IllegalEventError,
    RandomSource,
    Roll,
    Start,
    apply,
    event_from_json,
    event_to_json,
    roll,
)

if TYPE_CHECKING:
    from tableref.device.config import Config

log = logging.getLogger("tableref.daemon.nelly")


@dataclass
class NellyKit:
    """What a Nelly session needs: the die's random source, how long a press pattern may
    pause, and the camera's counter with the file of its zones (None: no camera count)."""

    rng: RandomSource = field(default_factory=random.SystemRandom)
    gesture_s: float = 0.7
    hold_s: float = HOLD_S  # a press held this long is a long press: turtles fell
    counter: Counter | None = None
    zones: ZoneStore | None = None
    steady: int = 3  # frames in a row before the camera's count of a zone counts


def open_session(box: Box, kit: NellyKit | None) -> NellySession:
    return NellySession(box, kit)


def default_kit(config: Config, sim: bool) -> NellyKit:
    """The box's die (the system's random source), the zones in the data dir, and the
    camera's turtle counter once `tableref.vision.nelly` provides one."""
    from tableref.device.paths import data_dir

    return NellyKit(counter=vision_counter(), zones=ZoneStore(data_dir() / ZONES_FILE))


class VisionCounter:
    """`tableref.vision.nelly.count_turtles` (the `tableref nelly count` contract) as the
    session's counter: the zones in their JSON form in, the count's JSON form out; each
    frame compared with the table's last still frame (`KeepsStill`)."""

    def __init__(self) -> None:
        self.still: np.ndarray | None = None

    def remember_still(self, image: np.ndarray) -> None:
        self.still = image.copy()

    def __call__(self, image: np.ndarray, zones: Mapping[str, Any]) -> Mapping[str, Any]:
        from tableref.vision.nelly import count_turtles, counts_to_json, zones_from_json

        return counts_to_json(count_turtles(image, zones_from_json(zones), still=self.still))


def vision_counter() -> Counter:
    return VisionCounter()


def config_options(config: Config) -> dict[str, bool]:
    return {}


class NellySession(BaseSession[Event]):
    game = "nelly"
    speech_waits = True  # a sound (the rotten plant's, the fanfare) is never cut off

    def __init__(self, box: Box, kit: NellyKit | None = None) -> None:
        self._box = box
        self._kit = kit or NellyKit()
        self.players: tuple[str, ...] = ()
        self.state: GameState | None = None
        self.said: tuple[str, ...] = ()  # the words of the last event, for the page
        self.proposal = 0  # colours turned down on `all` by the placer asked
        self.chosen: Colour | None = None  # the colour said yes to, before "where?"
        self.fall_asked: int | None = None  # the seat asked on the page which turtles fell
        self.message = ""  # a refused report or press, for the page
        self._gestures = Gestures(box.clock, self._gesture_done, self._kit.gesture_s,
                                  self._kit.hold_s)
        self.reconciler = Reconciler(steady=self._kit.steady)
        self.counting = ""  # why the camera does not count ("" when it does)
        self.frame_size: tuple[int, int] = (0, 0)
        self._zones: dict[str, Any] | None = None
        self.eyes: Eyes | None = None
        self._events = 0  # the events applied: the journal's length
        self._kept: dict[str, Any] | None = None  # the last note kept (nelly_note)
        self._load_zones()

    # -- the events ---------------------------------------------------------------------------
    def start(self, players: Sequence[str], options: Mapping[str, bool]) -> Start:
        return Start(tuple(players))

    def decode(self, data: Mapping[str, Any]) -> Event:
        return event_from_json(data)

    def encode(self, event: Event) -> dict[str, Any]:
        return event_to_json(event)

    def _words(self) -> NellyWords:
        return NellyWords(self._box.speech.language, self.players)

    def apply(self, event: Event) -> list[str]:
        """Fold one event; the sounds ("sound:NAME") and words to announce. IllegalEventError
        (nothing changed) for an event the rules forbid."""
        before = self.state
        step = apply(before, event)
        self.state = step.state
        self._events += 1
        if isinstance(event, Start):
            self.players = event.players
            self.close()
            self.reconciler = Reconciler(steady=self._kit.steady)
        self.proposal, self.chosen, self.message = 0, None, ""
        if isinstance(event, Fall):
            self.fall_asked = None
        if before is not None:
            self.reconciler.reported(s for s, (a, b) in enumerate(zip(
                before.players, step.state.players, strict=True)) if a.turtles != b.turtles)
        self.reconciler.check(step.state)
        words = self._words()
        said = words.after(before, step)
        self.said = said.words
        return [*(f"sound:{s}" for s in said.sounds), *said.words, *self._question()]

    def _question(self) -> list[str]:
        """The button's question, said after the instruction where it is not obvious."""
        state = self._state()
        question = ask(state, self.proposal, self.chosen)
        if question is None:
            return []
        w = self._box.speech.words
        name = self._words().name(question.seat)
        if question.kind == "feed":
            return [w("nelly.ask_feed", name=name)]
        if question.kind == "colour":
            assert question.colour is not None
            return [w("nelly.ask_colour", name=name,
                      colour=w(f"nelly.colour_{question.colour.value}"))]
        if question.kind == "spot" and self.chosen is not None:
            return [w("nelly.ask_spot", name=name)]
        return []

    def _state(self) -> GameState:
        if self.state is None:
            raise Refused.said("page.err_not_started")
        return self.state

    def _record(self, event: Event) -> None:
        """Check with the engine, then record; Refused with the engine's reason."""
        try:
            apply(self._state(), event)
        except IllegalEventError as err:
            raise Refused(str(err)) from None
        self._box.record(event)

    def _throw(self) -> None:
        self._record(roll(self._kit.rng))

    # -- live: the buttons --------------------------------------------------------------------
    def press(self, player: int, t_ns: int) -> None:
        seat = self.seat(player)
        state = self._state()
        if state.over:
            raise Refused.said("page.err_over")
        self._gestures.press(seat, t_ns)
        self._box.changed()

    def release(self, player: int, t_ns: int) -> None:
        self._gestures.release(self.seat(player), t_ns)

    def _gesture_done(self, seat: int, presses: int, long: bool) -> None:
        self._box.changed()
        if self.state is None or self.state.over:
            return
        try:
            self._pressed(seat, FALL_PRESSES if long else presses)
        except Refused as err:
            self.message = str(err)
            self._box.changed()
        except StoreError:
            pass  # reported by the box: the press is lost, the game goes on
        finally:
            self._keep()

    def _pressed(self, seat: int, presses: int) -> None:
        state = self._state()
        w = self._box.speech.words
        words = self._words()
        if presses >= FALL_PRESSES:
            if state.nelly.turtles.total == 0:
                raise Refused(f"{words.name(seat)}: no turtle is on Nelly, none can fall")
            self.fall_asked = seat
            self._box.say(["sound:splash", w("nelly.ask_fall", name=words.name(seat))])
            self._box.changed()
            return
        question = ask(state, self.proposal, self.chosen)
        if question is None:
            return
        if question.seat != seat:  # not this player's move: say whose it is
            self._box.say([w("nelly.wait_turn", name=words.name(seat)),
                           *words.prompt(state)])
            return
        self._answer(question, presses)

    def _answer(self, question: Ask, presses: int) -> None:
        meant = answer(question, presses)
        if meant.roll:
            self._throw()
        elif meant.event is not None:
            self._record(meant.event)
        elif meant.another:
            self.proposal += 1
            self._box.say(self._question())
            self._box.changed()
        else:  # a colour said yes to: placed at once where the back is the only place
            self.chosen = meant.chosen
            nxt = ask(self._state(), self.proposal, self.chosen)
            assert nxt is not None
            if nxt.kind == "back":
                self._answer(nxt, 1)
            else:
                self._box.say(self._question())
                self._box.changed()

    # -- live: the page -----------------------------------------------------------------------
    def report(self, data: Mapping[str, Any]) -> None:
        """A report from the page (module docstring); Refused naming the problem."""
        try:
            self._report(data)
        finally:
            self._keep()

    def _report(self, data: Mapping[str, Any]) -> None:
        state = self._state()
        if "zones" in data:
            self._set_zones(data["zones"])
            return
        if "camera" in data:
            if data.get("camera") != "dismiss":
                raise Refused('camera: the answer is "dismiss" (the box is right)')
            self.reconciler.dismiss(self.seat(data.get("player")))
            self._box.changed()
            return
        if "cancel" in data:
            self.fall_asked = None
            self._box.changed()
            return
        if state.over:
            raise Refused.said("page.err_over")
        if data.get("event") == "roll":
            if set(data) != {"event"}:
                raise Refused("roll: the box throws the die; send {\"event\": \"roll\"} only")
            self._throw()
            return
        try:
            event = event_from_json(data)
        except EventError as err:
            raise Refused(str(err)) from None
        if isinstance(event, Start):
            raise Refused("start: a new game is started in the settings")
        if isinstance(event, Roll):  # pragma: no cover - caught above
            raise Refused("the box throws the die")
        self._record(event)

    # -- live: the camera ---------------------------------------------------------------------
    def _load_zones(self) -> None:
        store = self._kit.zones
        try:
            self._zones = None if store is None else store.load()
        except CountError as err:
            log.error("%s: the camera does not count until the zones are set again", err)
            self._zones = None
        counter = self._kit.counter
        self.eyes = None if counter is None else NellyEyes(counter, lambda: self._zones)

    def _set_zones(self, raw: object) -> None:
        try:
            zones = keep_zones(raw, len(self.players), self._kit.zones)
        except CountError as err:
            raise Refused(str(err)) from None
        self._zones = zones
        self.reconciler = Reconciler(steady=self._kit.steady)
        self._box.changed()

    def seen(self, sight: Sight) -> None:
        if not isinstance(sight, NellySeen):
            raise TypeError(f"a Nelly session reads NellySeen, not {type(sight).__name__}")
        state = self.state
        if state is None:
            return
        before = (self.frame_size, self.counting, self.reconciler.to_json(),
                  dict(self.reconciler.readings), set(self.reconciler.unsure))
        self.frame_size = sight.size
        self.counting = sight.problem
        new = self.reconciler.seen(state, sight)
        if new and not state.over:
            w = self._box.speech.words
            self._box.say([w("nelly.camera_said", name=self._words().name(d.seat))
                           for d in new])
        after = (self.frame_size, self.counting, self.reconciler.to_json(),
                 dict(self.reconciler.readings), set(self.reconciler.unsure))
        if after != before:
            self._box.changed()
            self._keep()

    # -- what is no event, kept with the journal (nelly_note) ---------------------------------
    def _keep(self) -> None:
        if self.state is None:
            return
        note = Note.of(self._events, self.proposal, self.chosen, self.fall_asked,
                       self.reconciler).to_json()
        if note != self._kept:
            self._kept = note
            self._box.keep(note)

    def restore(self, note: Mapping[str, Any]) -> None:
        """The last note kept, after the journal's events (a restart): the question part way
        through when no event came after it, and the camera's side of the reconciliation."""
        state = self._state()
        try:
            kept = Note.from_json(note, len(self.players))
        except NoteError as err:
            log.error("%s: the note is left out", err)
            return
        if kept.events == self._events and not state.over:
            self.proposal, self.chosen, self.fall_asked = (kept.proposal, kept.chosen,
                                                           kept.fall_asked)
        kept.restore(self.reconciler, state)
        self._kept = Note.of(self._events, self.proposal, self.chosen, self.fall_asked,
                             self.reconciler).to_json()

    def close(self) -> None:
        self._gestures.close()

    # -- the page -----------------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        state = self._state()
        words = self._words()
        w = self._box.speech.words
        question = None if self.fall_asked is not None else ask(state, self.proposal,
                                                                self.chosen)
        buttons = None
        if question is not None:
            colour = "" if question.colour is None else w(
                f"nelly.colour_{question.colour.value}")
            one, two = question.meanings
            buttons = {"player": question.seat, "kind": question.kind,
                       "colour": None if question.colour is None else question.colour.value,
                       "one": w(f"nelly.{one}", colour=colour),
                       "two": w(f"nelly.{two}", colour=colour)}
        nxt = state.expect
        colours: list[str] = []
        if nxt is not None and nxt.event == "place" and nxt.player is not None:
            colours = [c.value for c in held_colours(state, nxt.player)]
        return {
            **state.to_json(),
            "details": state.details_json(),
            "prompt": " ".join(words.prompt(state)),
            "said": list(self.said),
            "buttons": buttons,
            "colours": colours,  # what the placer may place now
            "fall_asked": self.fall_asked,
            "pressing": {str(s): n for s, n in self._gestures.pressing().items()},
            "hold_s": self._kit.hold_s,
            "message": self.message,
            "camera": {
                "counter": self.eyes is not None,
                "zones": self._zones,
                "frame": list(self.frame_size),
                "readings": {str(s): t.to_json() for s, t in
                             sorted(self.reconciler.readings.items())},
                "unsure": sorted(self.reconciler.unsure),
                "disagreements": self.reconciler.to_json(),
                "problem": self.counting,
            },
        }

    def outs(self) -> list[bool]:
        return [False] * len(self.players)

    def result(self) -> Result | None:
        """Turtles left per player (the winner has none) and the winner's name."""
        state = self.state
        if state is None or not state.over or state.winner is None:
            return None
        return Result([p.turtles.total for p in state.players], state.name(state.winner))

