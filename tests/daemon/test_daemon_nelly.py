"""Nelly through the daemon: a whole game on the simulated table to the winner (its camera
counted by the real counter), the sounds
and the words (real espeak-ng) played to the recording sink, the page's reports, and the
camera's count from image files reconciled with the players' reports."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from daemon_proc_helper import until

from tableref.device.camera.sources import FolderSource
from tableref.device.config import SimConfig, parse_config
from tableref.device.daemon.app import Daemon
from tableref.device.daemon.equipment import Equipment
from tableref.device.daemon.nelly_count import Disagreement, NellyEyes, Reconciler, ZoneStore
from tableref.device.daemon.nelly_session import NellyKit, NellySession
from tableref.device.daemon.service import build_equipment
from tableref.device.sim.nelly_players import SimNellyPlayers
from tableref.device.store import Store
from tableref.device.voice import RecordingSink, Voice
from tableref.device.web.hub import HubError, snapshot_problems
from tableref.games.nelly import FACES, Face, GameState, Roll, event_to_json, replay
from tableref.games.nelly.sim import RandomPlay

NAMES = ("Ann", "Ben", "Cid")
CONFIG = ('game = "nelly"\n' + "".join(f'[[players]]\nname = "{n}"\n' for n in NAMES)
          + '[voice]\nengine = "none"\n')


class Faces:
    """A die showing the faces it is told, in order."""

    def __init__(self, faces: Sequence[Face]) -> None:
        self.faces = list(faces)

    def randrange(self, stop: int, /) -> int:
        return FACES.index(self.faces.pop(0))


async def test_a_whole_nelly_game_plays_itself_on_the_simulated_table_to_the_winner(
        tmp_path: Path) -> None:
    config = replace(parse_config(CONFIG), sim=SimConfig(flip_s=0.05, fps=4, seed=5, bots=True))
    equipment = build_equipment(config, sim=True, state_dir=tmp_path)
    kit = equipment.kits["nelly"]  # the real turtle counter (vision/nelly) on the camera
    assert isinstance(kit, NellyKit) and kit.counter is not None
    kit.rng, kit.gesture_s, kit.zones = random.Random(13), 0.15, ZoneStore(tmp_path / "z.json")
    [players] = [f for f in equipment.followers if isinstance(f, SimNellyPlayers)]
    players.press_gap_s, players.next_game_s, players.forget = 0.03, 3600.0, 0.7
    d = Daemon(config, Store(tmp_path / "j.sqlite3"), equipment)
    await d.start()
    try:
        session = d.session
        assert isinstance(session, NellySession)
        await until(lambda: session.state is not None and session.state.over, 240)
        snap = d.snapshot()
        assert snapshot_problems(snap) == []
        nelly = snap["nelly"]
        assert nelly["over"] and nelly["expect"] is None and nelly["buttons"] is None
        winner = NAMES[nelly["winner"]]
        assert nelly["prompt"] == f"{winner} has placed the last turtle and wins!"
        events = d.store.events(d.game_id)
        kinds = [e["event"] for e in events]
        # the players' buttons threw the die, fed, placed and passed; falls were reported
        assert {"roll", "feed", "place", "pass", "fall"} <= set(kinds), kinds
        assert players.presses > len(events) // 2 and players.falls > 0
        # the simulated camera drew the Nelly table, the real counter read it, and the falls
        # nobody reported were asked about on the page and answered there
        eyes = session.eyes
        assert isinstance(eyes, NellyEyes) and eyes.ms
        assert nelly["camera"]["zones"] is not None and players.answered > 0
        # the journal is the game: the engine alone folds it to the state on the page
        assert replay(json.dumps(e) for e in events) == session.state
        [game] = [g for g in d.history() if g["id"] == d.game_id]
        assert game["game"] == "nelly" and game["winner"] == winner
        assert game["scores"][nelly["winner"]] == 0  # turtles left: the winner has none
    finally:
        await d.stop()
        d.store.close()


async def test_at_a_real_pace_the_camera_asks_only_about_turtles_really_on_the_plants(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The simulated players do things in the table's order: a turtle leaves the plants
    before the press that says where it went; turtles that fall land on the mover's free
    plants (the rest back in the box) before the three presses. A press pattern ends half
    a second after the last press and the camera films 10 frames a second, so it sees
    every change well before the box hears of it. Placing is never asked about (the demo
    said "the camera sees something else" after nearly every placement while its table
    lagged the box); a fall may be, since the camera sees it first, and then the turtles
    are really there: the players answer "they fell", never "the box is right"."""
    config = replace(parse_config(CONFIG), sim=SimConfig(flip_s=0.4, fps=10, seed=5, bots=True))
    equipment = build_equipment(config, sim=True, state_dir=tmp_path)
    kit = equipment.kits["nelly"]
    assert isinstance(kit, NellyKit)
    kit.rng, kit.gesture_s, kit.zones = random.Random(13), 0.5, ZoneStore(tmp_path / "z.json")
    [players] = [f for f in equipment.followers if isinstance(f, SimNellyPlayers)]
    players.wobble, players.forget = 0.1, 0.0  # every fall is told at once
    asked: list[Disagreement] = []
    check = Reconciler.check

    def recording(self: Reconciler, state: GameState) -> list[Disagreement]:
        new = check(self, state)
        asked.extend(new)
        return new

    monkeypatch.setattr(Reconciler, "check", recording)
    d = Daemon(config, Store(tmp_path / "j.sqlite3"), equipment)
    await d.start()
    try:
        def kinds() -> list[str]:
            return [e["event"] for e in d.store.events(d.game_id)]

        await until(lambda: kinds().count("place") >= 8 and "fall" in kinds(), 150)
        session = d.session
        assert isinstance(session, NellySession) and isinstance(session.eyes, NellyEyes)
        assert session.view()["camera"]["zones"] is not None and len(session.eyes.ms) > 20
        assert session.reconciler.readings  # the camera did count the players' turtles
        assert all(a.more is not None and a.more.total > 0 for a in asked), asked
        assert players.dismissed == 0
    finally:
        await d.stop()
        d.store.close()


