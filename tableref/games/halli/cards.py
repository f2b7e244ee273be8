"""Cards and their notation.

A fruit card is written as its fruits, one letter per fruit shown, in the order
B (banana), P (plum), S (strawberry), L (lime): `BBL` is two bananas and a lime. Animal
cards are `elephant`, `monkey` and `pig`. Parsing accepts any letter order and any case;
`str(card)` and `card.code` give the canonical form.

The list of the 64 fruit cards is not published, so any non-empty combination of fruits
is a valid fruit card (the Extreme deck shows 1 to 3 kinds, other decks up to 4).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from tableref.games.halli.errors import CardError


class Fruit(Enum):
    BANANA = "B"
    PLUM = "P"
    STRAWBERRY = "S"
    LIME = "L"

    @property
    def word(self) -> str:
        return self.name.lower()

    @property
    def plural(self) -> str:
        return "strawberries" if self is Fruit.STRAWBERRY else self.word + "s"


class Animal(Enum):
    ELEPHANT = "elephant"
    MONKEY = "monkey"
    PIG = "pig"


FRUIT_ORDER: tuple[Fruit, ...] = (Fruit.BANANA, Fruit.PLUM, Fruit.STRAWBERRY, Fruit.LIME)
_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


@dataclass(frozen=True, slots=True)
class FruitCard:
    """A fruit card, known by how many of each fruit it shows."""

    banana: int = 0
    plum: int = 0
    strawberry: int = 0
    lime: int = 0

    def __post_init__(self) -> None:
        counts = (self.banana, self.plum, self.strawberry, self.lime)
        if any(not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in counts):
            raise CardError(f"fruit counts must be whole numbers of at least 0, not {counts}")
        if sum(counts) == 0:
            raise CardError("a fruit card shows at least one fruit")

    def count(self, fruit: Fruit) -> int:
        count: int = getattr(self, fruit.name.lower())
        return count

    def fruits(self) -> dict[str, int]:
        """The counts by fruit name, as in the spec's JSON: {"banana": 2, ...}."""
        return {f.word: self.count(f) for f in FRUIT_ORDER}

    @property
    def code(self) -> str:
        return "B" * self.banana + "P" * self.plum + "S" * self.strawberry + "L" * self.lime

    @property
    def words(self) -> str:
        """English words for the voice: "two bananas and a lime"."""
        parts = []
        for f in FRUIT_ORDER:
            n = self.count(f)
            if n == 1:
                parts.append(f"a {f.word}")
            elif n > 1:
                number = _NUMBER_WORDS[n] if n < len(_NUMBER_WORDS) else str(n)
                parts.append(f"{number} {f.plural}")
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"parse_card({self.code!r})"


@dataclass(frozen=True, slots=True)
class AnimalCard:
    animal: Animal

    @property
    def code(self) -> str:
        return self.animal.value

    @property
    def words(self) -> str:
        return f"an {self.code}" if self.code[0] in "aeiou" else f"a {self.code}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"parse_card({self.code!r})"


Card = FruitCard | AnimalCard

ELEPHANT = AnimalCard(Animal.ELEPHANT)
MONKEY = AnimalCard(Animal.MONKEY)
PIG = AnimalCard(Animal.PIG)
DECK_SIZE = 72
ANIMALS_IN_DECK: dict[Animal, int] = {Animal.ELEPHANT: 3, Animal.MONKEY: 3, Animal.PIG: 2}

_LETTERS = {f.value: f for f in FRUIT_ORDER}


def parse_card(text: str) -> Card:
    """Read one card in the notation; any letter order and case; raises CardError."""
    if not isinstance(text, str):
        raise CardError(f"a card is written as text, not {type(text).__name__} {text!r}")
    token = text.strip()
    lowered = token.lower()
    for animal in Animal:
        if lowered == animal.value:
            return AnimalCard(animal)
    if not token:
        raise CardError("empty card: write fruits as letters B, P, S, L or an animal name")
    counts = dict.fromkeys(FRUIT_ORDER, 0)
    for char in token.upper():
        fruit = _LETTERS.get(char)
        if fruit is None:
            raise CardError(
                f"{text!r} is not a card: {char!r} is not a fruit letter "
                "(B banana, P plum, S strawberry, L lime), and the animals are "
                "elephant, monkey and pig"
            )
        counts[fruit] += 1
    return FruitCard(
        counts[Fruit.BANANA], counts[Fruit.PLUM], counts[Fruit.STRAWBERRY], counts[Fruit.LIME]
    )


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    return tuple(parse_card(t) for t in texts)


def sort_key(card: Card) -> tuple[int, str]:
    """A total order on cards: fruit cards by code, then the animals."""
    if isinstance(card, FruitCard):
        return (0, card.code)
    return (1, card.code)
