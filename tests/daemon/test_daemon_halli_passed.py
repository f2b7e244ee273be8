"""The turn lost and found again: the table went on past the seat the referee waits for
(halli_passed). Before, every card laid after such a drift was refused as out of turn for
the rest of the game (a held-out-bench tuning game lost 12 flips and its end this way)."""

from __future__ import annotations

from test_daemon_halli_session import MS, Table

from tableref.device.daemon.halli_passed import OutOfTurn, Step, passed_over
from tableref.games.halli import Flip, GameState, Ring, Start, apply


def _state(cards: list[int], flips: tuple[int, ...] = ()) -> GameState:
    state = apply(None, Start(tuple(f"P{i}" for i in range(len(cards))),
                              cards=tuple(cards))).state
    for seat in flips:
        state = apply(state, Flip(seat, None)).state
    return state


def _cards(*seats: int) -> list[OutOfTurn]:
    return [OutOfTurn(seat, "BB", (i + 1) * MS) for i, seat in enumerate(seats)]


def _bare(seat: int) -> bool:
    return True


def test_a_whole_round_without_the_turn_seat_passes_it_over_once_before_each_card() -> None:
    state = _state([8, 8, 8])
    assert passed_over(state, _cards(1, 2), _bare) == [
        Step(0, MS), Step(1, MS, _cards(1, 2)[0]), Step(2, 2 * MS, _cards(1, 2)[1])]
    # two players: the other seat's two cards, the passed seat before each
    steps = passed_over(_state([8, 8]), _cards(1, 1), _bare)
    assert steps is not None and [s.seat for s in steps] == [0, 1, 0, 1]


def test_less_than_a_round_out_of_the_order_or_anything_new_on_the_pile_says_nothing() -> None:
    state = _state([8, 8, 8])
    assert passed_over(state, _cards(1), _bare) is None  # one card: a slip, not a round
    assert passed_over(state, _cards(2, 1), _bare) is None  # seat 1 would be passed too
    assert passed_over(state, _cards(1, 1), _bare) is None
    assert passed_over(state, _cards(1, 2), lambda seat: seat != 0) is None
    four = _state([6, 6, 6, 6])
    assert passed_over(four, _cards(1, 2), _bare) is None  # a round of four: three cards
    steps = passed_over(four, _cards(1, 2, 3), _bare)
    assert steps is not None and [s.seat for s in steps] == [0, 1, 2, 3]


def test_a_passed_seat_whose_stack_runs_out_goes_out_and_the_round_goes_on() -> None:
    state = _state([2, 8, 8], flips=(0, 1, 2))  # seat 0 has one card left for the engine
    steps = passed_over(state, _cards(1, 2, 1, 2), _bare)
    assert steps is not None and [s.seat for s in steps] == [0, 1, 2, 1, 2]
    after = state
    for step in steps:
        after = apply(after, Flip(step.seat, None, inferred=step.held is None)).state
    assert after.players[0].out and after.turn == 1


def _ann_out_in_truth() -> Table:
    """Ann (seat 0) turned her last card where the camera did not see it; a right ring by
    Ben took the piles: the engine still gives Ann one card, and her turn."""
    t = Table(cards=[2, 8, 8])
    t.seen(100 * MS, ("BB", None, None))
    t.seen(200 * MS, ("BB", "L", None))
    t.seen(300 * MS, ("BB", "L", "P"))
    t.seen(400 * MS, (None, None, None))  # the pile gathered by hand (no ring: not the point)
    return t


def test_the_table_going_on_without_a_seat_is_followed_and_the_seat_goes_out() -> None:
    t = _ann_out_in_truth()
    s = t.session
    assert s.view()["turn"] == 0
    t.seen(500 * MS, (None, "S", "P"))  # Ben: refused, it is Ann's turn
    assert [r["event"] for r in t.records].count("flip") == 3
    assert "not their turn" in s.view()["message"]
    t.seen(600 * MS, (None, "S", "LL"))  # Cid: a whole round without Ann
    flips = [r for r in t.records if r["event"] == "flip"][3:]
    assert flips == [
        {"event": "flip", "player": 0, "t_ns": 500 * MS, "inferred": True},
        {"event": "flip", "player": 1, "card": "S", "t_ns": 500 * MS},
        {"event": "flip", "player": 2, "card": "LL", "t_ns": 600 * MS},
    ]
    assert s.view()["message"] == (
        "The game went on without P0: counted as 1 card(s) turned unseen.")
    t.seen(700 * MS, (None, "BBB", "LL"))  # Ann is out now: Ben's card counts at once
    view = s.view()
    assert view["piles"][0]["out"] and view["turn"] == 2
    assert t.records[-1] == {"event": "flip", "player": 1, "card": "BBB", "t_ns": 700 * MS}
    assert t.replayed().view()["piles"] == view["piles"]  # the journal says it all


def test_a_card_laid_on_the_waited_seat_meanwhile_is_counted_as_its_turn() -> None:
    """Ann was slow, not gone: Ben turned too early, and Ann's card then counts as hers
    (nothing is passed over; Ben's early card stays refused, as before)."""
    t = _ann_out_in_truth()
    t.seen(500 * MS, (None, "S", "P"))
    t.seen(600 * MS, ("PP", "S", "P"))
    flips = [r for r in t.records if r["event"] == "flip"][3:]
    assert flips == [{"event": "flip", "player": 0, "card": "PP", "t_ns": 600 * MS}]
    assert not any(r.get("inferred") for r in t.records)


def test_no_seat_is_passed_over_while_a_ring_waits_for_its_verdict() -> None:
    """After a ring that could not be judged, who turns next is that ring's question (the
    left-hand neighbour after a wrong ring): the ringer is not passed over."""
    state = _state([8, 8, 8], flips=(0, 1))
    state = apply(state, Ring(2, judged=False)).state
    assert state.turn == 2 and state.unjudged == 2
    assert passed_over(state, _cards(0, 1), _bare) is None


def test_passing_a_seat_over_never_ends_the_game() -> None:
    """Two players: Ann, three cards, turned one; the piles are gathered, and Ben lays two
    cards while Ann's pile stays bare. Passing Ann over twice would empty her stack and end
    the game, Ben the winner, on cards no one saw turned (a review found it): nothing is
    passed over, the game goes on."""
    t = Table(players=2, cards=[3, 8])
    t.seen(100 * MS, ("BB", None))
    t.seen(200 * MS, ("BB", "L"))
    t.seen(300 * MS, (None, None))  # gathered by hand
    t.seen(400 * MS, (None, "S"))  # Ben: refused, Ann's turn
    t.seen(500 * MS, (None, "PP"))  # Ben again
    state = t.session.state
    assert state is not None and not state.over and state.players[0].stack_size == 2
    assert not any(r.get("inferred") for r in t.records)
    steps = passed_over(_state([3, 8], flips=(0, 1)), _cards(1, 1), _bare)
    assert steps is None
