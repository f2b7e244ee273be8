"""Reserves drawn as text for the review tests: one line per row, one token per space.

`.` is a hole; `li gi cr fl pb pe pa go` stand for an animal on its own terrain; an
otter is `o` + its terrain (`s` savanna, `r` rain_forest, `i` ice_floe) + its river,
e.g. `os/` or `oi\\`. Row 0 is the first line, col 0 the first token.
"""

from __future__ import annotations

from collections.abc import Mapping

from tableref.games.nimalia.model import Animal, Reserve, River, Space, Terrain

_ON = {
    "li": (Terrain.SAVANNA, Animal.LION),
    "gi": (Terrain.SAVANNA, Animal.GIRAFFE),
    "cr": (Terrain.LAKE, Animal.CROCODILE),
    "fl": (Terrain.LAKE, Animal.FLAMINGO),
    "pb": (Terrain.ICE_FLOE, Animal.POLAR_BEAR),
    "pe": (Terrain.ICE_FLOE, Animal.PENGUIN),
    "pa": (Terrain.RAIN_FOREST, Animal.PANDA),
    "go": (Terrain.RAIN_FOREST, Animal.GORILLA),
}
_OTTER_ON = {"s": Terrain.SAVANNA, "r": Terrain.RAIN_FOREST, "i": Terrain.ICE_FLOE}


def token_space(token: str) -> Space:
    if token in _ON:
        terrain, animal = _ON[token]
        return Space(terrain, animal)
    if len(token) == 3 and token[0] == "o" and token[1] in _OTTER_ON:
        return Space(_OTTER_ON[token[1]], Animal.OTTER, River(token[2]))
    raise ValueError(f"unknown token {token!r}")


def draw(text: str) -> Reserve:
    rows = [line.split() for line in text.strip("\n").splitlines() if line.strip()]
    return Reserve(
        {
            (r, c): token_space(token)
            for r, tokens in enumerate(rows)
            for c, token in enumerate(tokens)
            if token != "."
        }
    )


def with_counts(counts: Mapping[str, int]) -> Reserve:
    """A reserve holding `counts[token]` spaces of each token, six to a row, no river.

    Animals are written in runs, so only counts matter to the ranked objectives.
    """
    tokens = [token for token, n in counts.items() for _ in range(n)]
    if len(tokens) > 36:
        raise ValueError("more than 36 spaces")
    return Reserve({(i // 6, i % 6): token_space(t) for i, t in enumerate(tokens)})


def zigzag(length: int, row: int = 0) -> dict[tuple[int, int], Space]:
    """A river of `length` otters along one row: \\ / \\ / ... , every pair joined."""
    rivers = ("\\", "/")
    return {
        (row, c): Space(Terrain.SAVANNA, Animal.OTTER, River(rivers[c % 2])) for c in range(length)
    }
