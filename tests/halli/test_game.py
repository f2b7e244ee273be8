import dataclasses

import pytest

from tableref.games.halli import (
    DECK_SIZE,
    Flip,
    IllegalEventError,
    OutReason,
    Ring,
    Start,
    apply,
    deal,
    parse_card,
    start,
)

from .script import counts, play


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (2, (36, 36)),
        (3, (24, 24, 24)),
        (4, (18, 18, 18, 18)),
        (5, (15, 15, 14, 14, 14)),
        (6, (12, 12, 12, 12, 12, 12)),
    ],
)
def test_the_deal_is_even_and_the_first_seats_get_the_extra_cards(
    players: int, expected: tuple[int, ...]
) -> None:
    assert deal(players) == expected
    state, _ = start(Start(tuple("ABCDEF"[:players])))
    assert [p.stack_size for p in state.players] == list(expected)
    assert state.card_count() == DECK_SIZE
    assert state.turn == 0


def test_the_start_can_set_the_deal() -> None:
    state, _ = play("start Ann Ben cards=30,42")
    assert counts(state) == [(30, 0, False), (42, 0, False)]
    assert state.dealt == 72


@pytest.mark.parametrize(
    ("event", "message"),
    [
        (Start(("Ann",)), "2 to 6 players, not 1"),
        (Start(tuple("ABCDEFG")), "2 to 6 players, not 7"),
        (Start(("Ann", "ann")), "two players are called 'ann'"),
        (Start(("Ann", "Ben"), cards=(36,)), "gives cards to 1 players but 2 play"),
        (Start(("Ann", "Ben"), cards=(72, 0)), "Ben is dealt 0 cards"),
    ],
)
def test_a_bad_start_is_rejected(event: Start, message: str) -> None:
    with pytest.raises(IllegalEventError, match=message):
        apply(None, event)


def test_events_before_the_start_and_a_second_start_are_rejected() -> None:
    with pytest.raises(IllegalEventError, match="the first event must be start, not flip"):
        apply(None, Flip(0, parse_card("B")))
    state, _ = play("start Ann Ben")
    with pytest.raises(IllegalEventError, match="already started"):
        apply(state, Start(("Ann", "Ben")))


def test_turns_go_clockwise() -> None:
    state, outcomes = play("start Ann Ben Cid\n0 B\n1 P\n2 S\n0 L")
    assert state.turn == 1
    assert counts(state) == [(22, 2, False), (23, 1, False), (23, 1, False)]
    assert [c.code if c else None for c in state.tops()] == ["L", "P", "S"]
    assert outcomes[1].description == "Ann turns B."


def test_a_flip_out_of_turn_is_rejected_and_the_state_is_unchanged() -> None:
    state, _ = play("start Ann Ben Cid\n0 B")
    before = state
    with pytest.raises(IllegalEventError, match="Cid cannot flip: it is Ben's turn"):
        apply(state, Flip(2, parse_card("P")))
    assert state == before
    assert counts(state) == [(23, 1, False), (24, 0, False), (24, 0, False)]


@pytest.mark.parametrize("event", [Flip(3, parse_card("B")), Ring(-1), Ring(7)])
def test_an_unknown_player_is_rejected(event: Flip | Ring) -> None:
    state, _ = play("start Ann Ben Cid")
    with pytest.raises(IllegalEventError, match=r"unknown player -?\d: the seats are 0 to 2"):
        apply(state, event)


def test_a_right_ring_takes_every_pile_and_the_ringer_turns_next() -> None:
    state, outcomes = play("start Ann Ben Cid\n0 BBL\n1 S\n2 LBB\nring 1")
    assert counts(state) == [(23, 0, False), (26, 0, False), (23, 0, False)]
    assert state.turn == 1
    last = outcomes[-1]
    assert (last.right, last.taker, last.won, last.to_bell) == (True, 1, 3, 0)
    assert last.description == "Ben rang right (two identical fruit cards (BBL)) and takes 3 cards."
    # the won cards are known and lie under Ben's stack, below the dealt ones
    ben = state.players[1]
    assert ben.stack[0].unknown == 23
    assert [c.code for c in ben.stack[1].known] == ["BBL", "BBL", "S"]


def test_a_wrong_ring_puts_the_ringers_pile_under_the_bell() -> None:
    state, outcomes = play("start Ann Ben Cid\n0 B\n1 P\n2 S\n0 L\nring 0")
    assert counts(state) == [(22, 0, False), (23, 1, False), (23, 1, False)]
    assert len(state.bell) == 2
    assert state.bell_from == {0}
    assert state.turn == 1  # Ann's left-hand neighbour
    last = outcomes[-1]
    assert (last.right, last.to_bell, last.taker) == (False, 2, None)
    assert last.description == "Sorry, Ann! A wrong ring (no trigger): 2 cards go under the bell."
    assert state.players[0].wrong_last


