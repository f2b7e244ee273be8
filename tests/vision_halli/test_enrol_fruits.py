"""Enrolment teaches a deck's own fruits (one card per fruit) and its back."""

from pathlib import Path

import cv2
import numpy as np
import pytest

from tableref.device.cli import main
from tableref.vision.halli.codes import fruit_code
from tableref.vision.halli.enrol import BACK, Enrolment, EnrolmentError, enrol_images
from tableref.vision.halli.read import read_card
from tableref.vision.synth.halli_decks import random_deck

from .test_read import seen


def test_one_card_per_fruit_teaches_the_deck_hues() -> None:
    rng = np.random.default_rng(17)
    deck = random_deck(rng, "shaded")
    taught = enrol_images([(c, deck.card(c, rng)) for c in ("B", "P", "S", "L")])
    assert {k for k in taught.taught() if k.endswith("hues")} == {
        "banana hues", "plum hues", "strawberry hues", "lime hues"}
    classes = taught.fruit_classes()
    assert classes is not None
    wrong = []
    for code in ("BBL", "PPS", "SSSL", "BPSL", "LLLL", "BBBPP"):
        r = read_card(seen(deck.card(code, rng), 0.3), classes=classes)
        if r.kind == "fruit" and r.counts is not None and fruit_code(r.counts) != code:
            wrong.append((code, fruit_code(r.counts)))
    assert wrong == []


def test_a_fruit_card_read_right_adds_no_picture_and_a_back_is_taught() -> None:
    rng = np.random.default_rng(4)
    deck = random_deck(rng, "outlined")
    taught = enrol_images([("LL", deck.card("LL", rng)), ("back", deck.back(rng))])
    assert set(taught.codes) == {BACK}  # LL is read right: only its hues are kept
    with pytest.raises(EnrolmentError, match="horse: not a card code"):
        enrol_images([("horse", deck.card("LL", rng))])


def test_enroll_saves_fruit_hues_and_loads_them(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    rng = np.random.default_rng(9)
    deck = random_deck(rng, "flat")
    photos = tmp_path / "deck"
    photos.mkdir()
    for code in ("B", "P", "S", "L", "pig"):
        cv2.imwrite(str(photos / f"{code}.png"), deck.card(code, rng))
    cv2.imwrite(str(photos / "back.png"), deck.back(rng))
    assert main(["halli", "enroll", str(photos)]) == 0
    out = capsys.readouterr().out
    assert "lime hues" in out and "pig" in out and "back" in out
    loaded = Enrolment.load(tmp_path / "xdg" / "tableref")
    assert loaded is not None and loaded.fruit_classes() is not None
