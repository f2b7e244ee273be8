"""What the box says and plays at each moment of a Nelly game, composed from the engine.

```python
words = NellyWords("en", ["Ann", "Ben", "Cid"])
said = words.after(before, step)   # the state before the event, the engine's step
said.sounds  # ("die",)            played first (names of tableref.device.voice.sounds)
said.words   # ("Red!", "Ann first: on the head or the back.", "Then Ben, then Cid.")
words.prompt(state)                # what to do now, to say again or show on the page
```
The words come from the state after the event and its `expect`; the phrases themselves are
the `nelly.*` section of the one phrase table (`device/phrasebook/nelly.py`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tableref.device import phrasebook
from tableref.device.voice.phrases import Phrases
from tableref.games.nelly import (
    Colour,
    Fall,
    Feed,
    GameState,
    Head,
    Pass,
    Place,
    PlantCounter,
    Roll,
    Start,
    Step,
    Turtles,
)


@dataclass(frozen=True)
class Said:
    sounds: tuple[str, ...] = ()  # played first, in order
    words: tuple[str, ...] = ()  # then spoken, one segment each


class NellyWords:
    def __init__(self, language: str, names: Sequence[str]) -> None:
        if language not in phrasebook.LANGUAGES:
            raise ValueError(f"no Nelly phrases for language {language!r} (one of "
                             f"{', '.join(phrasebook.LANGUAGES)})")
        self.language = language
        self._t = phrasebook.section("nelly", language)
        self._names = Phrases(language, list(names))  # "Player 3" said as "Spieler 3"
        self._words = self._names.words

    def _f(self, key: str, **fields: Any) -> str:
        """Phrase `nelly.<key>` with its fields (a plural form chosen by `n`)."""
        t = self._t[key]
        if isinstance(t, dict):
            t = t[phrasebook.plural(self.language, int(fields["n"]))]
        return phrasebook.fill(t, fields)

    # -- pieces --------------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self._names.name(seat)

    def _join(self, items: Sequence[str]) -> str:
        return self._words.join(list(items))

    def _colour(self, colour: Colour | None) -> str:
        return self._f("colour_any" if colour is None else f"colour_{colour.value}")

    def turtles(self, turtles: Turtles) -> str:
        """"two red and one yellow"."""
        parts = [self._f(f"count_{c.value}", w=self._number(n), n=n) for c, n in turtles if n]
        return self._join(parts)

    def _number(self, n: int) -> str:
        return self._words.number(n)

    def _where(self, state: GameState, seat: int) -> str:
        if seat != state.turn:
            return self._f("back")
        if state.nelly.head is Head.SUBMERGED:
            return self._f("back_under")
        return self._f("head_or_back" if state.nelly.head_open else "back_full")

    # -- what to do now ------------------------------------------------------------------------
    def prompt(self, state: GameState) -> tuple[str, ...]:
        """The instruction for the next event (the winner once the game is over)."""
        nxt = state.expect
        if nxt is None:
            assert state.winner is not None
            return (self._f("wins", name=self.name(state.winner)),)
        seat = state.turn if nxt.player is None else nxt.player
        name = self.name(seat)
        if nxt.event == "place":
            return (self._f("place", name=name, colour=self._colour(nxt.colour),
                                            where=self._where(state, seat)),)
        if nxt.event == "pass":
            after = (state.turn + 1) % len(state.players)
            return (self._f("pass", name=name, next=self.name(after)),)
        return (self._f(nxt.event, name=name),)  # roll, feed, heron, plants

    def placing(self, state: GameState) -> tuple[str, ...]:
        """At the start of the placing: who has none, who places first and where, then who."""
        face = state.face
        assert face is not None and face.places
        colour = face.colour
        placers = state.to_place()
        out = [self._f("has_none", name=self.name(s), colour=self._colour(colour))
               for s in state.order() if s not in placers and colour is not None]
        if not placers:
            assert colour is not None
            return (self._f("nobody", colour=self._colour(colour)), *self.prompt(state))
        first = placers[0]
        key = "order_first" if len(placers) > 1 else "order_only"
        out.append(self._f(key, name=self.name(first), where=self._where(state, first)))
        if len(placers) > 1:
            others = self._f("then_join").join(self.name(s) for s in placers[1:])
            out.append(self._f("order_then", names=others))
        return tuple(out)

    # -- after each event ----------------------------------------------------------------------
    def after(self, before: GameState | None, step: Step) -> Said:
        """The sounds and words for `step`; `before` is the state it was applied to."""
        state, outcome = step
        event = outcome.event
        if isinstance(event, Start):
            names = self._join([self.name(s) for s in range(len(state.players))])
            return Said((), (self._f("start", names=names, name=self.name(0)),
                             *self.prompt(state)))
        if isinstance(event, Roll):
            face = self._f(f"face_{event.face.value}")
            if event.face.places and not state.can_feed:
                return Said(("die",), (face, *self.placing(state)))
            if event.face.value == "plants" and state.expect is not None \
                    and state.expect.event == "pass":
                no_plant = self._f("no_free_plant", name=self.name(state.turn))
                return Said(("die",), (face, no_plant, *self.prompt(state)))
            return Said(("die",), (face, *self.prompt(state)))
        if isinstance(event, Feed):
            return self._fed(state, event)
        if isinstance(event, Place):
            if state.over:
                return Said(("fanfare",), self.prompt(state))
            return Said((), self.prompt(state))  # who has none was said with the order
        if isinstance(event, Fall):
            return self._fell(before, state, event, outcome.to_player, outcome.to_box)
        if isinstance(event, Pass):
            return Said(("turn",), (self._f("turns_to", name=self.name(state.turn)),
                                    *self.prompt(state)))
        return Said((), self.prompt(state))  # heron, plants: on to the pass

    def _fed(self, state: GameState, event: Feed) -> Said:
        name = self.name(event.player)
        if event.counter is PlantCounter.ROTTEN:
            return Said(("fart",), (self._f("rotten", name=name), *self.placing(state)))
        if state.nelly.head is Head.SUBMERGED:
            words = [self._f("crab_dives")]
            if state.nelly.on_head:
                words.append(self._f("slide", name=name))
        else:
            words = [self._f("crab_surfaces")]
        return Said(("pinch",), (*words, *self.placing(state)))

    def _fell(self, before: GameState | None, state: GameState, event: Fall, kept: Turtles,
              boxed: Turtles) -> Said:
        name = self.name(event.player)
        what = self.turtles(event.turtles)
        what = what[0].upper() + what[1:]  # it opens the sentence after "Splash!"
        fell = self._f("fell_one" if event.turtles.total == 1 else "fell_many")
        key = "fall_kept" if not boxed.total else "fall_boxed" if not kept.total else "fall_split"
        said = self._f(key, what=what, fell=fell, name=name, kept=self.turtles(kept),
                             boxed=self.turtles(boxed))
        changed = before is None or before.expect != state.expect
        return Said(("splash",), (said, *(self.prompt(state) if changed else ())))
