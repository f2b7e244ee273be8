"""The page under attack and bad luck: foreign Host names, bodies in pieces, malformed
forms, bombs, floods of connections and slow clients. All traffic stays on loopback."""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import aiohttp
import pytest
from conftest import REMOTE_HEADER, Client, make_app
from web_fakehub import FakeHub

import tableref.device.web.app as web_app
import tableref.device.web.limits as limits
from tableref.device.web.app import MAX_JSON_BYTES, UPLOAD_SLOTS, create_app
from tableref.device.web.limits import ConnectionCaps, start_web
from tableref.vision.synth.hostile_images import png_claiming

ClientFor = Callable[..., Awaitable[Client]]
PAGE = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"


async def _raw(port: int, *pieces: bytes, pause_s: float = 0.1, source: str = "127.0.0.1",
               timeout_s: float = 10) -> bytes:
    """Send `pieces` as separate TCP segments (a pause between them), return the reply."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    sock = writer.get_extra_info("socket")
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        for i, piece in enumerate(pieces):
            if i:
                await asyncio.sleep(pause_s)
            writer.write(piece)
            await writer.drain()
        return await asyncio.wait_for(reader.read(), timeout_s)
    finally:
        writer.close()


def _status(reply: bytes) -> int:
    return int(reply.split(b" ", 2)[1])


def _body(reply: bytes) -> Any:
    return json.loads(reply.split(b"\r\n\r\n", 1)[1])


def _post(path: str, body: bytes, host: str = "127.0.0.1", extra: bytes = b"") -> bytes:
    return (f"POST {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n").encode() + (
        extra + b"\r\n")


# -- DNS rebinding -----------------------------------------------------------------------
async def test_a_foreign_host_name_is_refused_even_from_loopback(
        hub: FakeHub, client_for: ClientFor) -> None:
    client = await client_for(hub, pin="4821", lan=True)
    evil = {"Host": "evil.example:8080", "Origin": "http://evil.example:8080"}
    res = await client.get("/api/state", headers=evil)
    assert res.status == 421
    assert "does not answer to 'evil.example:8080'" in (await res.json())["error"]
    res = await client.post("/api/settings", json={"game": "nimalia"}, headers=evil)
    assert res.status == 421 and hub.settings == []
    assert (await client.get("/", headers=evil)).status == 421
    assert (await client.post("/api/bell/0", headers=evil)).status == 421
    assert hub.presses == []


async def test_the_box_answers_to_its_own_names_and_addresses(hub: FakeHub) -> None:
    app = create_app(hub, pin=None, lan=False, names=["table3.cafe.lan"])
    runner = await start_web(app, "127.0.0.1", 0)
    port = runner.addresses[0][1]
    own = socket.gethostname()
    try:
        for host in ("127.0.0.1", f"127.0.0.1:{port}", "localhost", f"LOCALHOST:{port}",
                     "127.3.4.5", "[::1]:80", own, f"{own}.local:{port}", "table3.cafe.lan",
                     "kiosk.localhost"):
            reply = await _raw(port, f"GET /api/state HTTP/1.1\r\nHost: {host}\r\n"
                                     "Connection: close\r\n\r\n".encode())
            assert _status(reply) == 200, host
        for host in ("evil.example", "192.168.1.20", "table3.cafe.lan.evil.example",
                     "127.0.0.1.evil.example"):
            reply = await _raw(port, f"GET /api/state HTTP/1.1\r\nHost: {host}\r\n"
                                     "Connection: close\r\n\r\n".encode())
            assert _status(reply) == 421, host
        reply = await _raw(port, b"GET /api/state HTTP/1.0\r\n\r\n")
        assert _status(reply) == 421 and "no Host header" in _body(reply)["error"]
    finally:
        await runner.cleanup()


# -- bodies ------------------------------------------------------------------------------
async def test_json_bodies_in_two_tcp_segments_are_read_whole(hub: FakeHub) -> None:
    runner = await start_web(make_app(hub, pin="4821", lan=True), "127.0.0.1", 0)
    port = runner.addresses[0][1]
    try:
        body = json.dumps({"game": "nimalia", "language": "de"}).encode()
        reply = await _raw(port, _post("/api/settings", body) + body[:9], body[9:])
        assert _status(reply) == 200, reply
        assert hub.settings == [{"game": "nimalia", "language": "de"}]
        login = json.dumps({"pin": "4821"}).encode()
        phone = f"{REMOTE_HEADER}: 192.168.1.20\r\n".encode()
        reply = await _raw(port, _post("/api/login", login, extra=phone), login[:5], login[5:])
        assert _status(reply) == 200 and b"tableref_session=" in reply
    finally:
        await runner.cleanup()


async def test_large_and_deep_json_are_named(hub: FakeHub, client_for: ClientFor) -> None:
    client = await client_for(hub)
    res = await client.post("/api/settings", data=b"[" * (MAX_JSON_BYTES + 1),
                            headers={"Content-Type": "application/json"})
    assert res.status == 413 and "over 64 KB" in (await res.json())["error"]
    res = await client.post("/api/settings", data=b'{"a": ' + b"[" * 30_000 + b"]" * 30_000
                            + b"}")
    assert res.status == 400 and "nested too deeply" in (await res.json())["error"]
    res = await client.post("/api/settings", data=b'{"a": ' + b"9" * 5000 + b"}")
    assert res.status == 400 and "not JSON" in (await res.json())["error"]
    assert hub.settings == []


@pytest.mark.parametrize(("content_type", "body"), [
    ("multipart/form-data", b"--x\r\n\r\n--x--\r\n"),  # no boundary
    ("multipart/form-data; boundary=" + "b" * 5000, b"--" + b"b" * 5000 + b"\r\n"),
    ("multipart/form-data; boundary=x", b"--x\r\nContent-Disposition: form-data; "
     b'name="player"\r\n\r\n0\r\n--x\r\nContent-Disposition: form-data; name="photo"\r\n'
     b"Content-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0 and the rest never comes"),
    ("multipart/form-data; boundary=x", b"hello, no boundary here\r\n"),
    ("multipart/form-data; boundary=x", b"--x\r\n" + b"A" * 20_000 + b"\r\n\r\n--x--\r\n"),
])
async def test_malformed_multipart_is_a_400_naming_it(
        client_for: ClientFor, content_type: str, body: bytes) -> None:
    hub = FakeHub("nimalia")
    client = await client_for(hub)
    res = await client.post("/api/nimalia/upload", data=body,
                            headers={"Content-Type": content_type})
    assert res.status == 400, await res.text()
    error = (await res.json())["error"]
    assert "multipart" in error or "photo" in error
    assert hub.uploads == []


async def test_a_lying_png_header_is_refused_before_the_hub(client_for: ClientFor) -> None:
    hub = FakeHub("nimalia")
    client = await client_for(hub)
    form = aiohttp.FormData()
    form.add_field("player", "0")
    form.add_field("photo", png_claiming(100_000, 100_000), filename="r.png",
                   content_type="image/png")
    res = await client.post("/api/nimalia/upload", data=form)
    assert res.status == 413
    error = (await res.json())["error"]
    assert "10000000000 pixels" in error and "50 megapixels" in error
    res = await client.post("/api/nimalia/upload?player=0", data=png_claiming(9000, 9000),
                            headers={"Content-Type": "image/png"})
    assert res.status == 413 and "9000 x 9000" in (await res.json())["error"]
    assert hub.uploads == []


async def test_concurrent_uploads_are_capped(client_for: ClientFor) -> None:
    hub = FakeHub("nimalia")
    hub.hold_uploads = asyncio.Event()
    client = await client_for(hub)
    photo = png_claiming(40, 30)

    async def upload() -> int:
        res = await client.post("/api/nimalia/upload?player=0", data=photo,
                                headers={"Content-Type": "image/png"})
        return res.status

    held = [asyncio.ensure_future(upload()) for _ in range(UPLOAD_SLOTS)]
    await asyncio.sleep(0.3)
    res = await client.post("/api/nimalia/upload?player=1", data=photo,
                            headers={"Content-Type": "image/png"})
    assert res.status == 503 and res.headers["Retry-After"]
    assert "try again" in (await res.json())["error"]
    assert (await client.post("/api/nimalia/photograph/0")).status == 503
    hub.hold_uploads.set()
    assert await asyncio.gather(*held) == [200] * UPLOAD_SLOTS
    res = await client.post("/api/nimalia/upload?player=1", data=photo,
                            headers={"Content-Type": "image/png"})
    assert res.status == 200


async def test_a_photo_that_never_finishes_arriving_is_a_408(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web_app, "UPLOAD_S", 0.5)
    hub = FakeHub("nimalia")
    runner = await start_web(make_app(hub), "127.0.0.1", 0)
    port = runner.addresses[0][1]
    try:
        reader, writer = await _held(port, "127.0.0.1")
        writer.write(b"POST /api/nimalia/upload?player=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: image/png\r\nContent-Length: 100000\r\n\r\n\x89PNG")
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
        assert _status(head) == 408
        writer.close()
        assert hub.uploads == []
    finally:
        await runner.cleanup()


# -- connections -------------------------------------------------------------------------
@pytest.fixture
async def capped(hub: FakeHub) -> AsyncIterator[tuple[int, ConnectionCaps]]:
    caps = ConnectionCaps(per_client=4, others_total=10, kiosk_total=6)
    runner = await start_web(create_app(hub, pin=None, lan=False), "127.0.0.1", 0, caps)
    yield runner.addresses[0][1], caps
    await runner.cleanup()


async def _held(port: int, source: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    return await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))


async def test_a_flood_from_one_address_leaves_the_kiosk_its_connections(
        capped: tuple[int, ConnectionCaps]) -> None:
    port, caps = capped
    flood = [await _held(port, "127.0.0.2") for _ in range(4)]
    await asyncio.sleep(0.1)
    assert caps.held() == 4
    reply = await _raw(port, b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                             b"Connection: close\r\n\r\n", source="127.0.0.2")
    assert _status(reply) == 503 and "too many connections" in _body(reply)["error"]
    assert _status(await _raw(port, PAGE)) == 200  # the kiosk (127.0.0.1) is still served
    for _, writer in flood:
        writer.close()
    await asyncio.sleep(0.2)
    assert caps.held() == 0
    reply = await _raw(port, b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                             b"Connection: close\r\n\r\n", source="127.0.0.2")
    assert _status(reply) == 200 and caps.refused == 1


async def test_many_addresses_fill_only_their_pool(capped: tuple[int, ConnectionCaps]) -> None:
    port, caps = capped
    held = [await _held(port, f"127.0.1.{i}") for i in range(1, 12)]
    await asyncio.sleep(0.1)
    assert caps.held() == caps.others_total  # the rest were refused at once
    assert caps.refused == 1
    kiosk = [await _held(port, "127.0.0.1") for _ in range(caps.kiosk_total)]
    reply = await _raw(port, PAGE)  # the kiosk has connections of its own, and a cap
    assert _status(reply) == 503
    kiosk.pop()[1].close()
    await asyncio.sleep(0.1)
    assert _status(await _raw(port, PAGE)) == 200
    for _, writer in held + kiosk:
        writer.close()


async def test_silent_and_slow_clients_are_cut_off(
        hub: FakeHub, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "IDLE_S", 1.0)
    runner = await start_web(create_app(hub, pin=None, lan=False), "127.0.0.1", 0)
    port = runner.addresses[0][1]
    loop = asyncio.get_running_loop()
    try:
        silent = await _held(port, "127.0.0.1")
        slow = await _held(port, "127.0.0.1")
        start = loop.time()
        slow[1].write(b"GET /api/state HTTP/1.1\r\n")
        for _ in range(12):  # a header line, a byte at a time, for ever
            await asyncio.sleep(0.25)
            if slow[1].is_closing() or slow[0].at_eof():
                break
            slow[1].write(b"X")
        assert await asyncio.wait_for(silent[0].read(), 5) == b""
        assert await asyncio.wait_for(slow[0].read(), 5) == b""
        assert loop.time() - start < 4
    finally:
        await runner.cleanup()


def test_lan_sessions_and_pin_failures_are_bounded_and_expire() -> None:
    from tableref.device.web.auth import (
        LOCKOUT_S,
        MAX_FAILURES,
        MAX_FAILURES_ALL,
        MAX_SESSIONS,
        MAX_TRACKED,
        SESSION_S,
        Gate,
    )

    now = [1000.0]
    gate = Gate(pin="482193", lan=True, clock=lambda: now[0])
    tokens = [gate.new_session() for _ in range(MAX_SESSIONS + 10)]
    assert len(gate.sessions) == MAX_SESSIONS
    assert not gate.session_ok(tokens[0]) and gate.session_ok(tokens[-1])
    now[0] += SESSION_S + 1
    assert not gate.session_ok(tokens[-1]) and tokens[-1] not in gate.sessions
    gate.new_session()
    assert len(gate.sessions) == 1  # the expired ones went

    # 20 addresses of one IPv6 /64 are one client: 5 tries, not 100
    tries = 0
    for i in range(20):
        for _ in range(5):
            remote = f"2001:db8:1:2::{i + 1:x}"
            if gate.locked_out(remote):
                break
            gate.check_pin(remote, "000000")
            tries += 1
    assert tries == MAX_FAILURES
    assert not gate.locked_out("2001:db8:1:3::1")  # another network is not
    now[0] += LOCKOUT_S
    assert not gate.locked_out("2001:db8:1:2::1")

    # many IPv4 addresses together: the box stops taking PINs from anyone for a while
    for i in range(MAX_FAILURES_ALL):
        gate.check_pin(f"10.0.{i // 250}.{i % 250}", "000000")
    assert gate.locked_out("10.9.9.9")
    now[0] += LOCKOUT_S
    assert not gate.locked_out("10.9.9.9")

    for i in range(MAX_TRACKED + 500):
        now[0] += 0.001
        gate.check_pin(f"10.{i // 65536}.{i // 256 % 256}.{i % 256}", "000000")
    assert len(gate.failures) <= MAX_TRACKED


async def test_a_client_asking_too_fast_is_slowed_but_not_the_kiosk(
        hub: FakeHub, client_for: ClientFor, monkeypatch: pytest.MonkeyPatch) -> None:
    from tableref.device.web.limits import BURST

    monkeypatch.setattr(web_app, "SLOW_DOWN_S", 0.05)
    client = await client_for(hub)
    assert client.app is not None
    client.app[web_app.RATE_KEY].clock = lambda: 100.0  # no time passes: no refill
    other = {REMOTE_HEADER: "127.0.0.2"}  # another local program, not the kiosk's screen
    statuses = [(await client.get("/api/state", headers=other)).status
                for _ in range(int(BURST) + 10)]
    assert statuses.count(200) == BURST and statuses[-1] == 429
    res = await client.get("/api/state", headers=other)
    assert res.status == 429 and res.headers["Retry-After"] == "1"
    for _ in range(int(BURST) + 10):
        assert (await client.get("/api/state")).status == 200  # the kiosk is never slowed


async def test_a_press_the_box_could_not_record_is_never_answered_ok(
        hub: FakeHub, client_for: ClientFor) -> None:
    client = await client_for(hub)
    hub.cannot_record = "the disk is full: the ring was not recorded"
    res = await client.post("/api/bell/0")
    assert res.status == 503
    assert (await res.json()) == {"error": "the disk is full: the ring was not recorded"}
    assert hub.presses == []


async def test_a_json_body_that_never_arrives_is_cut_off(
        hub: FakeHub, monkeypatch: pytest.MonkeyPatch) -> None:
    """A body promised but sent a byte at a time, or never: a 408 within `BODY_S` (the
    header timeout does not hold once the headers are in); a length over the limit is a
    413 at once, before a byte of it is waited for."""
    monkeypatch.setattr(web_app, "BODY_S", 1.0)
    runner = await start_web(make_app(hub), "127.0.0.1", 0)
    port = runner.addresses[0][1]
    loop = asyncio.get_running_loop()
    try:
        reader, writer = await _held(port, "127.0.0.2")
        start = loop.time()
        writer.write(b"POST /api/settings HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")

        async def trickle() -> None:
            for _ in range(30):
                await asyncio.sleep(0.2)
                writer.write(b" ")

        slow = asyncio.create_task(trickle())
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 4)
        assert _status(head) == 408 and b"Connection: close" in head
        assert loop.time() - start < 3
        slow.cancel()
        writer.close()
        reader, writer = await _held(port, "127.0.0.2")
        start = loop.time()
        writer.write(b"POST /api/settings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                     b"application/json\r\nContent-Length: 99999999999\r\n\r\n{")
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 4)
        assert _status(head) == 413 and b"Connection: close" in head
        assert loop.time() - start < 0.9
        writer.close()
        assert hub.settings == []
    finally:
        await runner.cleanup()
