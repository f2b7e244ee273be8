"""Beyond localhost the PIN shown on the kiosk is required; loopback is trusted."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from conftest import REMOTE_HEADER, Client
from web_fakehub import FakeHub

from tableref.device.web.auth import MAX_FAILURES, is_loopback

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
    """No test seam: the app listens on all addresses of a box on a LAN the test makes (two
    network namespaces and a cable, lan_netns.py) and a phone on that LAN reaches it."""
    import asyncio
    import socket

    from aiohttp import web
    from lan_netns import BOX_ADDR, fetch, lan

    from tableref.device.web.app import create_app

    def listen() -> socket.socket:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("0.0.0.0", 0))
        return sock

    loop = asyncio.get_running_loop()
    with lan() as (box, phone):
        in_box, in_phone = box.executor(), phone.executor()
        sock = await loop.run_in_executor(in_box, listen)  # a socket of the box's namespace
        runner = web.AppRunner(create_app(hub, pin="4821", lan=True))
        await runner.setup()
        await web.SockSite(runner, sock).start()
        port = sock.getsockname()[1]
        box_url, kiosk_url = f"http://{BOX_ADDR}:{port}", f"http://127.0.0.1:{port}"
        try:
            status, _, _ = await loop.run_in_executor(in_phone, fetch, box_url + "/api/state")
            assert status == 401
            status, body, _ = await loop.run_in_executor(in_box, fetch, kiosk_url + "/api/state")
            assert status == 200 and body["access"]["pin"] == "4821"
            status, _, cookie = await loop.run_in_executor(
                in_phone, fetch, box_url + "/api/login", {"pin": "0000"})
            assert status == 401 and cookie is None
            status, _, cookie = await loop.run_in_executor(
                in_phone, fetch, box_url + "/api/login", {"pin": "4821"})
            assert status == 200 and cookie is not None
            status, body, _ = await loop.run_in_executor(
                in_phone, fetch, box_url + "/api/state", None, cookie)
            assert status == 200 and "access" not in body
            status, _, _ = await loop.run_in_executor(in_phone, fetch,
                                                      box_url + "/api/bell/1", {}, cookie)
            assert status == 200 and hub.presses == [1]
        finally:
            await runner.cleanup()
            in_box.shutdown()
            in_phone.shutdown()
