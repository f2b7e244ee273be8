"""The spec's "Flow", rule by rule. Every expected number was worked out by hand from the
spec text (the sums are checked against the deal in the comments)."""

from __future__ import annotations

import pytest

from tableref.games.halli import (
    Flip,
    GameState,
    IllegalEventError,
    OutReason,
    Press,
    Ring,
    Start,
    apply,
    deal,
    parse_card,
)

from .play import game, table


@pytest.mark.parametrize(
    ("players", "cards"),
    [
        (2, [36, 36]),
        (3, [24, 24, 24]),
        (4, [18, 18, 18, 18]),
        (5, [15, 15, 14, 14, 14]),  # 72 = 5 * 14 + 2: seats 0 and 1 get one more
        (6, [12] * 6),
    ],
)
def test_the_deal(players: int, cards: list[int]) -> None:
    assert list(deal(players)) == cards
    state, _ = game("start " + " ".join("ABCDEF"[:players]))
    assert [p.stack_size for p in state.players] == cards


def test_a_deal_cannot_hold_more_than_the_72_cards() -> None:
    with pytest.raises(IllegalEventError, match="73 cards"):
        apply(None, Start(("Ann", "Ben"), (37, 36)))
    state, _ = game("start Ann Ben 36,36")  # the whole deck is fine
    assert state.card_count() == 72


def test_turns_skip_players_who_are_out_and_their_pile_stays_visible() -> None:
    state, out = game("start Ann Ben Cid Dee 1,3,3,3\nf0 B\nf1 P\nf2 S\nf3 L")
    # Ann's turn came with an empty stack: out; the turn goes on to Ben
    assert [(w.player, w.reason) for w in out.went_out] == [(0, OutReason.EMPTY_STACK)]
    assert state.turn == 1 and not state.final_round  # three are left
    state, _ = game("f1 BL\nf2 BS\nf3 PL", state)
    assert state.turn == 1  # Dee's left-hand neighbour Ann is out: Ben
    assert table(state) == [(0, 1, True), (1, 2, False), (1, 2, False), (1, 2, False)]
    with pytest.raises(IllegalEventError, match="Ann is out"):
        apply(state, Flip(0, parse_card("B")))
    # Ann's B is still visible: Ben's B makes a pair, and Cid takes all 8 piled cards
    state, out = game("f1 B\nr2", state)
    assert out.right and out.won == 8
    assert table(state) == [(0, 0, True), (0, 0, False), (9, 0, False), (1, 0, False)]
    assert state.turn == 2  # 0 + 0 + 9 + 1 = 10 = 1 + 3 + 3 + 3


def test_a_right_ring_takes_all_piles_and_the_bell_and_the_ringer_turns_next() -> None:
    state, _ = game("start Ann Ben Cid\nf0 B\nf1 P\nr1")  # wrong: Ben's P under the bell
    assert (len(state.bell), state.turn) == (1, 2)  # Ben's left-hand neighbour: Cid
    state, out = game("f2 S\nf0 pig", state)
    assert state.turn == 1  # it is Ben's turn, but Ann rings right
    state, out = game("r0", state)
    assert out.right and out.won == 4 and not out.own_pile_only  # B, pig, S and the bell's P
    assert table(state) == [(26, 0, False), (23, 0, False), (23, 0, False)]
    assert len(state.bell) == 0 and state.turn == 0  # 26 + 23 + 23 = 72


def test_the_exception_for_a_ringer_whose_cards_are_under_the_bell() -> None:
    state, _ = game("start Ann Ben Cid\nf0 B\nf1 P\nr1\nf2 S\nf0 pig")
    state, out = game("r1", state)  # the pig: right, but Ben's P lies under the bell
    assert out.right and out.own_pile_only and out.won == 1  # his empty pile and the P
    assert table(state) == [(22, 2, False), (24, 0, False), (23, 1, False)]
    assert len(state.bell) == 0 and state.turn == 1
    # the pig still lies on Ann's pile; the bell is empty, so Cid takes every pile
    state, out = game("f1 L\nr2", state)
    assert out.right and not out.own_pile_only and out.won == 4
    assert table(state) == [(22, 0, False), (23, 0, False), (27, 0, False)]


def test_no_exception_once_another_player_won_the_bell() -> None:
    state, _ = game("start Ann Ben Cid\nf0 B\nr0\nf1 pig\nr2")  # Cid takes pig and B
    assert table(state) == [(23, 0, False), (23, 0, False), (26, 0, False)]
    state, out = game("f2 BB\nf0 BB\nr0", state)
    assert out.right and not out.own_pile_only and out.won == 2
    assert table(state) == [(24, 0, False), (23, 0, False), (25, 0, False)]


