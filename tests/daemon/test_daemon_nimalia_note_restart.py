"""Nothing Nimalia holds is lost on a kill -9: a real `tableref run` killed with SIGKILL and
started again on the same journal gives back a photo with an unsure space waiting to be
settled, a reserve held because it breaks the placement rules, and a table camera zone
waiting for its round's last card; each is then settled, kept or taken as at the table.

Photos are the project's renderer's, of the game's cards in the project's art (the
simulated table's deck); the HTTP API is the page's."""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from daemon_proc_helper import DaemonProcess, post, wait_until

from tableref.device.sim.decks import nimalia_deck
from tableref.vision.nimalia.cards import space_json
from tableref.vision.nimalia.enrol import enrol_images
from tableref.vision.synth.nimalia_photo import CLEAN_SMALL, render_photo
from tableref.vision.synth.nimalia_reserve import random_reserve
from tableref.vision.synth.nimalia_table import TableScene, reserve_patch, table_frame
from tests.nimalia.grow import grown
from tests.nimalia.unsure import unsure_photo

CONFIG = 'game = "nimalia"\n[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n' \
         '[voice]\nengine = "none"\n'


@pytest.fixture(scope="module")
def art() -> tuple[dict, dict, object]:  # type: ignore[type-arg]
    cards, images = nimalia_deck()  # the simulated table's deck
    return cards, images, enrol_images(cards, images)


def _upload(d: DaemonProcess, player: int, png: bytes) -> dict[str, Any]:
    req = urllib.request.Request(f"{d.base}/api/nimalia/upload?player={player}", data=png,
                                 headers={"Content-Type": "image/png"})
    with urllib.request.urlopen(req, timeout=30) as res:
        snap: dict[str, Any] = json.loads(res.read())
        return snap


def _nim(d: DaemonProcess) -> dict[str, Any]:
    nim: dict[str, Any] = d.state()["nimalia"]
    return nim


def _events(d: DaemonProcess) -> list[dict[str, Any]]:
    import sqlite3

    path = d.tmp / "data" / "tableref" / "journal.sqlite3"
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = db.execute("SELECT event FROM journal WHERE game_id = (SELECT max(id) FROM "
                          "games) ORDER BY seq").fetchall()
    finally:
        db.close()
    return [json.loads(r[0]) for r in rows]


HELD = ("pending", "doubts", "placed", "zones_waiting", "message", "read", "round")


def test_kill_9_keeps_the_photo_to_settle_and_the_reserve_held(
    tmp_path: Path, art: tuple  # type: ignore[type-arg]
) -> None:
    cards, images, enrolment = art
    unsure, ann_truth, pos = unsure_photo(cards, images, enrolment)
    rng = np.random.default_rng(12)
    laid = grown(random_reserve(list(cards), rng, n_cards=3), np.random.default_rng([12, 1]))
    six = render_photo(images, cards, laid, np.random.default_rng(13), CLEAN_SMALL)
    d = DaemonProcess(tmp_path, CONFIG)
    try:
        d.start()
        _upload(d, 0, cv2.imencode(".png", unsure)[1].tobytes())
        # Ben's photo shows six cards in round 1: no three placements explain it
        _upload(d, 1, cv2.imencode(".png", six.image)[1].tobytes())
        before = {k: _nim(d)[k] for k in HELD}
        assert [p["seat"] for p in before["pending"]] == [0]
        assert [(u["row"], u["col"]) for u in before["pending"][0]["unsure"]] == [pos]
        assert [x["seat"] for x in before["doubts"]] == [1]
        assert before["doubts"][0]["problems"] == [{"card": None, "rule": "unexplained"}]
        assert before["message"].startswith("Ben: this reserve does not follow")
        assert [e["event"] for e in _events(d)] == ["start"]

        d.kill()
        d.start()
        after = {k: _nim(d)[k] for k in HELD}
        assert after == before
        photo = urllib.request.urlopen(f"{d.base}/api/nimalia/reserve/0.jpg", timeout=5)
        assert photo.read(3) == b"\xff\xd8\xff"  # Ann's annotated photo, to tap on

        # settled and kept after the restart, as before it
        told = next(s for s in ann_truth if (s["row"], s["col"]) == pos)
        post(d.base + "/api/report", {"action": "settle", "player": 0, "spaces": [told]})
        post(d.base + "/api/report", {"action": "accept", "player": 1})
        events = _events(d)
        assert [e["event"] for e in events] == ["start", "reserve", "reserve", "score"]
        assert events[1]["spaces"] == ann_truth and events[1]["told"] == [list(pos)]
        assert events[2]["spaces"] == [{"row": r, "col": c, **space_json(k)}
                                       for (r, c), k in sorted(six.spaces.items())]
        assert events[2]["broken"] == [{"card": None, "rule": "unexplained"}]
        nim = _nim(d)
        assert nim["round"] == 2 and nim["pending"] == [] and nim["doubts"] == []

        # and what was settled stays settled over another kill
        d.kill()
        d.start()
        nim = _nim(d)
        assert nim["round"] == 2 and nim["pending"] == [] and nim["doubts"] == []
    finally:
        d.stop()


