"""The kiosk page's HTTP side: thin handlers over a `Hub`, all routes in one table.

Before any handler: the Host must be one of the box's own (hosts.py), a write must come
from the page's own origin, and a client off this machine must hold the PIN (auth.py).
JSON bodies are read by aiohttp within `client_max_size`; photos stream in under their own
limit (upload.py), at most `UPLOAD_SLOTS` at a time. A client's mistake is a 4xx naming
it; only a fault of the box itself is a 5xx.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from aiohttp import web

from tableref.device import phrasebook
from tableref.device.web.auth import COOKIE, Gate, is_loopback, lan_address
from tableref.device.web.hosts import HostCheck
from tableref.device.web.hub import Hub, HubError, HubUnavailable
from tableref.device.web.limits import RequestRate, client_key
from tableref.device.web.live import Streams, serve_events
from tableref.device.web.upload import UploadError, read_photo, read_raw_photo

STATIC_DIR = Path(__file__).parent / "static"
HUB_KEY = web.AppKey("hub", Hub)
GATE_KEY = web.AppKey("gate", Gate)
HOSTS_KEY = web.AppKey("hosts", HostCheck)
STREAMS_KEY = web.AppKey("streams", Streams)
RATE_KEY = web.AppKey("rate", RequestRate)
SLOTS_KEY = web.AppKey("upload_slots", asyncio.Semaphore)
MAX_JSON_BYTES = 64 * 1024
UPLOAD_SLOTS = 2  # photos read at once; more wait for a moment (503, Retry-After)
SLOW_DOWN_S = 1.0  # a client over its request rate waits this long for its 429
UPLOAD_S = 120.0  # for a photo to arrive, however slow the phone's Wi-Fi
BODY_S = 30.0  # for a JSON body (64 KB at most) to arrive once its headers are in

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
Photo = TypeVar("Photo")  # what an upload's reader gives


def create_app(hub: Hub, *, pin: str | None, lan: bool,
               names: Iterable[str] = ()) -> web.Application:
    """The web app for `hub`. With `lan`, clients other than loopback must present `pin`.
    `names`: host names the box may be reached by, beyond its own (see hosts.py)."""
    gate = Gate(pin=pin, lan=lan)
    app = web.Application(middlewares=[_guard, gate.middleware()],
                          client_max_size=MAX_JSON_BYTES)
    app[HUB_KEY] = hub
    app[GATE_KEY] = gate
    app[HOSTS_KEY] = HostCheck(names)
    app[STREAMS_KEY] = Streams()
    app[RATE_KEY] = RequestRate()
    app[SLOTS_KEY] = asyncio.Semaphore(UPLOAD_SLOTS)
    app.on_shutdown.append(app[STREAMS_KEY].close_all)
    app.add_routes(
        [
            web.get("/", page),
            web.get("/api/state", state),
            web.get("/api/events", events),
            web.get("/api/phrases", phrases),
            web.post("/api/login", login),
            web.post("/api/bell/{player}", bell),
            web.post("/api/nimalia/upload", upload),
            web.post("/api/nimalia/photograph/{player}", photograph),
            web.get("/api/nimalia/reserve/{player}.jpg", reserve_photo),
            web.post("/api/report", report),
            web.post("/api/settings", settings),
            web.post("/api/teach", teach),
            web.post("/api/teaching", teaching),
            web.get("/api/nimalia/teach", teach_cards),
            web.post("/api/nimalia/teach", teach_photo),
            web.get("/api/history", history),
            web.get("/api/camera.jpg", camera),
            web.get("/api/replay.jpg", replay),
            web.static("/static", STATIC_DIR),
        ]
    )
    return app


@web.middleware
async def _guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Refuse foreign Host names and cross-site writes; turn HubError into a 400; set safe
    response headers."""
    hosts = request.app[HOSTS_KEY]
    if not hosts.allowed(request):
        return hosts.refusal(request)
    if not request.app[RATE_KEY].allow(client_key(request.remote)):
        await asyncio.sleep(SLOW_DOWN_S)  # held back: a flood cannot take the kiosk's turns
        slow = _error(429, "too many requests from here: slow down", phrase="page.busy")
        slow.headers["Retry-After"] = "1"
        return slow
    if request.method not in ("GET", "HEAD"):
        origin = request.headers.get("Origin")
        if origin is not None and origin.split("://", 1)[-1] != request.host:
            return _error(403, f"requests from another site ({origin[:80]}) are refused")
    try:
        response = await handler(request)
    except HubUnavailable as exc:
        response = _error(503, str(exc), **exc.for_page())
    except HubError as exc:
        response = _error(400, str(exc), **exc.for_page())
    except web.HTTPException as exc:  # aiohttp's own refusals, in the page's JSON form
        if exc.status < 400:
            raise
        response = _error(exc.status, exc.text or exc.reason)
        if exc.status in (408, 413):  # the rest of the body is not waited for: closed now
            response.force_close()
    if request.path.startswith("/static/"):
        # revalidate every time: after an update the kiosk must not run yesterday's app.js
        response.headers.setdefault("Cache-Control", "no-cache")
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault(
        "Content-Security-Policy",
        "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; object-src 'none'; "
        "frame-ancestors 'none'",
    )
    return response


