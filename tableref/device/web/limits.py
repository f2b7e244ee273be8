"""The page's server under a flood: caps on connections, timeouts for slow clients.

`start_web(app, host, port)` serves the app the way the daemon must: with aiohttp's own
`keepalive_timeout` (a connection that sends no complete request within `IDLE_S`, at its
start or between requests, is closed: slow or absent headers cannot hold it), no access
log, and a site whose connections are counted per client (`ConnectionCaps`): the kiosk's
own address (127.0.0.1, ::1) has `KIOSK_TOTAL` connections of its own; every other client
(the LAN, and other local addresses) at most `PER_CLIENT` (an IPv6 client counted by its
/64 network) and `OTHERS_TOTAL` together, so no flood takes the kiosk's connections. A
connection over a cap is answered `503` and closed at once, before aiohttp sees a byte.
The caps keep the daemon's descriptors far below the 1024 of a default soft limit; the
unit raises it anyway (`LimitNOFILE`).

`RequestRate` bounds the requests of every client but the kiosk (a token bucket per
client: `RATE` a second, bursts of `BURST`): a phone's page asks for a few; a flood is
answered 429 after a second's wait (app.py), so it cannot take the kiosk's turns.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from aiohttp import web

IDLE_S = 15.0  # to send a request's headers, from the connection's start or the last reply
PER_CLIENT = 32
OTHERS_TOTAL = 256
KIOSK_TOTAL = 64
KIOSK_KEYS = frozenset({"127.0.0.1", "::1"})
BACKLOG = 128
RATE = 20.0  # requests a second a client other than the kiosk may make, sustained
BURST = 60.0
MAX_RATED = 4096  # clients whose request rate is tracked at once


class ListenError(OSError):
    """The page's address cannot be listened on (the message names it)."""


def client_key(remote: str | None) -> str:
    """Who a client is for limits: its IPv4 address, or the /64 network of an IPv6 one
    (a phone has a whole /64 to pick addresses from)."""
    if not remote:
        return "?"
    try:
        addr = ipaddress.ip_address(remote.split("%", 1)[0])
    except ValueError:
        return remote
    if isinstance(addr, ipaddress.IPv6Address):
        if addr.ipv4_mapped is not None:
            return str(addr.ipv4_mapped)
        if not addr.is_loopback:
            return str(ipaddress.IPv6Network((addr, 64), strict=False))
    return str(addr)


def is_kiosk(key: str) -> bool:
    """The kiosk's own address: the screen of the box (loopback's first address)."""
    return key in KIOSK_KEYS


@dataclass
class ConnectionCaps:
    """Open connections per client and in all; `admit` and `release` keep the count."""

    per_client: int = PER_CLIENT
    others_total: int = OTHERS_TOTAL
    kiosk_total: int = KIOSK_TOTAL
    open: dict[str, int] = field(default_factory=dict)
    totals: dict[bool, int] = field(default_factory=lambda: {True: 0, False: 0})
    refused: int = 0

    def admit(self, key: str) -> bool:
        kiosk = is_kiosk(key)
        total, each = (self.kiosk_total, self.kiosk_total) if kiosk else (
            self.others_total, self.per_client)
        if self.open.get(key, 0) >= each or self.totals[kiosk] >= total:
            self.refused += 1
            return False
        self.open[key] = self.open.get(key, 0) + 1
        self.totals[kiosk] += 1
        return True

    def release(self, key: str) -> None:
        count = self.open.get(key, 0) - 1
        if count < 0:
            return
        if count:
            self.open[key] = count
        else:
            del self.open[key]
        self.totals[is_kiosk(key)] -= 1

    def held(self) -> int:
        return sum(self.totals.values())


@dataclass
class RequestRate:
    """A token bucket per client (not the kiosk): `allow` says whether a request may go on."""

    rate: float = RATE
    burst: float = BURST
    clock: Callable[[], float] = time.monotonic
    buckets: dict[str, tuple[float, float]] = field(default_factory=dict)  # tokens, at

    def allow(self, key: str) -> bool:
        if is_kiosk(key):
            return True
        now = self.clock()
        tokens, at = self.buckets.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - at) * self.rate)
        if len(self.buckets) >= MAX_RATED:  # the longest quiet first
            del self.buckets[next(iter(self.buckets))]
        ok = tokens >= 1.0
        self.buckets[key] = (tokens - 1.0 if ok else tokens, now)
        return ok


_BUSY = json.dumps({"error": "the box has too many connections open: try again in a moment"})
BUSY_REPLY = (
    "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
    f"Retry-After: 5\r\nConnection: close\r\nContent-Length: {len(_BUSY)}\r\n\r\n{_BUSY}"
).encode()


class _Counted(asyncio.Protocol):
    """Stands in front of aiohttp's protocol for one connection: counts it, or refuses it."""

    def __init__(self, caps: ConnectionCaps, make: Callable[[], asyncio.Protocol]) -> None:
        self._caps = caps
        self._make = make
        self._inner: asyncio.Protocol | None = None
        self._key = ""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        self._key = client_key(peer[0] if isinstance(peer, tuple) and peer else None)
        if not self._caps.admit(self._key):
            if isinstance(transport, asyncio.WriteTransport):
                transport.write(BUSY_REPLY)
            transport.close()
            return
        self._inner = self._make()
        self._inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self._inner is not None:
            self._inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self._inner.eof_received() if self._inner is not None else None

    def pause_writing(self) -> None:
        if self._inner is not None:
            self._inner.pause_writing()

    def resume_writing(self) -> None:
        if self._inner is not None:
            self._inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._inner is not None:
            self._caps.release(self._key)
            self._inner.connection_lost(exc)
            self._inner = None


class CappedSite(web.BaseSite):
    """A TCP site whose connections pass `ConnectionCaps` first."""

    def __init__(self, runner: web.BaseRunner, host: str, port: int,
                 caps: ConnectionCaps, backlog: int = BACKLOG) -> None:
        super().__init__(runner, backlog=backlog)
        self._host = host
        self._port = port
        self.caps = caps

    @property
    def name(self) -> str:
        host = f"[{self._host}]" if ":" in self._host else self._host
        return f"http://{host}:{self._port}"

    async def start(self) -> None:
        await super().start()
        server = self._runner.server
        assert server is not None
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(
            lambda: _Counted(self.caps, server), self._host, self._port,
            backlog=self._backlog, reuse_address=True)


async def start_web(app: web.Application, host: str, port: int,
                    caps: ConnectionCaps | None = None) -> web.AppRunner:
    """Serve `app` on host:port with the caps and timeouts above; ListenError if the
    address cannot be listened on. Clean up with `await runner.cleanup()`."""
    runner = web.AppRunner(app, access_log=None, keepalive_timeout=IDLE_S)
    await runner.setup()
    try:
        await CappedSite(runner, host, port, caps or ConnectionCaps()).start()
    except OSError as err:
        await runner.cleanup()
        raise ListenError(f"cannot listen on {host}:{port}: {err.strerror or err}") from err
    return runner
