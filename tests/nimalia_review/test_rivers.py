"""Rivers join at shared corner points, branches count; objective 15's table."""

from __future__ import annotations

import pytest

from tableref.games.nimalia.model import Reserve
from tableref.games.nimalia.objectives import objective
from tableref.games.nimalia.rivers import longest_river

from .draw import draw, zigzag


def score15(reserve: Reserve) -> int:
    (points,) = objective(15).score([reserve])
    return points


@pytest.mark.parametrize(
    ("drawing", "length"),
    [
        ("os/ os/", 1),  # side by side, parallel: (1,0)-(0,1) and (1,1)-(0,2) never meet
        ("os\\ os/", 2),  # meet at point (1,1)
        ("os/ os\\", 2),  # meet at point (0,1)
        ("os/\n os\\", 2),  # (0,0)/ and (1,0)\ meet at point (1,0)
        ("os\\ .\n . oi\\", 2),  # diagonal: meet at point (1,1)
        ("os/ .\n . oi/", 1),  # diagonal the other way: (1,0)-(0,1) and (2,1)-(1,2)
        (". os/\n os/ .", 2),  # anti-diagonal: meet at point (1,1)
        ("os\\ os/\n os/ os\\", 4),  # an X: all four meet at point (1,1)
        ("os/ os\\\n os\\ os/", 4),  # a ring through points (1,0) (0,1) (1,2) (2,1)
        ("os\\ os/ .\n . os\\ os/", 4),  # three meet at (1,1), (1,1)\ and (1,2)/ at (2,2)
    ],
)
def test_river_lengths(drawing: str, length: int) -> None:
    assert longest_river(draw(drawing)) == length


def test_a_branching_river_counts_every_branch() -> None:
    # a trunk (0,0)\ (0,1)/ (0,2)\ (0,3)/ plus a branch (1,0)/ meeting it at point
    # (1,1) and a branch (1,3)\ at point (1,3), where (0,2)\ and (0,3)/ meet: 6 segments
    drawing = """
    os\\ os/ os\\ os/
    os/  .   .   os\\
    """
    assert longest_river(draw(drawing)) == 6


def test_the_longest_of_two_separate_rivers() -> None:
    spaces = zigzag(3, row=0) | zigzag(5, row=3)
    assert longest_river(Reserve(spaces)) == 5


def test_no_river() -> None:
    assert longest_river(draw("li gi")) == 0
    assert score15(draw("li gi")) == 0


@pytest.mark.parametrize(("length", "points"), [(1, 0), (2, 1), (3, 3), (4, 6), (5, 10), (6, 15)])
def test_15_table(length: int, points: int) -> None:
    reserve = Reserve(zigzag(length))
    assert longest_river(reserve) == length
    assert score15(reserve) == points


def test_15_is_capped_at_15() -> None:
    # a zigzag of 6 on row 0, then (0,5)/ ends (1,5),(0,6); (1,5)\ ends (1,5),(2,6);
    # (2,5)/ ends (3,5),(2,6): 8 segments in one river
    drawing = """
    os\\ os/ os\\ os/ os\\ os/
    .    .   .    .   .    os\\
    .    .   .    .   .    os/
    """
    reserve = draw(drawing)
    assert longest_river(reserve) == 8
    assert score15(reserve) == 15
