"""The held-out benchmark's own renderer and scoring tell the truth (bench/heldout/).

Small frames only: these check that the truth agrees with what is drawn and that the
scoring counts what it says, not the recogniser (the benchmark does that)."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from bench.heldout.conditions import sample_scene
from bench.heldout.evaluate import judge
from bench.heldout.game_sim import GameSpec, record, write
from bench.heldout.halli_games import compare, referee
from bench.heldout.scene import render


def _small_scene(seed: int, hard: bool):  # type: ignore[no-untyped-def]
    scene = sample_scene(seed, hard)
    assert scene.families["art"] != "scan", "the tests use the project's own art only"
    cam = scene.table.camera
    k = 320 / cam.width
    scene.table.camera = dataclasses.replace(cam, width=320, height=round(cam.height * k),
                                             distance_mm=cam.distance_mm / k)
    return scene


def _as_report(card: dict) -> dict:  # type: ignore[type-arg]
    centre = np.mean(card["corners"], 0).tolist()
    if card["kind"] == "animal":
        return {"kind": "animal", "animal": card["code"], "code": card["code"], "center": centre,
                "corners": card["corners"]}
    return {"kind": "fruit", "code": card["code"], "center": centre, "corners": card["corners"]}


@pytest.mark.parametrize("seed", [0, 3])
def test_top_cards_are_where_the_truth_says(seed: int) -> None:
    scene = _small_scene(seed, hard=seed % 2 == 1)
    _, image, truth = render(scene.table, scene.moment, 0)
    h, w = image.shape[:2]
    tops = [c for c in truth if c.role == "top"]
    assert tops, "every scene shows a top card"
    for card in truth:
        quad = np.array(card.corners, np.float32)
        assert cv2.contourArea(quad) > 20
        assert 0 <= card.cover <= 1
        cx, cy = quad.mean(0)
        assert 0 <= cx < w and 0 <= cy < h
    # take the top card off its pile: the picture changes inside its true outline
    card = min(tops, key=lambda c: c.cover)
    assert card.seat is not None
    scene.moment.piles[card.seat].pop()
    _, without, _ = render(scene.table, scene.moment, 0)
    quad = np.array(card.corners)
    inner = (quad - quad.mean(0)) * 0.8 + quad.mean(0)
    mask = np.zeros((h, w), np.uint8)
    cv2.fillPoly(mask, [np.round(inner).astype(np.int32)], 1)
    far = ~cv2.dilate(mask, np.ones((25, 25), np.uint8)).astype(bool)
    diff = np.abs(image.astype(np.int16) - without.astype(np.int16)).sum(2)
    assert diff[mask.astype(bool)].mean() > 10 * max(1.0, diff[far].mean())


def test_truth_read_back_scores_perfect_and_a_back_read_is_counted() -> None:
    scene = _small_scene(5, hard=True)
    _, _, truth = render(scene.table, scene.moment, 0)
    cards = [c.to_json() for c in truth]
    reports = [_as_report(c) for c in cards if c["role"] == "top"]
    tally, notes = judge(cards, reports)
    must = [c for c in cards if c["role"] == "top" and c["cover"] <= 0.3]
    assert tally.cards == len(must) and tally.right == len(must), notes
    assert tally.wrong == 0 and tally.false_cards == 0 and tally.verdict_right == 1
    backs = [c for c in cards if c["role"] == "back"
             and not any(cv2.pointPolygonTest(np.array(t["corners"], np.float32).reshape(-1, 1, 2),
                                              tuple(np.mean(c["corners"], 0)), False) >= 0
                         for t in cards if t["role"] == "top")]
    if backs:
        back = dict(_as_report(backs[0]), kind="unknown")
        tally, _ = judge(cards, [*reports, back])
        assert tally.backs_reported == 1 and tally.verdict_unsure == 1


def test_a_recorded_game_is_scored_against_a_fake_referee(tmp_path: Path) -> None:
    rec = record(GameSpec(seed=7, players=2, cards_each=2, max_flips=4, width=320, height=180))
    frames, presses = write(rec, tmp_path / "game")
    names = sorted(p.name for p in frames.iterdir())
    assert names[0] == f"{rec.frames[0][0]:015d}.jpg" and len(names) == len(rec.frames)
    lines = [json.loads(x) for x in presses.read_text().splitlines()]
    assert lines[0]["event"] == "start" and all(set(x) == {"player", "t_ns"} for x in lines[1:])
    fake = tmp_path / "fake.py"
    fake.write_text("import sys, pathlib\n"
                    "print((pathlib.Path(sys.argv[-1]).parent / 'truth.json').read_text())\n")
    answer, err = referee([sys.executable, str(fake)], frames, presses, 60)
    assert answer is not None, err
    truth = json.loads((tmp_path / "game" / "truth.json").read_text())
    tally, notes = compare(truth, answer)
    assert tally.flips == tally.flips_seen == tally.flips_right > 0, notes
    assert tally.rings_right == tally.rings and tally.state_right == 1
    assert tally.late == len(lines) - 1 - tally.rings
    blind = dict(answer, events=[e for e in answer["events"] if e["event"] != "flip"])
    tally, _ = compare(truth, blind)
    assert tally.flips_seen == 0


def test_flips_missed_do_not_shift_the_later_reads() -> None:
    """The game log has no times: the referee's flips are paired with the true ones by
    seat, and of the pairings that pair the most, the one that pairs the most cards read
    right. A flip missed then costs that flip, not every later flip of its seat (pairing
    by seat alone, two flips missed here left 6 flips seen and none read right)."""
    cards = ["SS", "BB", "LLL", "PP", "S", "BBL", "PS", "LL", "B", "SSS", "BP", "L"]
    want = [{"event": "flip", "player": k % 3, "card": c} for k, c in enumerate(cards)]
    truth = {"events": [{"event": "start"}, *want], "state": {}}
    got = [dict(e) for k, e in enumerate(want) if k not in (1, 5)]  # two flips missed
    tally, notes = compare(truth, {"events": [{"event": "start"}, *got], "state": {}})
    assert (tally.flips_seen, tally.flips_right, tally.flips_extra) == (10, 10, 0), notes
    got[3]["card"] = "PPP"  # and one read wrong: only that one
    tally, notes = compare(truth, {"events": [{"event": "start"}, *got], "state": {}})
    assert (tally.flips_seen, tally.flips_right) == (10, 9), notes


def test_a_ring_settled_on_what_was_seen_counts_right_or_wrong() -> None:
    """An unsure ring that the referee settles afterwards (on what the camera saw the
    players do) moves the cards as a verdict does: a settle the other way from the truth
    is counted as settled wrong, not hidden among the unsure rings. A settle follows the
    last ring only while no card was turned since."""
    truth = {"events": [{"event": "start"},
                        {"event": "ring", "player": 0, "t_ns": 10, "right": False},
                        {"event": "ring", "player": 1, "t_ns": 20, "right": True},
                        {"event": "ring", "player": 0, "t_ns": 30, "right": True}],
             "state": {}}
    got = [{"event": "start"},
           {"event": "ring", "player": 0, "t_ns": 10, "judged": False, "right": None},
           {"event": "settle", "player": 0, "right": True, "seen": True},
           {"event": "ring", "player": 1, "t_ns": 20, "judged": False, "right": None},
           {"event": "settle", "player": 1, "right": True, "seen": True},
           {"event": "ring", "player": 0, "t_ns": 30, "judged": False, "right": None},
           {"event": "flip", "player": 1, "card": "BB"},
           {"event": "settle", "player": 0, "right": False}]
    tally, notes = compare(truth, {"events": got, "state": {}})
    assert (tally.rings_unsure, tally.settled_right, tally.settled_wrong) == (3, 1, 1), notes
    assert any("settled True, truth False" in n for n in notes), notes
