"""Where the piles not seen yet are expected: round the bell, in seat order."""

from __future__ import annotations

import math

import pytest

from tableref.vision.halli.seats import Place, expected_places, pile_places

SIZE = (1280, 720)


def _angle(p: Place) -> float:
    """Degrees round the frame's middle on the ellipse made a circle, clockwise on screen."""
    u, v = (p[0] - 640) / (0.36 * 1280), (p[1] - 360) / (0.3 * 720)
    return math.degrees(math.atan2(v, u)) % 360


def _near(a: Place, b: Place, px: float = 1.0) -> bool:
    return math.dist(a, b) <= px


def test_with_no_pile_seen_the_places_are_the_usual_ones() -> None:
    assert expected_places(SIZE, [None] * 4) == pile_places(4, SIZE)


def test_the_piles_seen_stay_where_they_were_seen() -> None:
    seen: list[Place | None] = [(100.0, 200.0), None, (900.0, 150.0)]
    got = expected_places(SIZE, seen)
    assert got[0] == (100.0, 200.0) and got[2] == (900.0, 150.0)


@pytest.mark.parametrize("turn", [0.0, 50.0, 170.0, 290.0])
def test_one_pile_seen_turns_the_ring_of_places_with_it(turn: float) -> None:
    """Ann sits where the box's guess had Ben: the others move round with her."""
    start = 90.0 + turn  # Ann's angle (the usual place of seat 0 is at 90 degrees)
    ann = (640 + 0.36 * 1280 * math.cos(math.radians(start)),
           360 + 0.3 * 720 * math.sin(math.radians(start)))
    got = expected_places(SIZE, [ann, None, None, None])
    for seat in (1, 2, 3):
        want = (start + 90 * seat) % 360
        assert abs((_angle(got[seat]) - want + 180) % 360 - 180) < 0.5


def test_a_seat_not_seen_lies_between_its_neighbours_seen_in_seat_order() -> None:
    """Five seats, piles seen for 0, 1 and 3 (unevenly: the table is long), at 90, 135 and
    315 degrees. Seat 2 lies halfway from 1 to 3 clockwise, seat 4 halfway from 3 on
    round to 0."""
    usual = pile_places(8, SIZE)  # eight places, an eighth of a turn apart from 90 degrees
    seen: list[Place | None] = [usual[0], usual[1], None, usual[5], None]
    got = expected_places(SIZE, seen)
    assert _near(got[2], usual[3]) and abs(_angle(got[4]) - 22.5) < 0.5


def test_piles_seen_counter_clockwise_are_followed_that_way_round() -> None:
    """A mirrored camera: seats 0, 1, 2 seen going the other way round the bell."""
    usual = pile_places(4, SIZE)
    seen: list[Place | None] = [usual[0], usual[3], usual[2], None]
    assert _near(expected_places(SIZE, seen)[3], usual[1])


def test_with_two_piles_seen_the_order_is_taken_clockwise() -> None:
    usual = pile_places(6, SIZE)
    seen: list[Place | None] = [usual[0], None, None, usual[3], None, None]
    got = expected_places(SIZE, seen)
    assert [_near(g, u) for g, u in zip(got, usual, strict=True)] == [True] * 6