def test_kill_9_keeps_the_zone_waiting_for_its_last_card(
    tmp_path: Path, art: tuple  # type: ignore[type-arg]
) -> None:
    """The table camera is a picture file (the camera seam: a folder or image source) that
    the test rewrites; the daemon runs with the devices the config names."""
    cards, images, enrolment = art
    enrolment.save(tmp_path / "data" / "tableref" / "nimalia")  # `tableref nimalia enroll`
    rng = np.random.default_rng(41)
    laid = random_reserve(list(cards), rng, n_cards=3)
    two = render_photo(images, cards, laid[:2], np.random.default_rng(42), CLEAN_SMALL)
    scene = TableScene()
    left, top, right, bottom = scene.zone
    frame = tmp_path / "camera.png"

    def show(image: np.ndarray) -> None:  # whole, never half written
        part = tmp_path / "camera.part.png"
        cv2.imwrite(str(part), image)
        os.replace(part, frame)

    show(table_frame(scene, np.random.default_rng(1)))
    config = CONFIG + f'[camera]\nsource = "{frame}"\n[bells]\npin_factory = "mock"\n'
    d = DaemonProcess(tmp_path, config, sim=False)
    try:
        d.start()
        post(d.base + "/api/report", {"zones": {"zones": [
            {"player": 0, "polygon": [[left, top], [right, top], [right, bottom],
                                      [left, bottom]]}]}})
        wait_until(lambda: _nim(d)["camera_zones"] == [{"seat": 0, "state": "still"}], 30,
                   "the empty zone seen still")
        show(table_frame(scene, np.random.default_rng(2), reserve=reserve_patch(two)))
        # Ann laid two cards and stopped: photographed, waiting for her third
        wait_until(lambda: _nim(d)["zones_waiting"], 30, "the zone photographed")
        nim = _nim(d)
        assert nim["zones_waiting"] == [{"seat": 0, "seen": 2}] and nim["read"] == []
        assert nim["message"].startswith("Ann: 2 new cards seen")

        d.kill()  # well within the patience (5 x 2 s of stillness)
        d.start()
        nim = _nim(d)
        assert nim["zones_waiting"] == [{"seat": 0, "seen": 2}] and nim["read"] == []
        assert nim["message"].startswith("Ann: 2 new cards seen")
        # nothing more came: kept as it lies once the zone has stayed still long enough
        wait_until(lambda: _nim(d)["read"] == [0], 40, "the zone's reserve kept")
        events = _events(d)
        assert [e["event"] for e in events] == ["start", "reserve"]
        assert events[1]["spaces"] == [{"row": r, "col": c, **space_json(k)}
                                       for (r, c), k in sorted(two.spaces.items())]
        assert _nim(d)["zones_waiting"] == []
    finally:
        d.stop()
