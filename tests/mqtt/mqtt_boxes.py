"""Boxes and club pages as the user runs them: `tableref run --sim` and `tableref club`
subprocesses, each with its own data dir, config and port."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from mqtt_broker import end, free_port


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=5) as res:
        return json.loads(res.read())


def box_config(table: str, players: list[str], broker_port: int, seed: int) -> str:
    """A simulated table whose players turn no card (every ring is wrong: no fruit shows),
    so a test decides when a game ends; few camera frames, no voice."""
    seats = "".join(f'[[players]]\nname = "{p}"\n' for p in players)
    return (f'{seats}[voice]\nengine = "none"\n'
            f"[sim]\nflip_s = 60\nfps = 2\nseed = {seed}\n"
            f'[mqtt]\nhost = "127.0.0.1"\nport = {broker_port}\ntable = "{table}"\n')


class Process:
    """One subprocess of `tableref` whose page answers `probe` once it is up."""

    probe = "/"

    def __init__(self, tmp: Path, name: str) -> None:
        self.dir = tmp / name
        self.dir.mkdir(parents=True, exist_ok=True)
        self.name = name
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.runs = 0

    def argv(self) -> list[str]:
        raise NotImplementedError

    def launch(self) -> None:
        self.runs += 1
        env = {**os.environ, "XDG_DATA_HOME": str(self.dir / "data"), "PYTHONUNBUFFERED": "1"}
        env.pop("NOTIFY_SOCKET", None)
        with (self.dir / f"run{self.runs}.log").open("w") as log:
            self.proc = subprocess.Popen([sys.executable, "-m", "tableref", *self.argv()],
                                         env=env, stdout=log, stderr=subprocess.STDOUT,
                                         cwd=self.dir)

    def wait_up(self, timeout_s: float = 60.0) -> None:
        assert self.proc is not None
        deadline = time.monotonic() + timeout_s
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.name} exited with {self.proc.returncode}:\n"
                                   + self.log())
            try:
                get_json(self.base + self.probe)
                return
            except (urllib.error.URLError, ConnectionError, OSError, ValueError):
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{self.name} did not serve in time:\n"
                                       + self.log()) from None
                time.sleep(0.1)

    def start(self) -> None:
        self.launch()
        self.wait_up()

    def log(self) -> str:
        path = self.dir / f"run{self.runs}.log"
        return path.read_text() if path.exists() else ""

    def get(self, path: str) -> Any:
        return get_json(self.base + path)

    def kill(self) -> None:
        """SIGKILL: no clean-up at all, as in a crash or a power cut."""
        end(self.proc, signal.SIGKILL)

    def stop(self) -> None:
        end(self.proc)


class BoxProcess(Process):
    probe = "/api/state"

    def __init__(self, tmp: Path, table: str, players: list[str], broker_port: int,
                 seed: int = 1) -> None:
        super().__init__(tmp, table)
        self.table = table
        self.players = players
        (self.dir / "config.toml").write_text(box_config(table, players, broker_port, seed))

    def argv(self) -> list[str]:
        return ["run", "--sim", "--port", str(self.port), "--config",
                str(self.dir / "config.toml")]

    @property
    def journal(self) -> Path:
        return self.dir / "data" / "tableref" / "journal.sqlite3"

    def ring(self, seat: int) -> None:
        """Press a bell once the bells are unlocked, and wait for its verdict."""
        wait(lambda: not self.get("/api/state")["halli"]["locked"], 30, "unlocked bells")
        before = self._verdicts()
        req = urllib.request.Request(f"{self.base}/api/bell/{seat}", data=b"{}",
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10):
            pass
        wait(lambda: self._verdicts() > before, 30, f"the verdict on {self.table}")

    def _verdicts(self) -> int:
        verdict = self.get("/api/state")["halli"]["last_verdict"]
        return 0 if verdict is None else int(verdict["seq"])

    def play_a_game_out(self) -> None:
        """Seat 0 rings wrong twice (out), then seat 1 rings: with three players that ends
        the game (two left: the next ring ends it); with two, seat 0 out ends it."""
        self.ring(0)
        self.ring(0)
        if len(self.players) > 2:
            self.ring(1)
        wait(lambda: self.get("/api/state")["halli"]["over"], 30, f"{self.table}'s game over")

    def seqs(self) -> list[int]:
        """The journal's sequence numbers, read as another process would."""
        return [r[0] for r in _read(self.journal, "SELECT seq FROM journal ORDER BY seq")]

    def acked(self) -> tuple[int, int] | None:
        rows = _read(self.journal, "SELECT seq, ended FROM mqtt_outbox")
        return (rows[0][0], rows[0][1]) if rows else None


class ClubProcess(Process):
    probe = "/api/club"

    def __init__(self, tmp: Path, broker_port: int) -> None:
        super().__init__(tmp, "club")
        self.broker_port = broker_port

    def argv(self) -> list[str]:
        return ["club", "--mqtt", f"127.0.0.1:{self.broker_port}", "--port", str(self.port)]


def _read(path: Path, sql: str) -> list[Any]:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
    try:
        return db.execute(sql).fetchall()
    finally:
        db.close()


def wait(check: Any, timeout_s: float, what: str) -> Any:
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            got = check()
        except (urllib.error.URLError, ConnectionError, OSError, sqlite3.Error):
            got = None
        if got:
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout_s} s waiting for {what}")
        time.sleep(0.1)
