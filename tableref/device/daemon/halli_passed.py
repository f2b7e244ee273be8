"""The turn lost and found again: the table went on past the seat the referee waits for.

The referee's count of the cards can drift from the table's: a ring it could not judge that
the players never settled, flips the camera did not see. The engine can then wait for a
seat the table has passed: that player is out in truth (their stack ran out uncounted), or
turns cards the camera cannot see. Every other player's card is then refused as out of
turn, and the game would stall for good.

The table is believed once it shows a whole round without that seat: as many refused cards
as there are other seats still in (at least two), laid in the order the engine gives when
that one seat is passed over each time its turn comes, and that seat's pile quiet all along
(bare, or showing the card it showed: nothing new the camera could count). Each time it is
passed over counts as that seat turning a card the camera did not see (an inferred flip):
the only event in the game's vocabulary that moves the turn on, and a player whose stack
runs out so goes out as the rules say. Anything else (another seat passed over, the seats
out of order, something new on the passed seat's pile) says nothing, and the cards stay
refused. So does a round whose passes would end the game (a slow player in a game of
two is not out on two cards of the other's: the game stays, the cards refused), and a
ring that waits for its verdict: after it the seat that turns next says
whether it was right (halli_aftermath), so a seat is never passed over then (a tuning game's
wrong ring, unsure, had its ringer passed over and its stack drained by cards never turned).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tableref.games.halli import Flip, GameState, IllegalEventError, apply


@dataclass(frozen=True)
class OutOfTurn:
    """A card the camera saw laid on `seat` at `t_ns` that the engine refused as out of turn."""

    seat: int
    code: str
    t_ns: int


@dataclass(frozen=True)
class Step:
    """One event of the round found again: the passed seat turned a card unseen (`held`
    None), or a refused card counted at last."""

    seat: int
    t_ns: int
    held: OutOfTurn | None = None


def passed_over(state: GameState, refused: Sequence[OutOfTurn],
                quiet: Callable[[int], bool]) -> list[Step] | None:
    """The events that make the `refused` cards count, when they are a whole round the
    table played without the engine's turn seat (quiet: nothing new laid on its pile);
    None when they are not."""
    if state.over or not refused or state.unjudged is not None:
        return None  # a ring waits for its verdict: who turns next is that ring's question
    passed = state.turn
    still_in = sum(not p.out for p in state.players)
    if len(refused) < max(2, still_in - 1) or not quiet(passed):
        return None
    steps: list[Step] = []
    now: GameState | None = state
    for card in refused:
        if now is not None and now.turn != card.seat:  # the passed seat, once, before it
            if now.turn != passed:
                return None  # another seat would be passed over: not this story
            now = _applied(now, Flip(passed, None, t_ns=card.t_ns, inferred=True))
            steps.append(Step(passed, card.t_ns))
        if now is None or now.over or now.turn != card.seat:
            return None
        now = _applied(now, Flip(card.seat, None, t_ns=card.t_ns))
        steps.append(Step(card.seat, card.t_ns, card))
    if now is None or now.over or not any(s.held is None for s in steps):
        return None  # never a game ended on cards no one saw turned
    return steps


def _applied(state: GameState, flip: Flip) -> GameState | None:
    try:
        return apply(state, flip).state
    except IllegalEventError:
        return None
