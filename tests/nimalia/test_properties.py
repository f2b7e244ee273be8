"""Properties that hold for every legal reserve built from the real cards."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tableref.games.nimalia import Reserve, reserve_from_json, reserve_to_json
from tableref.games.nimalia.model import WINDOW, Animal
from tableref.games.nimalia.rivers import longest_river, rivers
from tableref.games.nimalia.scoring import score_objectives

from .strategies import reserves

ALL = range(1, 23)
quick = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _shifts(reserve: Reserve) -> st.SearchStrategy[tuple[int, int]]:
    normal = reserve.normalised()
    height = max(r for r, _ in normal) + 1
    width = max(c for _, c in normal) + 1
    return st.tuples(st.integers(0, WINDOW - height), st.integers(0, WINDOW - width))


@quick
@given(st.lists(reserves(), min_size=1, max_size=4), st.data())
def test_scores_do_not_change_when_a_reserve_moves_in_the_window(
    players: list[Reserve], data: st.DataObject
) -> None:
    moved = []
    for reserve in players:
        d_row, d_col = data.draw(_shifts(reserve))
        moved.append(reserve.normalised().translated(d_row, d_col))
    before = [s.points for s in score_objectives(players, ALL)]
    after = [s.points for s in score_objectives(moved, ALL)]
    assert before == after


@quick
@given(reserves())
def test_a_reserve_file_round_trips(reserve: Reserve) -> None:
    text = reserve_to_json(reserve)
    back = reserve_from_json(text)
    assert back == reserve.normalised()
    assert reserve_to_json(back) == text


@quick
@given(reserves())
def test_every_otter_is_in_exactly_one_river(reserve: Reserve) -> None:
    found = rivers(reserve)
    otters = [pos for river in found for pos in river]
    assert sorted(otters) == reserve.positions_of(Animal.OTTER)
    assert longest_river(reserve) == max((len(r) for r in found), default=0)


@quick
@given(reserves())
def test_totals_never_go_below_zero(reserve: Reserve) -> None:
    for score in score_objectives([reserve], ALL):
        assert min(score.totals) >= 0


def _turned(reserve: Reserve) -> Reserve:
    """The whole reserve turned 90 degrees clockwise, every river with it."""
    return Reserve({(c, -r): space.rotated(1) for (r, c), space in reserve.items()})


# objectives that look at no row, column or direction
TURN_FREE = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 14, 15, 16, 17, 18, 20, 21, 22)


@quick
@given(reserves())
def test_turning_a_whole_reserve_keeps_its_rivers_and_areas(reserve: Reserve) -> None:
    turned = _turned(reserve)
    assert sorted(map(len, rivers(turned))) == sorted(map(len, rivers(reserve)))
    before = [s.points for s in score_objectives([reserve], TURN_FREE)]
    assert [s.points for s in score_objectives([turned], TURN_FREE)] == before
    assert _turned(_turned(_turned(turned))) == reserve
