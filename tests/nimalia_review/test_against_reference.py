"""The engine against the plain second reading in reference.py, on many reserves: random
grids with holes anywhere, and reserves built by placing the real cards."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tableref.games.nimalia.cards import CARD_COUNT
from tableref.games.nimalia.model import Animal, Reserve, River, Space, Terrain, home_terrains
from tableref.games.nimalia.objectives import objective
from tableref.games.nimalia.placement import legal_placements, place

from .reference import table, to_grid

SPACES = [
    Space(t, a) for a in Animal if a is not Animal.OTTER for t in sorted(home_terrains(a))
] + [Space(t, Animal.OTTER, r) for t in sorted(home_terrains(Animal.OTTER)) for r in River]


@st.composite
def grids(draw: st.DrawFn) -> Reserve:
    # holes are frequent so that inner holes, split areas and broken runs occur
    cells = draw(
        st.lists(st.integers(-len(SPACES) // 2, len(SPACES) - 1), min_size=36, max_size=36)
    )
    spaces = {(i // 6, i % 6): SPACES[k] for i, k in enumerate(cells) if k >= 0}
    if not spaces:
        spaces = {(0, 0): SPACES[0]}
    return Reserve(spaces)


def built(seed: int) -> Reserve:
    rng = random.Random(seed)
    reserve = Reserve()
    for card_id in rng.sample(range(1, CARD_COUNT + 1), rng.randint(1, 15)):
        reserve = place(reserve, rng.choice(legal_placements(reserve, card_id)))
    return reserve


def agree(players: list[Reserve]) -> None:
    references = [to_grid(r) for r in players]
    for objective_id in range(1, 23):
        got = list(objective(objective_id).score(players))
        assert got == table(objective_id, references), objective_id


many = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@many
@given(st.lists(grids(), min_size=1, max_size=4))
def test_random_grids(players: list[Reserve]) -> None:
    agree(players)


@many
@given(st.lists(st.integers(0, 10**9), min_size=1, max_size=4))
def test_reserves_built_from_the_cards(seeds: list[int]) -> None:
    agree([built(seed) for seed in seeds])


def test_terrain_of_every_space_kind_is_one_the_spec_allows() -> None:
    assert {s.terrain for s in SPACES} == set(Terrain)
    assert sum(1 for s in SPACES if s.animal is Animal.OTTER) == 6
