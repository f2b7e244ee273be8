"""Who holds which card on the simulated table. It obeys the referee's verdicts: it is
the table, not a second referee (the engine only says where the cards go)."""

from __future__ import annotations

import itertools
import random
import threading
import time
from collections.abc import Mapping

from tableref.games.halli import (
    DECK_SIZE,
    Flip,
    GameState,
    IllegalEventError,
    Options,
    Ring,
    Start,
    apply,
    deal,
    parse_card,
    verdict,
)

_FRUITS = "BPSL"


def fruit_deck(rng: random.Random, n: int = 64) -> list[str]:
    """n fruit cards: n/2 kinds of 1 to 3 fruits, each kind twice (the real deck's list is
    not published; pairs make identical cards come up)."""
    kinds = sorted(
        {"".join(sorted(combo, key=_FRUITS.index))
         for size in (1, 2, 3) for combo in itertools.product(_FRUITS, repeat=size)}
    )
    return sorted(rng.sample(kinds, n // 2)) * 2


def full_deck(rng: random.Random) -> list[str]:
    cards = fruit_deck(rng, DECK_SIZE - 8) + ["elephant"] * 3 + ["monkey"] * 3 + ["pig"] * 2
    rng.shuffle(cards)
    return cards


class SimWorld:
    """The cards of one game, dealt from `seed`. Top of a stack is the end of its list."""

    def __init__(self, players: list[str], seed: int, options: Mapping[str, bool]) -> None:
        self.players = players
        self.seed = seed
        self.options = Options(**dict(options))
        self.state: GameState = apply(None, Start(tuple(players), options=self.options)).state
        cards = full_deck(random.Random(seed))
        self.stacks: list[list[str]] = []
        for n in deal(len(players)):
            self.stacks.append(cards[:n])
            cards = cards[n:]
        self.piles: list[list[str]] = [[] for _ in players]
        self.bell: list[str] = []
        self.lock = threading.Lock()  # the camera reads the tops from its own thread
        self._hand: tuple[int, float] | None = None  # (seat, until monotonic s)

    def reach(self, seat: int, seconds: float) -> None:
        """A hand over `seat`'s pile for `seconds` (turning a card), seen by the camera."""
        self._hand = (seat, time.monotonic() + seconds)

    def hand_gone_in(self) -> float:
        """Seconds until the hand over a pile is gone (0: none is)."""
        hand = self._hand
        return 0.0 if hand is None else max(0.0, hand[1] - time.monotonic())

    def hand_at(self) -> int | None:
        hand = self._hand
        return hand[0] if hand is not None and time.monotonic() < hand[1] else None

    def next_flip(self) -> int | None:
        """The seat that turns a card next, or None when nobody can."""
        state = self.state
        if state.over or state.players[state.turn].out or not self.stacks[state.turn]:
            return None
        return state.turn

    def is_out(self, seat: int) -> bool:
        return self.state.players[seat].out

    def flip(self, seat: int) -> str:
        """`seat` turns its top card (it must be that seat's turn)."""
        with self.lock:
            card = self.stacks[seat][-1]
            step = apply(self.state, Flip(seat, parse_card(card)))  # IllegalEventError
            self.stacks[seat].pop()
            self.piles[seat].append(card)
        self.state = step.state
        return card

    def ring(self, player: int, right: bool) -> None:
        """Move the cards as the referee decided (the engine says where they go)."""
        try:
            self.state = apply(self.state, Ring(player, right=right)).state
        except IllegalEventError:
            return  # nothing moves
        with self.lock:
            pool: list[str] = []
            for seat, p in enumerate(self.state.players):
                if len(self.piles[seat]) > len(p.pile):
                    pool += self.piles[seat]
                    self.piles[seat] = []
                if len(self.stacks[seat]) > p.stack_size:
                    pool += self.stacks[seat]
                    self.stacks[seat] = []
            if len(self.bell) > len(self.state.bell):
                pool += self.bell
                self.bell = []
            for seat, p in enumerate(self.state.players):
                need = p.stack_size - len(self.stacks[seat])
                if need > 0:  # won cards go under the stack
                    self.stacks[seat][:0] = pool[:need]
                    pool = pool[need:]
            self.bell += pool

    def tops(self) -> tuple[str | None, ...]:
        with self.lock:
            return tuple(p[-1] if p else None for p in self.piles)

    def ringable(self) -> bool:
        cards = [parse_card(t) for t in self.tops() if t is not None]
        return verdict(cards, elephant_alone_rings=self.options.elephant_alone_rings).ring
