"""Nimalia's note (what is held that is no event, kept with the journal): its JSON, what a
damaged one says, and what a restart leaves out: what a seat held when its reserve was
recorded after the note (a kill between the event and the note), or the round scored."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from tableref.device.config import parse_config
from tableref.device.daemon.app import Daemon
from tableref.device.daemon.equipment import Equipment
from tableref.device.daemon.nimalia_note import Doubt, Note, NoteError, Unsettled, Waiting
from tableref.device.daemon.nimalia_photos import PhotoReading, Unsure
from tableref.device.daemon.nimalia_session import NimaliaKit
from tableref.device.sim.decks import nimalia_deck
from tableref.device.store import Store
from tableref.games.nimalia.check import Placed, Problem, RoundCheck
from tableref.games.nimalia.model import Animal, Reserve, River, Space, Terrain
from tableref.vision.nimalia.enrol import enrol_images
from tableref.vision.synth.nimalia_photo import CLEAN_SMALL, render_photo
from tableref.vision.synth.nimalia_reserve import random_reserve
from tests.nimalia.unsure import unsure_photo

CONFIG = 'game = "nimalia"\n[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n' \
         '[voice]\nengine = "none"\n'
LION = Space(Terrain.SAVANNA, Animal.LION)
OTTER = Space(Terrain.ICE_FLOE, Animal.OTTER, River.RISING)
CARD = {(0, 0): LION, (0, 1): OTTER, (1, 0): LION, (1, 1): LION}


def _note() -> Note:
    verdict = RoundCheck((Placed(9, 0, 1, 90), Placed(None, 1, 1, 0, under=True)),
                         (Problem(None, "under", "a hidden card was slid under"),),
                         (0, 1), 1, 2, 1)
    reading = PhotoReading({(0, 0): LION}, (
        Unsure((1, 1), "unsure of the animal (0.20)", OTTER, (0.1, 0.2, 0.05, 0.06)),
        Unsure((1, 0), "unsure of the terrain", None, (0.3, 0.2, 0.05, 0.06))), b"",
        ((0.7, 0.1, 0.2, 0.2),))
    return Note(3, 17, {1: Unsettled(reading, True)},
                {0: Doubt(Reserve(CARD), False, ((1, 1),), verdict)},
                {1: Waiting(Reserve(CARD), True, verdict, None)}, {0: verdict})


def test_the_note_comes_back_as_it_was_kept() -> None:
    note = _note()
    again = Note.from_json(note.to_json(), 2)
    assert again == note
    assert again.to_json() == note.to_json()


@pytest.mark.parametrize(("change", "named"), [
    (lambda j: j["doubts"].update({"2": j["doubts"]["0"]}), "note.doubts: '2' is not a seat"),
    (lambda j: j["placed"]["0"]["placed"][0].update(turn=45), "turn 45"),
    (lambda j: j["pending"]["1"]["unsure"].clear(), "only with unsure spaces"),
    (lambda j: j["waiting"]["1"]["spaces"][0].update(animal="unicorn"), "'unicorn' is not"),
    (lambda j: j.update(events="7"), "note.events"),
    (lambda j: j["doubts"]["0"]["spaces"][0].update(row=9), "more than the 6x6"),
])
def test_a_damaged_note_is_named(change: Any, named: str) -> None:
    data = _note().to_json()
    change(data)
    with pytest.raises(NoteError, match=named):
        Note.from_json(data, 2)


@pytest.fixture(scope="module")
def art() -> tuple[dict, dict, object]:  # type: ignore[type-arg]
    cards, images = nimalia_deck()
    return cards, images, enrol_images(cards, images)


def _daemon(tmp: Path, art: tuple) -> Daemon:  # type: ignore[type-arg]
    equipment = Equipment(kits={"nimalia": NimaliaKit(enrolment=lambda: art[2])})
    return Daemon(parse_config(CONFIG), Store(tmp / "j.sqlite3"), equipment)


def _png(image: np.ndarray) -> bytes:
    return bytes(cv2.imencode(".png", image)[1].tobytes())


async def test_a_note_older_than_the_seats_event_is_left_out_for_that_seat(
    tmp_path: Path, art: tuple  # type: ignore[type-arg]
) -> None:
    cards, images, enrolment = art
    image, truth, pos = unsure_photo(cards, images, enrolment)
    rng = np.random.default_rng(5)
    ben = render_photo(images, cards, random_reserve(list(cards), rng, n_cards=3), rng,
                       CLEAN_SMALL)
    d = _daemon(tmp_path, art)
    await d.start()
    try:
        await d.upload_reserve(0, _png(image), "image/png")
        game = d.game_id
        old = d.store.note(game)
        assert old is not None and list(old["pending"]) == ["0"]
        told = next(s for s in truth if (s["row"], s["col"]) == pos)
        await d.report({"action": "settle", "player": 0, "spaces": [told]})
        assert d.store.note(game)["pending"] == {}  # type: ignore[index]
        d.store.keep_note(game, old)  # as if killed after the event, before the note
    finally:
        await d.stop()
        d.store.close()
    d = _daemon(tmp_path, art)
    await d.start()
    try:
        nim = d.snapshot()["nimalia"]
        assert nim["read"] == [0] and nim["pending"] == [] and nim["message"] == ""
        # a note of the round before the one played is left out whole
        await d.upload_reserve(0, _png(image), "image/png")  # Ann again: unsure
        old = d.store.note(d.game_id)
        assert old is not None and list(old["pending"]) == ["0"]
        await d.upload_reserve(1, _png(ben.image), "image/png")
        assert d.snapshot()["nimalia"]["round"] == 2
        assert d.snapshot()["nimalia"]["pending"] == []  # a photo of the round scored
        d.store.keep_note(d.game_id, old)
    finally:
        await d.stop()
        d.store.close()
    d = _daemon(tmp_path, art)
    await d.start()
    try:
        nim = d.snapshot()["nimalia"]
        assert nim["round"] == 2 and nim["pending"] == [] and nim["read"] == []
    finally:
        await d.stop()
        d.store.close()


async def test_a_damaged_note_leaves_the_game_as_its_journal_says(
    tmp_path: Path, art: tuple, caplog: pytest.LogCaptureFixture  # type: ignore[type-arg]
) -> None:
    d = _daemon(tmp_path, art)
    await d.start()
    game = d.game_id
    d.store.keep_note(game, {"round": 1, "events": 1, "pending": {"0": {"photo": "yes"}}})
    await d.stop()
    d.store.close()
    d = _daemon(tmp_path, art)
    await d.start()
    try:
        assert d.game_id == game
        assert d.snapshot()["nimalia"]["pending"] == []
        assert "note.pending.0" in caplog.text and "left out" in caplog.text
    finally:
        await d.stop()
        d.store.close()
