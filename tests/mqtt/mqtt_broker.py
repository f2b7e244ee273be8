"""A real Mosquitto for the tests: Debian's `mosquitto` as a subprocess on a free loopback
port, its config, persistence and log in the test's tmp_path (never the system service).
It can be stopped (SIGTERM: persistence written), killed, and started again on its port."""

from __future__ import annotations

import asyncio
import os
import pwd
import shutil
import signal
import socket
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import paho.mqtt.client as paho
from paho.mqtt.enums import CallbackAPIVersion

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Mosquitto:
    def __init__(self, tmp: Path, port: int | None = None, extra: str = "") -> None:
        self.dir = tmp / "mosquitto"
        self.dir.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.conf = self.dir / "mosquitto.conf"
        # started as root, mosquitto drops to the user "mosquitto", who cannot enter
        # pytest's tmp dirs: it stays the user who runs the tests
        self.conf.write_text(
            f"user {pwd.getpwuid(os.getuid()).pw_name}\n"
            f"listener {self.port} 127.0.0.1\n"
            "allow_anonymous true\n"
            "persistence true\n"
            f"persistence_location {self.dir}/\n"
            "max_queued_messages 100000\n"
            f"log_dest file {self.dir}/mosquitto.log\n"
            "log_type error\nlog_type warning\nlog_type notice\n" + extra)
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout_s: float = 10.0) -> None:
        self.proc = subprocess.Popen([MOSQUITTO, "-c", str(self.conf)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + timeout_s
        while True:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise RuntimeError(f"mosquitto exited with {self.proc.returncode}: {err}"
                                   f"{self.log()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("mosquitto did not listen in time\n" + self.log()
                                       ) from None
                time.sleep(0.05)

    def log(self) -> str:
        path = self.dir / "mosquitto.log"
        return path.read_text() if path.exists() else ""

    def stop(self) -> None:
        """SIGTERM: mosquitto writes its persistence (sessions, retained) and ends."""
        end(self.proc)
        self.proc = None

    def kill(self) -> None:
        end(self.proc, signal.SIGKILL)
        self.proc = None

    def freeze(self) -> None:
        """SIGSTOP: the broker hangs, its connections open and unanswered."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGSTOP)

    def thaw(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGCONT)


def end(proc: subprocess.Popen[bytes] | None, sig: int = signal.SIGTERM) -> None:
    """Stop a process of the test's with `sig` (SIGKILL after 15 s), and reap it."""
    if proc is None or proc.poll() is not None:
        return
    proc.send_signal(sig)
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


class Listener:
    """A plain paho subscriber (its own thread) that keeps every message it receives."""

    def __init__(self, port: int, topics: str = "tableref/#", client_id: str = "",
                 clean: bool = True) -> None:
        self.messages: list[tuple[str, bytes, bool]] = []  # (topic, payload, retain)
        self.redelivered: list[tuple[str, bytes]] = []  # the broker's own re-sends (DUP)
        self.lock = threading.Lock()
        self.connected = threading.Event()
        self.client = paho.Client(CallbackAPIVersion.VERSION2, client_id=client_id,
                                  clean_session=clean)
        self.client.reconnect_delay_set(1, 2)
        self.topics = topics
        self.client.on_connect = lambda c, u, f, r, p: (
            c.subscribe(self.topics, qos=1), self.connected.set())
        self.client.on_message = self._message
        self.client.connect_async("127.0.0.1", port, keepalive=10)
        self.client.loop_start()

    def _message(self, client: Any, userdata: Any, msg: paho.MQTTMessage) -> None:
        with self.lock:
            self.messages.append((msg.topic, bytes(msg.payload), bool(msg.retain)))
            if msg.dup:
                self.redelivered.append((msg.topic, bytes(msg.payload)))

    def on(self, topic: str) -> list[bytes]:
        with self.lock:
            return [p for t, p, _ in self.messages if t == topic]

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


async def until(check: Callable[[], Any], timeout_s: float, what: str) -> Any:
    """`check()`'s first true value, polled every 20 ms, else AssertionError naming `what`."""
    deadline = time.monotonic() + timeout_s
    while True:
        got = check()
        if got:
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout_s} s waiting for {what}")
        await asyncio.sleep(0.02)


class Snapshots:
    """The daemon's side of `Hub.subscribe` for an in-process publisher: `show(snap)` is a
    change; subscribers skip to the latest, as with the daemon's own change counter."""

    def __init__(self) -> None:
        self.snap: dict[str, Any] = {"seq": 0}
        self._changed = asyncio.Event()

    def show(self, snap: dict[str, Any]) -> None:
        self.snap = snap
        self._changed.set()

    async def subscribe(self) -> Any:
        while True:
            yield self.snap
            self._changed.clear()
            await self._changed.wait()


def event_ids(listener: Listener, table: str, redelivered: bool = True) -> list[str]:
    """The ids of the `events` messages `listener` received from `table`, in order; without
    `redelivered`, less the broker's own re-sends to the listener (flagged DUP), which
    say nothing of what the box sent."""
    import json

    with listener.lock:
        again = Counter(p for t, p in listener.redelivered if t == f"tableref/{table}/events")
    ids = []
    for p in listener.on(f"tableref/{table}/events"):
        if not redelivered and again[p] > 0:
            again[p] -= 1
            continue
        ids.append(json.loads(p)["id"])
    return ids
