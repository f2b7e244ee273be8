"""What an objective is: an id, a colour, and a scoring of all players' reserves."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from tableref.games.nimalia.model import Reserve


class Colour(StrEnum):
    BLUE = "blue"
    GREEN = "green"
    YELLOW = "yellow"
    RED = "red"


# Within a round objectives are scored in this order.
SCORING_ORDER = (Colour.BLUE, Colour.GREEN, Colour.YELLOW, Colour.RED)

SoloScore = Callable[[Reserve], int]
TableScore = Callable[[Sequence[Reserve]], tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class Objective:
    """One objective card face. `score` maps every player's reserve to their points."""

    id: int
    colour: Colour
    leaves: int
    text: str
    score: TableScore
    ranked: bool = False

    def face_pair(self) -> tuple[int, int]:
        """The ids of the two faces of this objective's card: (1,2), (3,4) ... (21,22)."""
        first = self.id - (self.id + 1) % 2
        return (first, first + 1)


def each_alone(score: SoloScore) -> TableScore:
    """A table score from a score of one reserve by itself."""

    def table(reserves: Sequence[Reserve]) -> tuple[int, ...]:
        return tuple(score(reserve) for reserve in reserves)

    return table


def scoring_key(objective: Objective) -> tuple[int, int]:
    """Sort key: blue, green, yellow, red; by id within a colour."""
    return (SCORING_ORDER.index(objective.colour), objective.id)