def test_the_winner_of_a_ring_also_takes_the_cards_under_the_bell() -> None:
    state, outcomes = play("start Ann Ben Cid\n0 B\n1 P\nring 0\n1 pig\nring 2")
    assert outcomes[-1].won == 3  # Ann's B under the bell, Ben's P and pig
    assert counts(state) == [(23, 0, False), (22, 0, False), (27, 0, False)]
    assert len(state.bell) == 0
    assert state.bell_from == frozenset()


def test_a_ringer_whose_cards_are_under_the_bell_takes_only_their_pile_and_the_bell() -> None:
    state, outcomes = play(
        """
        start Ann Ben Cid
        0 B
        ring 0
        1 P
        2 S
        0 S
        ring 0
        """
    )
    last = outcomes[-1]
    assert last.own_pile_only
    assert last.won == 2  # Ann's B from the bell and her S; Ben's P and Cid's S stay
    assert counts(state) == [(24, 0, False), (23, 1, False), (23, 1, False)]
    assert "the other piles stay" in last.description
    # once the bell is empty the exception is over: a later right ring takes everything
    state, outcomes = play("0 pig\nring 0", state)
    assert outcomes[-1].won == 3 and not outcomes[-1].own_pile_only


def test_a_right_ring_after_a_wrong_one_clears_the_record() -> None:
    state, _ = play("start Ann Ben Cid\n0 B\nring 0\n1 pig\nring 1\n1 S\n2 pig\nring 0\n0 L")
    assert not state.players[0].wrong_last
    state, outcomes = play("ring 0", state)
    assert outcomes[-1].right is False and not outcomes[-1].went_out
    assert not state.players[0].out
    assert state.players[0].wrong_last


def test_the_previous_ring_of_the_same_player_counts_even_after_others_rang() -> None:
    state, outcomes = play("start Ann Ben Cid\n0 B\nring 0\n1 pig\nring 2\n2 S\n0 P\nring 0")
    assert [w.reason for w in outcomes[-1].went_out] == [OutReason.TWO_WRONG_RINGS]
    assert state.players[0].out


def test_a_second_wrong_ring_in_a_row_puts_the_ringer_out_with_all_their_cards() -> None:
    state, outcomes = play(
        """
        start Ann Ben Cid Dee cards=3,3,3,3
        0 B
        ring 0
        1 P
        2 S
        3 L
        0 BP
        ring 0
        """
    )
    last = outcomes[-1]
    assert [(w.player, w.reason) for w in last.went_out] == [(0, OutReason.TWO_WRONG_RINGS)]
    assert last.to_bell == 2  # her remaining stack of 1 and her pile of 1
    assert counts(state) == [(0, 0, True), (2, 1, False), (2, 1, False), (2, 1, False)]
    assert len(state.bell) == 3
    assert state.turn == 1
    assert "Ann is out" in last.description
    assert state.card_count() == 12
    with pytest.raises(IllegalEventError, match="Ann cannot ring: Ann is out"):
        apply(state, Ring(0))
    with pytest.raises(IllegalEventError, match="Ann cannot flip: Ann is out"):
        apply(state, Flip(0, parse_card("B")))


def test_a_player_is_out_only_when_their_turn_comes_with_an_empty_stack() -> None:
    state, _ = play("start Ann Ben Cid Dee cards=1,5,5,5\n0 B")
    assert not state.players[0].out  # she may still ring
    state, _ = play("1 P\n2 S", state)
    state, outcomes = play("3 L", state)
    assert state.players[0].out
    assert state.turn == 1
    assert [(w.player, w.reason) for w in outcomes[-1].went_out] == [(0, OutReason.EMPTY_STACK)]
    assert "Ann has no card left to turn and is out." in outcomes[-1].description
    # her face-up pile stays in play: its B makes a pair with Ben's next card
    state, outcomes = play("1 B\nring 2", state)
    assert outcomes[-1].right and outcomes[-1].won == 5
    assert counts(state) == [(0, 0, True), (3, 0, False), (9, 0, False), (4, 0, False)]


def test_a_player_with_an_empty_stack_can_ring_themselves_back_in() -> None:
    state, _ = play("start Ann Ben Cid Dee cards=1,5,5,5\n0 B\n1 P\n2 B\nring 0")
    assert counts(state)[0] == (3, 0, False)
    assert state.turn == 0


