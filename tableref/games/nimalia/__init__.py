"""Nimalia: the reserve, the cards, placement, the 22 objectives and a game's scoring."""

from tableref.games.nimalia.errors import (
    CardError,
    GameError,
    IllegalPlacementError,
    NimaliaError,
    ObjectiveError,
    ReserveError,
    ReserveFileError,
)
from tableref.games.nimalia.model import Animal, Pos, Reserve, River, Space, Terrain
from tableref.games.nimalia.reserve_json import (
    reserve_from_data,
    reserve_from_json,
    reserve_to_data,
    reserve_to_json,
)

__all__ = [
    "Animal",
    "CardError",
    "GameError",
    "IllegalPlacementError",
    "NimaliaError",
    "ObjectiveError",
    "Pos",
    "Reserve",
    "ReserveError",
    "ReserveFileError",
    "River",
    "Space",
    "Terrain",
    "reserve_from_data",
    "reserve_from_json",
    "reserve_to_data",
    "reserve_to_json",
]
