"""The reserve: terrains, animals, rivers and the visible spaces of one player.

Coordinates are `(row, col)`, row 0 farthest from the player (the top of a photo),
col 0 the leftmost. A `Reserve` may sit anywhere on the integer grid but always
fits a 6x6 window; `normalised()` moves it so that its smallest row and col are 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum

from tableref.games.nimalia.errors import ReserveError

WINDOW = 6  # a reserve fits in WINDOW x WINDOW spaces

Pos = tuple[int, int]


class Terrain(StrEnum):
    SAVANNA = "savanna"
    RAIN_FOREST = "rain_forest"
    ICE_FLOE = "ice_floe"
    LAKE = "lake"


class Animal(StrEnum):
    LION = "lion"
    GIRAFFE = "giraffe"
    CROCODILE = "crocodile"
    FLAMINGO = "flamingo"
    POLAR_BEAR = "polar_bear"
    PENGUIN = "penguin"
    PANDA = "panda"
    GORILLA = "gorilla"
    OTTER = "otter"


class River(StrEnum):
    """A river crosses its space corner to corner."""

    RISING = "/"  # bottom-left corner to top-right corner
    FALLING = "\\"  # top-left corner to bottom-right corner

    def flipped(self) -> River:
        return River.FALLING if self is River.RISING else River.RISING


def home_terrains(animal: Animal) -> frozenset[Terrain]:
    """The terrains an animal can stand on."""
    match animal:
        case Animal.LION | Animal.GIRAFFE:
            return frozenset({Terrain.SAVANNA})
        case Animal.PANDA | Animal.GORILLA:
            return frozenset({Terrain.RAIN_FOREST})
        case Animal.POLAR_BEAR | Animal.PENGUIN:
            return frozenset({Terrain.ICE_FLOE})
        case Animal.CROCODILE | Animal.FLAMINGO:
            return frozenset({Terrain.LAKE})
        case Animal.OTTER:
            return frozenset({Terrain.SAVANNA, Terrain.RAIN_FOREST, Terrain.ICE_FLOE})


@dataclass(frozen=True, slots=True)
class Space:
    """What one visible space shows."""

    terrain: Terrain
    animal: Animal
    river: River | None = None

    def problem(self) -> str | None:
        """Why this space cannot exist, or None when it can."""
        if self.terrain not in home_terrains(self.animal):
            return f"{self.animal} cannot stand on {self.terrain}"
        if self.animal is Animal.OTTER and self.river is None:
            return "an otter space must carry a river"
        if self.animal is not Animal.OTTER and self.river is not None:
            return f"a river on a {self.animal} space (rivers run only through otter spaces)"
        return None

    def rotated(self, quarter_turns: int) -> Space:
        """This space on a card turned by `quarter_turns` * 90 degrees."""
        if self.river is None or quarter_turns % 2 == 0:
            return self
        return Space(self.terrain, self.animal, self.river.flipped())


def describe(pos: Pos) -> str:
    """How messages name a space."""
    return f"space (row {pos[0]}, col {pos[1]})"


class Reserve(Mapping[Pos, Space]):
    """The visible spaces of one player's reserve, by position. Immutable."""

    __slots__ = ("_hash", "_spaces")

    def __init__(self, spaces: Mapping[Pos, Space] | Iterable[tuple[Pos, Space]] = ()) -> None:
        items: dict[Pos, Space] = dict(spaces)
        for pos, space in sorted(items.items()):
            problem = space.problem()
            if problem is not None:
                raise ReserveError(f"{describe(pos)}: {problem}")
        if items:
            rows = [r for r, _ in items]
            cols = [c for _, c in items]
            for axis, values in (("rows", rows), ("cols", cols)):
                if max(values) - min(values) >= WINDOW:
                    far = max(items, key=lambda p: p[0] if axis == "rows" else p[1])
                    raise ReserveError(
                        f"{describe(far)}: the reserve spans {max(values) - min(values) + 1} "
                        f"{axis}, more than the {WINDOW}x{WINDOW} window allows"
                    )
        self._spaces = items
        self._hash: int | None = None

    @classmethod
    def trusted(cls, spaces: dict[Pos, Space]) -> Reserve:
        """A reserve of spaces already known to keep every rule (e.g. a legal placement's
        result, built from card data): skips the checks, for searches that build many.
        The dict is taken over, not copied."""
        reserve = cls.__new__(cls)
        reserve._spaces = spaces
        reserve._hash = None
        return reserve

    # -- Mapping ---------------------------------------------------------------------------
    def __getitem__(self, pos: Pos) -> Space:
        return self._spaces[pos]

    def __iter__(self) -> Iterator[Pos]:
        return iter(self._spaces)

    def __len__(self) -> int:
        return len(self._spaces)

    def __contains__(self, pos: object) -> bool:
        return pos in self._spaces

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Reserve):
            return self._spaces == other._spaces
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._spaces.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"Reserve({dict(sorted(self._spaces.items()))!r})"

    # -- geometry --------------------------------------------------------------------------
    def origin(self) -> Pos:
        """The smallest covered row and col; (0, 0) for an empty reserve."""
        if not self._spaces:
            return (0, 0)
        return (min(r for r, _ in self._spaces), min(c for _, c in self._spaces))

    def translated(self, d_row: int, d_col: int) -> Reserve:
        return Reserve({(r + d_row, c + d_col): s for (r, c), s in self._spaces.items()})

    def normalised(self) -> Reserve:
        """The same reserve moved so that its smallest row and col are 0."""
        row0, col0 = self.origin()
        return self if (row0, col0) == (0, 0) else self.translated(-row0, -col0)

    def neighbours(self, pos: Pos) -> list[Pos]:
        """The covered orthogonal neighbours of a position."""
        r, c = pos
        return [p for p in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if p in self._spaces]

    def touches_edge(self, pos: Pos) -> bool:
        """True when one of the 4 orthogonal neighbours is not covered (holes count)."""
        return len(self.neighbours(pos)) < 4

    def count(self, animal: Animal) -> int:
        return sum(1 for s in self._spaces.values() if s.animal is animal)

    def positions_of(self, animal: Animal) -> list[Pos]:
        return sorted(p for p, s in self._spaces.items() if s.animal is animal)
