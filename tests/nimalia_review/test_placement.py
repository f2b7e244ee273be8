"""Placement: first card anywhere; later cards cover a visible space, lie on top, stay in 6x6.
An illegal placement names its rule."""

from __future__ import annotations

import pytest

from tableref.games.nimalia import IllegalPlacementError, Reserve
from tableref.games.nimalia.cards import card
from tableref.games.nimalia.placement import (
    Placement,
    Rule,
    legal_placements,
    place,
    placement_between,
)


def build(*placements: Placement) -> Reserve:
    reserve = Reserve()
    for p in placements:
        reserve = place(reserve, p)
    return reserve


@pytest.mark.parametrize(("row", "col", "rotation"), [(0, 0, 0), (40, -17, 90), (-3, 5, 270)])
def test_the_first_card_goes_anywhere(row: int, col: int, rotation: int) -> None:
    reserve = build(Placement(3, row, col, rotation))
    assert set(reserve) == {(row, col), (row, col + 1), (row + 1, col), (row + 1, col + 1)}


def test_a_later_card_must_cover_a_visible_space() -> None:
    first = Placement(1, 0, 0)
    for row, col in [(0, 2), (2, 0), (2, 2), (-2, -2), (0, 5)]:  # touching or apart
        with pytest.raises(IllegalPlacementError) as info:
            build(first, Placement(2, row, col))
        assert info.value.rule == Rule.COVER
        assert "cover" in str(info.value)


def test_covering_one_space_or_all_four_is_legal_and_lies_on_top() -> None:
    one = build(Placement(1, 0, 0), Placement(2, 1, 1))
    assert len(one) == 7
    assert one[(1, 1)] == card(2).face[0][0]  # card 2's top-left now on top
    assert one[(0, 0)] == card(1).face[0][0]
    four = build(Placement(1, 0, 0), Placement(2, 0, 0, 180))
    assert dict(four) == card(2).spaces_at(0, 0, 180)


def test_the_reserve_stays_within_6x6() -> None:
    row_of_six = [Placement(i + 1, 0, c) for i, c in enumerate((0, 1, 2, 3, 4))]
    reserve = build(*row_of_six)  # cols 0..5
    assert {c for _, c in reserve} == set(range(6))
    for p in (Placement(9, 0, 5), Placement(9, 1, -1)):  # would make 7 cols
        with pytest.raises(IllegalPlacementError) as info:
            place(reserve, p)
        assert info.value.rule == Rule.WINDOW
        assert "6x6" in str(info.value)
    column_of_six = build(*[Placement(i + 1, r, 0) for i, r in enumerate((0, 1, 2, 3, 4))])
    with pytest.raises(IllegalPlacementError) as info:
        place(column_of_six, Placement(9, -1, 1))
    assert info.value.rule == Rule.WINDOW


def test_an_unknown_card_or_rotation_names_the_card_rule() -> None:
    for bad in (Placement(61, 0, 0), Placement(0, 0, 0), Placement(5, 0, 0, 45)):
        with pytest.raises(IllegalPlacementError) as info:
            place(Reserve(), bad)
        assert info.value.rule == Rule.CARD


def test_legal_placements_of_a_second_card() -> None:
    # a 2x2 reserve at (0,0): any top-left in rows -1..1 and cols -1..1 overlaps it
    reserve = build(Placement(1, 0, 0))
    found = legal_placements(reserve, 2)
    assert {(p.row, p.col) for p in found} == {(r, c) for r in (-1, 0, 1) for c in (-1, 0, 1)}
    assert len(found) == 9 * 4


def test_legal_placements_respect_the_window() -> None:
    # rows 0..1, cols 0..5: top-left rows -1..1; cols 0..4 only (col -1 or 5 makes 7 cols)
    reserve = build(*[Placement(i + 1, 0, c) for i, c in enumerate((0, 1, 2, 3, 4))])
    found = {(p.row, p.col) for p in legal_placements(reserve, 9)}
    assert found == {(r, c) for r in (-1, 0, 1) for c in range(5)}


def test_a_card_slid_under_is_named() -> None:
    before = build(Placement(1, 0, 0))
    # card 2 pushed under card 1 with its top-left under (1,1): only 3 spaces show
    shown = {pos: s for pos, s in card(2).spaces_at(1, 1).items() if pos not in before}
    after = Reserve({**before, **shown})
    with pytest.raises(IllegalPlacementError) as info:
        placement_between(before, after, 2)
    assert info.value.rule == Rule.UNDER
    # hidden completely
    with pytest.raises(IllegalPlacementError) as info:
        placement_between(before, before, 2)
    assert info.value.rule == Rule.UNDER


def test_a_card_laid_on_top_is_recognised() -> None:
    before = build(Placement(1, 0, 0))
    after = place(before, Placement(2, 1, 1, 90))
    assert placement_between(before, after, 2) == Placement(2, 1, 1, 90)
