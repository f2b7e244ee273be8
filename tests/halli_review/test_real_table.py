"""A table with real cards: every card has an identity and a place, and the players gather
won cards in any order. Flips are seen or unseen (the camera missed them; then rings come
judged from the real cards). Whatever the engine believes it knows about the stacks, it
must never refuse a flip that really happened (the sim in tableref.games.halli.sim shares
the engine's knowledge, so it cannot find such a refusal).
"""

from __future__ import annotations

import random

import pytest

from tableref.games.halli import (
    Card,
    Flip,
    GameState,
    Options,
    OutReason,
    Ring,
    Start,
    apply,
    verdict,
)
from tableref.games.halli.sim import random_deck


class Table:
    def __init__(self, rng: random.Random, players: int) -> None:
        self.rng = rng
        deck = random_deck(rng)
        base, extra = divmod(len(deck), players)
        self.stacks: list[list[Card]] = []
        for seat in range(players):
            take = base + (seat < extra)
            self.stacks.append(deck[:take])
            deck = deck[take:]
        self.piles: list[list[Card]] = [[] for _ in range(players)]
        self.bell: list[Card] = []

    def tops(self) -> list[Card]:
        return [p[-1] for p in self.piles if p]

    def gather(self, taker: int, own_only: bool) -> None:
        won = self.bell
        self.bell = []
        for seat, pile in enumerate(self.piles):
            if seat == taker or not own_only:
                won += pile
                self.piles[seat] = []
        self.rng.shuffle(won)  # gathered by hand: any order
        self.stacks[taker] += won

    def agrees_with(self, state: GameState) -> bool:
        return [(len(s), len(p)) for s, p in zip(self.stacks, self.piles, strict=True)] == [
            (p.stack_size, len(p.pile)) for p in state.players
        ] and len(self.bell) == len(state.bell)


def play(seed: int, unseen: float) -> int:
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    table = Table(rng, players)
    options = Options(play_to_the_end=rng.random() < 0.5)
    state = apply(None, Start(tuple("ABCDEF"[:players]), options=options)).state
    unseen_tops: set[int] = set()
    steps = 0
    while not state.over and steps < 3000:
        steps += 1
        right = verdict(table.tops()).ring
        if rng.random() < (0.5 if right else 0.05):
            seat = rng.choice(state.active)
            step = apply(state, Ring(seat, right=right if unseen_tops else None))
            out = step.outcome
            assert out.right is right
            if out.taker is not None:
                table.gather(out.taker, out.own_pile_only)
            else:
                table.bell += table.piles[seat]
                table.piles[seat] = []
                if any(w.reason is OutReason.TWO_WRONG_RINGS for w in out.went_out):
                    table.bell += table.stacks[seat]
                    table.stacks[seat] = []
        else:
            seat = state.turn
            card = table.stacks[seat].pop(0)
            table.piles[seat].append(card)
            seen = rng.random() >= unseen
            step = apply(state, Flip(seat, card if seen else None))  # must be accepted
        state = step.state
        unseen_tops = {i for i, p in enumerate(state.players) if p.pile and p.pile[-1] is None}
        assert table.agrees_with(state)
    return steps


@pytest.mark.parametrize("unseen", [0.0, 0.2, 0.5])
def test_the_engine_accepts_every_flip_of_a_real_table(unseen: float) -> None:
    assert sum(play(seed, unseen) for seed in range(25)) > 2000
