"""`tableref nimalia score` takes photos in place of reserve files."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from tableref.device.cli import main
from tableref.vision.nimalia.cards import cards_json
from tableref.vision.synth.nimalia_art import draw_cards, synthetic_cards
from tableref.vision.synth.nimalia_photo import CLEAN_SMALL, render_photo
from tableref.vision.synth.nimalia_reserve import random_reserve


def test_a_photo_and_its_reserve_file_score_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    cards = synthetic_cards(seed=5)
    images = draw_cards(cards, seed=5)
    art = tmp_path / "art"
    art.mkdir()
    for card_id, image in images.items():
        cv2.imwrite(str(art / f"{card_id}.png"), image)
    (tmp_path / "cards.json").write_text(json.dumps(cards_json(cards)))
    assert main(["nimalia", "enroll", "--cards", str(tmp_path / "cards.json"), str(art)]) == 0

    rng = np.random.default_rng(21)
    style = CLEAN_SMALL
    photo = render_photo(images, cards, random_reserve(list(cards), rng, n_cards=5), rng, style)
    cv2.imwrite(str(tmp_path / "photo.png"), photo.image)
    truth = {
        "spaces": [
            {"row": r, "col": c, "terrain": k.terrain, "animal": k.animal}
            | ({"river": k.river} if k.river else {})
            for (r, c), k in photo.spaces.items()
        ]
    }
    (tmp_path / "truth.json").write_text(json.dumps(truth))
    capsys.readouterr()

    assert main(["nimalia", "score", "--json", str(tmp_path / "truth.json")]) == 0
    from_file = json.loads(capsys.readouterr().out)["players"][0]
    assert main(["nimalia", "score", "--json", str(tmp_path / "photo.png")]) == 0
    from_photo = json.loads(capsys.readouterr().out)["players"][0]

    assert from_photo["objectives"] == from_file["objectives"]
    assert from_photo["total"] == from_file["total"]
    assert from_photo["file"].endswith("photo.png")


def test_a_photo_without_an_enrolment_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "empty"))
    cv2.imwrite(str(tmp_path / "p.png"), np.full((60, 80, 3), 200, np.uint8))
    assert main(["nimalia", "score", str(tmp_path / "p.png")]) == 2
    assert "enrolment" in capsys.readouterr().err


def test_check_takes_the_photos_of_two_rounds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tableref.device.sim.decks import nimalia_deck
    from tests.nimalia.grow import grown

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    cards, images = nimalia_deck()  # the game's cards, drawn by the project
    art = tmp_path / "art"
    art.mkdir()
    for card_id, image in images.items():
        cv2.imwrite(str(art / f"{card_id}.png"), image)
    (tmp_path / "cards.json").write_text(json.dumps(cards_json(cards)))
    assert main(["nimalia", "enroll", "--cards", str(tmp_path / "cards.json"), str(art)]) == 0
    rng = np.random.default_rng(31)
    first = random_reserve(list(cards), rng, n_cards=3)
    second = grown(first, np.random.default_rng(32))
    for name, laid in (("r1.png", first), ("r2.png", second)):
        photo = render_photo(images, cards, laid, np.random.default_rng(33), CLEAN_SMALL)
        cv2.imwrite(str(tmp_path / name), photo.image)
    capsys.readouterr()
    assert main(["nimalia", "check", "--json", str(tmp_path / "r1.png"),
                 str(tmp_path / "r2.png")]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["legal"] and verdict["problems"] == []
    assert {p["card"] for p in verdict["placed"]} <= {p.card_id for p in second[3:]} | {None}
    assert sum(p["card"] is not None for p in verdict["placed"]) >= 2
    # the other way round: cards were lifted
    assert main(["nimalia", "check", "--json", str(tmp_path / "r2.png"),
                 str(tmp_path / "r1.png")]) == 1
    assert json.loads(capsys.readouterr().out)["problems"][0]["rule"] == "unexplained"
