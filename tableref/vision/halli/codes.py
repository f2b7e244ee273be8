"""Card codes in the spec's canonical notation: fruits as letters B, P, S, L; animal names."""

from __future__ import annotations

FRUITS = ("banana", "plum", "strawberry", "lime")
LETTERS = {"B": "banana", "P": "plum", "S": "strawberry", "L": "lime"}
ANIMALS = ("elephant", "monkey", "pig")


def fruit_code(counts: dict[str, int]) -> str:
    """The canonical code of a fruit card: {"banana": 2, "lime": 1} -> "BBL"."""
    return "".join(letter * counts.get(fruit, 0) for letter, fruit in LETTERS.items())


def parse_code(text: str) -> str | dict[str, int]:
    """An animal name, or fruit counts from letters in any order and case.

    Raises ValueError naming the problem.
    """
    word = text.strip().lower()
    if word in ANIMALS:
        return word
    if not word:
        raise ValueError("empty card code")
    counts = dict.fromkeys(FRUITS, 0)
    for ch in word.upper():
        if ch not in LETTERS:
            raise ValueError(f"bad card code {text!r}: {ch!r} is not one of B, P, S, L")
        counts[LETTERS[ch]] += 1
    return counts


def canonical(text: str) -> str:
    """The canonical form of a card code: "lbb" -> "BBL", "Pig" -> "pig"."""
    parsed = parse_code(text)
    return parsed if isinstance(parsed, str) else fruit_code(parsed)
