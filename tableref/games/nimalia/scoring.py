"""Scoring objectives on the players' reserves, with totals that never go below 0."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tableref.games.nimalia.errors import GameError
from tableref.games.nimalia.model import Reserve
from tableref.games.nimalia.objectives import Objective, objective, scoring_key

MAX_PLAYERS = 4


@dataclass(frozen=True, slots=True)
class ObjectiveScore:
    """One objective's points per player, and the totals right after adding them."""

    objective: Objective
    points: tuple[int, ...]
    totals: tuple[int, ...]


def add_clamped(totals: Sequence[int], points: Sequence[int]) -> tuple[int, ...]:
    """Add points to totals; a negative total becomes 0."""
    return tuple(max(0, t + p) for t, p in zip(totals, points, strict=True))


def check_players(count: int, least: int = 1) -> None:
    if not least <= count <= MAX_PLAYERS:
        raise GameError(f"{count} players: Nimalia is for {least} to {MAX_PLAYERS} players")


def score_objectives(
    reserves: Sequence[Reserve],
    objective_ids: Iterable[int],
    start: Sequence[int] | None = None,
) -> list[ObjectiveScore]:
    """Score objectives in the rules' order (blue, green, yellow, red; by id within a
    colour), each added to the running totals (from `start`, else 0) and clamped at 0."""
    check_players(len(reserves))
    chosen = sorted({objective(i) for i in objective_ids}, key=scoring_key)
    totals = tuple(start) if start is not None else (0,) * len(reserves)
    if len(totals) != len(reserves):
        raise GameError(f"{len(totals)} totals for {len(reserves)} reserves")
    scores: list[ObjectiveScore] = []
    for goal in chosen:
        points = goal.score(reserves)
        totals = add_clamped(totals, points)
        scores.append(ObjectiveScore(goal, points, totals))
    return scores
