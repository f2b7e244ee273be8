"""Random games for tests, benchmarks and a simulated table.

Deterministic for a given `random.Random`. The deck is made up (the real list of fruit
cards is not published): 64 random fruit cards of 1 to 3 kinds, 1 or 2 of each kind,
plus 3 elephants, 3 monkeys and 2 pigs. Flipped cards are always consistent with what
the engine knows: a flip reveals a card of the top batch of the stack, either a known
one or one the engine does not know (drawn from `unseen`). So at every step the known
cards in the state plus `unseen` are exactly the deck.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from tableref.games.halli.cards import (
    ANIMALS_IN_DECK,
    DECK_SIZE,
    FRUIT_ORDER,
    AnimalCard,
    Card,
    Fruit,
    FruitCard,
)
from tableref.games.halli.events import Event, Flip, Options, Ring, Start
from tableref.games.halli.game import Step, apply
from tableref.games.halli.state import GameState

NAMES = ("Ann", "Ben", "Cid", "Dee", "Eve", "Fay")


def random_fruit_card(rng: random.Random) -> FruitCard:
    kinds = rng.sample(FRUIT_ORDER, rng.randint(1, 3))
    counts = {f: (rng.randint(1, 2) if f in kinds else 0) for f in FRUIT_ORDER}
    return FruitCard(
        counts[Fruit.BANANA], counts[Fruit.PLUM], counts[Fruit.STRAWBERRY], counts[Fruit.LIME]
    )


def random_deck(rng: random.Random) -> list[Card]:
    """72 cards in random order."""
    deck: list[Card] = [AnimalCard(a) for a, n in ANIMALS_IN_DECK.items() for _ in range(n)]
    while len(deck) < DECK_SIZE:
        deck.append(random_fruit_card(rng))
    rng.shuffle(deck)
    return deck


@dataclass
class RandomPlay:
    """Chooses the next event of a random game from the current state.

    ring_right: chance that someone rings when ringing is right;
    ring_wrong: chance that someone rings when it is wrong;
    unseen_flips: chance that a flip does not say its card (then rings carry `right`).
    """

    rng: random.Random
    ring_right: float = 0.6
    ring_wrong: float = 0.04
    unseen_flips: float = 0.0
    deck: list[Card] = field(default_factory=list)
    unseen: list[Card] = field(default_factory=list)  # the cards whose identity the engine lacks

    def __post_init__(self) -> None:
        if not self.deck:
            self.deck = random_deck(self.rng)
        self.unseen = list(self.deck)

    def next_event(self, state: GameState) -> Event:
        rng = self.rng
        judged = state.verdict()
        ringer = rng.choice(state.active)
        if judged is None:
            if rng.random() < (self.ring_right + self.ring_wrong) / 2:
                return Ring(ringer, right=rng.random() < 0.5)
        elif rng.random() < (self.ring_right if judged.ring else self.ring_wrong):
            return Ring(ringer, t_ns=rng.randrange(10**12))
        return Flip(state.turn, self._card_for(state))

    def _card_for(self, state: GameState) -> Card | None:
        batch = state.players[state.turn].stack[0]
        if self.rng.random() < self.unseen_flips:
            if batch.known:
                # the engine forgets which known cards of the batch remain: so do we
                self.unseen.extend(batch.known)
            return None
        pick = self.rng.randrange(len(batch))
        if pick < len(batch.known):
            return batch.known[pick]
        return self._draw_unseen(batch.known)

    def _draw_unseen(self, avoid: tuple[Card, ...]) -> Card | None:
        """A never-seen card, unlike the known ones of the batch (so the flip is unambiguous)."""
        for _ in range(8):
            if not self.unseen:
                break
            i = self.rng.randrange(len(self.unseen))
            if self.unseen[i] not in avoid:
                self.unseen[i], self.unseen[-1] = self.unseen[-1], self.unseen[i]
                return self.unseen.pop()
        return avoid[0] if avoid else self.rng.choice(self.deck)


def random_game(
    rng: random.Random,
    players: int = 4,
    *,
    options: Options | None = None,
    play: RandomPlay | None = None,
    max_events: int = 100_000,
) -> Iterator[Step]:
    """Play one random game; yields every step, the start first, until it is over."""
    play = play or RandomPlay(rng)
    step = apply(None, Start(NAMES[:players], options=options or Options()))
    yield step
    for _ in range(max_events):
        if step.state.over:
            return
        step = apply(step.state, play.next_event(step.state))
        yield step
