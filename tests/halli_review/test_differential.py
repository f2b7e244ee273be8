"""The engine against an independent model of the spec (reference.py), event by event.

Random short games (small deals so that players go out and games end), with many
illegal events mixed in: flips out of turn, rings by players who are out, anything
after the game is over (a ring right after a ring is judged like any other: spec, Flow).
Both must accept and refuse the same events and agree on the spec's state after every
one (`turn` only while the game runs: the spec leaves it open once the game is over).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tableref.games.halli import (
    Flip,
    GameState,
    IllegalEventError,
    Options,
    Ring,
    Start,
    apply,
    parse_card,
)

from .reference import Model, Rejected, may_ring

CODES = ("B", "BB", "S", "L", "BS", "PL", "P", "elephant", "monkey", "pig")
KNOWN_STACK = "the next cards of their stack are known"


def comparable(state: dict[str, Any]) -> dict[str, Any]:
    if state["over"]:
        return {k: v for k, v in state.items() if k != "turn"}
    return state


def act(model: Model, seat: int, code: str | None, judged: bool | None) -> None:
    if code is None:
        model.ring(seat, judged)
    else:
        model.flip(seat, code)


def play_one(rng: random.Random) -> int:
    players = rng.randint(2, 6)
    deal = [rng.randint(1, 6) for _ in range(players)]
    names = tuple("ABCDEF"[:players])
    options = Options(elephant_alone_rings=rng.random() < 0.3, play_to_the_end=rng.random() < 0.3)
    state: GameState = apply(None, Start(names, tuple(deal), options)).state
    model = Model(
        list(names),
        list(deal),
        elephant_alone_rings=options.elephant_alone_rings,
        play_to_the_end=options.play_to_the_end,
    )
    checked = 0
    for _ in range(400):
        if state.over and rng.random() < 0.5:
            break
        code: str | None = None
        judged: bool | None = None
        if rng.random() < 0.55:
            seat = state.turn if rng.random() < 0.85 else rng.randrange(players + 1)
            code = rng.choice(CODES)
            event: Flip | Ring = Flip(seat, parse_card(code))
        else:
            seat = rng.randrange(players)
            if rng.random() < 0.15:  # a ring judged elsewhere (the camera at the press)
                judged = rng.random() < 0.5
            event = Ring(seat, right=judged)
        try:
            after = apply(state, event).state
        except IllegalEventError as err:
            if KNOWN_STACK in str(err):
                continue
            with pytest.raises(Rejected):
                act(model, seat, code, judged)
            checked += 1
            continue
        try:
            act(model, seat, code, judged)
        except Rejected as why:
            raise AssertionError(f"engine accepted {event} that the model refuses: {why}") from None
        assert comparable(after.to_json()) == comparable(model.to_json()), (event, deal)
        assert after.card_count() == sum(deal)
        state = after
        checked += 1
    return checked


def test_the_reference_verdict_reads_the_rulebook_examples() -> None:
    assert not may_ring(["monkey", "L", "BBP", "BBP"])
    assert not may_ring(["pig", "elephant", "S"])
    assert may_ring(["elephant"], elephant_alone_rings=True)


@pytest.mark.parametrize("seed", range(8))
def test_the_engine_agrees_with_an_independent_model(seed: int) -> None:
    rng = random.Random(seed)
    total = sum(play_one(rng) for _ in range(60))
    assert total > 1000
