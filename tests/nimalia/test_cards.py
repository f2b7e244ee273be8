from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tableref.games.nimalia import CardError
from tableref.games.nimalia.cards import ROTATIONS, all_cards, card, turn_face
from tableref.games.nimalia.model import Animal, River, Terrain
from tableref.games.nimalia.rivers import river_ends

SHARED = Path(__file__).resolve().parents[3] / "shared/data/nimalia-cards/cards.json"
card_ids = st.integers(1, 60)


def test_the_cards_hold_the_counts_of_the_data_readme() -> None:
    spaces = [s for c in all_cards() for row in c.face for s in row]
    assert len(spaces) == 240
    assert Counter(s.terrain for s in spaces) == dict.fromkeys(Terrain, 60)
    animals = Counter(s.animal for s in spaces)
    assert animals[Animal.CROCODILE] == animals[Animal.FLAMINGO] == animals[Animal.OTTER] == 30
    for animal in ("lion", "giraffe", "polar_bear", "penguin", "panda", "gorilla"):
        assert animals[Animal(animal)] == 25
    rivers = Counter((s.terrain, s.river) for s in spaces if s.river is not None)
    assert rivers == {
        (Terrain.ICE_FLOE, River.RISING): 6,
        (Terrain.ICE_FLOE, River.FALLING): 4,
        (Terrain.SAVANNA, River.RISING): 4,
        (Terrain.SAVANNA, River.FALLING): 6,
        (Terrain.RAIN_FOREST, River.RISING): 5,
        (Terrain.RAIN_FOREST, River.FALLING): 5,
    }
    otters = Counter(c.animals().count(Animal.OTTER) for c in all_cards())
    assert otters == {0: 31, 1: 28, 2: 1}
    assert card(59).animals().count(Animal.OTTER) == 2


@pytest.mark.skipif(not SHARED.exists(), reason="the shared card data is not on this machine")
def test_the_package_data_holds_the_facts_of_the_shared_data() -> None:
    source = json.loads(SHARED.read_text(encoding="utf-8"))["cards"]
    for entry, known in zip(source, all_cards(), strict=True):
        assert entry["id"] == known.id
        for raw_row, row in zip(entry["spaces"], known.face, strict=True):
            for raw, space in zip(raw_row, row, strict=True):
                assert raw["terrain"] == space.terrain
                assert raw["animal"] == space.animal
                assert raw.get("river") == (space.river and space.river.value)


def test_a_quarter_turn_moves_the_spaces_clockwise_and_flips_rivers() -> None:
    (tl, tr), (bl, br) = card(1).face  # crocodile lion / panda otter-with-\
    turned = card(1).turned(90)
    assert turned[0][0] == bl and turned[0][1] == tl and turned[1][0].animal is Animal.OTTER
    assert turned[1][1] == tr
    assert br.river is River.FALLING and turned[1][0].river is River.RISING


@pytest.mark.parametrize("bad", [0, 61, -1, True])
def test_an_unknown_card_is_refused(bad: int) -> None:
    with pytest.raises(CardError, match=r"card ids are 1\.\.60"):
        card(bad)


def test_a_bad_rotation_is_refused() -> None:
    with pytest.raises(CardError, match="0, 90, 180 or 270"):
        card(1).turned(45)


def _corner(point: tuple[int, int], rotation: int) -> tuple[int, int]:
    """A corner point of a card (0..2, 0..2) after turning the card clockwise."""
    for _ in range(rotation // 90):
        point = (point[1], 2 - point[0])
    return point


@settings(deadline=None)  # the machine is shared: no time limit per example
@given(card_ids, st.sampled_from(ROTATIONS))
def test_rivers_turn_with_the_card_geometrically(card_id: int, rotation: int) -> None:
    """Each river's corner points, turned with the card, are the turned river's ends."""
    face = card(card_id).face
    turned = turn_face(face, rotation)
    before = set()
    for r in (0, 1):
        for c in (0, 1):
            river = face[r][c].river
            if river is not None:
                ends = river_ends((r, c), river)
                before.add(frozenset(_corner(p, rotation) for p in ends))
    after = {
        frozenset(river_ends((r, c), river))
        for r in (0, 1)
        for c in (0, 1)
        if (river := turned[r][c].river) is not None
    }
    assert after == before


@settings(deadline=None)  # the machine is shared: no time limit per example
@given(card_ids)
def test_a_half_turn_keeps_every_river_and_a_quarter_turn_flips_it(card_id: int) -> None:
    face = card(card_id).face
    half = turn_face(face, 180)
    assert half == ((face[1][1], face[1][0]), (face[0][1], face[0][0]))
    for rotation in (90, 270):
        quarter = [s for row in turn_face(face, rotation) for s in row]
        original = Counter(s.river for row in face for s in row if s.river is not None)
        flipped = Counter(s.river.flipped() for s in quarter if s.river is not None)
        assert flipped == original
    assert turn_face(turn_face(face, 90), 270) == face
