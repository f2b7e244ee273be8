"""paho-mqtt on its own network thread, its callbacks handed to an asyncio loop.

`LoopClient` owns one `paho.mqtt.client.Client`: paho connects, keeps the connection alive,
reconnects after a loss (with a growing delay) and re-sends unacknowledged QoS 1 messages,
all on its own thread (`loop_start`); the loop is never blocked by the network. Each paho
callback only schedules the matching method (`on_connected`, `on_disconnected`,
`on_published`, `on_message`) on the loop with `call_soon_threadsafe`, so subclasses keep
their state on the loop alone. `publish` and `subscribe` are called on the loop (paho's
own locks make that safe; the packets are written by paho's thread).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import ssl
from dataclasses import dataclass
from typing import Any

import paho.mqtt.client as paho
from paho.mqtt.enums import CallbackAPIVersion

log = logging.getLogger("tableref.mqtt")

KEEPALIVE_S = 15  # a box gone without a word is declared offline (its will) in ~1.5x this
RECONNECT_S = (1, 10)  # paho's reconnect delay: from 1 s, doubling, at most 10 s
STOP_S = 5.0


@dataclass(frozen=True)
class Broker:
    host: str
    port: int = 1883
    username: str | None = None
    password: str | None = None
    tls: bool = False
    ca_file: str | None = None

    @property
    def address(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"


@dataclass(frozen=True)
class Will:
    topic: str
    payload: bytes
    retain: bool = True


class LoopClient:
    """A paho client whose events are handled on `loop`. Override the `on_*` methods."""

    def __init__(self, broker: Broker, client_id: str, *, clean_session: bool,
                 will: Will | None = None, manual_ack: bool = False) -> None:
        self.broker = broker
        self.connected = False
        self.problem = ""  # why the broker cannot be reached, "" when connected
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closing = False
        self._refused = False
        client = paho.Client(CallbackAPIVersion.VERSION2, client_id=client_id,
                             clean_session=clean_session, protocol=paho.MQTTv311,
                             manual_ack=manual_ack)
        client.max_inflight_messages_set(0)  # the callers bound what they have in flight
        client.reconnect_delay_set(*RECONNECT_S)
        if broker.username is not None:
            client.username_pw_set(broker.username, broker.password)
        if broker.tls:
            client.tls_set(ca_certs=broker.ca_file, cert_reqs=ssl.CERT_REQUIRED)
        if will is not None:
            client.will_set(will.topic, will.payload, qos=1, retain=will.retain)
        client.on_connect = self._paho_connect
        client.on_connect_fail = self._paho_connect_fail
        client.on_disconnect = self._paho_disconnect
        client.on_publish = self._paho_publish
        client.on_message = self._paho_message
        self.client = client

    # -- life, on the loop ----------------------------------------------------------------
    def start(self) -> None:
        """Connect in the background (paho's thread retries until the broker answers)."""
        self._loop = asyncio.get_running_loop()
        self.problem = f"connecting to {self.broker.address}"
        self.client.connect_async(self.broker.host, self.broker.port, keepalive=KEEPALIVE_S)
        self.client.loop_start()

    async def close(self) -> None:
        """Disconnect cleanly and stop paho's thread (bounded: a connect attempt to a host
        that does not answer is left to time out on its daemon thread)."""
        self._closing = True
        self.client.disconnect()
        try:
            await asyncio.wait_for(asyncio.to_thread(self.client.loop_stop), STOP_S)
        except TimeoutError:
            log.warning("mqtt: the network thread did not stop within %.0f s", STOP_S)
        self.connected = False
        self._loop = None

    # -- the hooks, on the loop -------------------------------------------------------------
    def on_connected(self) -> None: ...

    def on_disconnected(self) -> None:
        """The connection is lost, or an attempt failed (`problem` says why)."""

    def on_published(self, mid: int) -> None: ...

    def on_message(self, topic: str, payload: bytes, mid: int, qos: int, retain: bool
                   ) -> None: ...

    # -- paho's thread: hand everything to the loop ----------------------------------------
    def _to_loop(self, fn: Any, *args: Any) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed in between
                loop.call_soon_threadsafe(fn, *args)

    def _paho_connect(self, client: paho.Client, userdata: Any, flags: Any, reason: Any,
                      properties: Any) -> None:
        self._to_loop(self._connect_result, not reason.is_failure, str(reason))

    def _paho_connect_fail(self, client: paho.Client, userdata: Any) -> None:
        why = " (or TLS failed: is its certificate trusted? see ca_file)" if self.broker.tls \
            else ""
        self._to_loop(self._went, f"cannot reach the broker {self.broker.address}{why}")

    def _paho_disconnect(self, client: paho.Client, userdata: Any, flags: Any, reason: Any,
                         properties: Any) -> None:
        self._to_loop(self._lost, f"lost the broker {self.broker.address} ({reason})")

    def _paho_publish(self, client: paho.Client, userdata: Any, mid: int, reason: Any,
                      properties: Any) -> None:
        self._to_loop(self.on_published, mid)

    def _paho_message(self, client: paho.Client, userdata: Any, msg: paho.MQTTMessage) -> None:
        self._to_loop(self.on_message, msg.topic, bytes(msg.payload), msg.mid, msg.qos,
                      bool(msg.retain))

    # -- back on the loop --------------------------------------------------------------------
    def _connect_result(self, ok: bool, reason: str) -> None:
        self._refused = not ok
        if not ok:
            self._went(f"the broker {self.broker.address} refused the connection: {reason}")
            return
        self.connected = True
        self.problem = ""
        log.info("mqtt: connected to %s", self.broker.address)
        self.on_connected()

    def _lost(self, problem: str) -> None:
        if self.connected or not self._refused:  # (a refusal is followed by a disconnect)
            self._went(problem)

    def _went(self, problem: str) -> None:
        was = self.connected
        self.connected = False
        if self._closing:
            return
        if problem != self.problem or was:
            log.warning("mqtt: %s", problem)
        self.problem = problem
        self.on_disconnected()