def test_a_wrong_ring_passes_the_turn_to_the_ringers_left_hand_neighbour() -> None:
    state, _ = game("start Ann Ben Cid Dee\nf0 B\nf1 P\nf2 S\nf3 L\nf0 BP")
    assert state.turn == 1
    state, out = game("r3", state)  # Dee rings: no trigger
    assert out.right is False and out.to_bell == 1
    assert state.turn == 0  # Dee's left-hand neighbour, not Ben whose turn it was
    assert table(state) == [(16, 2, False), (17, 1, False), (17, 1, False), (17, 0, False)]
    assert len(state.bell) == 1


def test_a_flip_in_between_does_not_clear_a_wrong_ring() -> None:
    state, _ = game("start Ann Ben Cid Dee\nf0 B\nf1 P\nf2 S\nf3 L\nf0 BP\nr3\nf0 PP\nf1 BL")
    state, out = game("r3", state)  # Dee's second ring, wrong again: out with all her cards
    assert [(w.player, w.reason) for w in out.went_out] == [(3, OutReason.TWO_WRONG_RINGS)]
    assert table(state) == [(15, 3, False), (16, 2, False), (17, 1, False), (0, 0, True)]
    assert len(state.bell) == 18 and state.turn == 0  # 15+3+16+2+17+1+18 = 72
    assert not state.final_round and not state.over  # three are left of four


def test_a_right_ring_in_between_clears_a_wrong_ring() -> None:
    # Ann's first ring is wrong with an empty pile: nothing goes under the bell
    state, out = game("start Ann Ben Cid\nr0")
    assert out.right is False and out.to_bell == 0 and state.turn == 1
    state, out = game("f1 B\nf2 B\nr0", state)
    assert out.right and out.won == 2 and state.turn == 0
    state, out = game("f0 S\nr0", state)  # wrong again, but her previous ring was right
    assert out.right is False and not out.went_out
    assert table(state) == [(25, 0, False), (23, 0, False), (23, 0, False)]
    assert len(state.bell) == 1  # 25 + 23 + 23 + 1 = 72


def test_another_players_ring_in_between_does_not_clear_it_and_the_final_round_follows() -> None:
    state, _ = game("start Ann Ben Cid\nr0\nf1 B\nf2 B\nr1\nf1 S")
    state, out = game("r0", state)
    assert [(w.player, w.reason) for w in out.went_out] == [(0, OutReason.TWO_WRONG_RINGS)]
    assert table(state) == [(0, 0, True), (24, 1, False), (23, 0, False)]
    assert len(state.bell) == 24 and state.turn == 1  # 24 + 1 + 23 + 24 = 72
    # two are left of three: they finish the round, the game ends at the *next* ring,
    # also one that comes right after this one (Ben's S alone: Cid would ring wrong, Ben
    # would take his S and the 24 under the bell and hold the most cards, 49 to 23)
    assert state.final_round and out.final_round and not state.over
    ended = apply(state, Ring(2))
    assert ended.state.over and ended.state.winner == 1 and ended.outcome.won == 25
    state, _ = game("f1 P\nf2 BL\nf1 S\nf2 S", state)
    assert not state.over  # flips go on in the final round
    state, out = game("r2", state)  # Ben's S and Cid's S: right; Cid takes 3 + 2 + 24
    assert out.won == 29 and state.over and state.winner == 2
    assert table(state) == [(0, 0, True), (22, 0, False), (50, 0, False)]


def test_a_wrong_ring_in_the_final_round_gives_the_other_the_cards_then_the_most_cards_win(
) -> None:
    state, out = game("start Ann Ben Cid 1,2,10\nf0 B\nf1 P\nf2 S")
    assert state.final_round and state.players[0].out and state.turn == 1
    state, out = game("f1 L\nr2", state)  # no trigger: Cid rang wrong
    assert state.over and out.taker == 1 and out.won == 4
    # applied as if Ben had rung right: he takes every pile (Ann's too)
    assert table(state) == [(0, 0, True), (4, 0, False), (9, 0, False)]
    # "the player holding the most cards wins, whoever rang": Cid, 9 to 4
    assert state.winner == 2 and out.winner == 2


def test_the_final_round_ends_in_a_draw_when_both_hold_as_many_cards() -> None:
    state, _ = game("start Ann Ben Cid 1,4,7\nf0 B\nf1 B\nf2 P")
    assert state.final_round
    state, out = game("r1", state)
    assert table(state) == [(0, 0, True), (6, 0, False), (6, 0, False)]
    assert state.over and state.winner is None and out.winner is None


