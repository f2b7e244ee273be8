"""Objectives that compare the players' reserves (16, 18, 20, 21)."""

from __future__ import annotations

from collections.abc import Sequence

from tableref.games.nimalia.model import Animal, Reserve
from tableref.games.nimalia.ranked import fewest_or_penalty, ranked_points
from tableref.games.nimalia.rivers import longest_river


def _counts(reserves: Sequence[Reserve], animal: Animal) -> list[int]:
    return [reserve.count(animal) for reserve in reserves]


def _add(*parts: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sum(points) for points in zip(*parts, strict=True))


def longest_rivers(reserves: Sequence[Reserve]) -> tuple[int, ...]:
    """16: longest river among players: 1st 5, 2nd 2 (no river counts as length 0)."""
    return ranked_points([longest_river(r) for r in reserves], 5, 2)


def gorillas_not_pandas(reserves: Sequence[Reserve]) -> tuple[int, ...]:
    """18: most gorillas 1st 5, 2nd 2; most pandas 1st -5, 2nd -2; both add up."""
    return _add(
        ranked_points(_counts(reserves, Animal.GORILLA), 5, 2),
        ranked_points(_counts(reserves, Animal.PANDA), -5, -2),
    )


def fewest_lions(reserves: Sequence[Reserve]) -> tuple[int, ...]:
    """20: 3 to every player tied for fewest lions, -2 to everyone else."""
    return fewest_or_penalty(_counts(reserves, Animal.LION), 3, -2)


def crocodiles_not_flamingos(reserves: Sequence[Reserve]) -> tuple[int, ...]:
    """21: most crocodiles 1st 5, 2nd 2; fewest flamingos 1st 5, 2nd 2; both add up."""
    return _add(
        ranked_points(_counts(reserves, Animal.CROCODILE), 5, 2),
        ranked_points(_counts(reserves, Animal.FLAMINGO), 5, 2, most=False),
    )
