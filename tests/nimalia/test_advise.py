"""The placement adviser: a hand-worked hand, and its best against an independent
brute force over every order and every legal placement of the whole hand."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Sequence

import pytest

from tableref.device.cli import main
from tableref.games.nimalia import CardError, Reserve, reserve_to_json
from tableref.games.nimalia.advise import advise
from tableref.games.nimalia.game import ObjectiveSet
from tableref.games.nimalia.placement import legal_placements, place
from tableref.games.nimalia.scoring import score_objectives


def brute_force(reserve: Reserve, hand: Sequence[int], ids: Sequence[int]) -> int:
    """The most points any order and placements of the whole hand reach (written apart
    from the adviser: plain nested enumeration, no pruning, no ordering)."""
    best = None
    for order in itertools.permutations(hand):
        layer = [reserve]
        for card_id in order:
            layer = [place(r, p) for r in layer for p in legal_placements(r, card_id)]
        for final in layer:
            points = sum(s.points[0] for s in score_objectives([final], ids))
            best = points if best is None else max(best, points)
    assert best is not None
    return best


def test_a_hand_worked_hand() -> None:
    # Round 1 of 5, 19, 4, 16 scores 5 (2 per space of the largest savanna) and 19 (3 per
    # column with exactly one penguin). Card 3 is giraffe penguin / panda crocodile, card
    # 5 gorilla lion / flamingo penguin: two penguins in two columns make 6, and the only
    # savanna spaces, the giraffe and the lion, side by side make 4 (card 5 on card 3's
    # panda with its lion under the giraffe): 10, and no more is possible.
    ids = ObjectiveSet.of((5, 19, 4, 16)).for_round(1)
    assert ids == (5, 19)
    found = advise(Reserve(), [3, 5], ids)
    assert found[0].value.points == 10
    assert brute_force(Reserve(), [3, 5], ids) == 10
    assert dict(found[0].value.by_objective) == {5: 4, 19: 6}
    assert "19 (3 per column with one penguin) 6, +6" in found[0].why


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_best_advice_equals_the_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    deck = rng.sample(range(1, 61), 4)
    reserve = Reserve()
    for card_id in deck[:2]:
        reserve = place(reserve, rng.choice(legal_placements(reserve, card_id)))
    game = ObjectiveSet.of(rng.choice([(5, 19, 4, 16), (3, 8, 7, 21), (9, 22, 1, 18)]))
    ids = game.for_round(rng.choice([1, 2, 4]))
    found = advise(reserve, deck[2:], ids)
    assert found[0].value.points == brute_force(reserve, deck[2:], ids)
    points = [a.value.points for a in found]
    assert points == sorted(points, reverse=True)
    for a in found:  # each plan is legal card by card and scores what it says
        final = reserve
        for p in a.plan:
            final = place(final, p)
        assert sorted(p.card_id for p in a.plan) == sorted(deck[2:])
        assert a.plan[0] == a.placement
        assert sum(s.points[0] for s in score_objectives([final], ids)) == a.value.points


def test_a_bad_hand_is_refused() -> None:
    with pytest.raises(CardError, match="twice"):
        advise(Reserve(), [3, 3], (5, 19))
    with pytest.raises(CardError, match="61"):
        advise(Reserve(), [61], (5, 19))


def test_the_command_prints_the_spec_form(
    tmp_path: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.json"  # type: ignore[operator]
    reserve = place(Reserve(), legal_placements(Reserve(), 3)[0])
    path.write_text(reserve_to_json(reserve))
    code = main(["nimalia", "advise", "--json", "--objectives", "4,5,16,19", "--round", "1",
                 "--top", "3", str(path), "5"])
    out = capsys.readouterr().out
    assert code == 0
    advice = json.loads(out)["advice"]
    assert len(advice) == 3
    assert list(advice[0]) == ["card", "row", "col", "turn", "points", "why"]
    assert advice[0]["card"] == 5
    assert advice[0]["points"] == brute_force(reserve, [5], (5, 19))
    code = main(["nimalia", "advise", "--objectives", "4,5,16,3", "--round", "1", "-", "5"])
    assert code == 2
    assert "both blue" in capsys.readouterr().err
    code = main(["nimalia", "advise", "--objectives", "4,5,16,19", "--round", "1", "-",
                 "5", "6", "7", "8"])
    assert code == 2
    assert "at most 3" in capsys.readouterr().err


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_ties_this_round_go_to_the_later_rounds(seed: int) -> None:
    rng = random.Random(seed)
    deck = rng.sample(range(1, 61), 5)
    reserve = Reserve()
    for card_id in deck[:3]:
        reserve = place(reserve, rng.choice(legal_placements(reserve, card_id)))
    game = ObjectiveSet.of((5, 19, 4, 16))
    later = [game.for_round(r) for r in (3, 4, 5)]
    plain = advise(reserve, deck[3:], game.for_round(2), top=200)
    ahead = advise(reserve, deck[3:], game.for_round(2), top=200, later_rounds=later)
    assert all(a.later == 0 for a in plain)
    assert [a.value.points for a in ahead] == [a.value.points for a in plain]
    for a in ahead:  # what the reserve then scores for rounds 3..5, ranked ones left out
        final = reserve
        for p in a.plan:
            final = place(final, p)
        assert a.later == sum(sum(s.points[0] for s in score_objectives([final], [i]))
                              for ids in later for i in ids if i != 16)
    top = [a for a in ahead if a.value.key == ahead[0].value.key]
    assert ahead[0].later == max(a.later for a in top)
    assert len({a.later for a in top}) > 1 or len(top) == 1  # the tie-break had work to do
    assert "later rounds:" in ahead[0].why
