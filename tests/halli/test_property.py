"""Random games: cards are never created or lost, and the engine's bookkeeping holds."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tableref.games.halli import (
    DECK_SIZE,
    Card,
    Flip,
    GameState,
    IllegalEventError,
    Options,
    Ring,
    apply,
    event_to_line,
    replay,
)
from tableref.games.halli.sim import RandomPlay, random_game


def known_and_unknown(state: GameState) -> tuple[Counter[Card], int]:
    known: Counter[Card] = Counter(state.bell.known)
    unknown = state.bell.unknown
    for p in state.players:
        for batch in p.stack:
            known.update(batch.known)
            unknown += batch.unknown
        for card in p.pile:
            if card is None:
                unknown += 1
            else:
                known[card] += 1
    return known, unknown


def check_structure(state: GameState) -> None:
    assert state.card_count() == state.dealt == DECK_SIZE
    active = state.active
    assert len(active) >= 1
    for p in state.players:
        assert all(len(batch) > 0 for batch in p.stack), "no empty batches"
    if state.bell_from:
        assert len(state.bell) > 0
        assert state.bell_from <= set(active) | {i for i, p in enumerate(state.players) if p.out}
    if state.over:
        assert state.winner is None or state.winner in active
        assert len(active) <= 2
    else:
        assert len(active) >= 2
        assert state.turn in active
        assert state.players[state.turn].stack_size > 0
        if state.final_round:
            assert len(active) == 2


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 6),
    play_to_the_end=st.booleans(),
    elephant_alone_rings=st.booleans(),
    unseen_flips=st.sampled_from([0.0, 0.0, 0.25]),
)
def test_cards_are_never_created_or_lost(
    seed: int,
    players: int,
    play_to_the_end: bool,
    elephant_alone_rings: bool,
    unseen_flips: float,
) -> None:
    rng = random.Random(seed)
    play = RandomPlay(rng, unseen_flips=unseen_flips)
    options = Options(elephant_alone_rings=elephant_alone_rings, play_to_the_end=play_to_the_end)
    deck = Counter(play.deck)
    events = []
    state = None
    for step in random_game(rng, players, options=options, play=play, max_events=2000):
        state = step.state
        events.append(step.outcome.event)
        check_structure(state)
        known, unknown = known_and_unknown(state)
        assert sum(known.values()) + unknown == DECK_SIZE
        # every card is accounted for by identity: known where it lies, or not known yet
        assert known + Counter(play.unseen) == deck
        assert unknown == len(play.unseen)
        if not state.over:
            # an illegal flip is refused, and the state object stays what it was
            wrong_seat = next(i for i in state.active if i != state.turn)
            before = state
            with pytest.raises(IllegalEventError):
                apply(state, Flip(wrong_seat))
            assert state == before
    assert state is not None
    if state.over:
        for event in (Flip(state.turn), Ring(state.active[0])):
            with pytest.raises(IllegalEventError, match="the game is over"):
                apply(state, event)
    # the same game written as a log and replayed gives the same state
    assert replay(event_to_line(e) for e in events) == state


def test_random_games_finish() -> None:
    finished = 0
    for seed in range(40):
        rng = random.Random(seed)
        *_, last = random_game(rng, 2 + seed % 5, max_events=20_000)
        finished += last.state.over
    assert finished == 40
