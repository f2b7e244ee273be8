"""The material of the game: turtles by colour, the die's faces, the counters, the set-up."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import Enum

from tableref.games.nelly.errors import EventError


class Colour(Enum):
    RED = "red"
    YELLOW = "yellow"
    ORANGE = "orange"


# the order of the spec's JSON, and the order in which fallen turtles find free plants
COLOURS = (Colour.RED, Colour.YELLOW, Colour.ORANGE)


class Face(Enum):
    ALL = "all"
    YELLOW = "yellow"
    ORANGE = "orange"
    RED = "red"
    HERON = "heron"
    PLANTS = "plants"

    @property
    def colour(self) -> Colour | None:
        """The colour this face shows (None for `all`, `heron` and `plants`)."""
        return Colour(self.value) if self.value in _COLOUR_NAMES else None

    @property
    def places(self) -> bool:
        """A colour face: a round of feeding and placing."""
        return self in COLOUR_FACES


_COLOUR_NAMES = frozenset(c.value for c in Colour)
FACES = tuple(Face)  # the six faces of the die, equally likely
COLOUR_FACES = frozenset({Face.ALL, Face.YELLOW, Face.ORANGE, Face.RED})


class PlantCounter(Enum):
    """What a water plant counter hides: turned over when a player feeds."""

    CRAB = "crab"
    ROTTEN = "rotten"


class Head(Enum):
    SURFACED = "surfaced"
    SUBMERGED = "submerged"

    def turned(self) -> Head:
        return Head.SUBMERGED if self is Head.SURFACED else Head.SURFACED


class Spot(Enum):
    """Where on Nelly a turtle is placed."""

    HEAD = "head"
    BACK = "back"


@dataclass(frozen=True, slots=True)
class Turtles:
    """A number of turtles of each colour (never negative)."""

    red: int = 0
    yellow: int = 0
    orange: int = 0

    def __post_init__(self) -> None:
        if min(self.red, self.yellow, self.orange) < 0:
            raise ValueError(f"a negative number of turtles: {self}")

    @staticmethod
    def of(counts: Mapping[Colour, int]) -> Turtles:
        return Turtles(*(counts.get(c, 0) for c in COLOURS))

    @staticmethod
    def one(colour: Colour) -> Turtles:
        return Turtles.of({colour: 1})

    def __getitem__(self, colour: Colour) -> int:
        return int(getattr(self, colour.value))

    def __iter__(self) -> Iterator[tuple[Colour, int]]:
        return iter((c, self[c]) for c in COLOURS)

    @property
    def total(self) -> int:
        return self.red + self.yellow + self.orange

    def __add__(self, other: Turtles) -> Turtles:
        return Turtles(self.red + other.red, self.yellow + other.yellow,
                       self.orange + other.orange)

    def __sub__(self, other: Turtles) -> Turtles:
        """Raises ValueError when `other` holds more of a colour than this."""
        return Turtles(self.red - other.red, self.yellow - other.yellow,
                       self.orange - other.orange)

    def covers(self, other: Turtles) -> bool:
        """At least as many of every colour as `other`."""
        return all(self[c] >= n for c, n in other)

    def colours(self) -> tuple[Colour, ...]:
        """The colours of which there is at least one."""
        return tuple(c for c, n in self if n > 0)

    def to_json(self, *, zeros: bool = True) -> dict[str, int]:
        return {c.value: n for c, n in self if zeros or n}

    @staticmethod
    def from_json(data: object, what: str) -> Turtles:
        """`{"red": 1, "orange": 2}` (colours left out are 0); EventError naming `what`."""
        if not isinstance(data, Mapping):
            raise EventError(f"{what} must be an object of colours and counts, not {data!r}")
        counts: dict[Colour, int] = {}
        for key, value in data.items():
            if key not in _COLOUR_NAMES:
                raise EventError(
                    f"{what}: unknown colour {key!r} (the colours are red, yellow, orange)"
                )
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise EventError(f"{what}: {key} must be a whole number from 0, not {value!r}")
            counts[Colour(key)] = value
        return Turtles.of(counts)

    def describe(self) -> str:
        """"2 red, 1 orange" ("no turtle" when empty)."""
        return ", ".join(f"{n} {c.value}" for c, n in self if n) or "no turtle"


NO_TURTLES = Turtles()

# -- the box's contents and the set-up ----------------------------------------------------------
ALL_TURTLES = Turtles(red=7, yellow=7, orange=6)
COUNTERS = {PlantCounter.CRAB: 14, PlantCounter.ROTTEN: 6}
HEAD_CAPACITY = 2
MIN_PLAYERS = 2
MAX_PLAYERS = 4

# each seat's turtles at the start; a seat has as many water plants as turtles
DEALS: dict[int, tuple[Turtles, ...]] = {
    2: (Turtles(3, 3, 3),) * 2,
    3: (Turtles(2, 2, 2),) * 3,
    4: (
        Turtles(red=2, yellow=1, orange=2),
        Turtles(red=2, yellow=2, orange=1),
        Turtles(red=2, yellow=2, orange=1),
        Turtles(red=1, yellow=2, orange=2),
    ),
}
