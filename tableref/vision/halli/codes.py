"""Card codes for vision, in the engine's notation (tableref.games.halli.cards).

Vision names fruits by word ("banana") and reads counts; the engine owns the notation:
parsing any order and case, the canonical form, and the errors that name the problem.
"""

from __future__ import annotations

from tableref.games.halli.cards import FRUIT_ORDER, Animal, AnimalCard, FruitCard, parse_card

FRUITS: tuple[str, ...] = tuple(f.word for f in FRUIT_ORDER)  # banana, plum, strawberry, lime
ANIMALS: tuple[str, ...] = tuple(a.value for a in Animal)


def fruit_code(counts: dict[str, int]) -> str:
    """The canonical code of a fruit card: {"banana": 2, "lime": 1} -> "BBL".

    Raises ValueError (the engine's CardError) for counts of no fruit at all.
    """
    unknown = set(counts) - set(FRUITS)
    if unknown:
        raise ValueError(f"not fruits: {sorted(unknown)}")
    return FruitCard(**counts).code


def parse_code(text: str) -> str | dict[str, int]:
    """An animal name, or fruit counts from letters in any order and case.

    Raises ValueError (the engine's CardError) naming the problem.
    """
    card = parse_card(text)
    return card.code if isinstance(card, AnimalCard) else card.fruits()


def canonical(text: str) -> str:
    """The canonical form of a card code: "lbb" -> "BBL", "Pig" -> "pig"."""
    return parse_card(text).code
