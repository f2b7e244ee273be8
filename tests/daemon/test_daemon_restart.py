"""Kill the daemon with SIGKILL in the middle of a game, start it again: the same game."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from daemon_proc_helper import DaemonProcess, game_state, post, wait_until

CONFIG = """
game = "halli"
[[players]]
name = "Ann"
[[players]]
name = "Ben"
[[players]]
name = "Cid"
[sim]
flip_s = 0.12
fps = 15
bots = true
reaction_ms = 250
seed = 4242
max_flips = {max_flips}
"""


def _stable(d: DaemonProcess, quiet_s: float = 1.5) -> dict[str, Any]:
    """The state once nothing has changed for `quiet_s` (the sim stopped turning cards)."""
    last = game_state(d.state())
    since = time.monotonic()
    while time.monotonic() - since < quiet_s:
        time.sleep(0.1)
        now = game_state(d.state())
        if now != last or now["halli"]["locked"]:
            last, since = now, time.monotonic()
    return last


def test_sigkill_mid_game_then_restart_gives_the_identical_state(tmp_path: Path) -> None:
    d = DaemonProcess(tmp_path, CONFIG.format(max_flips=30))
    try:
        d.start()
        post(d.base + "/api/bell/2")  # a person rings too
        wait_until(lambda: d.state()["journal"] >= 30, 30, "30 journal events")
        before = _stable(d)
        halli = before["halli"]
        assert halli["last_verdict"] is not None, "no ring happened: the test shows nothing"
        assert sum(p["pile"] for p in halli["piles"]) + sum(
            p["stack"] for p in halli["piles"]) + halli["bell"] == 72
        d.kill()
        d.start()
        after = game_state(d.state())
        assert after == before
        assert "resumed game" in d.log()
    finally:
        d.stop()


def test_a_kill_at_any_moment_loses_nothing_and_the_game_goes_on(tmp_path: Path) -> None:
    d = DaemonProcess(tmp_path, CONFIG.format(max_flips=0))
    try:
        d.start()
        time.sleep(random.uniform(2.0, 4.0))
        seen = d.state()
        d.kill()
        d.start()
        again = d.state()
        # every event the page had seen is still there, the piles are the same cards
        assert again["journal"] >= seen["journal"]
        for key in ("players", "game"):
            assert again[key] == seen[key]
        # the simulated table was rebuilt from the journal: the game goes on cleanly
        wait_until(lambda: d.state()["journal"] >= again["journal"] + 8, 20, "more events")
        halli = d.state()["halli"]
        assert halli["message"] == "", halli["message"]
        total = sum(p["pile"] + p["stack"] for p in halli["piles"]) + halli["bell"]
        assert total == 72
    finally:
        d.stop()
