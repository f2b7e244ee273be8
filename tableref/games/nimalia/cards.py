"""The 60 animal cards: their facts (package data `cards.json`) and their rotation.

A card's spaces are `((TL, TR), (BL, BR))` as printed, row 0 on top. Turning a card
clockwise by 90 degrees moves them to `((BL, TL), (BR, TR))`; every river turns with
its space, so 90 and 270 degrees turn `/` into `\\` and back while 180 keeps them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from tableref.games.nimalia.errors import CardError
from tableref.games.nimalia.model import Animal, Pos, River, Space, Terrain

CARD_COUNT = 60
ROTATIONS = (0, 90, 180, 270)  # degrees clockwise

Face = tuple[tuple[Space, Space], tuple[Space, Space]]


def quarter_turns(rotation: int) -> int:
    """Clockwise quarter turns of a rotation in degrees; CardError unless 0/90/180/270."""
    if rotation not in ROTATIONS:
        raise CardError(f"rotation {rotation!r}: a card turns by 0, 90, 180 or 270 degrees")
    return rotation // 90


def turn_face(face: Face, rotation: int) -> Face:
    """The face of a card turned clockwise by `rotation` degrees."""
    turns = quarter_turns(rotation)
    for _ in range(turns):
        (tl, tr), (bl, br) = face
        face = ((bl, tl), (br, tr))
    return tuple(  # type: ignore[return-value]
        tuple(space.rotated(turns) for space in row) for row in face
    )


@dataclass(frozen=True, slots=True)
class Card:
    """One animal card: its id (1..60, the digital edition's numbering) and face."""

    id: int
    face: Face

    def turned(self, rotation: int) -> Face:
        return turn_face(self.face, rotation)

    def spaces_at(self, row: int, col: int, rotation: int = 0) -> dict[Pos, Space]:
        """The four spaces this card shows when its top-left corner lies on (row, col)."""
        face = self.turned(rotation)
        return {(row + dr, col + dc): face[dr][dc] for dr in (0, 1) for dc in (0, 1)}

    def animals(self) -> list[Animal]:
        return [space.animal for row in self.face for space in row]


@cache
def all_cards() -> tuple[Card, ...]:
    """The 60 cards in id order, read once from the package data."""
    text = resources.files("tableref.games.nimalia").joinpath("cards.json").read_text("utf-8")
    return cards_from_data(json.loads(text))


def card(card_id: int) -> Card:
    """The card with this id; CardError for an id outside 1..60."""
    if isinstance(card_id, bool) or not isinstance(card_id, int) or not 1 <= card_id <= 60:
        raise CardError(f"card {card_id!r}: card ids are 1..{CARD_COUNT}")
    return all_cards()[card_id - 1]


def cards_from_data(document: Any) -> tuple[Card, ...]:
    """Check and build the cards from the decoded `cards.json`."""
    entries = document["cards"]
    cards = tuple(_card_from_entry(entry) for entry in entries)
    ids = [c.id for c in cards]
    if ids != list(range(1, CARD_COUNT + 1)):
        raise CardError(f"card data: ids must be 1..{CARD_COUNT} in order")
    return cards


def _card_from_entry(entry: Any) -> Card:
    card_id = entry["id"]
    rows = entry["spaces"]
    if len(rows) != 2 or any(len(row) != 2 for row in rows):
        raise CardError(f"card {card_id}: a card has 2x2 spaces")
    spaces: list[list[Space]] = []
    for r, row in enumerate(rows):
        spaces.append([])
        for c, raw in enumerate(row):
            river = raw.get("river")
            space = Space(
                Terrain(raw["terrain"]), Animal(raw["animal"]), River(river) if river else None
            )
            problem = space.problem()
            if problem is not None:
                raise CardError(f"card {card_id}, space {r},{c}: {problem}")
            spaces[-1].append(space)
    face: Face = ((spaces[0][0], spaces[0][1]), (spaces[1][0], spaces[1][1]))
    return Card(card_id, face)
