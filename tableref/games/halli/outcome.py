"""What an event did: the engine's answer to `apply`, with words for the voice."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from tableref.games.halli.cards import Card
from tableref.games.halli.events import Event, event_to_json
from tableref.games.halli.verdict import Verdict


class OutReason(Enum):
    EMPTY_STACK = "empty_stack"  # their turn came with no face-down cards
    TWO_WRONG_RINGS = "two_wrong_rings"  # a wrong ring right after their own wrong ring


@dataclass(frozen=True, slots=True)
class WentOut:
    player: int
    reason: OutReason


@dataclass(frozen=True, slots=True)
class Outcome:
    """What happened. `description` is one or more English sentences for voice and log."""

    event: Event
    player: int | None = None  # who flipped or rang
    card: Card | None = None  # the flipped card, when known
    right: bool | None = None  # a ring: was it right?
    verdict: Verdict | None = None  # a ring judged from the visible cards
    taker: int | None = None  # who took cards (the ringer, or the other player in the final round)
    won: int = 0  # how many cards the taker took
    own_pile_only: bool = False  # the taker's own cards were under the bell: other piles stayed
    to_bell: int = 0  # cards put under the bell
    went_out: tuple[WentOut, ...] = ()
    final_round: bool = False  # this event left only two players: the next ring ends the game
    over: bool = False  # this event ended the game
    winner: int | None = None
    description: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "event": event_to_json(self.event),
            "player": self.player,
            "card": None if self.card is None else self.card.code,
            "right": self.right,
            "verdict": None if self.verdict is None else self.verdict.to_json(),
            "taker": self.taker,
            "won": self.won,
            "own_pile_only": self.own_pile_only,
            "to_bell": self.to_bell,
            "went_out": [{"player": w.player, "reason": w.reason.value} for w in self.went_out],
            "final_round": self.final_round,
            "over": self.over,
            "winner": self.winner,
            "description": self.description,
        }
