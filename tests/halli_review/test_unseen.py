"""Flips whose card was not seen (the camera could not read it) and what the engine may
still claim to know about a stack."""

from __future__ import annotations

from tableref.games.halli import CardBag, parse_card

from .play import game, table


def test_an_unseen_flip_from_a_partly_known_batch_may_have_been_a_known_card() -> None:
    # Ben wins Ann's B and his own unseen card: his stack is {B, ?} in unknown order
    state, _ = game("start Ann Ben 5,1\nf0 B\nf1 ?\nr1 right")
    assert state.players[1].stack == (CardBag((parse_card("B"),), 1),)
    # he turns one of them unseen: it may have been the B, so the last card may be anything
    state, _ = game("f1 ?\nf0 S", state)
    assert len(state.players[1].stack[0].known) == 0
    state, _ = game("f1 P", state)  # the first unseen card was a P: a legal flip
    assert table(state) == [(3, 1, False), (0, 2, False)]


def test_a_seen_flip_from_a_partly_known_batch_keeps_what_is_sure() -> None:
    state, _ = game("start Ann Ben 5,1\nf0 B\nf1 ?\nr1 right\nf1 L")
    # the L was the unknown card: the B is left
    assert state.players[1].stack == (CardBag((parse_card("B"),), 0),)
