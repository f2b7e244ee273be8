"""`tableref halli referee`: a recorded game (frames of a table whose every card is known,
bell presses) refereed offline through the daemon's own path, to the table's true state."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import cv2
import pytest

from tableref.device.cli import main
from tableref.device.daemon.halli_referee import FrameAt, referee
from tableref.device.sim.decks import RENDER_SEED, halli_enrolment
from tableref.device.sim.world import SimWorld
from tableref.games.halli import Flip, Press, Ring, Start, replay
from tableref.vision.halli.recognise import Recogniser
from tableref.vision.synth.halli_scene import render_table

MS = 1_000_000
NAMES = ["Ann", "Ben", "Cid"]


class Recording:
    """A game played on a table whose every card is known (SimWorld), filmed and rung."""

    def __init__(self, seed: int, flips: int) -> None:
        rng = random.Random(seed)
        self.world = world = SimWorld(NAMES, seed, {})
        self.frames: list[tuple[int, tuple[str | None, ...]]] = []
        self.presses: list[Press] = []
        self.flips = 0
        t = 10**9
        self.frames.append((t, world.tops()))
        for _ in range(flips):
            seat = world.next_flip()
            if seat is None:
                break
            world.flip(seat)
            self.flips += 1
            t += 50 * MS
            self.frames.append((t, world.tops()))  # the card as the camera saw it
            right = world.ringable()
            if right or rng.random() < 0.15:
                active = [i for i in range(len(NAMES)) if not world.is_out(i)]
                ringer = rng.choice(active)
                t += 150 * MS
                self.presses.append(Press(ringer, t))
                other = rng.choice([i for i in active if i != ringer])
                self.presses.append(Press(other, t + 20 * MS))  # late: a figure only
                self.frames.append((t + 30 * MS, world.tops()))  # the camera reaches it
                world.ring(ringer, right)  # the players do what the referee said
                t += 1700 * MS  # past the bells' lock
                self.frames.append((t, world.tops()))  # the cards gathered
                if world.state.over:
                    break
            t += 250 * MS

    def frame_at(self) -> list[FrameAt]:
        drawn: dict[tuple[str | None, ...], Any] = {}  # the same table is drawn once

        def draw(tops: tuple[str | None, ...]) -> Any:
            if tops not in drawn:
                drawn[tops] = render_table(tops, seed=RENDER_SEED)
            return drawn[tops]

        return [FrameAt(t, lambda tops=tops: draw(tops)) for t, tops in self.frames]


@pytest.fixture(scope="module")
def reader() -> Recogniser:
    return Recogniser(halli_enrolment())


def test_a_recorded_game_is_refereed_to_the_tables_true_state(reader: Recogniser) -> None:
    rec = Recording(seed=3, flips=30)
    done = referee(Start(tuple(NAMES)), rec.frame_at(), rec.presses, reader)
    assert done.state.to_json() == rec.world.state.to_json()
    rings = [e for e in done.events if isinstance(e, Ring)]
    assert {r.right for r in rings} == {True, False}  # right and wrong rings were judged
    assert all(r.presses[-1].late for r in rings)  # the second press: after the window
    assert sum(isinstance(e, Flip) for e in done.events) == rec.flips
    lines = [json.dumps(x) for x in done.log()]
    assert replay(lines) == done.state  # the log is a game log the engine replays


def test_the_command_line_reads_frames_and_presses_and_prints_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from tableref.device.paths import data_dir

    halli_enrolment().save(data_dir())  # the user's own enrolment
    rec = Recording(seed=8, flips=12)
    frames = tmp_path / "frames"
    frames.mkdir()
    for t, tops in rec.frames:
        assert cv2.imwrite(str(frames / f"{t:015d}.jpg"), render_table(tops, seed=RENDER_SEED))
    (frames / "notes.txt").write_text("not a frame")
    presses = tmp_path / "presses.jsonl"
    presses.write_text("\n".join([json.dumps({"event": "start", "players": NAMES})] + [
        json.dumps({"player": p.player, "t_ns": p.t_ns}) for p in rec.presses]) + "\n")
    assert rec.presses, "the recording must have a ring"
    assert main(["halli", "referee", "--json", str(frames), str(presses)]) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert out["state"] == rec.world.state.to_json()
    kinds = [e["event"] for e in out["events"]]
    assert kinds[0] == "start" and "ring" in kinds and "flip" in kinds
    assert all("right" in e for e in out["events"] if e["event"] == "ring")
    assert all("card" in e for e in out["events"] if e["event"] == "flip")
    log = tmp_path / "game.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in out["events"]))
    assert main(["halli", "replay", "--json", str(log)]) == 0
    assert json.loads(capsys.readouterr().out) == out["state"]


@pytest.mark.parametrize(("frames", "presses", "why"), [
    ({}, '{"event": "start", "players": ["A", "B"]}\n', "no frames"),
    ({"frame1.jpg": b""}, '{"event": "start", "players": ["A", "B"]}\n', "named by its"),
    ({"000000000000001.jpg": b"x"}, "", "empty; the first line is the start event"),
    ({"000000000000001.jpg": b"x"}, '{"player": 0, "t_ns": 1}\n', "line 1: an event needs"),
    ({"000000000000001.jpg": b"x"}, '{"event": "start", "players": ["A", "B"]}\n',
     "000000000000001.jpg: not a readable image"),
    ({"000000000000001.jpg": b"x"},
     '{"event": "start", "players": ["A", "B"]}\n{"player": 2, "t_ns": 5}\n',
     "line 2: seat 2: the seats are 0 to 1"),
    ({"000000000000001.jpg": b"x"},
     '{"event": "start", "players": ["A", "B"]}\n{"player": 0}\n', "line 2: a press is"),
    ({"000000000000001.jpg": b"x"},
     '{"event": "start", "players": ["A", "A"]}\n', "line 1: two players are called"),
])
def test_bad_recordings_are_refused_naming_the_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], frames: dict[str, bytes],
    presses: str, why: str,
) -> None:
    folder = tmp_path / "frames"
    folder.mkdir()
    for name, data in frames.items():
        (folder / name).write_bytes(data)
    (tmp_path / "p.jsonl").write_text(presses)
    assert main(["halli", "referee", str(folder), str(tmp_path / "p.jsonl")]) == 2
    assert why in capsys.readouterr().err
