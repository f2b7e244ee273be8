"""The box's publisher: the journal's events, the page's state and the box's presence.

It follows the daemon as the page does (`Hub.subscribe`: one snapshot per change; it is
one of the daemon's followers, equipment.py, its status shown under "mqtt"): every
change publishes the latest state (retained; one unacknowledged at a time, the latest
waiting behind it) and looks in the journal for events to send. Events go out in stream
order, at most `WINDOW` unacknowledged; each PUBACK marks its event, and the position
moves over the acknowledged prefix and is written to `mqtt_outbox` (one write for all the
acknowledgements that arrived together). After a reconnect, paho re-sends what the last
connection left unacknowledged; new events follow only once those are acknowledged, so the
broker receives the stream in order.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any, Protocol

from tableref.device.config import MqttConfig
from tableref.device.mqtt.client import Broker, LoopClient, Will
from tableref.device.mqtt.outbox import Outbox
from tableref.device.mqtt.payload import Key, state_message, topic
from tableref.device.store import Store, StoreError

log = logging.getLogger("tableref.mqtt")

WINDOW = 64  # events handed to the broker and not yet acknowledged
POLL_S = 5.0  # the journal is also looked at this often (events written with no change)
RETRY_S = 1.0  # a position that could not be written is tried again after this
STOP_S = 2.0  # for `false` on `online` to be acknowledged at a clean stop


class Follows(Protocol):
    def subscribe(self) -> AsyncIterator[dict[str, Any]]: ...


def broker_of(config: MqttConfig) -> Broker:
    return Broker(config.host, config.port, config.username, config.password, config.tls,
                  config.ca_file)


class Publisher(LoopClient):
    """Publishes one table's journal and state. Start, then `follow` a hub (or call
    `journal_grew` and `state_changed` yourself); `stop` at the end. On the loop only."""

    def __init__(self, config: MqttConfig, store: Store, window: int = WINDOW) -> None:
        self.table = config.table
        self.outbox = Outbox(store, config.table)
        self.window = window
        self._topics = {w: topic(config.table, w) for w in ("events", "state", "online")}
        super().__init__(broker_of(config), f"tableref-{config.table}-{self.outbox.box}",
                         clean_session=True, will=Will(self._topics["online"], b"false"))
        self._cursor = self.outbox.acked  # the last message handed to paho
        self._acked = self.outbox.acked  # the acknowledged prefix (saved soon after)
        self._handed: deque[list[Any]] = deque()  # [key, acked] in stream order
        self._mids: dict[int, Any] = {}  # mid -> [key, acked], "state" or "online"
        self._draining = False  # the last connection's messages are being re-sent
        self._state: dict[str, Any] | None = None
        self._state_dirty = False
        self._state_mid: int | None = None
        self._save_pending = False
        self._stopped_mid: int | None = None
        self._offline_acked: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None
        self._stopped = False
        self.acks = 0  # events acknowledged since the start

    # -- life ------------------------------------------------------------------------------
    name = "mqtt"  # a follower of the daemon (equipment.Follower): its status in the snapshot

    async def follow(self, hub: Follows) -> None:
        """Connect, then publish what `hub` shows and the journal holds until cancelled;
        then say `false` on `online` (when connected), keep the position, disconnect."""
        self.start()
        log.info("mqtt: table %r on %s, stream %s, %d journal event(s) to send", self.table,
                 self.broker.address, self.outbox.box, self.outbox.waiting())
        poll = asyncio.get_running_loop().create_task(self._poll())
        try:
            async for snap in hub.subscribe():
                self.state_changed(snap)
                self.journal_grew()
        finally:
            poll.cancel()
            await self._close_cleanly()

    def start_following(self, hub: Follows) -> None:
        """`follow` in a task of its own, until `stop` (off the daemon: tests, benchmarks)."""
        self._task = asyncio.get_running_loop().create_task(self.follow(hub))

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def _close_cleanly(self) -> None:
        if self.connected:
            self._offline_acked = asyncio.Event()
            info = self.client.publish(self._topics["online"], b"false", qos=1, retain=True)
            self._stopped_mid = info.mid
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._offline_acked.wait(), STOP_S)
        await self.close()
        self._save()
        self._stopped = True

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(POLL_S)
            self.journal_grew()

    def status(self) -> dict[str, Any]:
        """For the screen and the tests: connected, the problem, events not acknowledged."""
        return {"broker": self.broker.address, "connected": self.connected,
                "problem": self.problem, "waiting": self.outbox.waiting()}

    # -- what the daemon tells ---------------------------------------------------------------
    def journal_grew(self) -> None:
        """Send what the journal holds beyond what was handed to the broker (window allowing)."""
        if not self.connected or self._draining:
            return
        room = self.window - len(self._handed)
        if room <= 0:
            return
        try:
            items = self.outbox.after(self._cursor, room)
        except StoreError as err:
            log.error("mqtt: %s", err)
            return
        for item in items:
            info = self.client.publish(self._topics["events"], item.payload, qos=1)
            entry = [item.key, False]
            self._mids[info.mid] = entry
            self._handed.append(entry)
            self._cursor = item.key

    def state_changed(self, snapshot: dict[str, Any]) -> None:
        self._state = snapshot
        self._state_dirty = True
        self._send_state()

    def _send_state(self) -> None:
        if not self.connected or not self._state_dirty or self._state_mid is not None \
                or self._state is None:
            return
        at = datetime.now(UTC).isoformat(timespec="milliseconds")
        payload = state_message(self.table, self.outbox.box, at, self._state)
        info = self.client.publish(self._topics["state"], payload, qos=1, retain=True)
        self._state_mid = info.mid
        self._mids[info.mid] = "state"
        self._state_dirty = False

    # -- the broker ----------------------------------------------------------------------------
    def on_connected(self) -> None:
        info = self.client.publish(self._topics["online"], b"true", qos=1, retain=True)
        self._mids[info.mid] = "online"
        self._draining = bool(self._handed)  # paho sends those again first
        self._state_dirty = self._state is not None
        self._send_state()
        self.journal_grew()

    def on_published(self, mid: int) -> None:
        what = self._mids.pop(mid, None)
        if mid == self._stopped_mid and self._offline_acked is not None:
            self._offline_acked.set()
        if what == "state":
            self._state_mid = None
            self._send_state()
        elif isinstance(what, list):
            what[1] = True
            self.acks += 1
            moved = False
            while self._handed and self._handed[0][1]:
                self._acked = self._handed.popleft()[0]
                moved = True
            if moved:
                self._schedule_save()
            if not self._handed:
                self._draining = False
        self.journal_grew()

    # -- the position ----------------------------------------------------------------------------
    def _schedule_save(self) -> None:
        if not self._save_pending:
            self._save_pending = True
            asyncio.get_running_loop().call_soon(self._save)

    def _save(self) -> None:
        self._save_pending = False
        acked: Key = self._acked
        if acked == self.outbox.acked:
            return
        try:
            self.outbox.save(acked)
        except StoreError as err:
            if self._stopped:
                log.error("mqtt: %s", err)
                return
            log.error("mqtt: %s (tried again in %.0f s)", err, RETRY_S)
            self._save_pending = True
            asyncio.get_running_loop().call_later(RETRY_S, self._save)
