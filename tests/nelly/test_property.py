"""Random games, legal moves mixed with any event at all: turtles and plants are never
created or lost (players + Nelly + box = the set-up, colour by colour), a refused event
changes nothing, and the bookkeeping holds at every step."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tableref.games.nelly import (
    ALL_TURTLES,
    COUNTERS,
    DEALS,
    HEAD_CAPACITY,
    Event,
    GameState,
    Head,
    IllegalEventError,
    PlantCounter,
    Start,
    apply,
    event_to_line,
    replay,
)
from tableref.games.nelly.sim import NAMES, RandomPlay

from .strategies import events


def check(state: GameState) -> None:
    dealt = DEALS[len(state.players)]
    assert state.turtle_count() == sum(dealt[1:], dealt[0])
    assert ALL_TURTLES.covers(state.turtle_count())
    assert state.plant_count() == sum(t.total for t in dealt)
    for player in state.players:
        assert player.free_plants >= 0  # every turtle a player holds stands on a plant
    nelly = state.nelly
    assert 0 <= nelly.on_head <= HEAD_CAPACITY and nelly.on_back >= 0
    assert state.crabs <= COUNTERS[PlantCounter.CRAB]
    assert state.rotten <= COUNTERS[PlantCounter.ROTTEN]
    assert state.crabs + state.rotten + sum(p.plants for p in state.players) <= state.plant_count()
    if state.over:
        assert state.winner is not None and state.players[state.winner].turtles.total == 0
        assert state.expect is None
    else:
        assert all(p.turtles.total > 0 for p in state.players)
        nxt = state.expect
        assert nxt is not None and nxt.player is not None
        if nxt.event == "place":
            assert state.may_place(nxt.player)
            assert not nxt.head or nelly.head is Head.SURFACED
        if nxt.event == "roll":
            assert state.face is None and state.favoured_hand is None and not state.placed


@settings(max_examples=200, deadline=None)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32 - 1),
    wobble=st.sampled_from([0.0, 0.05, 0.3]),
    chaos=st.lists(events(), max_size=60),
)
def test_turtles_and_plants_are_conserved(
    players: int, seed: int, wobble: float, chaos: list[Event]
) -> None:
    """The simulator's legal play, with the drawn events slipped in at random moments."""
    rng = random.Random(seed)
    play = RandomPlay(rng, wobble=wobble)
    state = apply(None, Start(NAMES[:players])).state
    accepted: list[Event] = [Start(NAMES[:players])]
    for _ in range(500):
        check(state)
        if state.over and not chaos:
            break
        if chaos and (state.over or rng.random() < 0.3):
            event = chaos.pop()
        else:
            event = play.next_event(state)
        before = state
        try:
            state = apply(state, event).state
        except IllegalEventError:
            assert state == before  # nothing changed
            continue
        accepted.append(event)
    # the accepted events written as a log and replayed give the same state
    assert replay(event_to_line(e) for e in accepted) == state
