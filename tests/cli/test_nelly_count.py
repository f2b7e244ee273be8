"""`tableref nelly count` through the real command line."""

import json
from pathlib import Path

import cv2
import pytest

from tableref.device.cli import main
from tableref.vision.nelly.zones import zones_to_json
from tableref.vision.synth.nelly_scene import render_nelly_table

GAME = [{"red": 2, "yellow": 1, "orange": 0}, {"red": 1, "yellow": 2, "orange": 2}]


@pytest.fixture
def table(tmp_path: Path) -> tuple[Path, Path]:
    frame, zones = render_nelly_table(GAME, [4, 6], seed=7, table="light")
    image, zfile = tmp_path / "frame.jpg", tmp_path / "zones.json"
    cv2.imwrite(str(image), frame, [cv2.IMWRITE_JPEG_QUALITY, 90])
    zfile.write_text(json.dumps(zones_to_json(zones)))
    return image, zfile


def test_count_prints_the_specs_json(table: tuple[Path, Path],
                                     capsys: pytest.CaptureFixture[str]) -> None:
    image, zfile = table
    assert main(["nelly", "count", "--json", "--zones", str(zfile), str(image)]) == 0
    assert json.loads(capsys.readouterr().out) == {"zones": [
        {"player": 0, "red": 2, "yellow": 1, "orange": 0, "unsure": False},
        {"player": 1, "red": 1, "yellow": 2, "orange": 2, "unsure": False}]}


def test_count_in_words(table: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    image, zfile = table
    assert main(["nelly", "count", "--zones", str(zfile), str(image)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "player 0: red 2, yellow 1, orange 0", "player 1: red 1, yellow 2, orange 2"]


def test_a_hand_over_a_zone_says_unsure_and_exits_1(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    frame, zones = render_nelly_table(GAME, [4, 6], seed=7, table="light", hand_at=1)
    image, zfile = tmp_path / "frame.png", tmp_path / "zones.json"
    cv2.imwrite(str(image), frame)
    zfile.write_text(json.dumps(zones_to_json(zones)))
    assert main(["nelly", "count", "--json", "--zones", str(zfile), str(image)]) == 1
    captured = capsys.readouterr()
    out = json.loads(captured.out)["zones"]
    assert out[0] == {"player": 0, "red": 2, "yellow": 1, "orange": 0, "unsure": False}
    assert out[1]["unsure"] is True
    assert "player 1's zone not counted with confidence: something over the zone" in captured.err


@pytest.mark.parametrize(("zones_text", "named"), [
    ("{", "not JSON"),
    ('{"zones": [{"player": 0}]}', "polygon must be a list"),
    ('{"zones": [{"player": 0, "polygon": [[5000, 5000], [5100, 5000], [5100, 5100]]}]}',
     "outside the 1280x720 picture"),
])
def test_bad_zones_are_named_with_exit_2(table: tuple[Path, Path], tmp_path: Path,
                                         zones_text: str, named: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    image, _ = table
    bad = tmp_path / "bad.json"
    bad.write_text(zones_text)
    assert main(["nelly", "count", "--zones", str(bad), str(image)]) == 2
    err = capsys.readouterr().err
    assert "bad.json" in err and named in err


def test_missing_files_are_named(table: tuple[Path, Path], tmp_path: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    image, zfile = table
    assert main(["nelly", "count", "--zones", str(tmp_path / "none.json"), str(image)]) == 2
    assert "none.json: no such zones file" in capsys.readouterr().err
    assert main(["nelly", "count", "--zones", str(zfile), str(tmp_path / "none.jpg")]) == 2
    assert "none.jpg: no such image" in capsys.readouterr().err
    junk = tmp_path / "junk.jpg"
    junk.write_bytes(b"not an image at all")
    assert main(["nelly", "count", "--zones", str(zfile), str(junk)]) == 2
    assert "junk.jpg" in capsys.readouterr().err