def test_the_final_round_counts_a_players_own_face_up_pile() -> None:
    # the exception leaves Cid's pile on the table: it counts for him
    state, _ = game("start Ann Ben Cid 1,4,6\nf0 S\nf1 B\nr1\nf2 P\nf1 P")
    assert state.final_round
    state, out = game("r1", state)
    assert out.own_pile_only and out.won == 2  # Ben's P and his B from under the bell
    # Ben 2 + 2 = 4; Cid 5 + 1 on his pile = 6; Ann's S stays on her pile
    assert table(state) == [(0, 1, True), (4, 0, False), (5, 1, False)]
    assert state.winner == 2


def test_two_players_play_until_one_is_left() -> None:
    state, _ = game("start Ann Ben\nf0 B\nf1 B\nr0")
    assert not state.over and not state.final_round
    state, out = game("f0 S\nr1\nf0 P\nr1", state)  # Ben: two wrong rings in a row
    assert state.over and state.winner == 0 and out.went_out[0].player == 1
    assert table(state) == [(35, 2, False), (0, 0, True)]
    assert len(state.bell) == 35  # Ben's whole stack; 35 + 2 + 35 = 72


def test_play_to_the_end_goes_on_with_two_players_left() -> None:
    state, _ = game("start Ann Ben Cid 1,4,7 play_to_the_end\nf0 B\nf1 B\nf2 P")
    assert state.players[0].out and not state.final_round
    state, _ = game("r1", state)
    assert not state.over and table(state) == [(0, 0, True), (6, 0, False), (6, 0, False)]
    state, out = game("f1 S\nr2\nf1 L\nr2", state)  # Cid: two wrong rings in a row
    assert out.went_out[0].player == 2
    assert state.over and state.winner == 1
    assert table(state) == [(0, 0, True), (4, 2, False), (0, 0, True)]
    assert len(state.bell) == 6  # 4 + 2 + 6 = 12 = 1 + 4 + 7


def test_the_last_player_left_wins_when_a_turn_comes_to_an_empty_stack() -> None:
    state, out = game("start Ann Ben 1,2\nf0 B\nf1 P")
    assert state.over and state.winner == 1
    assert out.went_out[0].reason is OutReason.EMPTY_STACK


def _over() -> GameState:
    return game("start Ann Ben 1,2\nf0 B\nf1 P")[0]


@pytest.mark.parametrize(
    "event",
    [Flip(1, parse_card("B")), Flip(0), Ring(1), Ring(0), Ring(5), Start(("Ann", "Ben"))],
)
def test_everything_after_the_game_is_over_is_rejected(event: Flip | Ring | Start) -> None:
    state = _over()
    with pytest.raises(IllegalEventError, match="the game is over"):
        apply(state, event)
    assert state == _over()


@pytest.mark.parametrize(
    ("event", "why"),
    [
        (Flip(2, parse_card("B")), "it is Ben's turn"),
        (Flip(3, parse_card("B")), "unknown player 3"),
        (Flip(-1, parse_card("B")), "unknown player -1"),
        (Ring(1, presses=(Press(1, 5), Press(4, 9))), "a press by unknown player 4"),
        (Start(("Ann", "Ben")), "already started"),
    ],
)
def test_a_rejected_event_leaves_the_state_as_it_was(event: Flip | Ring | Start, why: str) -> None:
    text = "start Ann Ben Cid\nf0 B\nr0"
    state, _ = game(text)
    with pytest.raises(IllegalEventError, match=why):
        apply(state, event)
    assert state == game(text)[0]
    # and the game goes on from the unchanged state
    state, _ = game("f1 B", state)
    assert state.turn == 2


def test_the_elephant_alone_option_covers_the_monkey_in_a_game() -> None:
    _, out = game("start Ann Ben elephant_alone_rings\nf0 monkey\nr1")
    assert out.right
    _, out = game("start Ann Ben\nf0 monkey\nr1")
    assert out.right is False


def test_a_player_with_an_empty_stack_is_out_before_anyone_rings_on_the_card_before() -> None:
    # Ben turned his last card; Ann turns a pig, the turn passes to Ben at once: he is out
    state, out = game("start Ann Ben Cid Dee 3,1,3,3\nf0 B\nf1 P\nf2 S\nf3 L\nf0 pig")
    assert [(w.player, w.reason) for w in out.went_out] == [(1, OutReason.EMPTY_STACK)]
    assert state.turn == 2
    with pytest.raises(IllegalEventError, match="Ben cannot ring: Ben is out"):
        apply(state, Ring(1))
