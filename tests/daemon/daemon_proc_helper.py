"""`tableref run` as a real subprocess with a real journal file, for the restart tests."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=5) as res:
        return json.loads(res.read())


def post(url: str, body: Any = None) -> Any:
    req = urllib.request.Request(url, data=json.dumps(body or {}).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=5) as res:
        return json.loads(res.read())


class DaemonProcess:
    """One run of the daemon on `tmp` (config, data dir and log live there)."""

    def __init__(self, tmp: Path, config: str, port: int | None = None,
                 prefix: tuple[str, ...] = (), sim: bool = True) -> None:
        self.tmp = tmp
        self.prefix = prefix  # a command the daemon runs under (unshare, nsenter ...)
        self.sim = sim  # False: the devices the config names (a camera that is a file)
        (tmp / "config.toml").write_text(config)
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.runs = 0

    def start(self, timeout_s: float = 40.0, env_extra: dict[str, str] | None = None) -> None:
        self.runs += 1
        env = {**os.environ, "XDG_DATA_HOME": str(self.tmp / "data"), "PYTHONUNBUFFERED": "1"}
        env.pop("NOTIFY_SOCKET", None)
        env.update(env_extra or {})
        log = (self.tmp / f"daemon{self.runs}.log").open("w")
        self.proc = subprocess.Popen(
            [*self.prefix, sys.executable, "-m", "tableref", "run",
             *(["--sim"] if self.sim else []), "--port", str(self.port),
             "--config", str(self.tmp / "config.toml")],
            env=env, stdout=log, stderr=subprocess.STDOUT, cwd=self.tmp,
        )
        deadline = time.monotonic() + timeout_s
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the daemon exited with {self.proc.returncode}:\n"
                                   + self.log())
            try:
                self.state()
                return
            except (urllib.error.URLError, ConnectionError, OSError):
                if time.monotonic() > deadline:
                    raise RuntimeError("the daemon did not serve in time:\n"
                                       + self.log()) from None
                time.sleep(0.1)

    def log(self) -> str:
        return (self.tmp / f"daemon{self.runs}.log").read_text()

    def state(self) -> dict[str, Any]:
        result: dict[str, Any] = get_json(self.base + "/api/state")
        return result

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> int:
        if self.proc is None or self.proc.poll() is not None:
            return 0 if self.proc is None else self.proc.returncode
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)
            return -9


def game_state(snap: dict[str, Any]) -> dict[str, Any]:
    """What must survive a restart: everything but the change counter and device status."""
    return {k: v for k, v in snap.items() if k not in ("seq", "devices", "access")}


def wait_until(check: Any, timeout_s: float, what: str) -> Any:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


async def until(check: Callable[[], Any], timeout_s: float = 20.0) -> Any:
    """In a test's event loop: `check()`'s first true value, polled every 20 ms."""
    deadline = asyncio.get_running_loop().time() + timeout_s
    while not (got := check()):
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("timed out")
        await asyncio.sleep(0.02)
    return got
