"""A LAN made by the test: two network namespaces (the box, a phone) joined by a veth pair.

No packet leaves them: the box is 198.18.0.1 and the phone 198.18.0.2 (RFC 2544's range for
benchmarking networks), on a cable that exists only between the two namespaces, which
vanish with the `unshare --net sleep` processes that hold them (killed at the end, or
dead by themselves after `HOLD_S`). Programs run in a namespace through `nsenter`; Python
code of the test reaches one from a thread that joined it with setns(2), so the sockets
it opens live there.
"""

from __future__ import annotations

import ctypes
import json
import os
import shutil
import subprocess
import threading
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest

BOX_ADDR = "198.18.0.1"
PHONE_ADDR = "198.18.0.2"
HOLD_S = 300
CLONE_NEWNET = 0x40000000
T = TypeVar("T")


@dataclass
class Netns:
    """A network namespace held by a sleeping process."""

    holder: subprocess.Popen[bytes]

    @property
    def pid(self) -> int:
        return self.holder.pid

    def prefix(self) -> list[str]:
        return ["nsenter", "-t", str(self.pid), "-n", "--"]

    def run(self, *cmd: str) -> None:
        subprocess.run([*self.prefix(), *cmd], check=True, capture_output=True, timeout=20)

    def executor(self) -> ThreadPoolExecutor:
        """One thread, inside this namespace (close it with shutdown())."""
        return ThreadPoolExecutor(1, initializer=_join, initargs=(self.pid,))

    def call(self, fn: Callable[..., T], *args: Any) -> T:
        with self.executor() as pool:
            return pool.submit(fn, *args).result()

    def wrapper(self, directory: Path, program: str) -> Path:
        """An executable that runs `program` inside this namespace (for Playwright)."""
        path = directory / f"in-netns-{self.pid}-{Path(program).name}"
        path.write_text(f'#!/bin/sh\nexec nsenter -t {self.pid} -n -- {program} "$@"\n')
        path.chmod(0o755)
        return path


def _join(pid: int) -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    fd = os.open(f"/proc/{pid}/ns/net", os.O_RDONLY)
    try:
        if libc.setns(fd, CLONE_NEWNET) != 0:
            raise OSError(ctypes.get_errno(), "setns into the test's network namespace")
    finally:
        os.close(fd)
    threading.current_thread().name = f"netns-{pid}"


def _hold() -> Netns:
    proc = subprocess.Popen(["unshare", "--net", "sleep", str(HOLD_S)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    # the namespace exists once the holder runs sleep (its netns differs from ours)
    for _ in range(200):
        if proc.poll() is not None:
            err = proc.stderr.read().decode().strip() if proc.stderr else ""
            raise OSError(f"unshare --net failed: {err or proc.returncode}")
        try:
            if os.readlink(f"/proc/{proc.pid}/ns/net") != os.readlink("/proc/self/ns/net") \
                    and os.readlink(f"/proc/{proc.pid}/exe").endswith("sleep"):
                return Netns(proc)
        except OSError:
            pass
        threading.Event().wait(0.02)
    proc.kill()
    raise OSError("unshare --net did not start")


def unavailable() -> str | None:
    """Why network namespaces cannot be made here, or None when they can."""
    for tool in ("unshare", "nsenter", "ip"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (util-linux, iproute2)"
    done = subprocess.run(["unshare", "--net", "true"], capture_output=True, text=True,
                          timeout=20, check=False)
    if done.returncode != 0:
        return f"network namespaces are not available here: {done.stderr.strip()}"
    return None


@contextmanager
def lan() -> Iterator[tuple[Netns, Netns]]:
    """(box, phone) joined by a veth pair; skips the test where namespaces cannot be made."""
    why = unavailable()
    if why is not None:
        pytest.skip(why)
    box, phone = _hold(), _hold()
    try:
        box.run("ip", "link", "set", "lo", "up")
        phone.run("ip", "link", "set", "lo", "up")
        box.run("ip", "link", "add", "lan0", "type", "veth", "peer", "name", "lan0",
                "netns", str(phone.pid))
        for ns, addr, other in ((box, BOX_ADDR, PHONE_ADDR), (phone, PHONE_ADDR, BOX_ADDR)):
            ns.run("ip", "addr", "add", f"{addr}/24", "dev", "lan0")
            ns.run("ip", "link", "set", "lan0", "up")
            ns.run("ip", "route", "add", "default", "via", other)
        yield box, phone
    finally:
        for ns in (box, phone):
            ns.holder.kill()
            ns.holder.wait(10)


def fetch(url: str, body: Any = None, cookie: str | None = None,
          timeout_s: float = 10) -> tuple[int, Any, str | None]:
    """(status, JSON body, session cookie set) of one request; call it inside a namespace."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    if cookie:
        req.add_header("Cookie", cookie)
    try:
        with urllib.request.urlopen(req, timeout=timeout_s) as res:
            status, raw, headers = res.status, res.read(), res.headers
    except urllib.error.HTTPError as err:
        status, raw, headers = err.code, err.read(), err.headers
    set_cookie = headers.get("Set-Cookie")
    return status, json.loads(raw) if raw else None, set_cookie.split(";", 1)[0] if (
        set_cookie) else None
