"""A terse way to write games in tests: one event a line.

start Ann Ben Cid [cards=3,3,3] [play_to_the_end] [elephant_alone_rings]
0 BBL        seat 0 flips BBL        0 ?       seat 0 flips an unseen card
ring 2       seat 2 rings            ring 2 right / ring 2 wrong: with a given verdict
"""

from __future__ import annotations

from tableref.games.halli import (
    Event,
    Flip,
    GameState,
    Options,
    Outcome,
    Ring,
    Start,
    apply,
    parse_card,
)


def parse(line: str) -> Event:
    words = line.split()
    if words[0] == "start":
        names = [w for w in words[1:] if "=" not in w and w not in Options.__dataclass_fields__]
        cards = None
        flags = {w: True for w in words[1:] if w in Options.__dataclass_fields__}
        for w in words[1:]:
            if w.startswith("cards="):
                cards = tuple(int(n) for n in w[6:].split(","))
        return Start(tuple(names), cards, Options(**flags))
    if words[0] == "ring":
        right = None if len(words) < 3 else words[2] == "right"
        return Ring(int(words[1]), right=right)
    return Flip(int(words[0]), None if words[1] == "?" else parse_card(words[1]))


def play(text: str, state: GameState | None = None) -> tuple[GameState, list[Outcome]]:
    outcomes = []
    for line in text.strip().splitlines():
        if line.strip():
            state, outcome = apply(state, parse(line))
            outcomes.append(outcome)
    assert state is not None
    return state, outcomes


def counts(state: GameState) -> list[tuple[int, int, bool]]:
    """(stack, pile, out) per seat."""
    return [(p.stack_size, len(p.pile), p.out) for p in state.players]