def test_the_final_round_of_the_last_two_ends_at_the_next_ring() -> None:
    state, outcomes = play("start Ann Ben Cid cards=1,6,6\n0 B\n1 P\n2 S")
    assert state.final_round and outcomes[-1].final_round
    assert "Only Ben and Cid are left: the next ring ends the game." in outcomes[-1].description
    state, outcomes = play("1 B\nring 2", state)
    last = outcomes[-1]
    assert state.over and last.over
    # Cid took Ann's B, Ben's P and B and his S: 5 + 4 = 9 against Ben's 4
    assert counts(state) == [(0, 0, True), (4, 0, False), (9, 0, False)]
    assert state.winner == 2 == last.winner
    assert last.description.endswith("Cid wins the game with 9 cards.")


def test_the_final_round_counts_stack_plus_own_pile() -> None:
    state, _ = play("start Ann Ben Cid cards=1,6,7\n0 B\n1 P\n2 S\n1 L\n2 L")
    assert state.final_round
    state, _outcomes = play("ring 2", state)
    # Cid takes all 5 piled cards: 5 in stack + 5 = 10 against Ben's 4
    assert counts(state) == [(0, 0, True), (4, 0, False), (10, 0, False)]
    assert state.winner == 2


def test_the_final_round_can_end_in_a_draw_and_piles_count() -> None:
    state, _ = play(
        """
        start Ann Ben Cid cards=1,6,6
        0 B
        1 S
        ring 1
        2 P
        1 P
        """
    )
    assert state.final_round  # Ann's turn came with an empty stack
    state, outcomes = play("ring 1", state)
    last = outcomes[-1]
    # Ben's S is under the bell: he takes only his own P and the S; Ann's B, Cid's P stay
    assert last.own_pile_only and last.won == 2
    # Ben: 4 + 2 = 6 in his stack; Cid: 5 in his stack and 1 on his pile = 6
    assert counts(state) == [(0, 1, True), (6, 0, False), (5, 1, False)]
    assert state.over and state.winner is None and last.winner is None
    assert "a draw" in last.description


def test_a_pile_can_decide_the_final_round() -> None:
    state, _ = play("start Ann Ben Cid cards=1,6,7\n0 B\n1 S\nring 1\n2 P\n1 P\nring 1")
    # Ben 6 in stack; Cid 6 in stack and 1 on his pile
    assert counts(state) == [(0, 1, True), (6, 0, False), (6, 1, False)]
    assert state.winner == 2


def test_a_wrong_ring_in_the_final_round_makes_the_other_player_win_at_once() -> None:
    state, _ = play("start Ann Ben Cid cards=1,6,6\n0 B\n1 P\n2 S\n1 L")
    state, outcomes = play("ring 1", state)
    last = outcomes[-1]
    assert state.over and state.winner == 2
    assert (last.right, last.taker, last.won) == (False, 2, 4)
    # applied as if Cid had rung right: he takes every pile, Ben keeps only his stack
    assert counts(state) == [(0, 0, True), (4, 0, False), (9, 0, False)]
    assert "Sorry, Ben! A wrong ring in the final round" in last.description
    assert "Cid takes 4 cards. Cid wins the game with 9 cards." in last.description


def test_a_two_player_game_goes_on_until_one_is_left() -> None:
    state, outcomes = play("start Ann Ben cards=2,2\n0 B\nring 1\n0 P")
    assert outcomes[-2].right is False and outcomes[-2].to_bell == 0
    assert not state.over and not state.final_round
    assert counts(state) == [(0, 2, False), (2, 0, False)]  # Ann may still ring
    state, outcomes = play("1 S", state)  # Ann's turn comes with no stack: she is out
    assert state.over and state.winner == 1
    assert outcomes[-1].description.endswith("Ben is the last player left and wins.")


def test_two_wrong_rings_end_a_two_player_game() -> None:
    state, _outcomes = play("start Ann Ben\n0 B\nring 0\n1 P\nring 0")
    assert state.over and state.winner == 1
    assert counts(state) == [(0, 0, True), (35, 1, False)]
    assert len(state.bell) == 36


def test_play_to_the_end_has_no_final_round() -> None:
    state, _ = play("start Ann Ben Cid cards=1,6,6 play_to_the_end\n0 B\n1 P\n2 S")
    assert state.players[0].out and not state.final_round
    state, _ = play("1 B\nring 2\n2 L\n1 L\nring 1", state)
    assert not state.over
    assert counts(state) == [(0, 0, True), (5, 0, False), (8, 0, False)]


def test_every_event_after_the_game_is_over_is_rejected() -> None:
    state, _ = play("start Ann Ben\n0 B\nring 0\n1 P\nring 0")
    for event in (Flip(1, parse_card("B")), Ring(1), Ring(0), Start(("Ann", "Ben"))):
        with pytest.raises(IllegalEventError, match="the game is over"):
            apply(state, event)
    with pytest.raises(IllegalEventError, match=r"the game is over \(Ben won\)"):
        apply(state, Ring(1))


