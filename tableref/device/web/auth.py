"""Who may use the page: loopback is trusted; anyone else must present the kiosk's PIN.

A client from another address logs in once (`POST /api/login {"pin": "..."}`) and gets a
random session cookie, or sends the PIN in the `X-Tableref-Pin` header with each request
(for scripts). The page itself and its static files carry no data and need no PIN, so a
phone can load the PIN prompt.

Guessing is bounded: `MAX_FAILURES` wrong PINs from one client (an IPv4 address, or the
/64 network of an IPv6 one, which a phone can fill with addresses) lock it out for
`LOCKOUT_S`, and `MAX_FAILURES_ALL` from everyone together lock out every client but the
kiosk. The tables are bounded too: at most `MAX_TRACKED` clients' failures (the oldest are
forgotten first, the global count still holds) and `MAX_SESSIONS` sessions, each valid for
`SESSION_S`.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
import socket
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from aiohttp import web
from aiohttp.typedefs import Middleware

from tableref.device.web.limits import client_key

COOKIE = "tableref_session"
PIN_HEADER = "X-Tableref-Pin"
MAX_FAILURES = 5
MAX_FAILURES_ALL = 30  # from all clients together within LOCKOUT_S
LOCKOUT_S = 60.0
MAX_TRACKED = 1024
MAX_SESSIONS = 64
SESSION_S = 12 * 3600.0  # a long evening of games
OPEN_PATHS = frozenset({"/", "/api/login", "/api/phrases", "/favicon.ico"})  # no data

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def generate_pin(digits: int = 6) -> str:
    """A random numeric PIN to show on the kiosk screen."""
    return "".join(secrets.choice("0123456789") for _ in range(digits))


def lan_address() -> str | None:
    """This machine's IPv4 address on its default route (what a phone would type), or None.

    A UDP socket's connect() only picks the route; no packet is sent.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))
            addr: str = s.getsockname()[0]
        except OSError:
            return None
    return None if is_loopback(addr) or addr == "0.0.0.0" else addr


def is_loopback(remote: str | None) -> bool:
    """True for 127.0.0.0/8, ::1 and IPv4-mapped loopback; False for anything unparsable."""
    if not remote:
        return False
    try:
        addr = ipaddress.ip_address(remote.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(addr, ipaddress.IPv6Address) and addr.ipv4_mapped is not None:
        addr = addr.ipv4_mapped
    return addr.is_loopback


@dataclass
class Gate:
    """The PIN check for one app: sessions issued and failed attempts per client."""

    pin: str | None
    lan: bool
    clock: Callable[[], float] = time.monotonic
    sessions: dict[str, float] = field(default_factory=dict)  # token -> expiry
    failures: dict[str, tuple[int, float]] = field(default_factory=dict)  # key -> count, last
    recent: deque[float] = field(default_factory=deque)  # times of all recent failures

    def __post_init__(self) -> None:
        if self.lan and not self.pin:
            raise ValueError("listening beyond localhost needs a PIN (pin is empty)")
        if self.pin is not None and not self.pin.isdigit():
            raise ValueError(f"the PIN must be digits only, got {self.pin!r}")

    def _forget_old(self, now: float) -> None:
        while self.recent and now - self.recent[0] >= LOCKOUT_S:
            self.recent.popleft()

    def locked_out(self, remote: str) -> bool:
        now = self.clock()
        self._forget_old(now)
        if len(self.recent) >= MAX_FAILURES_ALL:
            return True
        key = client_key(remote)
        count, since = self.failures.get(key, (0, 0.0))
        if count < MAX_FAILURES:
            return False
        if now - since >= LOCKOUT_S:
            del self.failures[key]
            return False
        return True

    def check_pin(self, remote: str, given: str) -> bool:
        """Compare in constant time; count failures per client and in all."""
        ok = self.pin is not None and hmac.compare_digest(
            given.encode("utf-8", "replace"), self.pin.encode())
        key = client_key(remote)
        if ok:
            self.failures.pop(key, None)
            return True
        now = self.clock()
        count, _ = self.failures.pop(key, (0, 0.0))
        if len(self.failures) >= MAX_TRACKED:
            self.failures = {k: v for k, v in self.failures.items() if now - v[1] < LOCKOUT_S}
            while len(self.failures) >= MAX_TRACKED:  # the oldest first
                del self.failures[next(iter(self.failures))]
        self.failures[key] = (count + 1, now)  # re-inserted: the table stays in time order
        self.recent.append(now)
        return False

    def new_session(self) -> str:
        now = self.clock()
        self.sessions = {t: end for t, end in self.sessions.items() if end > now}
        while len(self.sessions) >= MAX_SESSIONS:  # the oldest session goes
            del self.sessions[next(iter(self.sessions))]
        token = secrets.token_urlsafe(24)
        self.sessions[token] = now + SESSION_S
        return token

    def session_ok(self, token: str) -> bool:
        end = self.sessions.get(token)
        if end is None:
            return False
        if end <= self.clock():
            del self.sessions[token]
            return False
        return True

    def allowed(self, request: web.Request) -> bool:
        """Whether this request may read or change the game."""
        if is_loopback(request.remote):
            return True
        if not self.lan:
            return False
        remote = request.remote or "?"
        token = request.cookies.get(COOKIE, "")
        if token and self.session_ok(token):
            return True
        given = request.headers.get(PIN_HEADER)
        if given is None or self.locked_out(remote):
            return False
        return self.check_pin(remote, given)

    def refusal(self, request: web.Request) -> web.Response:
        remote = request.remote or "?"
        if not self.lan:
            return _error(403, "this box only listens to its own screen (web.host is localhost)")
        if self.locked_out(remote):
            who = "on this box" if len(self.recent) >= MAX_FAILURES_ALL else "from here"
            return _error(429, f"too many wrong PINs {who}: try again in {int(LOCKOUT_S)} s")
        return _error(401, "PIN required: enter the PIN shown on the table's screen")

    def middleware(self) -> Middleware:
        @web.middleware
        async def pin_gate(request: web.Request, handler: Handler) -> web.StreamResponse:
            path = request.path
            if path in OPEN_PATHS or path.startswith("/static/"):
                return await handler(request)
            if not self.allowed(request):
                return self.refusal(request)
            return await handler(request)

        return pin_gate


def _error(status: int, message: str) -> web.Response:
    return web.json_response({"error": message}, status=status)
