"""An independent model of the spec's game flow, written from the spec text only.

It shares nothing with `tableref.games.halli` but the card notation: its own verdict, its
own bookkeeping (card counts; the face-up piles hold card codes). The differential test
drives it and the engine with the same random events and compares what they accept and
the state they end in. It knows no card identities in the stacks, so the engine's
"the next cards of their stack are known to be ..." rejections are not modelled.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any


class Rejected(Exception):
    """The model refuses the event (the rules forbid it)."""


def fruit_counts(code: str) -> Counter[str] | None:
    """None for an animal, else the count of each fruit letter."""
    if code in ("elephant", "monkey", "pig"):
        return None
    return Counter(code.upper())


def may_ring(codes: list[str], elephant_alone_rings: bool = False) -> bool:
    """The spec's "When may the bell be rung", read rule by rule."""
    fruit = [fruit_counts(c) for c in codes if fruit_counts(c) is not None]
    animals = {c for c in codes if fruit_counts(c) is None}
    any_s = any(f is not None and f["S"] > 0 for f in fruit)
    any_l = any(f is not None and f["L"] > 0 for f in fruit)
    triggers = []
    triggers.append(any(fruit[i] == fruit[j] for i in range(len(fruit)) for j in range(i)))
    triggers.append("elephant" in animals and bool(fruit) and not any_s)
    triggers.append("monkey" in animals and bool(fruit) and not any_l)
    triggers.append("pig" in animals)
    if elephant_alone_rings:
        triggers.append(bool({"elephant", "monkey"} & animals) and not fruit)
    vetoes = ["elephant" in animals and any_s, "monkey" in animals and any_l]
    return any(triggers) and not any(vetoes)


@dataclass
class Model:
    names: list[str]
    stacks: list[int]
    elephant_alone_rings: bool = False
    play_to_the_end: bool = False
    piles: list[list[str]] = field(default_factory=list)
    out: list[bool] = field(default_factory=list)
    wrong_before: list[bool] = field(default_factory=list)
    bell: int = 0
    bell_owners: set[int] = field(default_factory=set)
    turn: int = 0
    final: bool = False
    over: bool = False
    winner: int | None = None

    def __post_init__(self) -> None:
        n = len(self.names)
        self.piles = [[] for _ in range(n)]
        self.out = [False] * n
        self.wrong_before = [False] * n

    # -- helpers -----------------------------------------------------------------------
    def left_of(self, seat: int) -> int:
        n = len(self.names)
        for k in range(1, n + 1):
            if not self.out[(seat + k) % n]:
                return (seat + k) % n
        raise AssertionError("nobody left")

    def still_in(self) -> list[int]:
        return [i for i in range(len(self.names)) if not self.out[i]]

    def put_out(self, seat: int) -> None:
        self.out[seat] = True
        left = self.still_in()
        if len(left) == 1:
            self.over, self.winner = True, left[0]
        elif len(left) == 2 and len(self.names) >= 3 and not self.play_to_the_end:
            self.final = True

    def turn_comes_to(self, seat: int) -> None:
        while not self.over:
            self.turn = seat
            if self.stacks[seat] > 0:
                return
            self.put_out(seat)
            seat = self.left_of(seat)

    def wins_ring(self, seat: int) -> None:
        won = self.bell
        if seat in self.bell_owners:
            won += len(self.piles[seat])
            self.piles[seat] = []
        else:
            for pile in self.piles:
                won += len(pile)
                pile.clear()
        self.stacks[seat] += won
        self.bell = 0
        self.bell_owners = set()

    def check(self, seat: int) -> None:
        if self.over:
            raise Rejected("over")
        if not 0 <= seat < len(self.names):
            raise Rejected("unknown player")
        if self.out[seat]:
            raise Rejected("out")

    # -- events ------------------------------------------------------------------------
    def flip(self, seat: int, code: str) -> None:
        self.check(seat)
        if seat != self.turn:
            raise Rejected("not their turn")
        self.stacks[seat] -= 1
        self.piles[seat].append(code)
        self.turn_comes_to(self.left_of(seat))

    def ring(self, seat: int, judged: bool | None = None) -> None:
        """`judged`: the ring's rightness decided elsewhere (the engine's extension).

        Spec, Flow: after the referee's lock "a ring is judged like any other, on the cards
        visible at that moment, whether or not a card was turned since the last ring"."""
        self.check(seat)
        right = may_ring([p[-1] for p in self.piles if p], self.elephant_alone_rings)
        if judged is not None:
            right = judged
        if self.final:
            # "after a wrong ring in this final round the other player takes the cards at
            # once, exactly as if the other player had rung right. Then the game is over,
            # and the player holding the most cards (stack plus own face-up pile) wins,
            # whoever rang; a tie is a draw"
            if right:
                self.wins_ring(seat)
            else:
                self.wins_ring(next(i for i in self.still_in() if i != seat))
            a, b = self.still_in()
            held = [self.stacks[i] + len(self.piles[i]) for i in (a, b)]
            self.winner = None if held[0] == held[1] else (a if held[0] > held[1] else b)
            self.over = True
            return
        if right:
            self.wins_ring(seat)
            self.wrong_before[seat] = False
            self.turn_comes_to(seat)
            return
        moved = len(self.piles[seat])
        self.piles[seat] = []
        if self.wrong_before[seat]:
            moved += self.stacks[seat]
            self.stacks[seat] = 0
            self.bell += moved
            if moved:
                self.bell_owners.add(seat)
            self.put_out(seat)
        else:
            self.wrong_before[seat] = True
            self.bell += moved
            if moved:
                self.bell_owners.add(seat)
        if not self.over:
            self.turn_comes_to(self.left_of(seat))

    def to_json(self) -> dict[str, Any]:
        return {
            "players": [
                {"name": n, "stack": s, "pile": len(p), "out": o}
                for n, s, p, o in zip(self.names, self.stacks, self.piles, self.out, strict=True)
            ],
            "bell": self.bell,
            "turn": self.turn,
            "over": self.over,
            "winner": self.winner,
        }