def _hub(request: web.Request) -> Hub:
    return request.app[HUB_KEY]


def _error(status: int, message: str, phrase: str | None = None,
           fields: dict[str, Any] | None = None) -> web.Response:
    """The page's error answer: the message, and with `phrase` (an id of the phrase table)
    its fields, so that the page says it in its own language (phrasebook.Phrased)."""
    body: dict[str, Any] = {"error": message}
    if phrase is not None:
        body["phrase"] = phrase
        body["fields"] = fields or {}
    return web.json_response(body, status=status)


def _seat(request: web.Request) -> int:
    raw = request.match_info.get("player") or request.query.get("player", "")
    try:
        return int(raw)
    except ValueError:
        raise HubError(f"player must be a seat number (0, 1, ...), got {raw!r}") from None


def _with_access(request: web.Request, snap: dict[str, Any]) -> dict[str, Any]:
    """The kiosk (loopback) also sees the PIN it must show; LAN clients already know it."""
    if is_loopback(request.remote):
        gate = request.app[GATE_KEY]
        access: dict[str, Any] = {"pin": gate.pin if gate.lan else None, "lan": gate.lan}
        addr = lan_address() if gate.lan else None
        port = request.url.port
        access["url"] = f"http://{addr}:{port}/" if addr and port else None
        return {**snap, "access": access}
    return snap


async def page(request: web.Request) -> web.FileResponse:
    return web.FileResponse(STATIC_DIR / "index.html", headers={"Cache-Control": "no-cache"})


async def state(request: web.Request) -> web.Response:
    return web.json_response(_with_access(request, _hub(request).snapshot()))


async def events(request: web.Request) -> web.StreamResponse:
    """Server-sent events: one `data:` line of snapshot JSON per change."""
    return await serve_events(request, _hub(request), request.app[STREAMS_KEY], _with_access)


async def phrases(request: web.Request) -> web.Response:
    """The page's words: every phrase of the table in `?lang=` (default: the box's language;
    device/phrasebook). No game data: a phone shows its PIN prompt in the box's language."""
    lang = request.query.get("lang") or str(_hub(request).snapshot().get("language", "en"))
    try:
        body = phrasebook.for_page(lang)
    except phrasebook.PhraseError as err:
        raise HubError(str(err)) from None
    return web.json_response(body, headers={"Cache-Control": "no-cache"})


async def login(request: web.Request) -> web.Response:
    gate = request.app[GATE_KEY]
    if is_loopback(request.remote):
        return web.json_response({"ok": True})
    if not gate.lan:
        return gate.refusal(request)
    body = await _json_body(request)
    pin = body.get("pin")
    remote = request.remote or "?"
    if not isinstance(pin, str) or gate.locked_out(remote) or not gate.check_pin(remote, pin):
        return gate.refusal(request)
    response = web.json_response({"ok": True})
    response.set_cookie(COOKIE, gate.new_session(), httponly=True, samesite="Strict")
    return response


async def bell(request: web.Request) -> web.Response:
    await _hub(request).press_bell(_seat(request))
    return web.json_response({"ok": True})


async def upload(request: web.Request) -> web.Response:
    """A reserve photo: multipart fields `player` and `photo`, or a raw body with ?player=N."""
    async def use(photo: tuple[int, bytes, str]) -> web.Response:
        await _hub(request).upload_reserve(*photo)
        return web.json_response(_with_access(request, _hub(request).snapshot()))

    return await _in_photo_slot(request, read_photo, use)


async def _in_photo_slot(request: web.Request,
                         read: Callable[[web.Request], Awaitable[Photo]],
                         use: Callable[[Photo], Awaitable[web.Response]]) -> web.Response:
    """A photo's body `read` within `UPLOAD_S`, then `use`d, holding one of the upload
    slots (503 at once when none is free)."""
    slots = request.app[SLOTS_KEY]
    if slots.locked():
        return _busy()
    async with slots:
        try:
            async with asyncio.timeout(UPLOAD_S):
                photo = await read(request)
        except UploadError as exc:
            return _error(exc.status, str(exc))
        except TimeoutError:
            return _error(408, f"the photo took more than {UPLOAD_S:.0f} s to arrive")
        return await use(photo)


async def photograph(request: web.Request) -> web.Response:
    """Read a reserve from the table camera instead of an uploaded photo."""
    slots = request.app[SLOTS_KEY]
    if slots.locked():
        return _busy()
    async with slots:
        await _hub(request).photograph_reserve(_seat(request))
    return web.json_response(_with_access(request, _hub(request).snapshot()))


