"""`tableref halli recognise` and `tableref halli enroll`, through the real command line."""

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from tableref.device.cli import main
from tableref.vision.synth.halli_cards import CardStyle, card_image
from tableref.vision.synth.halli_scene import SceneOptions, compose_scene, render_table


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    return tmp_path / "xdg" / "tableref"


def _photos(directory: Path) -> None:
    rng = np.random.default_rng(11)
    directory.mkdir()
    for animal in ("elephant", "monkey", "pig"):
        photo = compose_scene([(animal, card_image(animal, CardStyle()))], rng,
                              SceneOptions(bell=False, hand=0.0, pile_depth=(0, 0)))
        cv2.imwrite(str(directory / f"{animal}.jpg"), photo.image)


def test_recognise_prints_the_spec_json(tmp_path: Path, data_home: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    image = tmp_path / "table.png"
    cv2.imwrite(str(image), render_table(["BBL", "SS", "pig"], seed=2))
    out_png = tmp_path / "annotated.png"
    assert main(["halli", "recognise", "--json", "--annotate", str(out_png), str(image)]) == 0
    cards = json.loads(capsys.readouterr().out)["cards"]
    by_kind = sorted((c["kind"], c.get("code")) for c in cards)
    # the pig, not enrolled, is known as an animal: which one, only enrolment tells
    assert by_kind == [("animal", None), ("fruit", "BBL"), ("fruit", "SS")]
    pig = next(c for c in cards if c["kind"] == "animal")
    assert pig["animal"] is None and pig["code"] is None
    fruit = next(c for c in cards if c.get("code") == "BBL")
    assert fruit["fruits"] == {"banana": 2, "plum": 0, "strawberry": 0, "lime": 1}
    assert len(fruit["corners"]) == 4 and len(fruit["center"]) == 2
    assert cv2.imread(str(out_png)) is not None


def test_enroll_then_the_animals_are_recognised(tmp_path: Path, data_home: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    _photos(tmp_path / "mine")
    assert main(["halli", "enroll", str(tmp_path / "mine")]) == 0
    assert "elephant, monkey, pig" in capsys.readouterr().out
    assert (data_home / "halli-enrolment.npz").exists()
    image = tmp_path / "table.png"
    cv2.imwrite(str(image), render_table(["BBL", "monkey", "pig"], seed=2))
    assert main(["halli", "recognise", "--json", str(image)]) == 0
    cards = json.loads(capsys.readouterr().out)["cards"]
    assert sorted(c["code"] for c in cards) == ["BBL", "monkey", "pig"]
    assert {c["kind"] for c in cards if c["code"] == "pig"} == {"animal"}
    assert main(["halli", "recognise", str(image)]) == 0
    assert "pig at (" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ("missing", "no such image file"),
        ("garbage", "not a readable image"),
    ],
)
def test_recognise_names_a_bad_image(tmp_path: Path, data_home: Path, setup: str, message: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    image = tmp_path / "x.jpg"
    if setup == "garbage":
        image.write_bytes(b"not a jpeg")
    assert main(["halli", "recognise", str(image)]) == 2
    assert message in capsys.readouterr().err


def test_enroll_names_a_bad_photo(tmp_path: Path, data_home: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    photos = tmp_path / "p"
    photos.mkdir()
    assert main(["halli", "enroll", str(photos)]) == 2
    assert "no card photos" in capsys.readouterr().err
    cv2.imwrite(str(photos / "horse.png"), card_image("pig"))
    assert main(["halli", "enroll", str(photos)]) == 2
    assert "horse.png: the name is not a card code" in capsys.readouterr().err
    (photos / "horse.png").unlink()
    (photos / "pig.jpg").write_bytes(b"garbage")
    assert main(["halli", "enroll", str(photos)]) == 2
    assert "pig.jpg: not a readable image" in capsys.readouterr().err
    assert main(["halli", "enroll", str(tmp_path / "nope")]) == 2
    assert "not a directory" in capsys.readouterr().err


def test_enroll_again_says_what_it_replaces(tmp_path: Path, data_home: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """A second enrolment replaces the first: it says so, and names the cards no longer
    taught. A phone's second copy ("pig (1).jpg") is the pig."""
    _photos(tmp_path / "all")
    assert main(["halli", "enroll", str(tmp_path / "all")]) == 0
    capsys.readouterr()
    only = tmp_path / "only"
    only.mkdir()
    cv2.imwrite(str(only / "pig (1).png"), card_image("pig"))
    assert main(["halli", "enroll", str(only)]) == 0
    out = capsys.readouterr().out
    assert "enrolled pig" in out
    assert "no longer taught: elephant, monkey" in out


def test_recognise_help_says_where_the_enrolment_is(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["halli", "recognise", "--help"])
    assert "halli-enrolment.npz" in capsys.readouterr().out


def test_enroll_replaces_an_enrolment_it_cannot_read(tmp_path: Path, data_home: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    data_home.mkdir(parents=True, exist_ok=True)
    (data_home / "halli-enrolment.npz").write_bytes(b"not an enrolment")
    _photos(tmp_path / "mine")
    assert main(["halli", "enroll", str(tmp_path / "mine")]) == 0
    assert "elephant, monkey, pig" in capsys.readouterr().out
    image = tmp_path / "table.png"
    cv2.imwrite(str(image), render_table(["monkey"], seed=2))
    assert main(["halli", "recognise", str(image)]) == 0
