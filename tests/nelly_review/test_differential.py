"""The engine against the independent model of the spec (reference.py), event by event.

Random games: mostly the event the game expects (as the simulator plays it, falls
included), mixed with random events of every kind by any seat, well-formed or not, legal
or not. Both must accept and refuse the same events and agree on the spec's state after
every one.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tableref.games.nelly import (
    KINDS,
    GameState,
    NellyError,
    apply,
    event_from_json,
    event_to_json,
)
from tableref.games.nelly.sim import RandomPlay

from .reference import COLOURS, FACES, Reference, Rejected

NAMES = ["Ann", "Ben", "Cid", "Dee"]


def random_event(rng: random.Random, players: int) -> dict[str, Any]:
    """Any event of the log's vocabulary, often impossible."""
    kind = rng.choice(KINDS[1:]) if rng.random() > 0.01 else "start"
    if kind == "start":
        return {"event": kind, "players": NAMES[: rng.randint(1, 4)]}
    if kind == "roll":
        return {"event": kind, "face": rng.choice(FACES)}
    seat = rng.randrange(players + (rng.random() < 0.05))
    event: dict[str, Any] = {"event": kind, "player": seat}
    if kind == "feed":
        event["counter"] = rng.choice(["crab", "rotten"])
    elif kind == "place":
        event["colour"] = rng.choice(COLOURS)
        event["on"] = rng.choice(["head", "back"])
    elif kind == "fall":
        turtles = {c: rng.randint(0, 2) for c in COLOURS if rng.random() < 0.5}
        event["turtles"] = turtles
        if rng.random() < 0.6:
            event["from_head"] = rng.randint(0, sum(turtles.values()) + 1)
    return event


def near_miss(rng: random.Random, data: dict[str, Any], players: int) -> dict[str, Any]:
    """The expected event with one field changed: the reports a table gets wrong."""
    data = dict(data)
    field = rng.choice([k for k in data if k != "event"] + ["event"])
    if field == "event":
        seat = data.get("player")
        data = random_event(rng, players)
        if "player" in data and seat is not None:
            data["player"] = seat
    elif field == "player":
        data["player"] = rng.randrange(players)
    elif field == "on":
        data["on"] = "head"
    elif field == "colour":
        data["colour"] = rng.choice(COLOURS)
    elif field == "counter":
        data["counter"] = rng.choice(["crab", "rotten"])
    elif field == "face":
        data["face"] = rng.choice(FACES)
    elif field == "turtles":
        data["turtles"] = {c: n + rng.randint(0, 1) for c, n in data["turtles"].items()}
    elif field == "from_head":
        data["from_head"] = data["from_head"] + rng.choice([-1, 1])
    return data


def engine_apply(state: GameState | None, data: dict[str, Any]) -> GameState | None:
    """The state after the event, or None when the engine refuses it."""
    try:
        return apply(state, event_from_json(data)).state
    except NellyError:
        return None


def ref_apply(ref: Reference, data: dict[str, Any]) -> bool:
    try:
        ref.apply(data)
    except Rejected:
        return False
    return True


def play_one(rng: random.Random, chaos: float, counters: float) -> tuple[int, int, bool]:
    """One game; returns (events accepted, events refused, whether it ended)."""
    players = rng.randint(2, 4)
    start = {"event": "start", "players": NAMES[:players]}
    state = engine_apply(None, start)
    ref = Reference()
    assert state is not None and ref_apply(ref, start)
    play = RandomPlay(rng, wobble=rng.choice([0.0, 0.05, 0.2]))
    accepted = refused = 0
    for _ in range(3000):
        if state.over and rng.random() < 0.3:
            break
        if state.over or rng.random() < chaos:
            data = random_event(rng, players)
        else:
            data = event_to_json(play.next_event(state))
            if rng.random() < chaos:
                data = near_miss(rng, data, players)
            if data["event"] == "feed" and rng.random() < counters:
                data["counter"] = rng.choice(["crab", "rotten"])  # may break the limits
        before = state.to_json()
        after = engine_apply(state, data)
        ok = ref_apply(ref, data)
        assert (after is not None) == ok, (data, before, ref.to_json())
        assert state.to_json() == before  # the engine's input is never changed
        if after is None:
            assert ref.to_json() == before, data  # the model changed nothing either
            refused += 1
            continue
        assert after.to_json() == ref.to_json(), (data, before)
        assert after.turtle_count() == after.dealt
        assert after.plant_count() == after.dealt_plants
        state = after
        accepted += 1
    return accepted, refused, state.over


@pytest.mark.parametrize("seed", range(10))
def test_the_engine_agrees_with_an_independent_model(seed: int) -> None:
    rng = random.Random(seed)
    totals = [0, 0, 0]
    for _ in range(40):
        accepted, refused, ended = play_one(
            rng, chaos=rng.choice([0.05, 0.3, 0.7]), counters=rng.choice([0.0, 0.5])
        )
        totals[0] += accepted
        totals[1] += refused
        totals[2] += ended
    assert totals[0] > 1000 and totals[1] > 300  # both kinds were compared, many times
    assert totals[2] >= 20  # and many of the games were played to their end