def _busy() -> web.Response:
    response = _error(503, "another photo is being read: try again in a moment")
    response.headers["Retry-After"] = "3"
    return response


async def reserve_photo(request: web.Request) -> web.Response:
    jpeg = _hub(request).reserve_jpeg(_seat(request))
    if jpeg is None:
        return _error(404, "no reserve photo for this player yet")
    return web.Response(body=jpeg, content_type="image/jpeg", headers={"Cache-Control": "no-store"})


async def report(request: web.Request) -> web.Response:
    """What the players tell the box on the page (the game's own JSON; Nelly: an event)."""
    body = await _json_body(request)
    await _hub(request).report(body)
    return web.json_response(_with_access(request, _hub(request).snapshot()))


async def settings(request: web.Request) -> web.Response:
    body = await _json_body(request)
    await _hub(request).apply_settings(body)
    return web.json_response(_with_access(request, _hub(request).snapshot()))


async def teach(request: web.Request) -> web.Response:
    """Teach the box a card held under the camera: `{"card": "monkey"}`; `{}` reads only."""
    body = await _json_body(request)
    card = body.get("card")
    if card is not None and (not isinstance(card, str) or not 0 < len(card) <= 16):
        raise HubError("card must be a card code such as monkey or BBL")
    return web.json_response(await _hub(request).teach(card))


async def teaching(request: web.Request) -> web.Response:
    """What the teaching dialog asks to be held under the camera: `{"asking": "monkey"}`,
    `{"asking": "fruit"}`, `{"asking": null}` when it asks for nothing (closed)."""
    body = await _json_body(request)
    asking = body.get("asking")
    if asking is not None and (not isinstance(asking, str) or not 0 < len(asking) <= 16):
        raise HubError("asking must be a card code such as monkey, fruit, or null")
    await _hub(request).teaching(asking)
    return web.json_response({"asking": asking})


async def teach_cards(request: web.Request) -> web.Response:
    """The cards to teach from phone photos (Nimalia), and those taught."""
    return web.json_response(_hub(request).teach_cards())


async def teach_photo(request: web.Request) -> web.Response:
    """A phone photo of one card, the body itself: `?card=N` teaches card N, without it
    the card is read back."""
    raw = request.query.get("card")
    card: int | None = None
    if raw is not None:
        if not raw.isdigit() or not 0 < int(raw) <= 60:
            raise HubError(f"card must be a card number 1..60, not {raw[:16]!r}")
        card = int(raw)
    async def use(photo: tuple[bytes, str]) -> web.Response:
        return web.json_response(await _hub(request).teach_photo(card, photo[0]))

    return await _in_photo_slot(request, read_raw_photo, use)


async def history(request: web.Request) -> web.Response:
    return web.json_response(_hub(request).history())


async def camera(request: web.Request) -> web.Response:
    jpeg = _hub(request).camera_jpeg()
    if jpeg is None:
        return _error(404, "no camera frame (no camera, or it has not delivered one yet)")
    return web.Response(body=jpeg, content_type="image/jpeg", headers={"Cache-Control": "no-store"})


async def replay(request: web.Request) -> web.Response:
    jpeg = _hub(request).replay_jpeg()
    if jpeg is None:
        return _error(404, "no picture of the last ring (no camera at that moment)")
    return web.Response(body=jpeg, content_type="image/jpeg", headers={"Cache-Control": "no-store"})


async def _json_body(request: web.Request) -> dict[str, Any]:
    """The body as a JSON object, read whole by aiohttp (in as many TCP segments as it
    comes) within `client_max_size` and `BODY_S`."""
    too_large = web.HTTPRequestEntityTooLarge(
        max_size=MAX_JSON_BYTES, actual_size=request.content_length or 0,
        text=f"the request body is over {MAX_JSON_BYTES // 1024} KB")
    if (request.content_length or 0) > MAX_JSON_BYTES:  # said in its header: no need to wait
        raise too_large
    try:
        async with asyncio.timeout(BODY_S):  # aiohttp times only the headers (keepalive)
            raw = await request.read()
    except web.HTTPRequestEntityTooLarge:
        raise too_large from None
    except TimeoutError:
        raise web.HTTPRequestTimeout(
            text=f"the request body did not arrive within {BODY_S:.0f} s") from None
    try:
        body = json.loads(raw or b"null")
    except (ValueError, UnicodeDecodeError) as exc:
        raise HubError(f"the request body is not JSON: {str(exc)[:120]}") from None
    except RecursionError:
        raise HubError("the request body is not JSON the box reads: nested too deeply"
                       ) from None
    if not isinstance(body, dict):
        raise HubError("the request body must be a JSON object")
    return body
