"""The package's cards.json against ../shared/data/nimalia-cards/cards.json, fact for fact,
and the card rotation rule of the data README."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources
from typing import Any

import numpy as np
import pytest

from tableref.games.nimalia.cards import ROTATIONS, all_cards, card
from tableref.games.nimalia.model import Animal, Reserve, River, Space, Terrain
from tableref.games.nimalia.rivers import longest_river

from .shared import SHARED_CARDS

needs_shared = pytest.mark.skipif(
    not SHARED_CARDS.is_file(),
    reason=f"the shared card data {SHARED_CARDS} is absent (no ../shared next to the repo)",
)


def _shared() -> list[dict[str, Any]]:
    cards: list[dict[str, Any]] = json.loads(SHARED_CARDS.read_text(encoding="utf-8"))["cards"]
    return cards


def _space(raw: dict[str, Any]) -> Space:
    river = raw.get("river")
    return Space(Terrain(raw["terrain"]), Animal(raw["animal"]), River(river) if river else None)


@needs_shared
def test_the_package_cards_json_holds_the_shared_facts() -> None:
    package = json.loads(
        resources.files("tableref.games.nimalia").joinpath("cards.json").read_text("utf-8")
    )["cards"]
    assert package == _shared()


@needs_shared
def test_every_card_the_engine_builds_is_the_shared_card() -> None:
    shared = _shared()
    assert [entry["id"] for entry in shared] == list(range(1, 61))
    assert len(all_cards()) == 60
    for entry, built in zip(shared, all_cards(), strict=True):
        assert built.id == entry["id"]
        assert set().union(*(raw.keys() for row in entry["spaces"] for raw in row)) <= {
            "terrain",
            "animal",
            "river",
        }
        for r in (0, 1):
            for c in (0, 1):
                assert built.face[r][c] == _space(entry["spaces"][r][c]), (entry["id"], r, c)


@needs_shared
def test_the_shared_data_has_the_readme_counts() -> None:
    spaces = [_space(raw) for entry in _shared() for row in entry["spaces"] for raw in row]
    assert Counter(s.terrain for s in spaces) == dict.fromkeys(Terrain, 60)
    animals = Counter(s.animal for s in spaces)
    assert {
        a: animals[a] for a in (Animal.CROCODILE, Animal.FLAMINGO, Animal.OTTER)
    } == dict.fromkeys((Animal.CROCODILE, Animal.FLAMINGO, Animal.OTTER), 30)
    assert all(
        animals[a] == 25
        for a in Animal
        if a not in (Animal.CROCODILE, Animal.FLAMINGO, Animal.OTTER)
    )
    rivers = Counter((s.terrain.value, s.river.value) for s in spaces if s.river is not None)
    assert rivers == {
        ("ice_floe", "/"): 6,
        ("ice_floe", "\\"): 4,
        ("savanna", "/"): 4,
        ("savanna", "\\"): 6,
        ("rain_forest", "/"): 5,
        ("rain_forest", "\\"): 5,
    }


def test_card_59_by_hand() -> None:
    # card 59 as the data README's cards.json gives it: otter on savanna `\`, gorilla /
    # otter on rain forest `/`, giraffe. The two rivers meet at the card's centre.
    otter_s = Space(Terrain.SAVANNA, Animal.OTTER, River.FALLING)
    gorilla = Space(Terrain.RAIN_FOREST, Animal.GORILLA)
    otter_r = Space(Terrain.RAIN_FOREST, Animal.OTTER, River.RISING)
    giraffe = Space(Terrain.SAVANNA, Animal.GIRAFFE)
    assert card(59).face == ((otter_s, gorilla), (otter_r, giraffe))

    def flip(space: Space) -> Space:
        assert space.river is not None
        return Space(space.terrain, space.animal, space.river.flipped())

    # 90 clockwise: [[BL, TL], [BR, TR]], rivers flip
    assert card(59).turned(90) == ((flip(otter_r), flip(otter_s)), (giraffe, gorilla))
    # 180: [[BR, BL], [TR, TL]], rivers keep their symbol
    assert card(59).turned(180) == ((giraffe, otter_r), (gorilla, otter_s))
    # 270: [[TR, BR], [TL, BL]], rivers flip
    assert card(59).turned(270) == ((gorilla, giraffe), (flip(otter_s), flip(otter_r)))
    for rotation in ROTATIONS:
        assert longest_river(Reserve(card(59).spaces_at(0, 0, rotation))) == 2


@pytest.mark.parametrize("turns", [1, 2, 3])
def test_every_card_turns_like_numpy_rot90_with_rivers_flipping_on_odd_turns(turns: int) -> None:
    for built in all_cards():
        grid = np.empty((2, 2), dtype=object)
        for r in (0, 1):
            for c in (0, 1):
                grid[r, c] = built.face[r][c]
        expected = np.rot90(grid, k=-turns)
        turned = built.turned(90 * turns)
        for r in (0, 1):
            for c in (0, 1):
                want: Space = expected[r, c]
                if want.river is not None and turns % 2 == 1:
                    want = Space(want.terrain, want.animal, want.river.flipped())
                assert turned[r][c] == want, (built.id, turns, r, c)


def test_a_river_keeps_its_joins_when_its_card_turns() -> None:
    # a river that joins at the card centre stays joined at any rotation, and the
    # lengths of the rivers of every card are the same at every rotation
    for built in all_cards():
        lengths = {longest_river(Reserve(built.spaces_at(2, 2, r))) for r in ROTATIONS}
        assert len(lengths) == 1, built.id
