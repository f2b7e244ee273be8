"""Choosing a game's four objectives: the first game's set, a random set, or by hand.

A choice is what the config and the page say (`"first_game"`, `"random"`, or four ids);
`resolve(choice, rng)` makes it the game's ids (blue, green, yellow, red). A random set
takes one objective of each colour, uniformly, never both faces of one card (the rules'
set-up: the 11 cards are double-sided, one face of each colour is shown).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tableref.games.nimalia.errors import ObjectiveError
from tableref.games.nimalia.game import FIRST_GAME, ROUNDS, ObjectiveSet, round_colours
from tableref.games.nimalia.objectives import SCORING_ORDER, Colour, all_objectives

FIRST = "first_game"
RANDOM = "random"
Choice = str | tuple[int, ...]


def check_choice(value: object) -> Choice:
    """A choice from the config or the page, checked: `"first_game"`, `"random"` or a list
    of four objective ids that make a legal set. ObjectiveError naming the problem."""
    if value in (FIRST, RANDOM):
        return str(value)
    if isinstance(value, list | tuple):
        if len(value) != 4:
            raise ObjectiveError(
                f"{len(value)} objectives given: a game has 4, one of each colour")
        return ObjectiveSet.of(list(value)).ids
    raise ObjectiveError(
        f"{str(value)[:40]!r}: objectives are \"first_game\", \"random\" or four ids such "
        "as [4, 5, 16, 19]")


def random_set(rng: random.Random) -> tuple[int, int, int, int]:
    """One objective of each colour at random, never two faces of one card."""
    by_colour = {c: [o.id for o in all_objectives() if o.colour is c] for c in SCORING_ORDER}
    while True:  # 4 draws; a clash (two faces of one card) is drawn again
        ids = [rng.choice(by_colour[c]) for c in SCORING_ORDER]
        cards = {(i + 1) // 2 for i in ids}
        if len(cards) == 4:
            return ObjectiveSet.of(ids).ids


def resolve(choice: Choice, rng: random.Random | None = None) -> tuple[int, int, int, int]:
    """The ids (blue, green, yellow, red) a choice gives; `rng` for a random one."""
    if choice == FIRST:
        return ObjectiveSet.of(FIRST_GAME).ids
    if choice == RANDOM:
        return random_set(rng or random.SystemRandom())
    assert not isinstance(choice, str)
    return ObjectiveSet.of(choice).ids


def by_colour() -> dict[Colour, list[int]]:
    """The objective ids of each colour, for choosing by hand."""
    return {c: [o.id for o in all_objectives() if o.colour is c] for c in SCORING_ORDER}


def schedule(ids: Sequence[int]) -> list[tuple[int, tuple[int, ...]]]:
    """(round, the objectives it scores in scoring order) for rounds 1..5."""
    chosen = ObjectiveSet.of(ids)
    return [(n, chosen.for_round(n)) for n in range(1, ROUNDS + 1)]


__all__ = ["FIRST", "RANDOM", "Choice", "by_colour", "check_choice", "random_set", "resolve",
           "round_colours", "schedule"]
