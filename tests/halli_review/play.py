"""A reviewer's shorthand for games, one event a line (independent of tests/halli/script.py).

start Ann Ben Cid 3,3,3 [play_to_the_end] [elephant_alone_rings]
f0 BBL     seat 0 flips BBL          f0 ?      seat 0 flips an unseen card
r2         seat 2 rings              r2 right / r2 wrong: a ring judged elsewhere
"""

from __future__ import annotations

from tableref.games.halli import Event, Flip, GameState, Options, Ring, Start, apply, parse_card
from tableref.games.halli.outcome import Outcome


def event(line: str) -> Event:
    words = line.split()
    head = words[0]
    if head == "start":
        flags = {w: True for w in words[1:] if w in ("play_to_the_end", "elephant_alone_rings")}
        deal = next((w for w in words[1:] if "," in w), None)
        names = [w for w in words[1:] if w not in flags and w != deal]
        cards = None if deal is None else tuple(int(n) for n in deal.split(","))
        return Start(tuple(names), cards, Options(**flags))
    seat = int(head[1:])
    if head[0] == "f":
        return Flip(seat, None if words[1] == "?" else parse_card(words[1]))
    right = None if len(words) == 1 else words[1] == "right"
    return Ring(seat, right=right)


def game(text: str, state: GameState | None = None) -> tuple[GameState, Outcome]:
    """Apply every line; the state after them and the outcome of the last one."""
    outcome = None
    for line in text.strip().splitlines():
        if line.strip():
            state, outcome = apply(state, event(line))
    assert state is not None and outcome is not None
    return state, outcome


def table(state: GameState) -> list[tuple[int, int, bool]]:
    """(stack, pile, out) for every seat."""
    return [(p.stack_size, len(p.pile), p.out) for p in state.players]
