"""The round checker: hand-worked rounds (legal and with planted illegal moves), and
the property that every legal round the engine plays is found legal, its cards found."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tableref.games.nimalia.cards import card
from tableref.games.nimalia.check import UNEXPLAINED, Placed, check_round, explanations
from tableref.games.nimalia.model import Animal, Pos, Reserve, Space, Terrain
from tableref.games.nimalia.placement import Placement, legal_placements, place

Lay = tuple[int, int, int, int]  # card, row, col, turn


def lay(spaces: dict[Pos, Space], *cards: Lay, under: bool = False) -> dict[Pos, Space]:
    """Lay cards on a plain mapping, on top (or slid under), rules unchecked."""
    out = dict(spaces)
    for card_id, row, col, turn in cards:
        for pos, space in card(card_id).spaces_at(row, col, turn).items():
            if under:
                out.setdefault(pos, space)
            else:
                out[pos] = space
    return out


def normalised(spaces: dict[Pos, Space]) -> tuple[dict[Pos, Space], Pos]:
    r0 = min(r for r, _ in spaces)
    c0 = min(c for _, c in spaces)
    return {(r - r0, c - c0): s for (r, c), s in spaces.items()}, (-r0, -c0)


@dataclass
class Case:
    name: str
    before: tuple[Lay, ...]
    round: tuple[Lay, ...]
    under: int | None = None  # index in `round` of a card slid under
    problems: list[tuple[int | None, str]] = field(default_factory=list)
    ordered: bool = True  # False: some cards lie on none of the others, any order fits


CASES = [
    # Round 1: card 2 lies on card 1's bottom-right space, card 3 on card 2's (1,2).
    Case("round 1, legal", (), ((1, 0, 0, 0), (2, 1, 1, 90), (3, 0, 2, 180))),
    # Card 12 covers the old top row from above, 13 lies on 12's (-1,0) and the old
    # (0,0), 14 on 13's (0,-1): the reserve grows up and left, AFTER moved by (+1, +2).
    Case("a later round grows up and left", ((10, 0, 0, 0), (11, 0, 1, 90)),
         ((12, -1, 0, 270), (13, -1, -1, 0), (14, 0, -2, 180))),
    # Card 3 lies beside card 2, touching its side only: it covers no visible space.
    Case("a card beside the reserve", ((1, 0, 0, 0),), ((2, 0, 1, 0), (3, 0, 3, 90),
         (4, 1, 1, 0)), problems=[(3, "cover")], ordered=False),
    # Card 3 pushed under cards 1 and 2: only its bottom row shows, at (2,1), (2,2).
    Case("a card tucked under", ((1, 0, 0, 0), (2, 0, 2, 0)),
         ((3, 1, 1, 90), (4, -1, 0, 0), (5, 0, -1, 180)), under=0, problems=[(3, "under")],
         ordered=False),
    # Cols 0..4 before; card 4 takes the reserve to col 5, card 5 to col 6: 7 cols.
    Case("a card past 6x6", ((1, 0, 0, 0), (2, 0, 2, 0), (3, 0, 3, 0)),
         ((4, 0, 4, 0), (5, 1, 5, 90), (6, 1, 1, 0)), problems=[(5, "window")], ordered=False),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_hand_worked_rounds(case: Case) -> None:
    before = lay({}, *case.before)
    after = dict(before)
    for i, laid in enumerate(case.round):
        after = lay(after, laid, under=i == case.under)
    before_n = normalised(before)[0] if before else {}
    after_n, (dr, dc) = normalised(after)
    verdict = check_round(before_n, after_n)
    expected = [Placed(c, r + dr, col + dc, t, under=i == case.under)
                for i, (c, r, col, t) in enumerate(case.round)]
    if case.ordered:
        assert list(verdict.placed) == expected
    else:
        assert sorted(verdict.placed, key=str) == sorted(expected, key=str)
    assert [(p.card, str(p.rule)) for p in verdict.problems] == case.problems
    assert verdict.legal is (not case.problems)
    for problem in verdict.problems:
        assert f"card {problem.card}" in problem.message


def test_a_space_changed_by_no_card_is_unexplained() -> None:
    before = lay({}, (1, 0, 0, 0), (2, 0, 2, 0))
    after = lay(before, (3, 1, 1, 0), (4, 2, 2, 90), (5, 2, 0, 0))
    # (0,0) is still card 1's, untouched by the round: make it another animal
    old = after[(0, 0)]
    swap = Space(Terrain.LAKE, Animal.FLAMINGO) if old.animal is not Animal.FLAMINGO else (
        Space(Terrain.LAKE, Animal.CROCODILE))
    after[(0, 0)] = swap
    verdict = check_round(before, after)
    assert not verdict.legal
    assert [(p.card, p.rule) for p in verdict.problems] == [(None, UNEXPLAINED)]
    assert "space (row 0, col 0)" in verdict.problems[0].message


def test_a_space_that_vanished_is_unexplained() -> None:
    before = lay({}, (1, 0, 0, 0), (2, 0, 2, 0))
    after = lay({}, (1, 0, 0, 0), (3, 1, 1, 0), (4, 2, 2, 90), (5, 2, 0, 0))  # card 2 gone
    verdict = check_round(before, after)
    assert [p.rule for p in verdict.problems] == [UNEXPLAINED]
    assert "never lifted" in verdict.problems[0].message


def test_a_card_hidden_whole_is_named_as_hidden() -> None:
    # Two cards show; a third may lie whole under card 2 (no photo can tell which card
    # it is, or that it is there): legal, with the hidden card named as such.
    before = lay({}, (1, 0, 0, 0))
    verdict = check_round(before, lay(before, (2, 1, 1, 0), (3, 0, 1, 90)))
    assert verdict.legal
    assert verdict.silent == 1
    assert sorted(p.card or 0 for p in verdict.placed) == [0, 2, 3]
    assert verdict.placed[-1].card == 3  # 3 lies on 2, and both on the hidden card


def test_three_cards_cannot_explain_four() -> None:
    before = lay({}, (1, 0, 0, 0))
    after = lay(before, (2, 1, 1, 0), (3, 2, 2, 90), (4, 3, 3, 0), (5, 4, 4, 0))
    verdict = check_round(before, after)
    assert [p.rule for p in verdict.problems] == [UNEXPLAINED]
    assert check_round(before, after, cards=4).legal


@st.composite
def legal_rounds(draw: st.DrawFn) -> tuple[Reserve, tuple[Placement, ...], Reserve]:
    """A reserve of 0..12 cards, then a round of 3 more, every card placed legally."""
    old = draw(st.integers(0, 12))
    ids = draw(st.lists(st.integers(1, 60), min_size=old + 3, max_size=old + 3, unique=True))
    reserve = Reserve()
    placed = []
    for card_id in ids:
        options = legal_placements(reserve, card_id)
        choice = options[draw(st.integers(0, len(options) - 1))]
        placed.append(choice)
        reserve = place(reserve, choice)
        if len(placed) == old:
            before = reserve
    if old == 0:
        before = Reserve()
    return before, tuple(placed[old:]), reserve


@settings(max_examples=150, deadline=None)
@given(legal_rounds())
def test_every_legal_round_is_found_legal_with_its_cards(
    round_: tuple[Reserve, tuple[Placement, ...], Reserve],
) -> None:
    before, placed, after = round_
    b_n, a_n = before.normalised(), after.normalised()
    verdict = check_round(b_n, a_n)
    assert verdict.legal, verdict.problems
    dr, dc = (-x for x in after.origin())
    truth: list[Placed] = []
    for i, p in enumerate(placed):
        later = {q for laid in placed[i + 1:] for q in laid.block()}
        shows = any(q not in later for q in p.block())
        truth.append(Placed(p.card_id if shows else None, p.row + dr, p.col + dc,
                            p.rotation if shows else 0))
    found = [e.placed for e in explanations(b_n, a_n, under=False)]
    assert tuple(truth) in found


def test_a_reserve_that_did_not_change_is_no_round() -> None:
    # the photo of last round's reserve again: the three cards that show whole in it
    # could be laid again on themselves, but they are the cards already there
    before = lay({}, (1, 0, 0, 0), (2, 1, 1, 90), (3, 0, 2, 180))
    verdict = check_round(before, before)
    assert not verdict.legal
    assert [p.rule for p in verdict.problems] == [UNEXPLAINED]


def test_one_card_laid_beside_is_not_bridged_by_old_cards_laid_again() -> None:
    # one new card, beside the reserve: no legal account may lay card 2 on itself
    before = lay({}, (1, 0, 0, 0), (2, 1, 1, 90))
    after = lay(before, (7, 1, 3, 0))
    verdict = check_round(before, after)
    assert not verdict.legal
    assert all(p.card != 2 for p in verdict.placed)
