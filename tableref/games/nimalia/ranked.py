"""Ranked payments between players (objectives 16, 18, 20, 21).

1st place goes to every player tied for it. The 2nd-place payment is made only in
3- and 4-player games, and only when nobody tied for 1st; then it goes to every
player tied for 2nd. A player with none of a thing (a count or length of 0) still
takes part, so when nobody has any, everyone ties for 1st.
"""

from __future__ import annotations

from collections.abc import Sequence

SECOND_PLACE_FROM = 3  # players needed for a 2nd-place payment


def ranked_points(
    values: Sequence[int], first: int, second: int, *, most: bool = True
) -> tuple[int, ...]:
    """Points per player for 1st and 2nd place on `values` (highest wins, or lowest)."""
    if not values:
        return ()
    keyed = [v if most else -v for v in values]
    best = max(keyed)
    points = [first if v == best else 0 for v in keyed]
    if len(values) >= SECOND_PLACE_FROM and keyed.count(best) == 1:
        runner_up = max((v for v in keyed if v != best), default=None)
        points = [second if v == runner_up else p for v, p in zip(keyed, points, strict=True)]
    return tuple(points)


def fewest_or_penalty(values: Sequence[int], fewest: int, others: int) -> tuple[int, ...]:
    """`fewest` to every player tied for the lowest value, `others` to everyone else."""
    if not values:
        return ()
    low = min(values)
    return tuple(fewest if v == low else others for v in values)
