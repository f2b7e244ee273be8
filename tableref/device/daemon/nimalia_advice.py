"""The placement adviser on the page: a player tells the cards in hand, the box answers
where to place them on their reserve as it was at the start of the round, for this
round's objectives (tableref.games.nimalia.advise, in the vision thread: up to 2 s).

The deck is sent to the page in a compact form so that a card can be picked by the
animals it shows (the cards carry no numbers): one token per space, TL TR BL BR, as
the review tests draw reserves: `li gi cr fl pb pe pa go` for an animal on its own
terrain, `o` + terrain initial (`s`, `r`, `i`) + river for an otter (`os/`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tableref.games.nimalia.advise import Advice
from tableref.games.nimalia.cards import CARD_COUNT, all_cards
from tableref.games.nimalia.model import Animal, Reserve, Space, Terrain

CARDS_IN_HAND = 3
_TOKEN = {Animal.LION: "li", Animal.GIRAFFE: "gi", Animal.CROCODILE: "cr",
          Animal.FLAMINGO: "fl", Animal.POLAR_BEAR: "pb", Animal.PENGUIN: "pe",
          Animal.PANDA: "pa", Animal.GORILLA: "go"}
_OTTER_ON = {Terrain.SAVANNA: "s", Terrain.RAIN_FOREST: "r", Terrain.ICE_FLOE: "i"}


class HandError(ValueError):
    """A hand the adviser cannot take; the message names the problem."""


def token(space: Space) -> str:
    if space.animal is Animal.OTTER:
        assert space.river is not None
        return "o" + _OTTER_ON[space.terrain] + space.river.value
    return _TOKEN[space.animal]


def deck() -> list[str]:
    """The 60 cards, id order: "TL TR BL BR" tokens of the unturned card."""
    return [" ".join(token(s) for row in c.face for s in row) for c in all_cards()]


def check_hand(cards: object) -> tuple[int, ...]:
    """1 to 3 different card ids (1..60), or HandError naming the problem."""
    if not isinstance(cards, list) or not 1 <= len(cards) <= CARDS_IN_HAND:
        raise HandError(f"the hand is 1 to {CARDS_IN_HAND} card ids, not {str(cards)[:40]}")
    for c in cards:
        if isinstance(c, bool) or not isinstance(c, int) or not 1 <= c <= CARD_COUNT:
            raise HandError(f"card {str(c)[:12]}: card ids are 1..{CARD_COUNT}")
    if len(set(cards)) != len(cards):
        raise HandError("a card is in the hand twice: every card is one of a kind")
    return tuple(cards)


@dataclass
class Asked:
    """A player's request and, once the adviser is done, its answer."""

    seat: int
    cards: tuple[int, ...]
    round: int
    state: str = "thinking"  # "thinking", "done" or "failed"
    advice: list[dict[str, Any]] = field(default_factory=list)
    error: str = ""

    def as_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "cards": list(self.cards), "round": self.round,
                "state": self.state, "advice": self.advice, "error": self.error}


def advice_json(reserve: Reserve, advice: Sequence[Advice]) -> list[dict[str, Any]]:
    """Each advice as the page draws it: the next card's place, the round's points once
    the hand is down, each objective's points and gain, the whole plan, and the reserve
    then, cell by cell (`n`: which card of the plan shows there, 0 for an old space),
    rows and cols counted from the reserve's top-left as it will be."""
    out = []
    for a in advice:
        spaces: dict[tuple[int, int], tuple[Space, int]] = {
            pos: (s, 0) for pos, s in reserve.items()}
        for n, p in enumerate(a.plan, 1):
            for pos, s in p.spaces().items():
                spaces[pos] = (s, n)
        r0 = min(r for r, _ in spaces)
        c0 = min(c for _, c in spaces)
        before = dict(a.now.by_objective)
        out.append({
            "card": a.placement.card_id, "row": a.placement.row, "col": a.placement.col,
            "turn": a.placement.rotation, "points": a.value.points, "later": a.later,
            "objectives": [{"id": i, "points": p, "gain": p - before.get(i, 0)}
                           for i, p in a.value.by_objective],
            "plan": [{"card": p.card_id, "row": p.row - r0, "col": p.col - c0,
                      "turn": p.rotation} for p in a.plan],
            "cells": [{"row": r - r0, "col": c - c0, "space": token(s), "n": n}
                      for (r, c), (s, n) in sorted(spaces.items())],
        })
    return out
