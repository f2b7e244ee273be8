"""Ranked payments between players (objectives 16, 18, 20, 21).

1st place goes to every player tied for it. The 2nd-place payment is made only in
3- and 4-player games, and only when nobody tied for 1st; then it goes to every
player tied for 2nd. A player with none of a thing (a count or length of 0) still
takes part, so when nobody has any, everyone ties for 1st.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

SECOND_PLACE_PLAYERS = (3, 4)  # the player counts that pay 2nd place


@dataclass(frozen=True, slots=True)
class Places:
    """Who is 1st and 2nd on some values, and why nobody is 2nd when nobody is."""

    first: tuple[int, ...]  # seats
    second: tuple[int, ...]
    no_second: str | None  # "players" (a 2-player game), "tied" (1st was tied), "alone"
    #                        (nobody else), or None when 2nd place is paid


def places(values: Sequence[int], *, most: bool = True) -> Places:
    """The rules' places on `values` (highest first, or lowest with `most=False`)."""
    keyed = [v if most else -v for v in values]
    if not keyed:
        return Places((), (), "alone")
    best = max(keyed)
    first = tuple(i for i, v in enumerate(keyed) if v == best)
    if len(values) not in SECOND_PLACE_PLAYERS:
        return Places(first, (), "players")
    if len(first) > 1:
        return Places(first, (), "tied")
    runner_up = max((v for v in keyed if v != best), default=None)
    if runner_up is None:
        return Places(first, (), "alone")
    return Places(first, tuple(i for i, v in enumerate(keyed) if v == runner_up), None)


def ranked_points(
    values: Sequence[int], first: int, second: int, *, most: bool = True
) -> tuple[int, ...]:
    """Points per player for 1st and 2nd place on `values` (highest wins, or lowest)."""
    if not values:
        return ()
    found = places(values, most=most)
    return tuple(first if i in found.first else second if i in found.second else 0
                 for i in range(len(values)))


def fewest_or_penalty(values: Sequence[int], fewest: int, others: int) -> tuple[int, ...]:
    """`fewest` to every player tied for the lowest value, `others` to everyone else."""
    if not values:
        return ()
    low = min(values)
    return tuple(fewest if v == low else others for v in values)
