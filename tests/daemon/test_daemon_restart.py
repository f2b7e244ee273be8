"""Kill the daemon with SIGKILL in the middle of a game, start it again: the same game."""

from __future__ import annotations

import contextlib
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
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
flip_s = 0.25
fps = 15
bots = true
reaction_ms = 250
seed = 4242
max_flips = {max_flips}
patience_s = {patience_s}
"""
HANG_S = 180.0  # only a daemon that lost the game waits this long: no figure decides here
PATIENCE_S = 30.0  # a busy machine's referee counts a card within seconds
KILL_SEED = 20261201  # the moments of the kills are random, and the same at every run


def _settled(snap: dict[str, Any]) -> bool:
    """No ring is being judged, and the referee shows the cards the simulated table shows
    (its patient players keep step with it however busy the machine is; whether the
    referee keeps step with players who do not wait is test_daemon_sim_game's question)."""
    halli = snap["halli"]
    return not halli["locked"] and "sim" in snap and (
        [p["top"] for p in halli["piles"]] == snap["sim"]["tops"])


def _stable(d: DaemonProcess, quiet_s: float = 2.0,
            timeout_s: float = HANG_S) -> dict[str, Any]:
    """The state once the sim stopped turning cards, the referee shows the table, and
    nothing changed for `quiet_s`."""
    last = game_state(d.state())
    since = time.monotonic()
    deadline = since + timeout_s
    while time.monotonic() - since < quiet_s:
        time.sleep(0.1)
        now = game_state(d.state())
        if now != last or not _settled(now):
            last, since = now, time.monotonic()
        if time.monotonic() > deadline:
            halli = last["halli"]
            raise AssertionError(
                "the referee never settled: it shows "
                f"{[p['top'] for p in halli['piles']]}, the table {last['sim']['tops']} "
                f"(locked: {halli['locked']}, message: {halli['message']!r})")
    return last


def test_sigkill_mid_game_then_restart_gives_the_identical_state(tmp_path: Path) -> None:
    d = DaemonProcess(tmp_path, CONFIG.format(max_flips=30, patience_s=PATIENCE_S))
    try:
        d.start()
        post(d.base + "/api/bell/2")  # a person rings too
        wait_until(lambda: d.state().get("sim", {}).get("flips", 0) >= 30, HANG_S,
                   "30 cards turned")
        before = _stable(d)
        halli = before["halli"]
        assert halli["last_verdict"] is not None, "no ring happened: the test shows nothing"
        assert sum(p["pile"] for p in halli["piles"]) + sum(
            p["stack"] for p in halli["piles"]) + halli["bell"] == 72
        _the_exported_journal_replays_to_the_same_state(d, halli)
        d.kill()
        d.start()
        # the simulated players have seen the page once (their table's status is in it)
        after = game_state(wait_until(lambda: _with_sim(d.state()), HANG_S, "the sim"))
        assert after == before
        assert "resumed game" in d.log()
    finally:
        d.stop()


def _with_sim(snap: dict[str, Any]) -> dict[str, Any] | None:
    return snap if "sim" in snap else None


def _the_exported_journal_replays_to_the_same_state(d: DaemonProcess,
                                                    halli: dict[str, Any]) -> None:
    """`tableref journal export` (while the daemon runs) then `tableref halli replay`:
    the engine alone folds the daemon's real journal file to the state the page shows."""
    journal = d.tmp / "data" / "tableref" / "journal.sqlite3"
    log = d.tmp / "game.jsonl"
    tableref = [sys.executable, "-m", "tableref"]
    subprocess.run([*tableref, "journal", "export", "--journal", str(journal), "-o", str(log)],
                   check=True, timeout=60)
    events = [json.loads(line)["event"] for line in log.read_text().splitlines()]
    assert events[0] == "start" and "ring" in events and "flip" in events
    assert set(events) <= {"start", "flip", "ring", "late"}
    done = subprocess.run([*tableref, "halli", "replay", "--json", str(log)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    names = [p["name"] for p in d.state()["players"]]
    assert json.loads(done.stdout) == {
        "players": [{"name": n, "stack": p["stack"], "pile": p["pile"], "out": p["out"]}
                    for n, p in zip(names, halli["piles"], strict=True)],
        "bell": halli["bell"],
        "turn": json.loads(done.stdout)["turn"] if halli["over"] else halli["turn"],
        "over": halli["over"],
        "winner": halli["winner"],
    }


@pytest.mark.xfail(strict=False, reason=(
    "known bug, open in #11: a referee restarted with cards lying on the piles learns the "
    "empty table round them, and about one run in two it does not see the next card "
    "turned on a pile for a minute (then counts it as an unread flip), so the journal "
    "grows too slowly; nothing recorded is lost"))
def test_a_kill_at_any_moment_loses_nothing_and_the_game_goes_on(tmp_path: Path) -> None:
    """Killed three times, each at a moment drawn from a seeded random: once the journal
    holds so many events (the daemon is then wherever the game took it: a flip being
    read, a ring being judged, the table saving its cards)."""
    d = DaemonProcess(tmp_path, CONFIG.format(max_flips=0, patience_s=PATIENCE_S))
    rng = random.Random(KILL_SEED)
    try:
        d.start()
        for _ in range(3):
            at = d.state()["journal"] + rng.randint(1, 12)
            seen = wait_until(lambda at=at: _at_least(d.state(), at), HANG_S,
                              f"{at} events in the journal")
            d.kill()
            d.start()
            again = d.state()
            # every event the page had seen is still there, the piles are the same cards
            assert again["journal"] >= seen["journal"]
            for key in ("players", "game", "game_id"):
                assert again[key] == seen[key]
        # the simulated table was rebuilt from its own file: the game goes on cleanly
        wait_until(lambda: d.state()["journal"] >= again["journal"] + 8, HANG_S,
                   "more events")
        halli = _stable_enough(d)
        assert halli["message"] == "", halli["message"]
        total = sum(p["pile"] + p["stack"] for p in halli["piles"]) + halli["bell"]
        assert total == 72
    finally:
        d.stop()


def _at_least(snap: dict[str, Any], journal: int) -> dict[str, Any] | None:
    return snap if snap["journal"] >= journal else None


def _stable_enough(d: DaemonProcess) -> dict[str, Any]:
    """The referee's view once it shows what the simulated table shows."""
    def settled() -> dict[str, Any] | None:
        snap = d.state()
        return snap if _settled(snap) else None

    snap = wait_until(settled, HANG_S, "the referee to show the table")
    halli: dict[str, Any] = snap["halli"]
    return halli


def test_systemd_hears_ready_and_watchdog_pings(tmp_path: Path) -> None:
    import socket

    path = tmp_path / "notify.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        server.bind(str(path))
        server.settimeout(30)
        d = DaemonProcess(tmp_path, CONFIG.format(max_flips=1, patience_s=0))
        try:
            d.start(env_extra={"NOTIFY_SOCKET": str(path), "WATCHDOG_USEC": "600000"})
            got = [server.recv(200).decode() for _ in range(3)]
            assert got[0].startswith("READY=1\nSTATUS=refereeing halli")
            assert got[1:] == ["WATCHDOG=1", "WATCHDOG=1"]
            assert d.stop() == 0
            rest = []
            with contextlib.suppress(TimeoutError):
                server.settimeout(1)
                while True:
                    rest.append(server.recv(200).decode())
            assert "STOPPING=1" in rest
        finally:
            d.stop()
