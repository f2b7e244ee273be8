"""A compact drawing of a reserve for tests: one line per row, one token per space.

Tokens: `.` no space; `li gi cr fl pb pe pa go` a lion, giraffe, crocodile, flamingo,
polar bear, penguin, panda, gorilla on its own terrain; `o` + terrain letter
(`s` savanna, `r` rain_forest, `i` ice_floe) + river (`/` or `\\`) an otter, e.g. `os/`.
"""

from __future__ import annotations

from tableref.games.nimalia.model import Animal, Reserve, River, Space, Terrain, home_terrains

ANIMALS = {
    "li": Animal.LION,
    "gi": Animal.GIRAFFE,
    "cr": Animal.CROCODILE,
    "fl": Animal.FLAMINGO,
    "pb": Animal.POLAR_BEAR,
    "pe": Animal.PENGUIN,
    "pa": Animal.PANDA,
    "go": Animal.GORILLA,
}
OTTER_TERRAINS = {"s": Terrain.SAVANNA, "r": Terrain.RAIN_FOREST, "i": Terrain.ICE_FLOE}


def space_of(token: str) -> Space:
    if token in ANIMALS:
        animal = ANIMALS[token]
        (terrain,) = home_terrains(animal)
        return Space(terrain, animal)
    if len(token) == 3 and token[0] == "o":
        return Space(OTTER_TERRAINS[token[1]], Animal.OTTER, River(token[2]))
    raise ValueError(f"bad grid token {token!r}")


def grid(drawing: str) -> Reserve:
    """The reserve a drawing shows, with row 0 on the first non-blank line."""
    lines = [line.split() for line in drawing.strip("\n").splitlines() if line.strip()]
    return Reserve(
        {
            (r, c): space_of(token)
            for r, tokens in enumerate(lines)
            for c, token in enumerate(tokens)
            if token != "."
        }
    )
