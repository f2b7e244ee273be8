"""The game as events in, state out: `apply(state, event) -> Step(state, outcome)`.

`apply` never changes its input; an event the rules forbid raises IllegalEventError with
the reason, so the caller still holds the unchanged state.
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from tableref.games.gamelog import player_names
from tableref.games.nelly.errors import IllegalEventError
from tableref.games.nelly.events import (
    Event,
    Fall,
    Feed,
    Heron,
    Pass,
    Place,
    Plants,
    PlayerEvent,
    Roll,
    Start,
)
from tableref.games.nelly.material import (
    COLOURS,
    COUNTERS,
    DEALS,
    HEAD_CAPACITY,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Colour,
    Head,
    PlantCounter,
    Spot,
    Turtles,
)
from tableref.games.nelly.outcome import Outcome
from tableref.games.nelly.state import GameState, Nelly, Player


class Step(NamedTuple):
    state: GameState
    outcome: Outcome


def start(event: Start) -> Step:
    """Set up a game; the same as `apply(None, event)`."""
    names = player_names(event.players, MIN_PLAYERS, MAX_PLAYERS, "Nelly", IllegalEventError)
    players = tuple(
        Player(name, turtles, turtles.total)
        for name, turtles in zip(names, DEALS[len(names)], strict=True)
    )
    return Step(GameState(players), Outcome(event))


def apply(state: GameState | None, event: Event) -> Step:
    """Apply one event. Raises IllegalEventError (state unchanged) for an impossible report."""
    if state is not None and state.over:
        assert state.winner is not None
        raise IllegalEventError(
            f"the game is over ({state.name(state.winner)} won): no {event.kind} is accepted"
        )
    if isinstance(event, Start):
        if state is not None:
            raise IllegalEventError("the game has already started: a log holds one game")
        return start(event)
    if state is None:
        raise IllegalEventError(f"no game yet: the first event must be start, not {event.kind}")
    if isinstance(event, Roll):
        return _roll(state, event)
    if not 0 <= event.player < len(state.players):
        raise IllegalEventError(
            f"unknown player {event.player}: the seats are 0 to {len(state.players) - 1}"
        )
    if isinstance(event, Fall):
        return _fall(state, event)
    if isinstance(event, Feed):
        return _feed(state, event)
    if isinstance(event, Place):
        return _place(state, event)
    if isinstance(event, Heron | Plants):
        return _heron_or_plants(state, event)
    return _pass(state, event)


def _out_of_order(state: GameState, event: PlayerEvent) -> IllegalEventError:
    return IllegalEventError(
        f"{state.name(event.player)}'s {event.kind} is out of order: "
        f"{state.describe_expect()}"
    )


def _expected(state: GameState, event: PlayerEvent) -> None:
    nxt = state.expect
    if nxt is None or nxt.event != event.kind or nxt.player != event.player:
        raise _out_of_order(state, event)


def _roll(state: GameState, event: Roll) -> Step:
    if state.face is not None:
        raise IllegalEventError(
            f"the die was already thrown this round ({state.face.value}): "
            f"{state.describe_expect()}"
        )
    return Step(replace(state, face=event.face), Outcome(event))


def _feed(state: GameState, event: Feed) -> Step:
    name = state.name(event.player)
    if state.face is None:
        raise _out_of_order(state, event)
    if state.round == 1:
        raise IllegalEventError(
            f"{name} cannot feed in round 1: feeding starts in the game's second round"
        )
    if event.player == state.turn and state.face.places and state.fed is None \
            and not state.placed and state.roller.free_plants == 0:
        raise IllegalEventError(f"{name} cannot feed: {name} has no free water plant")
    _expected(state, event)
    counter = event.counter
    if state.turned(counter) >= COUNTERS[counter]:
        what = "crab" if counter is PlantCounter.CRAB else "rotten water plant"
        raise IllegalEventError(
            f"{name} cannot have turned over a {what}: all {COUNTERS[counter]} {what}s of "
            "the game are turned over already"
        )
    players = list(state.players)
    roller = players[event.player]
    players[event.player] = replace(roller, plants=roller.plants - 1)
    after = replace(
        state, players=tuple(players), box_plants=state.box_plants + 1, fed=counter
    )
    if counter is PlantCounter.CRAB:
        after = replace(after, crabs=state.crabs + 1,
                        nelly=replace(state.nelly, head=state.nelly.head.turned()))
    else:
        after = replace(after, rotten=state.rotten + 1, favoured_hand=event.player)
    return Step(after, Outcome(event, head_turned=counter is PlantCounter.CRAB))


def _place(state: GameState, event: Place) -> Step:
    name = state.name(event.player)
    face = state.face
    if face is None or not face.places:
        raise _out_of_order(state, event)
    colour = event.colour
    if face.colour is not None and colour is not face.colour:
        raise IllegalEventError(
            f"{name} cannot place a {colour.value} turtle: the die shows {face.value}"
        )
    if state.players[event.player].turtles[colour] == 0:
        raise IllegalEventError(f"{name} has no {colour.value} turtle to place")
    if event.on is Spot.HEAD:
        if event.player != state.turn:
            raise IllegalEventError(
                f"{name} cannot place on the head: only {state.roller.name}, who threw the "
                "die, may; everyone else places on the back"
            )
        if state.nelly.head is Head.SUBMERGED:
            raise IllegalEventError(
                f"{name} cannot place on the head: Nelly's head is under water"
            )
        if state.nelly.on_head >= HEAD_CAPACITY:
            raise IllegalEventError(
                f"{name} cannot place on the head: it holds {HEAD_CAPACITY} turtles already"
            )
    if event.player in state.placed:
        raise IllegalEventError(f"{name} has placed this round already")
    _expected(state, event)
    players = list(state.players)
    placer = players[event.player]
    players[event.player] = replace(placer, turtles=placer.turtles - Turtles.one(colour))
    nelly = replace(
        state.nelly,
        turtles=state.nelly.turtles + Turtles.one(colour),
        on_head=state.nelly.on_head + (event.on is Spot.HEAD),
    )
    won = players[event.player].turtles.total == 0
    after = replace(
        state, players=tuple(players), nelly=nelly, placed=(*state.placed, event.player),
        over=won, winner=event.player if won else None,
    )
    return Step(after, Outcome(event, over=won, winner=after.winner))


def _heron_or_plants(state: GameState, event: Heron | Plants) -> Step:
    name = state.name(event.player)
    if (
        isinstance(event, Plants)
        and state.face is not None
        and state.face.value == event.kind
        and event.player == state.turn
        and not state.acted
        and state.roller.free_plants == 0
    ):
        raise IllegalEventError(f"{name} has no free water plant to put back")
    _expected(state, event)
    after = replace(state, acted=True)
    if isinstance(event, Plants):
        players = list(state.players)
        players[event.player] = replace(state.roller, plants=state.roller.plants - 1)
        after = replace(after, players=tuple(players), box_plants=state.box_plants + 1)
    return Step(after, Outcome(event))


def _pass(state: GameState, event: Pass) -> Step:
    _expected(state, event)
    after = replace(
        state,
        round=state.round + 1,
        turn=(state.turn + 1) % len(state.players),
        face=None, fed=None, placed=(), acted=False, favoured_hand=None,
    )
    return Step(after, Outcome(event))


def _fall(state: GameState, event: Fall) -> Step:
    fell, nelly = event.turtles, state.nelly
    if not nelly.turtles.covers(fell):
        raise IllegalEventError(
            f"{fell.describe()} cannot have fallen: Nelly holds "
            f"{nelly.turtles.describe() if nelly.turtles.total else 'no turtle'}"
        )
    if event.from_head > nelly.on_head:
        raise IllegalEventError(
            f"{event.from_head} cannot have fallen from the head: it holds {nelly.on_head}"
        )
    from_back = fell.total - event.from_head
    if from_back > nelly.on_back:
        raise IllegalEventError(
            f"{from_back} cannot have fallen from the back: it holds {nelly.on_back}"
        )
    players = list(state.players)
    mover = players[event.player]
    room = mover.free_plants
    landed: dict[Colour, int] = {}
    for colour in COLOURS:  # red ones first, then yellow, then orange
        landed[colour] = min(fell[colour], room)
        room -= landed[colour]
    to_player = Turtles.of(landed)
    to_box = fell - to_player
    players[event.player] = replace(mover, turtles=mover.turtles + to_player)
    after = replace(
        state,
        players=tuple(players),
        nelly=Nelly(nelly.head, nelly.turtles - fell, nelly.on_head - event.from_head),
        box=state.box + to_box,
    )
    return Step(after, Outcome(event, to_player=to_player, to_box=to_box))
