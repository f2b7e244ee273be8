"""Random legal games with falls: for tests, benchmarks and the simulated table's demo.

`RandomPlay.next_event(state)` depends only on the state and the random source, so a
simulated table can pick up a game replayed from its journal. It plays what `expect`
asks for, and now and then Nelly wobbles:
- after a crab puts her head under water, the turtles on the head slide off (mostly);
- any time Nelly holds turtles, a few may fall (`wobble`, per event), from the head or the
  back, onto the free plants of the player who moved last.
The counters turned over are drawn from those not yet turned (14 crabs, 6 rotten plants),
so the limits of the box are never broken.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from tableref.games.nelly.die import roll
from tableref.games.nelly.events import (
    Event,
    Fall,
    Feed,
    Heron,
    Pass,
    Place,
    Plants,
    Start,
)
from tableref.games.nelly.game import Step, apply
from tableref.games.nelly.material import COLOURS, Head, PlantCounter, Spot, Turtles
from tableref.games.nelly.state import GameState

NAMES = ("Ann", "Ben", "Cid", "Dee")


@dataclass
class RandomPlay:
    """wobble: chance that turtles fall before any event; slide: chance that the head's
    turtles slide off once a crab turned it under water; head: chance that a roller who
    may place on the head does."""

    rng: random.Random
    wobble: float = 0.06
    slide: float = 0.9
    head: float = 0.5

    def next_event(self, state: GameState) -> Event:
        nxt = state.expect
        if nxt is None:
            raise ValueError("the game is over: there is no next event")
        fall = self._fall(state)
        if fall is not None:
            return fall
        seat = nxt.player if nxt.player is not None else state.turn
        if nxt.event == "roll":
            return roll(self.rng)
        if nxt.event == "feed":
            crabs = state.counters_left(PlantCounter.CRAB)
            rotten = state.counters_left(PlantCounter.ROTTEN)
            pick = self.rng.randrange(crabs + rotten)
            return Feed(seat, PlantCounter.CRAB if pick < crabs else PlantCounter.ROTTEN)
        if nxt.event == "place":
            colour = nxt.colour or self.rng.choice(state.players[seat].turtles.colours())
            on = Spot.HEAD if nxt.head and self.rng.random() < self.head else Spot.BACK
            return Place(seat, colour, on)
        if nxt.event == "heron":
            return Heron(seat)
        return Plants(seat) if nxt.event == "plants" else Pass(seat)

    def _fall(self, state: GameState) -> Fall | None:
        nelly = state.nelly
        if nelly.turtles.total == 0:
            return None
        mover = state.placed[-1] if state.placed else state.turn
        slid = (
            state.fed is PlantCounter.CRAB and not state.placed
            and nelly.head is Head.SUBMERGED and nelly.on_head > 0
        )
        if slid and self.rng.random() < self.slide:
            count = nelly.on_head + (self.rng.random() < 0.2 and nelly.on_back > 0)
            return Fall(mover, self._some(nelly.turtles, count), nelly.on_head)
        if self.rng.random() >= self.wobble:
            return None
        count = self.rng.randint(1, min(3, nelly.turtles.total))
        lowest = max(0, count - nelly.on_back)
        from_head = self.rng.randint(lowest, min(count, nelly.on_head))
        return Fall(mover, self._some(nelly.turtles, count), from_head)

    def _some(self, turtles: Turtles, count: int) -> Turtles:
        """`count` turtles drawn at random from `turtles`."""
        pool = [c for c, n in turtles for _ in range(n)]
        drawn = self.rng.sample(pool, count)
        return Turtles.of({c: drawn.count(c) for c in COLOURS})


def random_game(
    rng: random.Random,
    players: int = 3,
    *,
    play: RandomPlay | None = None,
    max_events: int = 20_000,
) -> Iterator[Step]:
    """Play one random game; yields every step, the start first, until it is over."""
    play = play or RandomPlay(rng)
    step = apply(None, Start(NAMES[:players]))
    yield step
    for _ in range(max_events):
        if step.state.over:
            return
        step = apply(step.state, play.next_event(step.state))
        yield step
