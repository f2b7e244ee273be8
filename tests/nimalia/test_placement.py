from __future__ import annotations

import pytest

from tableref.games.nimalia import IllegalPlacementError, Reserve
from tableref.games.nimalia.cards import card
from tableref.games.nimalia.placement import (
    Placement,
    Rule,
    check,
    legal_placements,
    place,
    placement_between,
)


def _build(*placements: Placement) -> Reserve:
    reserve = Reserve()
    for placement in placements:
        reserve = place(reserve, placement)
    return reserve


def test_the_first_card_goes_anywhere_and_shows_its_four_spaces() -> None:
    reserve = place(Reserve(), Placement(7, 3, -2, 270))
    assert reserve == Reserve(card(7).spaces_at(3, -2, 270))
    assert len(reserve) == 4


def test_a_later_card_lies_on_top_of_what_it_covers() -> None:
    reserve = _build(Placement(1, 0, 0), Placement(2, 1, 1, 90))
    assert len(reserve) == 7
    for pos, space in card(2).spaces_at(1, 1, 90).items():
        assert reserve[pos] == space
    assert reserve[(0, 0)] == card(1).face[0][0]


def test_a_card_covering_no_visible_space_breaks_the_cover_rule() -> None:
    reserve = _build(Placement(1, 0, 0))
    with pytest.raises(IllegalPlacementError, match="covers no visible space") as info:
        place(reserve, Placement(2, 0, 2))  # touches the side only
    assert info.value.rule is Rule.COVER
    with pytest.raises(IllegalPlacementError):
        place(reserve, Placement(2, 2, 2))  # touches a corner only


def test_a_card_leaving_the_6x6_window_breaks_the_window_rule() -> None:
    reserve = _build(Placement(1, 0, 0), Placement(2, 0, 1), Placement(3, 0, 2), Placement(4, 0, 3))
    assert {c for _, c in reserve} == {0, 1, 2, 3, 4}
    reserve = place(reserve, Placement(5, 1, 4))  # cols 0..5: fits
    with pytest.raises(IllegalPlacementError, match="7 cols") as info:
        place(reserve, Placement(6, 1, -1))  # covers (1,0) and (2,0), but cols -1..5
    assert info.value.rule is Rule.WINDOW


def test_a_bad_card_or_rotation_breaks_the_card_rule() -> None:
    with pytest.raises(IllegalPlacementError, match="0, 90, 180 or 270") as info:
        place(Reserve(), Placement(1, 0, 0, 45))
    assert info.value.rule is Rule.CARD
    with pytest.raises(IllegalPlacementError, match=r"card ids are 1\.\.60"):
        place(Reserve(), Placement(61, 0, 0))


def test_legal_placements_are_exactly_the_placements_that_pass_the_rules() -> None:
    reserve = _build(Placement(1, 0, 0), Placement(2, 1, 1), Placement(3, 2, 2, 180))
    legal = set(legal_placements(reserve, 10))
    for row in range(-6, 8):
        for col in range(-6, 8):
            for rotation in (0, 90, 180, 270):
                placement = Placement(10, row, col, rotation)
                try:
                    check(reserve, placement)
                except IllegalPlacementError:
                    assert placement not in legal
                else:
                    assert placement in legal


def test_a_placement_seen_on_the_table_is_found() -> None:
    before = _build(Placement(1, 0, 0), Placement(2, 1, 1))
    after = place(before, Placement(3, 2, 0, 270))
    assert placement_between(before, after, 3) == Placement(3, 2, 0, 270)


def test_a_card_slid_under_is_named() -> None:
    before = _build(Placement(1, 0, 0), Placement(2, 1, 1))
    # card 3 pushed under the others: only the spaces outside the reserve show
    spaces = dict(before)
    for pos, space in card(3).spaces_at(1, 0).items():
        spaces.setdefault(pos, space)
    with pytest.raises(IllegalPlacementError, match="slid under") as info:
        placement_between(before, Reserve(spaces), 3)
    assert info.value.rule is Rule.UNDER


def test_a_card_hidden_completely_is_named() -> None:
    before = _build(Placement(1, 0, 0), Placement(2, 1, 1))
    with pytest.raises(IllegalPlacementError) as info:
        placement_between(before, before, 3)
    assert info.value.rule is Rule.UNDER


def test_a_change_no_card_explains_is_refused() -> None:
    before = _build(Placement(1, 0, 0))
    after = place(before, Placement(2, 1, 1))
    with pytest.raises(IllegalPlacementError, match="no placement of card 3"):
        placement_between(before, after, 3)