def test_a_ring_right_after_a_ring_is_judged_on_the_cards_visible_then() -> None:
    state, _ = play("start Ann Ben Cid\n0 B\n1 B\nring 2")  # Cid takes both B
    state, outcomes = play("ring 0", state)  # no card turned since: nothing visible
    assert outcomes[-1].right is False and outcomes[-1].to_bell == 0
    assert state.turn == 1  # the turn passes to Ann's left-hand neighbour
    state, _ = play("1 pig\nring 0", state)
    assert state.players[0].stack_size == 24


def test_flips_without_cards_need_a_judged_ring() -> None:
    state, _ = play("start Ann Ben Cid\n0 ?\n1 B")
    assert state.visible_cards() is None and state.verdict() is None
    with pytest.raises(IllegalEventError, match="top card of Ann's pile was turned without"):
        apply(state, Ring(2))
    state, outcomes = play("ring 2 right", state)
    assert outcomes[-1].won == 2 and outcomes[-1].verdict is None
    assert state.players[2].stack[-1].unknown == 1
    state, outcomes = play("2 ?\nring 0 wrong", state)
    assert outcomes[-1].right is False


def test_a_given_verdict_overrides_the_engine() -> None:
    _state, outcomes = play("start Ann Ben\n0 B\n1 B\nring 0 wrong")
    assert outcomes[-1].right is False and outcomes[-1].verdict is not None
    assert outcomes[-1].verdict.ring
    assert outcomes[-1].description == "Sorry, Ann! A wrong ring: 1 card goes under the bell."


def test_won_cards_are_tracked_and_a_flip_must_fit_them() -> None:
    state, _ = play("start Ann Ben cards=2,5\n0 B\n1 B\nring 0\n0 S\n1 L")
    # Ann's stack is now exactly B and B, in unknown order
    assert [c.code for c in state.players[0].stack[0].known] == ["B", "B"]
    with pytest.raises(IllegalEventError, match=r"cannot flip P: the next .* known to be B, B"):
        apply(state, Flip(0, parse_card("P")))
    state, _ = play("0 B", state)
    assert [c.code for c in state.players[0].stack[0].known] == ["B"]


def test_an_unseen_flip_from_known_cards_forgets_which_remain() -> None:
    state, _ = play("start Ann Ben cards=2,5\n0 B\n1 B\nring 0\n0 S\n1 L\n0 ?")
    batch = state.players[0].stack[0]
    assert (batch.known, batch.unknown) == ((), 1)
    state, _ = play("1 S\n0 L", state)  # any card fits now
    assert state.card_count() == 7


def test_the_elephant_alone_option_in_a_game() -> None:
    _, outcomes = play("start Ann Ben elephant_alone_rings\n0 elephant\nring 1")
    assert outcomes[-1].right
    _, outcomes = play("start Ann Ben\n0 elephant\nring 1")
    assert not outcomes[-1].right


def test_apply_never_changes_its_input() -> None:
    state, _ = play("start Ann Ben Cid\n0 B\n1 B")
    snapshot = dataclasses.replace(state)
    apply(state, Ring(2))
    assert state == snapshot
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.turn = 2  # type: ignore[misc]


def test_the_state_in_the_spec_form() -> None:
    state, _ = play("start Ann Ben Cid\n0 B\n1 P\n2 S\nring 0")
    assert state.to_json() == {
        "players": [
            {"name": "Ann", "stack": 23, "pile": 0, "out": False},
            {"name": "Ben", "stack": 23, "pile": 1, "out": False},
            {"name": "Cid", "stack": 23, "pile": 1, "out": False},
        ],
        "bell": 1,
        "turn": 1,
        "over": False,
        "winner": None,
    }
    details = state.details_json()
    assert details["tops"] == [None, "P", "S"]
    assert details["bell_from"] == [0]


def test_the_outcome_as_json_for_the_journal_and_the_page() -> None:
    _, outcomes = play("start Ann Ben Cid cards=1,6,6\n0 B\n1 P\n2 S\n1 L\nring 1")
    assert outcomes[3].to_json()["went_out"] == [{"player": 0, "reason": "empty_stack"}]
    assert outcomes[3].to_json()["final_round"] is True
    last = outcomes[-1].to_json()
    assert last["event"] == {"event": "ring", "player": 1}
    assert (last["right"], last["taker"], last["won"], last["winner"], last["over"]) == (
        False,
        2,
        4,
        2,
        True,
    )
    assert last["verdict"] == {"ring": False, "reasons": ["no trigger"]}
    assert outcomes[1].to_json()["card"] == "B"
