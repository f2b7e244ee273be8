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


@contextmanager
def running_daemon(tmp: Path, *extra: str, timeout_s: float = 40.0) -> Iterator[str]:
    """Start `tableref run --sim --port N` with its data in `tmp`; yield the base URL."""
    port = free_port()
    env = {**os.environ, "XDG_DATA_HOME": str(tmp / "data"), "PYTHONUNBUFFERED": "1"}
    env.pop("NOTIFY_SOCKET", None)
    log = (tmp / "daemon.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "tableref", "run", "--sim", "--port", str(port), *extra],
        env=env, stdout=log, stderr=subprocess.STDOUT, cwd=tmp,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout_s
        while True:
            if proc.poll() is not None:
                output = (tmp / "daemon.log").read_text()
                raise RuntimeError(f"tableref run exited with {proc.returncode}:\n{output}")
            try:
                get_json(base + "/api/state")
                break
            except (urllib.error.URLError, ConnectionError, OSError):
                if time.monotonic() > deadline:
                    raise RuntimeError(
                        f"tableref run did not serve {base} within {timeout_s} s:\n"
                        + (tmp / "daemon.log").read_text()
                    ) from None
                time.sleep(0.2)
        yield base
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
        log.close()
