"""A real full disk: the daemon's data on a 4 MB tmpfs of its own (a mount namespace the
test makes with `unshare -m`), filled up while a game is played, then freed again."""

from __future__ import annotations

import json
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from daemon_proc_helper import DaemonProcess

CONFIG = ('[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n[voice]\nengine = "none"\n'
          "[sim]\nflip_s = 0.3\n")


def _post(url: str) -> tuple[int, Any]:
    req = urllib.request.Request(url, data=b"{}", headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=10) as res:
            return res.status, json.loads(res.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def _journal(state: dict[str, Any]) -> str:
    return next((d["message"] for d in state["devices"] if d["name"] == "journal"
                 and not d["ok"]), "")


def _until(check: Any, timeout_s: float, what: str) -> None:
    end = time.monotonic() + timeout_s
    while not check():
        assert time.monotonic() < end, what
        time.sleep(0.2)


def test_a_full_disk_is_said_plainly_and_the_game_goes_on_once_freed(tmp_path: Path) -> None:
    done = subprocess.run(["unshare", "-m", "true"], capture_output=True, text=True,
                          timeout=20, check=False)
    if shutil.which("unshare") is None or done.returncode != 0:
        pytest.skip(f"mount namespaces are not available here: {done.stderr.strip()}")
    data = tmp_path / "data"
    data.mkdir()
    mount = 'mount -t tmpfs -o size=4m tableref-test "$0" && exec "$@"'
    d = DaemonProcess(tmp_path, CONFIG, prefix=("unshare", "-m", "--propagation", "private",
                                                "sh", "-c", mount, str(data)))
    try:
        d.start()
        assert d.proc is not None
        inside = Path(f"/proc/{d.proc.pid}/root") / str(data).lstrip("/")
        assert (inside / "tableref" / "journal.sqlite3").exists()
        assert not (data / "tableref").exists()  # the tmpfs is the daemon's alone
        _until(lambda: d.state()["journal"] > 3, 30, "the simulated players play")
        filler = inside / "filler"
        with filler.open("wb", buffering=0) as fh, pytest.raises(OSError):
            for _ in range(10_000):  # 4 MB at the most: the loop ends at "no space left"
                fh.write(b"\0" * 4096)
        _until(lambda: "disk is full" in _journal(d.state()), 30, "the screen says so")
        # a small write may still fit in the file's free pages: a press is taken when it
        # can be recorded, and refused, naming the full disk, when not
        refused: list[Any] = []

        def a_press_is_refused() -> bool:
            status, body = _post(d.base + "/api/bell/0")
            if status == 503:
                refused.append(body)
            return bool(refused)

        _until(a_press_is_refused, 30, "a press refused")
        assert "disk is full" in refused[0]["error"]
        assert d.proc.poll() is None  # the box stays up
        stuck = d.state()["journal"]
        filler.unlink()  # space freed
        _until(lambda: _post(d.base + "/api/bell/1")[0] == 200, 30, "a press is taken again")
        _until(lambda: d.state()["journal"] > stuck + 2, 30, "the game goes on")
        assert _journal(d.state()) == ""
        assert "Traceback" not in d.log()  # no task died on the way
    finally:
        d.stop()
