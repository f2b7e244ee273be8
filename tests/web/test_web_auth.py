"""Beyond localhost the PIN shown on the kiosk is required; loopback is trusted."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from conftest import REMOTE_HEADER, Client
from web_fakehub import FakeHub

from tableref.device.web.auth import MAX_FAILURES, is_loopback, lan_address

ClientFor = Callable[..., Awaitable[Client]]
PHONE = {REMOTE_HEADER: "192.168.1.20"}
ROUTES = [
    ("GET", "/api/state"),
    ("GET", "/api/events"),
    ("GET", "/api/history"),
    ("GET", "/api/camera.jpg"),
    ("GET", "/api/nimalia/reserve/0.jpg"),
    ("POST", "/api/bell/0"),
    ("POST", "/api/settings"),
    ("POST", "/api/nimalia/upload"),
    ("POST", "/api/nimalia/photograph/0"),
]


@pytest.mark.parametrize(
    ("addr", "loop"),
    [("127.0.0.1", True), ("127.8.0.3", True), ("::1", True), ("::ffff:127.0.0.1", True),
     ("192.168.1.20", False), ("::ffff:10.0.0.2", False), ("fe80::1%eth0", False),
     ("", False), (None, False), ("localhost", False)],
)
def test_loopback_addresses(addr: str | None, loop: bool) -> None:
    assert is_loopback(addr) is loop


@pytest.mark.parametrize(("method", "path"), ROUTES)
async def test_every_route_needs_the_pin_from_the_lan(
    hub: FakeHub, client_for: ClientFor, method: str, path: str
) -> None:
    client = await client_for(hub, pin="4821", lan=True)
    res = await client.request(method, path, headers=PHONE)
    assert res.status == 401
    assert "PIN required" in (await res.json())["error"]
    res = await client.request(method, path, headers={**PHONE, "X-Tableref-Pin": "1111"})
    assert res.status == 401
    assert hub.presses == [] and hub.settings == []


async def test_without_lan_other_addresses_are_refused(
    hub: FakeHub, client_for: ClientFor
) -> None:
    client = await client_for(hub)
    res = await client.get("/api/state", headers={**PHONE, "X-Tableref-Pin": "4821"})
    assert res.status == 403 and "localhost" in (await res.json())["error"]
    assert (await client.get("/api/state")).status == 200


async def test_the_pin_header_and_the_login_cookie_let_a_phone_in(
    hub: FakeHub, client_for: ClientFor
) -> None:
    client = await client_for(hub, pin="4821", lan=True)
    res = await client.post("/api/bell/1", headers={**PHONE, "X-Tableref-Pin": "4821"})
    assert res.status == 200 and hub.presses == [1]
    # the page and its files carry no data: a phone loads them to show the PIN prompt
    assert (await client.get("/", headers=PHONE)).status == 200
    assert (await client.get("/static/app.js", headers=PHONE)).status == 200
    bad = await client.post("/api/login", json={"pin": "0000"}, headers=PHONE)
    assert bad.status == 401
    assert "tableref_session" not in bad.cookies
    ok = await client.post("/api/login", json={"pin": "4821"}, headers=PHONE)
    assert ok.status == 200
    assert (await client.get("/api/state", headers=PHONE)).status == 200  # cookie jar
    client.session.cookie_jar.clear()
    assert (await client.get("/api/state", headers=PHONE)).status == 401


async def test_a_forged_session_cookie_is_refused(hub: FakeHub, client_for: ClientFor) -> None:
    client = await client_for(hub, pin="4821", lan=True)
    res = await client.get("/api/state", headers={**PHONE, "Cookie": "tableref_session=abc"})
    assert res.status == 401


async def test_guessing_the_pin_locks_the_address_out(
    hub: FakeHub, client_for: ClientFor
) -> None:
    client = await client_for(hub, pin="4821", lan=True)
    for guess in range(MAX_FAILURES):
        res = await client.post("/api/login", json={"pin": f"{guess:04d}"}, headers=PHONE)
        assert res.status == (401 if guess < MAX_FAILURES - 1 else 429)
    res = await client.post("/api/login", json={"pin": "4821"}, headers=PHONE)
    assert res.status == 429 and "too many wrong PINs" in (await res.json())["error"]
    res = await client.get("/api/state", headers={**PHONE, "X-Tableref-Pin": "4821"})
    assert res.status == 429
    other = {REMOTE_HEADER: "192.168.1.21", "X-Tableref-Pin": "4821"}
    assert (await client.get("/api/state", headers=other)).status == 200
    assert (await client.get("/api/state")).status == 200  # the kiosk itself is never locked


async def test_a_real_lan_socket_needs_the_pin(hub: FakeHub) -> None:
    """No test seam: the app listens on all addresses and is reached over the LAN address."""
    import aiohttp
    from aiohttp import web

    from tableref.device.web.app import create_app

    addr = lan_address()
    if addr is None:
        pytest.skip("this machine has no non-loopback IPv4 address")
    runner = web.AppRunner(create_app(hub, pin="4821", lan=True))
    await runner.setup()
    site = web.TCPSite(runner, "0.0.0.0", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        # unsafe=True: accept cookies from a bare IP address, as browsers do
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
            res = await session.get(f"http://{addr}:{port}/api/state")
            assert res.status == 401
            res = await session.get(f"http://127.0.0.1:{port}/api/state")
            assert res.status == 200 and (await res.json())["access"]["pin"] == "4821"
            res = await session.post(f"http://{addr}:{port}/api/login", json={"pin": "4821"})
            assert res.status == 200
            res = await session.get(f"http://{addr}:{port}/api/state")
            assert res.status == 200 and "access" not in await res.json()
    finally:
        await runner.cleanup()
