"""May the bell be rung for these visible cards, and why.

Triggers: two identical fruit cards; an elephant and no strawberry; a monkey and no lime
(each with at least one fruit card visible); a pig. Vetoes: an elephant with a
strawberry; a monkey with a lime. Ringing is right when a trigger holds and no veto does.
Option `elephant_alone_rings`: an elephant or monkey with no fruit card is a trigger.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from tableref.games.halli.cards import Animal, AnimalCard, Card, FruitCard


class Trigger(Enum):
    IDENTICAL = "identical"
    ELEPHANT = "elephant"
    MONKEY = "monkey"
    PIG = "pig"
    ELEPHANT_ALONE = "elephant_alone"
    MONKEY_ALONE = "monkey_alone"


class Veto(Enum):
    ELEPHANT_STRAWBERRY = "elephant_strawberry"
    MONKEY_LIME = "monkey_lime"


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judgement: `ring` is True when ringing is right; `reasons` say why in words."""

    ring: bool
    triggers: tuple[Trigger, ...]
    vetoes: tuple[Veto, ...]
    reasons: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """The spec's form: {"ring": true, "reasons": [...]}."""
        return {"ring": self.ring, "reasons": list(self.reasons)}


def _codes(cards: Iterable[FruitCard]) -> str:
    return ", ".join(sorted({c.code for c in cards}))


def verdict(cards: Iterable[Card], *, elephant_alone_rings: bool = False) -> Verdict:
    """Judge the visible cards (the top card of every face-up pile)."""
    fruits: list[FruitCard] = []
    animals: set[Animal] = set()
    with_strawberry: list[FruitCard] = []
    with_lime: list[FruitCard] = []
    seen: set[FruitCard] = set()
    pairs: set[FruitCard] = set()
    for card in cards:
        if isinstance(card, AnimalCard):
            animals.add(card.animal)
            continue
        fruits.append(card)
        if card.strawberry:
            with_strawberry.append(card)
        if card.lime:
            with_lime.append(card)
        if card in seen:
            pairs.add(card)
        else:
            seen.add(card)

    triggers: list[tuple[Trigger, str]] = [
        (Trigger.IDENTICAL, f"two identical fruit cards ({code})")
        for code in sorted(card.code for card in pairs)
    ]
    if Animal.ELEPHANT in animals and fruits and not with_strawberry:
        triggers.append((Trigger.ELEPHANT, "an elephant and no strawberry"))
    if Animal.MONKEY in animals and fruits and not with_lime:
        triggers.append((Trigger.MONKEY, "a monkey and no lime"))
    if Animal.PIG in animals:
        triggers.append((Trigger.PIG, "a pig"))
    if elephant_alone_rings and not fruits:
        if Animal.ELEPHANT in animals:
            triggers.append((Trigger.ELEPHANT_ALONE, "an elephant and no fruit card"))
        if Animal.MONKEY in animals:
            triggers.append((Trigger.MONKEY_ALONE, "a monkey and no fruit card"))

    vetoes: list[tuple[Veto, str]] = []
    if Animal.ELEPHANT in animals and with_strawberry:
        text = f"veto: an elephant and a strawberry ({_codes(with_strawberry)})"
        vetoes.append((Veto.ELEPHANT_STRAWBERRY, text))
    if Animal.MONKEY in animals and with_lime:
        vetoes.append((Veto.MONKEY_LIME, f"veto: a monkey and a lime ({_codes(with_lime)})"))

    ring = bool(triggers) and not vetoes
    if ring:
        reasons = [text for _, text in triggers]
    elif vetoes:
        reasons = [text for _, text in vetoes] + [text for _, text in triggers]
    else:
        reasons = ["no trigger"]
    return Verdict(
        ring=ring,
        triggers=tuple(t for t, _ in triggers),
        vetoes=tuple(v for v, _ in vetoes),
        reasons=tuple(reasons),
    )
