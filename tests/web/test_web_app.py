"""The HTTP contract of the kiosk page, over the real app and a small in-test hub."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import cv2
import numpy as np
import pytest
from aiohttp import web
from conftest import REMOTE_HEADER, Client
from web_fakehub import FakeHub

from tableref.device.web.app import create_app
from tableref.device.web.auth import lan_address
from tableref.device.web.hub import Hub, snapshot_problems
from tableref.device.web.upload import MAX_PHOTO_BYTES

ClientFor = Callable[..., Awaitable[Client]]
LAN = {REMOTE_HEADER: "192.168.1.20"}


def _image(ext: str) -> bytes:
    img = np.zeros((40, 60, 3), np.uint8)
    img[:, :30] = (0, 200, 0)
    ok, buf = cv2.imencode(ext, img)
    assert ok
    return buf.tobytes()


def _form(player: str | None, data: bytes, content_type: str) -> aiohttp.FormData:
    form = aiohttp.FormData()
    if player is not None:
        form.add_field("player", player)
    form.add_field("photo", data, filename="reserve", content_type=content_type)
    return form


def test_the_fake_hub_honours_the_protocol() -> None:
    hub = FakeHub()
    assert isinstance(hub, Hub)
    assert snapshot_problems(hub.snapshot()) == []
    assert snapshot_problems(FakeHub("nimalia").snapshot()) == []


def test_snapshot_problems_names_what_is_missing() -> None:
    snap: dict[str, Any] = FakeHub().snapshot()
    del snap["halli"]["piles"][0]["stack"]
    snap["halli"]["last_verdict"] = {"seq": 1, "player": 0}
    problems = snapshot_problems(snap)
    assert "halli.piles[0] has no 'stack'" in problems
    assert "halli.last_verdict has no 'right'" in problems
    assert snapshot_problems({"game": "halli"})[0] == "missing key 'seq'"


async def test_the_page_and_its_files_are_served(hub: FakeHub, client_for: ClientFor) -> None:
    client = await client_for(hub)
    page = await client.get("/")
    assert page.status == 200
    html = await page.text()
    assert '<script src="/static/app.js"' in html
    files = [("app.js", "javascript"), ("core.css", "text/css")]
    for game in ("halli", "nimalia", "nelly"):  # a view module and its CSS per game
        files += [(f"{game}.js", "javascript"), (f"{game}.css", "text/css")]
    for name, kind in files:
        res = await client.get(f"/static/{name}")
        assert res.status == 200 and kind in res.headers["Content-Type"]
        assert res.headers["Cache-Control"] == "no-cache"
    assert page.headers["X-Content-Type-Options"] == "nosniff"


async def test_the_phrases_are_served_in_every_language_and_need_no_pin(
    hub: FakeHub, client_for: ClientFor
) -> None:
    from tableref.device import phrasebook

    client = await client_for(hub, pin="4821", lan=True)
    for lang in phrasebook.LANGUAGES:
        res = await client.get(f"/api/phrases?lang={lang}", headers=LAN)  # a phone, no PIN
        assert res.status == 200
        body = await res.json()
        assert body["lang"] == lang and body["languages"]["de"] == "Deutsch"
        assert body["phrases"]["page.wrong_pin"] == phrasebook.text("page.wrong_pin", lang)
        assert body["phrases"]["halli.takes"] == phrasebook.raw("halli.takes", lang)
    box_language = await (await client.get("/api/phrases", headers=LAN)).json()
    assert box_language["lang"] == hub.snapshot()["language"]  # no ?lang: the box's own
    res = await client.get("/api/phrases?lang=xx")
    assert res.status == 400 and "no phrases for language 'xx'" in (await res.json())["error"]
    assert (await client.get("/api/state", headers=LAN)).status == 401  # data still needs it


async def test_state_is_the_hub_snapshot_plus_access(hub: FakeHub, client_for: ClientFor) -> None:
    client = await client_for(hub, pin="4821", lan=True)
    body = await (await client.get("/api/state")).json()
    url = body["access"].pop("url")
    assert body["access"] == {"pin": "4821", "lan": True}
    addr = lan_address()
    assert url == (f"http://{addr}:{client.server.port}/" if addr else None)
    assert {k: v for k, v in body.items() if k != "access"} == hub.snapshot()
    lan = await (await client.get("/api/state", headers={**LAN, "X-Tableref-Pin": "4821"})).json()
    assert "access" not in lan  # a LAN client never learns the PIN from the server


async def test_bells_reach_the_hub_and_bad_seats_are_named(
    hub: FakeHub, client_for: ClientFor
) -> None:
    client = await client_for(hub)
    assert (await client.post("/api/bell/1")).status == 200
    assert hub.presses == [1]
    res = await client.post("/api/bell/7")
    assert res.status == 400
    assert (await res.json())["error"] == "there is no player 7 (seats 0..1)"
    res = await client.post("/api/bell/two")
    assert res.status == 400 and "'two'" in (await res.json())["error"]
    assert hub.presses == [1]


async def test_live_updates_arrive_as_server_sent_events(
    hub: FakeHub, client_for: ClientFor
) -> None:
    client = await client_for(hub)
    res = await client.get("/api/events")
    assert res.headers["Content-Type"].startswith("text/event-stream")

    async def next_event() -> dict[str, Any]:
        while True:
            line = (await asyncio.wait_for(res.content.readline(), 5)).decode()
            if line.startswith("data: "):
                data: dict[str, Any] = json.loads(line[6:])
                return data

    first = await next_event()
    assert first["halli"]["last_verdict"] is None and first["access"]["lan"] is False
    await client.post("/api/bell/0")
    second = await next_event()
    assert second["seq"] > first["seq"]
    assert second["halli"]["last_verdict"]["player"] == 0
    res.close()


@pytest.mark.parametrize(("ext", "ctype"), [(".jpg", "image/jpeg"), (".png", "image/png")])
async def test_a_reserve_photo_is_uploaded(client_for: ClientFor, ext: str, ctype: str) -> None:
    hub = FakeHub("nimalia")
    client = await client_for(hub)
    photo = _image(ext)
    res = await client.post("/api/nimalia/upload", data=_form("1", photo, ctype))
    assert res.status == 200, await res.text()
    assert hub.uploads == [(1, photo, ctype)]
    assert (await res.json())["nimalia"]["scores"][1]["photo"] is True
    shown = await client.get("/api/nimalia/reserve/1.jpg")
    assert shown.status == 200 and await shown.read() == photo
    assert (await client.get("/api/nimalia/reserve/0.jpg")).status == 404


async def test_a_reserve_is_photographed_with_the_table_camera(client_for: ClientFor) -> None:
    hub = FakeHub("nimalia")
    client = await client_for(hub)
    res = await client.post("/api/nimalia/photograph/1")
    assert res.status == 400 and "no camera frame" in (await res.json())["error"]
    hub.camera = _image(".jpg")
    res = await client.post("/api/nimalia/photograph/1")
    assert res.status == 200
    assert hub.uploads == [(1, hub.camera, "image/jpeg")]
    assert (await client.post("/api/nimalia/photograph/x")).status == 400


async def test_a_raw_photo_body_is_accepted(client_for: ClientFor) -> None:
    hub = FakeHub("nimalia")
    client = await client_for(hub)
    photo = _image(".jpg")
    res = await client.post(
        "/api/nimalia/upload?player=0", data=photo, headers={"Content-Type": "image/jpeg"}
    )
    assert res.status == 200
    assert hub.uploads == [(0, photo, "image/jpeg")]


@pytest.mark.parametrize(
    ("player", "data", "ctype", "status", "words"),
    [
        ("0", b"GIF89a....", "image/gif", 415, "JPEG or PNG image, not image/gif"),
        ("0", b"<html>not a photo</html>", "image/jpeg", 415, "not a JPEG or PNG"),
        ("0", b"", "image/png", 400, "empty"),
        (None, b"\xff\xd8\xff\xe0", "image/jpeg", 400, "no 'player' field"),
        ("Ann", b"\xff\xd8\xff\xe0", "image/jpeg", 400, "seat number"),
        ("0", b"\xff\xd8\xff" + b"\0" * MAX_PHOTO_BYTES, "image/jpeg", 413, "larger than 5 MB"),
    ],
)
async def test_bad_uploads_are_refused_with_a_clear_error(
    client_for: ClientFor, player: str | None, data: bytes, ctype: str, status: int, words: str
) -> None:
    hub = FakeHub("nimalia")
    client = await client_for(hub)
    res = await client.post("/api/nimalia/upload", data=_form(player, data, ctype))
    assert res.status == status
    assert words in (await res.json())["error"]
    assert hub.uploads == []


async def test_an_upload_the_hub_refuses_is_a_400(hub: FakeHub, client_for: ClientFor) -> None:
    client = await client_for(hub)  # the game is Halli Galli
    res = await client.post("/api/nimalia/upload", data=_form("0", _image(".jpg"), "image/jpeg"))
    assert res.status == 400
    assert (await res.json())["error"] == "the game is not Nimalia: no reserve to score"


async def test_settings_are_applied_or_refused(hub: FakeHub, client_for: ClientFor) -> None:
    client = await client_for(hub)
    res = await client.post("/api/settings", json={"game": "nimalia", "language": "de"})
    assert res.status == 200
    assert (await res.json())["game"] == "nimalia"
    assert hub.settings == [{"game": "nimalia", "language": "de"}]
    res = await client.post("/api/settings", json={"colour_scheme": "dark"})
    assert res.status == 400 and (await res.json())["error"] == "unknown setting 'colour_scheme'"
    res = await client.post("/api/settings", data=b"{game: nimalia")
    assert res.status == 400 and "not JSON" in (await res.json())["error"]
    res = await client.post("/api/settings", json=["game"])
    assert res.status == 400 and "JSON object" in (await res.json())["error"]


async def test_history_and_camera(hub: FakeHub, client_for: ClientFor) -> None:
    client = await client_for(hub)
    assert (await (await client.get("/api/history")).json())[0]["winner"] == "Ann"
    res = await client.get("/api/camera.jpg")
    assert res.status == 404 and "no camera frame" in (await res.json())["error"]
    hub.camera = _image(".jpg")
    res = await client.get("/api/camera.jpg")
    assert res.status == 200 and res.headers["Content-Type"] == "image/jpeg"
    assert await res.read() == hub.camera


async def test_cross_site_writes_are_refused(hub: FakeHub, client_for: ClientFor) -> None:
    client = await client_for(hub)
    res = await client.post("/api/bell/0", headers={"Origin": "http://evil.example"})
    assert res.status == 403
    host = f"{client.server.host}:{client.server.port}"
    assert (await client.post("/api/bell/0", headers={"Origin": f"http://{host}"})).status == 200
    assert hub.presses == [0]


def test_lan_without_a_pin_is_refused_at_start(hub: FakeHub) -> None:
    with pytest.raises(ValueError, match="needs a PIN"):
        create_app(hub, pin=None, lan=True)
    with pytest.raises(ValueError, match="digits only"):
        create_app(hub, pin="12ab", lan=True)


async def test_open_live_streams_do_not_hold_up_shutdown(hub: FakeHub) -> None:
    """The kiosk keeps /api/events open for ever; stopping the daemon must not wait for it."""
    runner = web.AppRunner(create_app(hub, pin=None, lan=False))  # shutdown_timeout 60 s
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    async with aiohttp.ClientSession() as session:
        res = await session.get(f"http://127.0.0.1:{port}/api/events")
        assert (await asyncio.wait_for(res.content.readline(), 5)).startswith(b"data: ")
        await asyncio.wait_for(runner.cleanup(), 5)
        rest = await asyncio.wait_for(res.content.read(), 5)  # the stream ended
        assert b"data: " not in rest
