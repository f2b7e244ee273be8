"""The reserve file (JSON) of the spec: parse and format, with errors naming the space.

```json
{"spaces": [
  {"row": 0, "col": 2, "terrain": "lake", "animal": "crocodile"},
  {"row": 1, "col": 3, "terrain": "savanna", "animal": "otter", "river": "/"}
]}
```
Readers accept any translation within rows and cols 0..5; writers normalise. These
functions work on text; opening files is the caller's business (games do no IO).
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from tableref.games.nimalia.errors import ReserveError, ReserveFileError
from tableref.games.nimalia.model import (
    WINDOW,
    Animal,
    Pos,
    Reserve,
    River,
    Space,
    Terrain,
    describe,
)

_E = TypeVar("_E", Terrain, Animal, River)
_KEYS = ("row", "col", "terrain", "animal", "river")


def reserve_from_json(text: str) -> Reserve:
    """Parse a reserve file's text. Raises ReserveFileError naming the space at fault."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as err:
        raise ReserveFileError(f"not valid JSON: {err}") from None
    except ValueError as err:  # Python refuses integers of more than 4300 digits
        raise ReserveFileError(f"not valid JSON: {err}") from None
    except RecursionError:
        raise ReserveFileError("not valid JSON: nested too deeply") from None
    return reserve_from_data(document)


def reserve_from_data(document: Any) -> Reserve:
    """Build a reserve from the decoded JSON document."""
    if not isinstance(document, dict):
        raise ReserveFileError('the file must hold a JSON object {"spaces": [...]}')
    extra = sorted(set(document) - {"spaces"})
    if extra:
        raise ReserveFileError(f'unknown key {extra[0]!r} (the file holds only "spaces")')
    entries = document.get("spaces")
    if not isinstance(entries, list):
        raise ReserveFileError('"spaces" must be a list of spaces')
    if not entries:
        raise ReserveFileError('"spaces" is empty: a reserve has at least one space')
    spaces: dict[Pos, Space] = {}
    for index, entry in enumerate(entries):
        pos, space = _space_from_entry(index, entry)
        if pos in spaces:
            raise ReserveFileError(f"{describe(pos)} is listed twice (entry {index})")
        spaces[pos] = space
    try:
        return Reserve(spaces)
    except ReserveFileError:
        raise
    except ReserveError as err:
        raise ReserveFileError(str(err)) from None


def _space_from_entry(index: int, entry: Any) -> tuple[Pos, Space]:
    where = f"entry {index}"
    if not isinstance(entry, dict):
        raise ReserveFileError(f"{where}: a space must be a JSON object")
    coords: list[int] = []
    for key in ("row", "col"):
        value = entry.get(key)
        if isinstance(value, bool) or not isinstance(value, int):
            raise ReserveFileError(f"{where}: {key!r} must be an integer, got {value!r}")
        coords.append(value)
    pos: Pos = (coords[0], coords[1])
    where = describe(pos)
    for key in entry:
        if key not in _KEYS:
            raise ReserveFileError(f"{where}: unknown key {key!r}")
    for key, value in zip(("row", "col"), coords, strict=True):
        if not 0 <= value < WINDOW:
            raise ReserveFileError(
                f"{where}: {key} {value} is outside the {WINDOW}x{WINDOW} reserve "
                f"(rows and cols are 0..{WINDOW - 1})"
            )
    terrain = _named(Terrain, entry.get("terrain"), "terrain", where)
    animal = _named(Animal, entry.get("animal"), "animal", where)
    river: River | None = None
    if entry.get("river") is not None:  # `"river": null` is no river, like no key
        river = _named(River, entry["river"], "river", where)
    space = Space(terrain, animal, river)
    problem = space.problem()
    if problem is not None:
        raise ReserveFileError(f"{where}: {problem}")
    return pos, space


def _named(kind: type[_E], value: Any, key: str, where: str) -> _E:
    choices = ", ".join(repr(m.value) for m in kind)
    if value is None:
        raise ReserveFileError(f"{where}: missing {key!r} (one of {choices})")
    if not isinstance(value, str):
        raise ReserveFileError(f"{where}: {key} must be a string, got {value!r}")
    try:
        return kind(value)
    except ValueError:
        raise ReserveFileError(f"{where}: unknown {key} {value!r} (one of {choices})") from None


def reserve_to_data(reserve: Reserve) -> dict[str, list[dict[str, Any]]]:
    """The JSON document of a reserve, normalised, spaces sorted by row then col."""
    entries: list[dict[str, Any]] = []
    normal = reserve.normalised()
    for (row, col), space in sorted(normal.items()):
        entry: dict[str, Any] = {
            "row": row,
            "col": col,
            "terrain": space.terrain.value,
            "animal": space.animal.value,
        }
        if space.river is not None:
            entry["river"] = space.river.value
        entries.append(entry)
    return {"spaces": entries}


def reserve_to_json(reserve: Reserve) -> str:
    """The reserve file's text: one space per line, as the spec shows it."""
    lines = [json.dumps(entry) for entry in reserve_to_data(reserve)["spaces"]]
    return '{"spaces": [\n  ' + ",\n  ".join(lines) + "\n]}\n"
