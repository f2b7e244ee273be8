"""A real `tableref run --sim` daemon in a subprocess, for the end-to-end tests."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=5) as res:
        return json.loads(res.read())


def post_json(url: str, body: Any) -> Any:
    req = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=10) as res:
        return json.loads(res.read())


class DaemonProcess:
    """`tableref run --sim --port N` with its data in `tmp`; can be killed and started again.

    With `netns` (lan_netns.Netns) it runs inside that network namespace, and `get_json`
    reaches it there."""

    def __init__(self, tmp: Path, *extra: str, port: int | None = None,
                 netns: Any = None) -> None:
        self.tmp = tmp
        self.extra = extra
        self.netns = netns
        self.port = port or (netns.call(free_port) if netns is not None else free_port())
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path = tmp / "daemon.log"

    def start(self, timeout_s: float = 40.0) -> None:
        env = {**os.environ, "XDG_DATA_HOME": str(self.tmp / "data"), "PYTHONUNBUFFERED": "1"}
        env.pop("NOTIFY_SOCKET", None)
        with self.log_path.open("a") as log:
            prefix = self.netns.prefix() if self.netns is not None else []
            self.proc = subprocess.Popen(
                [*prefix, sys.executable, "-m", "tableref", "run", "--sim", "--port",
                 str(self.port), *self.extra],
                env=env, stdout=log, stderr=subprocess.STDOUT, cwd=self.tmp,
            )
        deadline = time.monotonic() + timeout_s
        while True:
            if self.proc.poll() is not None:
                output = self.log_path.read_text()
                raise RuntimeError(f"tableref run exited with {self.proc.returncode}:\n{output}")
            try:
                self.get_json("/api/state")
                return
            except (urllib.error.URLError, ConnectionError, OSError):
                if time.monotonic() > deadline:
                    raise RuntimeError(
                        f"tableref run did not serve {self.base} within {timeout_s} s:\n"
                        + self.log_path.read_text()
                    ) from None
                time.sleep(0.2)

    def get_json(self, path: str) -> Any:
        url = self.base + path
        return get_json(url) if self.netns is None else self.netns.call(get_json, url)

    def kill(self) -> None:
        """SIGKILL: no clean-up at all, as in a crash."""
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


@contextmanager
def running_daemon(tmp: Path, *extra: str) -> Iterator[str]:
    """Start `tableref run --sim --port N` with its data in `tmp`; yield the base URL."""
    daemon = DaemonProcess(tmp, *extra)
    try:
        daemon.start()
        yield daemon.base
    finally:
        daemon.stop()


def until(check: Any, timeout_s: float, what: str, poll_s: float = 0.2) -> Any:
    """`check()`'s first true value, polled every `poll_s`; fails naming `what` after
    `timeout_s`."""
    end = time.monotonic() + timeout_s
    while True:
        got = check()
        if got:
            return got
        assert time.monotonic() < end, what
        time.sleep(poll_s)