async def test_the_next_game_is_laid_out_on_the_table_before_the_camera_looks(
        tmp_path: Path) -> None:
    """When a game is over the simulated players start the next one and lay its turtles
    out at once (the camera once saw the last game's table for a second and asked about
    every seat)."""
    config = replace(parse_config(CONFIG), sim=SimConfig(flip_s=0.05, fps=4, seed=5, bots=True))
    equipment = build_equipment(config, sim=True, state_dir=tmp_path)
    kit = equipment.kits["nelly"]
    assert isinstance(kit, NellyKit)
    kit.zones = ZoneStore(tmp_path / "z.json")
    [players] = [f for f in equipment.followers if isinstance(f, SimNellyPlayers)]
    players.paused, players.next_game_s = True, 0.0
    table = players.table
    assert table is not None
    d = Daemon(config, Store(tmp_path / "j.sqlite3"), equipment)
    await d.start()
    try:
        session = d.session
        assert isinstance(session, NellySession) and session.state is not None
        moves = RandomPlay(random.Random(3), wobble=0.0)
        while not session.state.over:  # a whole game reported on the page
            event = moves.next_event(session.state)
            await d.report({"event": "roll"} if isinstance(event, Roll) else
                           event_to_json(event))
        first = d.game_id
        for _ in range(5):  # the players set the zones, then start the next game
            await players.act(d)
            if d.game_id != first:
                break
        assert d.game_id != first
        session = d.session
        assert isinstance(session, NellySession) and session.state is not None
        deal = [p.turtles.to_json() for p in session.state.players]
        assert session.state.round == 1 and deal[0] == {"red": 2, "yellow": 2, "orange": 2}
        contents = table.contents()
        assert contents is not None
        assert [dict(zip(("red", "yellow", "orange"), t, strict=True))
                for t in contents[0]] == deal
    finally:
        await d.stop()
        d.store.close()


async def test_without_bots_the_simulated_table_waits_for_the_family(tmp_path: Path) -> None:
    """`[sim] bots = false` (the default): the family plays Nelly with the keys and the
    page; the simulated players only lay the table out, they never press for anyone."""
    config = replace(parse_config(CONFIG), sim=SimConfig(flip_s=0.02, fps=4, seed=5))
    equipment = build_equipment(config, sim=True, state_dir=tmp_path)
    [players] = [f for f in equipment.followers if isinstance(f, SimNellyPlayers)]
    players.press_gap_s = 0.01
    d = Daemon(config, Store(tmp_path / "j.sqlite3"), equipment)
    await d.start()
    try:
        await until(lambda: d.snapshot().get("nelly") is not None, 60)
        acted = players.presses
        for _ in range(40):  # two seconds of simulated turns
            await players.act(d)
        assert players.presses == acted == 0
        assert [e["event"] for e in d.store.events(d.game_id)] == ["start"]
    finally:
        await d.stop()
        d.store.close()


