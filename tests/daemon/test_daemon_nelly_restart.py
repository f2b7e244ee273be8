"""`tableref run --sim` with Nelly: the simulated players play by themselves; kill -9 in
the middle of the game, start again: every event is still there, the state on the page is
the fold of the journal, and the game goes on to its winner."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from daemon_proc_helper import DaemonProcess, get_json, wait_until

CONFIG = """
game = "nelly"
[[players]]
name = "Ann"
[[players]]
name = "Ben"
[[players]]
name = "Cid"
[voice]
engine = "none"
[sim]
bots = true
flip_s = 0.1
fps = 2
seed = 77
"""
KILL_SEED = 20261202  # the kill's moment is random, and the same at every run


def _events(d: DaemonProcess) -> list[dict[str, Any]]:
    """The game's events as `tableref journal export` gives them (the daemon running)."""
    journal = d.tmp / "data" / "tableref" / "journal.sqlite3"
    log = d.tmp / "game.jsonl"
    subprocess.run([sys.executable, "-m", "tableref", "journal", "export", "--journal",
                    str(journal), "-o", str(log)], check=True, timeout=60)
    return [json.loads(line) for line in log.read_text().splitlines()]


def _replayed(d: DaemonProcess, events: list[dict[str, Any]]) -> dict[str, Any]:
    """`tableref nelly replay --json` of these events."""
    log = d.tmp / "prefix.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in events))
    done = subprocess.run([sys.executable, "-m", "tableref", "nelly", "replay", "--json",
                           str(log)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


SPEC_KEYS = ("players", "nelly", "box", "round", "turn", "face", "expect", "favoured_hand",
             "over", "winner")


def test_kill_9_mid_game_loses_nothing_and_the_game_goes_on_to_the_winner(
        tmp_path: Path) -> None:
    d = DaemonProcess(tmp_path, CONFIG)
    try:
        d.start()
        wait_until(lambda: d.state()["journal"] >= 6, 60, "the simulated players to play")
        time.sleep(random.Random(KILL_SEED).uniform(0.5, 2.0))
        seen = d.state()
        assert not seen["nelly"]["over"], "the game ended before the kill: nothing shown"
        d.kill()
        d.start()
        again = d.state()
        assert "resumed game" in d.log()
        assert again["game_id"] == seen["game_id"] and again["journal"] >= seen["journal"]
        assert again["players"] == seen["players"]
        # the state on the page is the engine's fold of the journal up to it
        events = _events(d)
        assert events[:1] == [{"event": "start", "players": ["Ann", "Ben", "Cid"]}]
        shown = {k: again["nelly"][k] for k in SPEC_KEYS}
        assert _replayed(d, events[:again["journal"]]) == shown
        # what the page had seen before the kill is a moment of the same game
        before = {k: seen["nelly"][k] for k in SPEC_KEYS}
        assert _replayed(d, events[:seen["journal"]]) == before
        # the simulated players go on, to the winner
        wait_until(lambda: d.state()["nelly"]["over"], 240, "the game's winner")
        final = d.state()
        winner = final["nelly"]["winner"]
        assert final["nelly"]["players"][winner]["turtles"] == {"red": 0, "yellow": 0,
                                                                "orange": 0}
        [game] = [g for g in get_json(d.base + "/api/history") if g["id"] == final["game_id"]]
        assert game["game"] == "nelly" and game["winner"] == ["Ann", "Ben", "Cid"][winner]
        assert final["nelly"]["message"] == "", final["nelly"]["message"]
    finally:
        d.stop()
