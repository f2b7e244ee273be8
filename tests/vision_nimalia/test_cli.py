import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from tableref.device.cli import main
from tableref.vision.nimalia.cards import Card, cards_json
from tableref.vision.synth.nimalia_photo import CLEAN_SMALL, render_photo
from tableref.vision.synth.nimalia_reserve import random_reserve


def test_enroll_then_recognise(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    cards: dict[int, Card],
    card_images: dict[int, np.ndarray],
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    art = tmp_path / "art"
    art.mkdir()
    for i, img in card_images.items():
        cv2.imwrite(str(art / f"{i}.png"), img)
    (tmp_path / "cards.json").write_text(json.dumps(cards_json(cards)))
    assert main(["nimalia", "enroll", "--cards", str(tmp_path / "cards.json"), str(art)]) == 0
    assert (tmp_path / "data" / "tableref" / "nimalia" / "nimalia-enrolment.npz").is_file()
    rng = np.random.default_rng(7)
    style = CLEAN_SMALL
    photo = render_photo(
        card_images, cards, random_reserve(list(cards), rng, n_cards=3), rng, style
    )
    cv2.imwrite(str(tmp_path / "photo.png"), photo.image)
    capsys.readouterr()
    code = main(
        [
            "nimalia",
            "recognise",
            "--json",
            "--annotate",
            str(tmp_path / "a.png"),
            str(tmp_path / "photo.png"),
        ]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    got = {
        (s["row"], s["col"]): (s["terrain"], s["animal"], s.get("river", "")) for s in out["spaces"]
    }
    assert got == {p: (k.terrain, k.animal, k.river or "") for p, k in photo.spaces.items()}
    assert cv2.imread(str(tmp_path / "a.png")) is not None


def test_recognise_names_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["nimalia", "recognise", str(tmp_path / "missing.jpg")]) == 2
    assert "missing.jpg: no such photo" in capsys.readouterr().err
    (tmp_path / "junk.jpg").write_text("not an image")
    assert main(["nimalia", "recognise", str(tmp_path / "junk.jpg")]) == 2
    assert "not a readable image" in capsys.readouterr().err
    cv2.imwrite(str(tmp_path / "t.png"), np.full((60, 80, 3), 90, np.uint8))
    assert main(["nimalia", "recognise", str(tmp_path / "t.png")]) == 2
    assert "no enrolment" in capsys.readouterr().err


def test_a_photo_becomes_a_reserve_for_scoring(
    tmp_path: Path, cards: dict[int, Card], card_images: dict[int, np.ndarray], enrolment
) -> None:  # type: ignore[no-untyped-def]
    from tableref.device.cli.common import CliError
    from tableref.device.cli.nimalia_vision import read_photo_reserve

    enrolment.save(tmp_path / "enr")
    rng = np.random.default_rng(11)
    style = CLEAN_SMALL
    photo = render_photo(
        card_images, cards, random_reserve(list(cards), rng, n_cards=4), rng, style
    )
    cv2.imwrite(str(tmp_path / "p.png"), photo.image)
    reserve = read_photo_reserve(tmp_path / "p.png", tmp_path / "enr")
    assert dict(reserve) == photo.spaces  # the game's own spaces, read from the photo
    cv2.imwrite(str(tmp_path / "table.png"), np.full((600, 800, 3), 90, np.uint8))
    with pytest.raises(CliError, match="no cards stand out"):
        read_photo_reserve(tmp_path / "table.png", tmp_path / "enr")
