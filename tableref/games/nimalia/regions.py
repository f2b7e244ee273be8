"""4-connected groups of spaces: terrain areas, herds of one animal."""

from __future__ import annotations

from collections.abc import Callable

from tableref.games.nimalia.model import Animal, Pos, Reserve, Space, Terrain


def groups(reserve: Reserve, member: Callable[[Space], bool]) -> list[list[Pos]]:
    """The 4-connected groups of spaces for which `member` holds, each sorted."""
    todo = {pos for pos, space in reserve.items() if member(space)}
    found: list[list[Pos]] = []
    while todo:
        start = min(todo)
        todo.discard(start)
        group = [start]
        stack = [start]
        while stack:
            for nxt in reserve.neighbours(stack.pop()):
                if nxt in todo:
                    todo.discard(nxt)
                    group.append(nxt)
                    stack.append(nxt)
        found.append(sorted(group))
    return found


def areas(reserve: Reserve, terrain: Terrain) -> list[list[Pos]]:
    """The areas of one terrain (a single space is an area)."""
    return groups(reserve, lambda space: space.terrain is terrain)


def herds(reserve: Reserve, animal: Animal) -> list[list[Pos]]:
    """The 4-connected groups of one animal."""
    return groups(reserve, lambda space: space.animal is animal)
