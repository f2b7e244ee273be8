"""Whole simulated games, to the end, for 2, 3 and 4 players."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tableref.games.nelly import Fall, Feed, Place, Roll, Spot, event_to_line, replay
from tableref.games.nelly.sim import RandomPlay, random_game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_are_played_to_the_end(players: int) -> None:
    kinds: Counter[str] = Counter()
    winners: Counter[int] = Counter()
    for seed in range(60):
        steps = list(random_game(random.Random(seed), players))
        last = steps[-1].state
        assert last.over and last.winner is not None
        assert last.players[last.winner].turtles.total == 0
        assert steps[-1].outcome.over and steps[-1].outcome.winner == last.winner
        winners[last.winner] += 1
        kinds.update(s.outcome.event.kind for s in steps)
        assert replay(event_to_line(s.outcome.event) for s in steps) == last
    # every kind of event happened, and the win is not always the same seat's
    assert set(kinds) == {"start", "roll", "feed", "place", "fall", "heron", "plants", "pass"}
    assert len(winners) >= 2


def test_the_simulator_plays_what_the_table_would() -> None:
    rng = random.Random(3)
    falls = slides = heads = feeds = 0
    for _ in range(40):
        for step in random_game(rng, 3, play=RandomPlay(rng, wobble=0.1)):
            event = step.outcome.event
            falls += isinstance(event, Fall)
            slides += isinstance(event, Fall) and event.from_head > 0
            heads += isinstance(event, Place) and event.on is Spot.HEAD
            feeds += isinstance(event, Feed)
    assert falls > 50 and slides > 10 and heads > 30 and feeds > 100


def test_the_die_is_fair() -> None:
    rng = random.Random(11)
    play = RandomPlay(rng)
    state = next(random_game(rng, 2)).state
    faces = Counter()
    for _ in range(6000):
        event = play.next_event(state)
        assert isinstance(event, Roll)
        faces[event.face] += 1
    assert len(faces) == 6
    assert all(900 < n < 1100 for n in faces.values())  # 1000 each; 5 sigma is about 140
