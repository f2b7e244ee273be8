"""What a player's button means in a Nelly game: the press patterns, as one rule for every
moment, so that a child need learn it once.

- **One press**: yes, the usual thing: throw the die, "it was a crab", "I placed it on the
  back", "yes, that colour", "the heron is moved", "the plant is back in the box", "Nelly
  is turned on".
- **Two presses** (quickly, like a double click): the other thing: "a rotten water plant",
  "on the head", "another colour". Where there is no other thing (the die, the heron,
  placing on the back only), two presses mean the same as one: a press too many is never
  a mistake.
- **Three presses or more, or one long press** (held `NellyKit.hold_s`, 1 s, see
  `nelly_gestures`): "turtles fell during my move": the box asks on the screen which (with
  the camera's count, where it counts). Turtles fall at any moment, and a child who sees
  them fall holds the button rather than counting presses; the box says so at once,
  while the button is still held, and a button held for ever says it once.

Only the player the box waits for (`expect`) answers with one or two presses; on `all` the
box proposes the colours the placer holds one by one ("Red? Once for yes, twice for another
colour"), and the roller who may place on the head is then asked where. A press pattern
ends `gesture_s` seconds after its last release (`NellyKit.gesture_s`).

`ask(state, proposal, chosen)` is the question the expected player's button answers now;
`answer(ask, presses)` what their presses mean. Both are pure.
"""

from __future__ import annotations

from dataclasses import dataclass

from tableref.games.nelly import (
    Colour,
    Event,
    Feed,
    GameState,
    Heron,
    Pass,
    Place,
    PlantCounter,
    Plants,
    Spot,
)

FALL_PRESSES = 3  # this many presses or more: turtles fell


@dataclass(frozen=True)
class Ask:
    """The question the button of `seat` answers now.

    kind: "roll", "feed", "colour" (is it `colour`?), "spot" (the back or the head, for
    `colour`), "back" (placing `colour` on the back, the only place), "heron", "plants",
    "pass"."""

    seat: int
    kind: str
    colour: Colour | None = None

    @property
    def meanings(self) -> tuple[str, str]:
        """The phrase names (`nelly.btn_*`) of one press and of two presses."""
        return {
            "roll": ("btn_roll", "btn_roll"),
            "feed": ("btn_crab", "btn_rotten"),
            "colour": ("btn_yes_colour", "btn_other_colour"),
            "spot": ("btn_back", "btn_head"),
            "back": ("btn_back", "btn_back"),
            "heron": ("btn_heron", "btn_heron"),
            "plants": ("btn_plants", "btn_plants"),
            "pass": ("btn_pass", "btn_pass"),
        }[self.kind]


def held_colours(state: GameState, seat: int) -> tuple[Colour, ...]:
    """The colours `seat` may place now (on `all`: every colour it holds)."""
    face = state.face
    if face is None or not face.places:
        return ()
    turtles = state.players[seat].turtles
    if face.colour is not None:
        return (face.colour,) if turtles[face.colour] else ()
    return turtles.colours()


def ask(state: GameState, proposal: int = 0, chosen: Colour | None = None) -> Ask | None:
    """The question for the player the box waits for; `proposal` counts the colours turned
    down so far on `all`, `chosen` is the colour said yes to (then the roller is asked
    where). None once the game is over."""
    nxt = state.expect
    if nxt is None or nxt.player is None:
        return None
    seat = nxt.player
    if nxt.event != "place":
        return Ask(seat, nxt.event)
    colours = held_colours(state, seat)
    if chosen is None:
        if len(colours) > 1:
            return Ask(seat, "colour", colours[proposal % len(colours)])
        chosen = colours[0]
    return Ask(seat, "spot" if nxt.head else "back", chosen)


@dataclass(frozen=True)
class Answer:
    """What presses meant: an event to record, a colour said yes to (ask where next), the
    next colour to propose, or the die to throw."""

    event: Event | None = None
    chosen: Colour | None = None
    another: bool = False
    roll: bool = False


def answer(question: Ask, presses: int) -> Answer:
    """The meaning of one or two presses for `question` (three or more: FALL_PRESSES,
    handled before)."""
    two = presses >= 2
    seat, kind = question.seat, question.kind
    if kind == "roll":
        return Answer(roll=True)
    if kind == "feed":
        return Answer(Feed(seat, PlantCounter.ROTTEN if two else PlantCounter.CRAB))
    if kind == "colour":
        return Answer(another=True) if two else Answer(chosen=question.colour)
    if kind in ("spot", "back"):
        assert question.colour is not None
        spot = Spot.HEAD if two and kind == "spot" else Spot.BACK
        return Answer(Place(seat, question.colour, spot))
    if kind == "heron":
        return Answer(Heron(seat))
    if kind == "plants":
        return Answer(Plants(seat))
    return Answer(Pass(seat))
