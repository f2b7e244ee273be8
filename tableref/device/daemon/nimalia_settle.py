"""Settling a photo's unsure spaces with what the player says each one shows.

The player taps, for each unsure space, its animal (the terrain follows when the animal
lives on one only), an otter's terrain and its river: three taps at most; or says no card
covers the space (the reader took table for a space). `settled(reading, told)` checks that
every unsure space was told, each as the rules allow, and that the reserve they make with
the spaces read is one the rules allow (within 6x6, made of whole cards); `SettleError`
names the space at fault otherwise. Nothing is guessed: a space neither read with
confidence nor told is never scored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tableref.device.daemon.nimalia_photos import PhotoReading
from tableref.games.nimalia.errors import ReserveError
from tableref.games.nimalia.model import (
    Animal,
    Pos,
    Reserve,
    River,
    Space,
    Terrain,
    describe,
    home_terrains,
)
from tableref.vision.nimalia.constraints import in_whole_cards


class SettleError(ValueError):
    """What the player told does not settle the photo; the message names the space."""


@dataclass(frozen=True)
class Settled:
    reserve: Reserve  # normalised
    told: tuple[Pos, ...]  # the spaces told by hand, in the reserve's coordinates


def _name(kind: type[Animal] | type[Terrain] | type[River], value: Any, what: str,
          where: str) -> Any:
    try:
        return kind(value)
    except ValueError:
        known = ", ".join(repr(m.value) for m in kind)
        raise SettleError(f"{where}: {str(value)[:30]!r} is not a {what} ({known})") from None


def told_space(entry: Mapping[str, Any], where: str) -> Space | None:
    """The space one entry tells (None: no card covers it)."""
    for key in entry:
        if key not in ("row", "col", "animal", "terrain", "river", "empty"):
            raise SettleError(f"{where}: unknown key {str(key)[:30]!r}")
    if entry.get("empty") is True:
        return None
    if "animal" not in entry:
        raise SettleError(f"{where}: say which animal it shows, or that no card covers it")
    animal = _name(Animal, entry["animal"], "animal", where)
    homes = home_terrains(animal)
    if entry.get("terrain") is None:
        if len(homes) != 1:
            raise SettleError(f"{where}: an otter stands on savanna, rain forest or ice floe:"
                              " say which")
        terrain = next(iter(homes))
    else:
        terrain = _name(Terrain, entry["terrain"], "terrain", where)
    river = None
    if entry.get("river") is not None:
        river = _name(River, entry["river"], "river", where)
    elif animal is Animal.OTTER:
        raise SettleError(f"{where}: an otter's river runs / or \\: say which")
    space = Space(terrain, animal, river)
    problem = space.problem()
    if problem is not None:
        raise SettleError(f"{where}: {problem}")
    return space


def settled(reading: PhotoReading, told: object) -> Settled:
    """The reserve a photo's reading and the player's word make; SettleError if they
    do not make one (a space left unsure, a space against the rules)."""
    if not isinstance(told, list):
        raise SettleError("'spaces' must be a list of the unsure spaces, each told")
    unsure = {u.pos for u in reading.unsure}
    said: dict[Pos, Space | None] = {}
    for i, entry in enumerate(told):
        if not isinstance(entry, Mapping):
            raise SettleError(f"spaces[{i}] must be an object")
        row, col = entry.get("row"), entry.get("col")
        if not isinstance(row, int) or not isinstance(col, int) or isinstance(row, bool) or \
                isinstance(col, bool):
            raise SettleError(f"spaces[{i}] needs a row and a col")
        pos = (row, col)
        if pos not in unsure:
            raise SettleError(f"{describe(pos)} was not unsure: only unsure spaces are told")
        if pos in said:
            raise SettleError(f"{describe(pos)} is told twice")
        said[pos] = told_space(entry, describe(pos))
    left = sorted(unsure - set(said))
    if left:
        number = {u.pos: i + 1 for i, u in enumerate(reading.unsure)}
        raise SettleError(f"space {number[left[0]]} ({describe(left[0])}) is still unsure: "
                          "say what it shows, or retake the photo")
    spaces = dict(reading.sure)
    spaces.update({p: s for p, s in said.items() if s is not None})
    if not spaces:
        raise SettleError("no space is left: that is no reserve")
    broken = sorted(in_whole_cards(set(spaces)))
    if broken:
        raise SettleError(f"{describe(broken[0])} is not part of any whole card (a card "
                          "covers 2x2 spaces): is a space missing? Retake the photo")
    try:
        reserve = Reserve(spaces)
    except ReserveError as err:
        raise SettleError(str(err)) from None
    r0, c0 = reserve.origin()
    return Settled(reserve.normalised(), tuple(sorted(
        (r - r0, c - c0) for p, s in said.items() if s is not None for r, c in [p])))
