"""The daemon reads the Nimalia enrolment where `tableref nimalia enroll` and the page's
teaching put it (the data dir's `nimalia/`); an older one in the data dir itself still
counts. What the page teaches on the simulated table is kept for the run only."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from tableref.device.config import parse_config
from tableref.device.daemon.nimalia_session import default_kit
from tableref.device.daemon.nimalia_teach import wanted_cards
from tableref.games.nimalia.cards import card
from tableref.vision.nimalia.enrol import FILE, enrol_images, load_enrolment
from tableref.vision.synth.nimalia_art import draw_card, draw_cards, synthetic_cards
from tableref.vision.synth.nimalia_photo import PhotoStyle, render_photo
from tableref.vision.synth.nimalia_reserve import Placement


@pytest.mark.parametrize("where", ["nimalia", "."])
def test_the_enrolment_is_read_where_it_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    cards = synthetic_cards(seed=3)
    made = enrol_images(cards, draw_cards(cards, seed=3))
    made.save(tmp_path / "tableref" / where)
    kit = default_kit(parse_config('game = "nimalia"\n'), sim=False)
    assert kit.enrolment is not None
    assert kit.enrolment().card_ids == made.card_ids


def _card_photo(card_id: int, rng: np.random.Generator) -> bytes:
    """A phone photo of card `card_id` alone, in the project's art of another seed than the
    simulated table's (a deck of the player's own)."""
    images = {card_id: draw_card(card(card_id).face, 11_000 + card_id)}
    photo = render_photo(images, {card_id: card(card_id).face},
                         [Placement(card_id, 0, 0, int(rng.integers(4)))], rng,
                         PhotoStyle(clutter=False))
    return bytes(cv2.imencode(".jpg", photo.image)[1].tobytes())


@pytest.mark.parametrize("sim", [True, False])
def test_what_is_taught_on_the_simulated_table_is_kept_apart_from_a_real_decks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sim: bool
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    real = tmp_path / "tableref" / "nimalia"
    cards = synthetic_cards(seed=3)
    enrol_images(cards, draw_cards(cards, seed=3)).save(real)  # a real deck, enrolled
    files = {p: p.read_bytes() for p in real.rglob("*") if p.is_file()}
    kit = default_kit(parse_config('game = "nimalia"\n'), sim=sim)
    assert kit.teacher is not None and kit.enrolment is not None
    rng = np.random.default_rng(4)
    for card_id in wanted_cards():
        state = kit.teacher.teach(card_id, _card_photo(card_id, rng))
    assert state["next"] is None and state["enrolled"] is True
    taught = kit.enrolment()
    assert sorted(taught.card_ids) == sorted(wanted_cards())  # read with from now on
    after = {p: p.read_bytes() for p in real.rglob("*") if p.is_file()}
    if sim:  # the real deck's enrolment as it was, nothing added
        assert after == files
        again = default_kit(parse_config('game = "nimalia"\n'), sim=True)
        assert again.enrolment is not None
        assert again.enrolment().card_ids == load_enrolment(real).card_ids  # next run
    else:  # taught for good where `tableref nimalia enroll` puts it
        assert after[real / FILE] != files[real / FILE]
        assert load_enrolment(real).card_ids == taught.card_ids
    assert state["run_only"] is sim  # the dialog says so
