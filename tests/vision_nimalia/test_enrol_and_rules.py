import json
from pathlib import Path

import numpy as np
import pytest

from tableref.games.nimalia.model import Animal, River, Space, Terrain
from tableref.vision.nimalia.cards import Card, CardsError, cards_json, load_cards, space
from tableref.vision.nimalia.constraints import in_whole_cards
from tableref.vision.nimalia.enrol import EnrolError, enrol_images, load_enrolment
from tableref.vision.synth.nimalia_reserve import Placement, turned_card, visible


def test_turning_a_card_flips_rivers_on_quarter_turns() -> None:
    otter = space("savanna", "otter", "/")
    lion = space("savanna", "lion")
    assert otter == Space(Terrain.SAVANNA, Animal.OTTER, River.RISING)  # the game's space
    card: Card = ((otter, lion), (lion, lion))
    assert turned_card(card, 1)[0][1] == space("savanna", "otter", "\\")
    assert turned_card(card, 2)[1][1] == otter


def test_visible_spaces_are_the_top_ones_normalised(cards: dict[int, Card]) -> None:
    top = visible(cards, [Placement(1, 3, 3, 0), Placement(2, 4, 4, 0)])
    assert set(top) == {(0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (2, 1), (2, 2)}
    assert top[(1, 1)] == cards[2][0][0]


def test_whole_cards() -> None:
    block = {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert in_whole_cards(block) == set()
    assert in_whole_cards(block | {(2, 0)}) == {(2, 0)}


def test_partial_enrolment_works_but_must_show_every_kind(
    cards: dict[int, Card], card_images: dict[int, np.ndarray]
) -> None:
    half = {i: img for i, img in card_images.items() if i % 2 == 0}
    enr = enrol_images(cards, half)
    assert len(enr.card_ids) == 30
    no_penguins = {
        i: img
        for i, img in card_images.items()
        if not any(s.animal == "penguin" for row in cards[i] for s in row)
    }
    with pytest.raises(EnrolError, match="penguin on ice_floe"):
        enrol_images(cards, no_penguins)


def test_enrolment_round_trip(tmp_path: Path, enrolment) -> None:  # type: ignore[no-untyped-def]
    enrolment.save(tmp_path)
    back = load_enrolment(tmp_path)
    assert np.array_equal(back.templates, enrolment.templates)
    with pytest.raises(EnrolError, match="no enrolment"):
        load_enrolment(tmp_path / "elsewhere")
    assert back.mean_bgr is not None and np.allclose(back.mean_bgr, enrolment.mean_bgr)


def test_an_enrolment_without_space_colours_still_loads(  # type: ignore[no-untyped-def]
    tmp_path: Path, enrolment
) -> None:
    """Enrolments saved before each space's mean colour was kept: the terrain's stands in."""
    enrolment.save(tmp_path)
    path = tmp_path / "nimalia-enrolment.npz"
    with np.load(path) as z:
        old = {k: z[k] for k in z.files if k != "mean_bgr"}
    with path.open("wb") as fh:
        np.savez_compressed(fh, **old)
    back = load_enrolment(tmp_path)
    assert back.mean_bgr is None
    assert np.array_equal(back.space_bgr, back.terrain_bgr[back.terrain])


def _rewrite_as_version_1(path: Path, drop: set[str]) -> None:
    with np.load(path) as z:
        old = {k: z[k] for k in z.files if k not in drop | {"version"}}
    old["templates"] = np.zeros_like(old["templates"])  # as an older tableref made them
    with path.open("wb") as fh:
        np.savez_compressed(fh, **old)


def test_an_older_enrolment_gets_its_templates_made_anew(  # type: ignore[no-untyped-def]
    tmp_path: Path, enrolment
) -> None:
    """Version 1 templates were not weighted to the middle: they are made again from the
    kept card images, as a fresh enrolment would make them."""
    enrolment.save(tmp_path)
    _rewrite_as_version_1(tmp_path / "nimalia-enrolment.npz", set())
    back = load_enrolment(tmp_path)
    assert np.allclose(back.templates, enrolment.templates, atol=1e-6)


def test_an_older_enrolment_without_card_images_must_be_made_again(  # type: ignore[no-untyped-def]
    tmp_path: Path, enrolment
) -> None:
    enrolment.save(tmp_path)
    _rewrite_as_version_1(tmp_path / "nimalia-enrolment.npz", {"patches"})
    with pytest.raises(EnrolError, match=r"older tableref.*enrol again"):
        load_enrolment(tmp_path)


def test_cards_json_errors_name_the_space(tmp_path: Path, cards: dict[int, Card]) -> None:
    data = cards_json(cards)
    data["cards"][4]["spaces"][1][0] = {"terrain": "lake", "animal": "lion"}  # type: ignore[index]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data))
    with pytest.raises(CardsError, match=r"id 5\) space \[1\]\[0\]: lion cannot stand on lake"):
        load_cards(path)
