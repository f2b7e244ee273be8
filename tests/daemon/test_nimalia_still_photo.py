"""The table camera photographs a player's zone by itself once the round's placements stop
moving: rendered frame sequences through a camera source (the seam), the real daemon,
eyes, still-detector, session and reader above it."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import pytest

from tableref.device.camera.base import CameraError, Frame
from tableref.device.config import parse_config
from tableref.device.daemon.app import Daemon
from tableref.device.daemon.equipment import Equipment
from tableref.device.daemon.nimalia_session import NimaliaKit
from tableref.device.sim.decks import nimalia_deck
from tableref.device.store import Store
from tableref.vision.nimalia.cards import space_json
from tableref.vision.nimalia.enrol import enrol_images
from tableref.vision.synth.nimalia_photo import CLEAN_SMALL, render_photo
from tableref.vision.synth.nimalia_reserve import random_reserve
from tableref.vision.synth.nimalia_table import Patch, TableScene, reserve_patch, table_frame
from tests.nimalia.grow import grown

CONFIG = 'game = "nimalia"\n[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n' \
         '[voice]\nengine = "none"\n'
STEP_NS = 100_000_000  # the frames' times: 10 a second


class Script:
    """A camera that films a scripted scene: each read is the next frame (its time 100 ms
    after the last), once `go` is set; then the last frame again and again, until more are
    added to `frames`. `at` is how many frames were read."""

    name = "script"

    def __init__(self, frames: list[Patch]) -> None:
        self.frames = frames
        self.go = threading.Event()
        self.at = 0
        self.next = 0
        self._closed = threading.Event()

    def open(self) -> None:
        pass

    def read(self) -> Frame:
        while not self.go.is_set():
            if self._closed.wait(0.01):
                raise CameraError("script: closed")
        time.sleep(0.004)
        image = self.frames[min(self.next, len(self.frames) - 1)]
        self.next = min(self.next + 1, len(self.frames))
        self.at += 1
        return Frame(image, self.at * STEP_NS, self.at)

    def close(self) -> None:
        self._closed.set()


@pytest.fixture(scope="module")
def art() -> tuple[dict, dict, object]:  # type: ignore[type-arg]
    cards, images = nimalia_deck()  # the game's cards: rounds are checked
    return cards, images, enrol_images(cards, images)


def _reserve(art: tuple, seed: int, n: int = 3, grow: int = 0  # type: ignore[type-arg]
             ) -> tuple[Patch, list[dict], bytes]:  # type: ignore[type-arg]
    """A reserve as the zone's patch, its spaces, and as a photo from a phone (PNG); with
    `grow`, the reserve `grow` cards later (the next round's, 3 cards later)."""
    cards, images, _ = art
    rng = np.random.default_rng(seed)
    laid = random_reserve(list(cards), rng, n_cards=n)
    if grow:
        laid = grown(laid, np.random.default_rng([seed, grow]), grow)
    photo = render_photo(images, cards, laid, rng, CLEAN_SMALL)
    truth = [{"row": r, "col": c, **space_json(k)} for (r, c), k in sorted(photo.spaces.items())]
    return reserve_patch(photo), truth, cv2.imencode(".png", photo.image)[1].tobytes()


async def _until(test: Callable[[], bool], what: str) -> None:
    for _ in range(1000):
        if test():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"not within 20 s: {what}")


async def test_a_zone_is_photographed_once_its_cards_stop_moving_never_under_a_hand(
    tmp_path: Path, art: tuple, caplog: pytest.LogCaptureFixture  # type: ignore[type-arg]
) -> None:
    patch, truth, _ = _reserve(art, 11)
    later, later_truth, _ = _reserve(art, 11, grow=3)  # Ann's reserve in round 2
    _, ben_truth, ben = _reserve(art, 12)
    scene = TableScene()
    left, top, right, bottom = scene.zone
    rng = np.random.default_rng(4)
    frames = [table_frame(scene, rng) for _ in range(15)]  # the empty zone, still
    for k in range(6):  # a hand comes in from the player's side and lays the cards
        frames.append(table_frame(scene, rng, arm=((left + right) // 2, bottom - 60 * k)))
    tip = ((left + right) // 2, bottom - 300)
    frames += [table_frame(scene, rng, reserve=patch, arm=tip) for _ in range(30)]  # held
    frames += [table_frame(scene, rng, reserve=patch) for _ in range(40)]  # gone: still
    camera = Script(frames)
    kit = NimaliaKit(enrolment=lambda: art[2], still_s=1.0)
    d = Daemon(parse_config(CONFIG), Store(tmp_path / "j.sqlite3"),
               Equipment(camera=camera, kits={"nimalia": kit}))
    caplog.set_level(logging.INFO, "tableref.nimalia")
    await d.start()
    try:
        await d.report({"zones": {"zones": [
            {"player": 0, "polygon": [[left, top], [right, top], [right, bottom],
                                      [left, bottom]]}]}})
        camera.go.set()
        held_until = 15 + 6 + 30
        for _ in range(600):
            states = {z["seat"]: z["state"] for z in d.snapshot()["nimalia"]["camera_zones"]}
            if camera.at < held_until and camera.at > 15 + 6 + 15:
                assert states.get(0) == "crossed"  # the hand held still over the zone
            if d.snapshot()["nimalia"]["read"] == [0]:
                break
            await asyncio.sleep(0.02)
        assert camera.at > held_until  # not before the hand went
        events = d.store.events(d.game_id)
        assert [e["event"] for e in events] == ["start", "reserve"]
        assert events[-1]["spaces"] == truth
        # the zone stays as it is: no second photo
        seen = camera.at
        while camera.at < seen + 30:
            await asyncio.sleep(0.02)
        assert [e["event"] for e in d.store.events(d.game_id)] == ["start", "reserve"]
        assert {z["seat"]: z["state"] for z in d.snapshot()["nimalia"]["camera_zones"]} \
            == {0: "still"}
        shots = [r for r in caplog.records if "photographed" in r.getMessage()]
        assert len(shots) == 1

        # Ann lays her next round's cards before Ben's reserve is in: no photo yet (her
        # reserve of this round is in); once Ben's is, the round is scored and hers taken
        for k in range(6):
            camera.frames.append(table_frame(scene, rng, reserve=patch,
                                             arm=((left + right) // 2, bottom - 60 * k)))
        camera.frames += [table_frame(scene, rng, reserve=later) for _ in range(20)]
        end = camera.at + 26 + 15
        await _until(lambda: camera.at > end, "the new cards filmed")
        assert d.snapshot()["nimalia"]["camera_zones"] == [{"seat": 0, "state": "changed"}]
        assert [e["event"] for e in d.store.events(d.game_id)] == ["start", "reserve"]
        await d.upload_reserve(1, ben, "image/png")
        await _until(lambda: len(d.store.events(d.game_id)) == 5, "round 2's photo of Ann")
        events = d.store.events(d.game_id)
        assert [(e["event"], e.get("player")) for e in events[2:]] == [
            ("reserve", 1), ("score", None), ("reserve", 0)]
        assert events[2]["spaces"] == ben_truth and events[4]["spaces"] == later_truth
    finally:
        await d.stop()
        d.store.close()