@pytest.mark.parametrize(("language", "face", "rotten"),
                         [("en", "Red!", "Rotten water plant!"), ("de", "Rot!", "Faule Seerose!")])
async def test_the_box_plays_its_sounds_and_says_by_name_what_to_do(
        tmp_path: Path, language: str, face: str, rotten: str) -> None:
    config = parse_config(CONFIG.replace('engine = "none"', 'engine = "espeak-ng"').replace(
        'game = "nelly"', f'game = "nelly"\nlanguage = "{language}"'))
    sink = RecordingSink(pace=0)
    voice = Voice(config, sink=sink, cache=tmp_path / "voice")
    faces = Faces([Face.RED, Face.RED, Face.ALL])
    kit = NellyKit(rng=faces, gesture_s=0.1)
    d = Daemon(config, Store(tmp_path / "j.sqlite3"), Equipment(speaker=voice,
                                                              kits={"nelly": kit}))
    await d.start()
    try:
        await d.press_bell(0)  # Ann's button: the die
        await until(lambda: "sound:die" in sink.texts(), 20)
        await until(lambda: any(t.startswith("Then ") or t.startswith("Dann ")
                                for t in sink.texts()), 30)
        texts = sink.texts()
        assert texts[texts.index("sound:die") + 1] == face
        clips = {p.text: p.clip for p in sink.played}
        assert clips["sound:die"].seconds > 0.3 and clips[face].seconds > 0.2  # real WAVs
        assert clips[face].rate == clips["sound:die"].rate  # one aplay for words and sounds
        # play the first three rounds on the page: Ann on the head, the others on the back
        for seat, on in ((0, "head"), (1, "back"), (2, "back")):
            await d.report({"event": "place", "player": seat, "colour": "red", "on": on})
        await d.report({"event": "pass", "player": 0})
        await until(lambda: "sound:turn" in sink.texts(), 20)
        with pytest.raises(HubError, match="Cid's place is out of order"):
            await d.report({"event": "place", "player": 2, "colour": "red", "on": "back"})
        # round 2, Ben's: red again, and Ben must feed: a crab (the announcements queue:
        # test_daemon_nelly_sounds has them played whole and in order)
        await d.report({"event": "roll"})
        await d.report({"event": "feed", "player": 1, "counter": "crab"})
        await until(lambda: "sound:pinch" in sink.texts(), 20)
        for report in ({"event": "place", "player": 1, "colour": "red", "on": "back"},
                       {"event": "place", "player": 2, "colour": "red", "on": "back"},
                       {"event": "place", "player": 0, "colour": "red", "on": "back"},
                       {"event": "pass", "player": 1}, {"event": "roll"},  # Cid's: all
                       {"event": "feed", "player": 2, "counter": "rotten"}):
            await d.report(report)
        await until(lambda: "sound:fart" in sink.texts(), 20)
        await until(lambda: any(t.startswith(rotten) for t in sink.texts()), 30)
        # Cid holds three colours on `all`: the box proposes them one by one, by name
        await until(lambda: any(t.startswith("Cid:") for t in sink.texts()), 30)
        await d.report({"event": "fall", "player": 2, "turtles": {"red": 1}, "from_head": 1})
        await until(lambda: "sound:splash" in sink.texts(), 20)
        assert [e["event"] for e in d.store.events(d.game_id)][-2:] == ["feed", "fall"]
    finally:
        await d.stop()
        d.store.close()
        voice.close()


# -- the camera: image files at the vision seam --------------------------------------------------
BGR = {"red": (0, 0, 255), "yellow": (0, 255, 255), "orange": (0, 128, 255)}


