"""`tableref run --sim` with Nelly, the family playing on the page: kill -9 while the box
asks which turtles fell and while the camera's disagreements are open (one already answered
"the box is right"), start again: the same questions are on the page, the answered one is
not asked again, and nothing is said twice."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from daemon_proc_helper import DaemonProcess, post, wait_until

from tableref.vision.nelly.zones import default_zones, zones_to_json

CONFIG = """
game = "nelly"
[[players]]
name = "Ann"
[[players]]
name = "Ben"
[voice]
engine = "none"
[sim]
bots = false
flip_s = 0.1
fps = 4
"""
ASKED = "The camera sees something else"


def _nelly(d: DaemonProcess) -> dict[str, Any]:
    nelly: dict[str, Any] = d.state()["nelly"]
    return nelly


def _play_until_the_counts_differ(d: DaemonProcess) -> None:
    """Report what the box expects on the page until a round's placing is done with Ann's
    and Ben's turtles different (on `all` each places another colour). Not while one of
    them is still to place: one turtle fewer of the colour shown is then a placement under
    way, which the camera does not ask about. The die is the box's own (the system's random
    source), so the game can be won before that: then the test plays the next one."""
    for _ in range(600):
        n = _nelly(d)
        if n["over"]:  # the die never showed `all` (about one game in ten): a new game
            post(d.base + "/api/settings", {"new_game": True})
            continue
        expect, players = n["expect"], n["players"]
        if expect["event"] == "pass" and players[0]["turtles"] != players[1]["turtles"]:
            return
        seat = expect["player"]
        event: dict[str, Any] = {"event": expect["event"], "player": seat}
        if expect["event"] == "roll":
            event = {"event": "roll"}
        elif expect["event"] == "feed":  # the 6 rotten plants first, then the crabs
            rotten_left = n["details"]["counters_turned"]["rotten"] < 6
            event["counter"] = "rotten" if rotten_left else "crab"
        elif expect["event"] == "place":
            held = [c for c, k in players[seat]["turtles"].items() if k]
            event["colour"] = n["face"] if n["face"] in held else held[seat % len(held)]
            event["on"] = "back"
        post(d.base + "/api/report", event)
    raise AssertionError("the counts never differed")


def _asked(d: DaemonProcess) -> list[int]:
    return [a["player"] for a in _nelly(d)["camera"]["disagreements"]]


def test_kill_9_keeps_the_fall_asked_and_the_answers_about_the_camera(tmp_path: Path) -> None:
    d = DaemonProcess(tmp_path, CONFIG)
    try:
        d.start()
        _play_until_the_counts_differ(d)
        # the zones set on the page the wrong way round: the camera sees each player's
        # turtles in front of the other, and both counts disagree with the box's
        zones = zones_to_json(default_zones(2))
        for zone, seat in zip(zones["zones"], (1, 0), strict=True):  # type: ignore[call-overload]
            zone["player"] = seat
        post(d.base + "/api/report", {"zones": zones})
        wait_until(lambda: _asked(d) == [0, 1] and all(
            sum(a["camera"].values()) for a in _nelly(d)["camera"]["disagreements"]), 60,
            "the camera's two disagreements, of the turtles on the table")
        post(d.base + "/api/report", {"camera": "dismiss", "player": 0})  # "the box is right"
        for _ in range(3):  # Ben: turtles fell
            post(d.base + "/api/bell/1")
        wait_until(lambda: _nelly(d)["fall_asked"] == 1, 20, "the fall asked about")
        before = _nelly(d)
        assert before["buttons"] is None and _asked(d) == [1]
        d.kill()
        d.start()
        assert "resumed game" in d.log()
        after = _nelly(d)
        assert after["fall_asked"] == 1 and after["buttons"] is None
        assert [a["player"] for a in after["camera"]["disagreements"]] == [1]
        assert after["camera"]["disagreements"] == before["camera"]["disagreements"]
        time.sleep(3.0)  # a dozen frames of the same table: Ann's reading stays answered
        assert _asked(d) == [1] and _nelly(d)["fall_asked"] == 1
        assert ASKED not in d.log(), "the camera's question was said again"
        post(d.base + "/api/report", {"cancel": "fall"})
        assert _nelly(d)["fall_asked"] is None
    finally:
        d.stop()
