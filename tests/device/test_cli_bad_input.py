"""Every command that reads an image or a file turns bad input into one line naming it
(exit code 2), never a traceback; the exit codes are listed in `--help`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from tableref.device.cli import main
from tableref.device.cli.common import EXIT_BAD_INPUT
from tableref.vision.halli.enrol import FILE_NAME as HALLI_FILE
from tableref.vision.nimalia.cards import cards_json
from tableref.vision.synth.hostile_images import png_claiming
from tableref.vision.synth.nimalia_art import synthetic_cards

DEEP = "[" * 200_000 + "]" * 200_000


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(argv)
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, err


@pytest.fixture
def bomb(tmp_path: Path) -> Path:
    path = tmp_path / "bomb.png"
    path.write_bytes(png_claiming(100_000, 100_000))
    return path


@pytest.fixture
def cut_jpeg(tmp_path: Path) -> Path:
    _, buf = cv2.imencode(".jpg", np.full((200, 300, 3), 128, np.uint8))
    path = tmp_path / "cut.jpg"
    path.write_bytes(buf.tobytes()[: len(buf) // 2])
    return path


@pytest.mark.parametrize("command", [["halli", "recognise"], ["nimalia", "recognise"],
                                     ["nimalia", "score"]])
def test_an_image_too_large_is_named_with_its_size_and_the_limit(
        command: list[str], bomb: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _run([*command, str(bomb)], capsys)
    assert code == EXIT_BAD_INPUT
    assert err.startswith(f"tableref: error: {bomb}: ")
    assert "10000000000 pixels" in err and "50 megapixels" in err


@pytest.mark.parametrize("command", [["halli", "recognise"], ["nimalia", "recognise"],
                                     ["nimalia", "score"]])
def test_a_truncated_jpeg_is_an_error(
        command: list[str], cut_jpeg: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _run([*command, str(cut_jpeg)], capsys)
    assert code == EXIT_BAD_INPUT and "cut short" in err


def test_halli_enroll_names_the_photo_too_large(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "pig.png").write_bytes(png_claiming(9000, 9000))
    code, err = _run(["halli", "enroll", str(folder)], capsys)
    assert code == EXIT_BAD_INPUT and "pig.png" in err and "9000 x 9000" in err


def test_nimalia_enroll_names_the_photo_too_large(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    art = tmp_path / "art"
    art.mkdir()
    cards = synthetic_cards(seed=5)
    (art / f"{min(cards)}.png").write_bytes(png_claiming(20_000, 20_000))
    (tmp_path / "cards.json").write_text(json.dumps(cards_json(cards)))
    code, err = _run(["nimalia", "enroll", "--cards", str(tmp_path / "cards.json"), str(art)],
                     capsys)
    assert code == EXIT_BAD_INPUT and "400 megapixels (400000000 pixels)" in err


@pytest.mark.parametrize("command", [["halli", "recognise"], ["nimalia", "recognise"]])
@pytest.mark.parametrize(("out", "words"), [(".", "is a folder"),
                                            ("out.xyz", "unknown image type '.xyz'"),
                                            ("no/such/dir/out.png", "does not exist")])
def test_annotate_to_a_folder_or_an_unknown_type_is_named_before_the_work(
        command: list[str], out: str, words: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    photo = tmp_path / "photo.png"
    cv2.imwrite(str(photo), np.full((120, 160, 3), 90, np.uint8))
    code, err = _run([*command, "--annotate", str(tmp_path / out), str(photo)], capsys)
    assert code == EXIT_BAD_INPUT and words in err


def test_deeply_nested_reserve_and_cards_files_are_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "deep.json").write_text(DEEP)
    code, err = _run(["nimalia", "score", str(tmp_path / "deep.json")], capsys)
    assert code == EXIT_BAD_INPUT and "deep.json: not valid JSON: nested too deeply" in err
    (tmp_path / "art").mkdir()
    code, err = _run(["nimalia", "enroll", "--cards", str(tmp_path / "deep.json"),
                      str(tmp_path / "art")], capsys)
    assert code == EXIT_BAD_INPUT and "nested too deeply" in err
    (tmp_path / "game.jsonl").write_text(DEEP + "\n")
    code, err = _run(["halli", "replay", str(tmp_path / "game.jsonl")], capsys)
    assert code == EXIT_BAD_INPUT and "nested too deeply" in err


def test_cards_that_are_not_utf8_are_named(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "cards.json").write_bytes(b"\xff\xfe{")
    (tmp_path / "art").mkdir()
    code, err = _run(["nimalia", "enroll", "--cards", str(tmp_path / "cards.json"),
                      str(tmp_path / "art")], capsys)
    assert code == EXIT_BAD_INPUT and "not UTF-8" in err


def test_a_corrupt_enrolment_file_is_named(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    photo = tmp_path / "photo.png"
    cv2.imwrite(str(photo), np.full((120, 160, 3), 90, np.uint8))
    store = tmp_path / "xdg" / "tableref"
    store.mkdir(parents=True)
    (store / HALLI_FILE).write_bytes(b"PK\x03\x04 not a zip")
    code, err = _run(["halli", "recognise", str(photo)], capsys)
    assert code == EXIT_BAD_INPUT and HALLI_FILE in err
    (store / "nimalia").mkdir()
    (store / "nimalia" / "nimalia-enrolment.npz").write_bytes(b"garbage")
    code, err = _run(["nimalia", "recognise", str(photo)], capsys)
    assert code == EXIT_BAD_INPUT and "nimalia-enrolment.npz" in err


def test_the_exit_codes_are_documented() -> None:
    out = subprocess.run([sys.executable, "-m", "tableref", "--help"], capture_output=True,
                         text=True, timeout=60, check=True).stdout
    assert "exit codes:" in out
    for code in ("0", "1", "2", "3", "4", "130"):
        assert f"\n  {code} " in out
    run = subprocess.run([sys.executable, "-m", "tableref", "run", "--help"],
                         capture_output=True, text=True, timeout=60, check=True).stdout
    assert "every exit but 2 is restarted" in " ".join(run.split())


def test_an_unexpected_fault_is_one_line_not_a_traceback(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import tableref.device.cli.halli_rules as rules

    def broken(*_: object, **__: object) -> object:
        raise KeyError("a bug")

    monkeypatch.setattr(rules, "verdict", broken)
    code, err = _run(["halli", "verdict", "BBL"], capsys)
    assert code == 1 and "internal error: KeyError" in err and "TABLEREF_TRACEBACK=1" in err


def test_nimalia_score_names_a_folder_and_a_binary_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "reserves").mkdir()
    (tmp_path / "reserve.json").write_bytes(b"\xff\xd8\xff\xe0 a JPEG named .json")
    for name, words in [("reserves", "is a folder, not a reserve file or photo"),
                        ("reserve.json", "not a reserve file: not UTF-8 text")]:
        code, err = _run(["nimalia", "score", str(tmp_path / name)], capsys)
        assert code == EXIT_BAD_INPUT
        assert words in err and "Errno" not in err and "codec" not in err


@pytest.mark.parametrize(("frame", "words"), [
    (png_claiming(100_000, 100_000), "10000000000 pixels"),
    (png_claiming(9000, 9000), "9000 x 9000"),
    (b"\x89PNG\r\n\x1a\nnot the rest", "header is broken"),
], ids=["lying-header", "over-50MP", "broken"])
def test_halli_referee_names_a_frame_too_large_or_broken(
        frame: bytes, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A recorded game's frames enter like any other image: checked from the header."""
    frames = tmp_path / "frames"
    frames.mkdir()
    (frames / "000000001000000000.png").write_bytes(frame)
    presses = tmp_path / "presses.jsonl"
    presses.write_text('{"event": "start", "players": ["Ann", "Ben"]}\n')
    code, err = _run(["halli", "referee", str(frames), str(presses)], capsys)
    assert code == EXIT_BAD_INPUT
    assert "000000001000000000.png" in err and words in err