def _frame(turtles: Sequence[Mapping[str, int]], hand: int | None = None) -> np.ndarray:
    """A plain table seen from above: each seat's turtles as domes of pure colour in its
    zone (seat s: x from 300 s to 300 s + 280), a grey hand over one zone."""
    image = np.full((400, 300 * len(turtles), 3), 60, np.uint8)
    for seat, counts in enumerate(turtles):
        k = 0
        for colour, n in counts.items():
            for _ in range(n):
                cx, cy = 300 * seat + 40 + 60 * (k % 4), 60 + 70 * (k // 4)
                cv2.circle(image, (cx, cy), 20, BGR[colour], -1)
                k += 1
    if hand is not None:
        cv2.rectangle(image, (300 * hand, 0), (300 * hand + 280, 250), (150, 150, 150), -1)
    return image


def count_pure_colours(image: np.ndarray, zones: Mapping[str, Any]) -> dict[str, Any]:
    """The test double of the turtle counter: the domes drawn above are blobs of one exact
    colour, counted per zone; a zone with a hand's grey in it is unsure."""
    out = []
    for zone in zones["zones"]:
        xs = [p[0] for p in zone["polygon"]]
        ys = [p[1] for p in zone["polygon"]]
        crop = image[min(ys):max(ys), min(xs):max(xs)]
        counts: dict[str, Any] = {"player": zone["player"]}
        for colour, bgr in BGR.items():
            mask = np.all(crop == bgr, axis=2).astype(np.uint8)
            n, _ = cv2.connectedComponents(mask)
            counts[colour] = n - 1
        counts["unsure"] = bool(np.all(crop == (150, 150, 150), axis=2).any())
        out.append(counts)
    return {"zones": out}


async def test_the_cameras_count_from_image_files_is_asked_about_never_recorded(
        tmp_path: Path) -> None:
    deal = {"red": 3, "yellow": 3, "orange": 3}
    frames = tmp_path / "frames"
    frames.mkdir()
    # the table as the camera sees it: Ann's red turtle, placed on the head, fell back onto
    # her plant; now and then a hand is over Ann's plants
    for i in range(3):
        cv2.imwrite(str(frames / f"{i}.png"), _frame([deal, deal], hand=0 if i == 2 else None))
    config = parse_config(CONFIG.replace('[[players]]\nname = "Cid"\n', ""))
    zones = ZoneStore(tmp_path / "zones.json")
    kit = NellyKit(rng=Faces([Face.RED]), gesture_s=0.1, counter=count_pure_colours,
                   zones=zones, steady=2)
    equipment = Equipment(camera=FolderSource(frames, fps=20), kits={"nelly": kit})
    d = Daemon(config, Store(tmp_path / "j.sqlite3"), equipment)
    await d.start()
    try:
        session = d.session
        assert isinstance(session, NellySession)
        assert d.snapshot()["nelly"]["camera"]["zones"] is None
        with pytest.raises(HubError, match=r"zones\[0\]\.player: 5 is not a seat"):
            await d.report({"zones": {"zones": [{"player": 5, "polygon": [[0, 0], [9, 0],
                                                                          [9, 9]]}]}})
        await d.report({"zones": {"zones": [
            {"player": s, "polygon": [[300 * s, 0], [300 * s + 280, 0], [300 * s + 280, 400],
                                      [300 * s, 400]]} for s in (0, 1)]}})
        assert zones.load() is not None  # kept in the data dir for the next start
        await until(lambda: d.snapshot()["nelly"]["camera"]["readings"].get("1") == deal, 30)
        assert d.snapshot()["nelly"]["camera"]["disagreements"] == []  # all agree
        assert d.snapshot()["nelly"]["camera"]["frame"] == [600, 400]
        await d.report({"event": "roll"})
        await d.report({"event": "place", "player": 0, "colour": "red", "on": "head"})
        events = list(d.store.events(d.game_id))
        await until(lambda: d.snapshot()["nelly"]["camera"]["disagreements"], 30)
        await until(lambda: 0 in d.snapshot()["nelly"]["camera"]["unsure"], 30)
        [ask] = d.snapshot()["nelly"]["camera"]["disagreements"]
        assert ask == {"player": 0, "camera": deal, "box": {**deal, "red": 2},
                       "more": {"red": 1, "yellow": 0, "orange": 0}}
        assert list(d.store.events(d.game_id)) == events  # shown and asked, not recorded
        assert d.camera_jpeg() is not None  # the zones and counts drawn for the page
        # the players confirm on the page: it fell from the head onto Ann's plant
        await d.report({"event": "fall", "player": 0, "turtles": {"red": 1}, "from_head": 1})
        assert d.snapshot()["nelly"]["camera"]["disagreements"] == []
        assert d.snapshot()["nelly"]["nelly"]["on_head"] == 0
    finally:
        await d.stop()
        d.store.close()
