"""The club page's HTTP side: the page, the club's view (live over server-sent events) and
the league's figures. Read-only: nothing on it changes a table or the league.

Routes: `GET /` the page; `GET /api/club` the view (model.py); `GET /api/events` the view at
every change; `GET /api/league?from=YYYY-MM-DD&to=YYYY-MM-DD` the standings over those
evenings (either bound may be left out; `?evening=D` is one evening). The kiosk page's own
files are served under `/static/` and the club page takes its stylesheet `core.css`
(colours, type, header, tables), so both pages look alike.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import web

from tableref.device.club.model import Club
from tableref.device.web.app import STATIC_DIR as KIOSK_STATIC
from tableref.device.web.live import Streams, serve_events

CLUB_STATIC = Path(__file__).parent / "static"
CLUB_KEY = web.AppKey("club", Club)
STREAMS_KEY = web.AppKey("streams", Streams)
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def create_club_app(club: Club) -> web.Application:
    app = web.Application(middlewares=[_headers], client_max_size=4096)
    app[CLUB_KEY] = club
    app[STREAMS_KEY] = Streams()
    app.on_shutdown.append(app[STREAMS_KEY].close_all)
    app.add_routes([
        web.get("/", page),
        web.get("/api/club", view),
        web.get("/api/events", events),
        web.get("/api/league", league),
        web.static("/static", KIOSK_STATIC),
        web.static("/club", CLUB_STATIC),
    ])
    return app


@web.middleware
async def _headers(request: web.Request, handler: Handler) -> web.StreamResponse:
    try:
        response = await handler(request)
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        response = web.json_response({"error": exc.text or exc.reason}, status=exc.status)
    response.headers.setdefault("Cache-Control", "no-cache")
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault(
        "Content-Security-Policy",
        "default-src 'self'; style-src 'self'; object-src 'none'; frame-ancestors 'none'")
    return response


async def page(request: web.Request) -> web.FileResponse:
    return web.FileResponse(CLUB_STATIC / "club.html")


async def view(request: web.Request) -> web.Response:
    return web.json_response(request.app[CLUB_KEY].view())


def _as_is(request: web.Request, view: dict[str, Any]) -> dict[str, Any]:
    return view


async def events(request: web.Request) -> web.StreamResponse:
    return await serve_events(request, request.app[CLUB_KEY], request.app[STREAMS_KEY], _as_is)


def _date(request: web.Request, name: str) -> str | None:
    raw = request.query.get(name)
    if raw is None or raw == "":
        return None
    if not _DATE.fullmatch(raw):
        raise web.HTTPBadRequest(text=f"{name}={raw[:40]!r}: an evening is a date YYYY-MM-DD")
    return raw


async def league(request: web.Request) -> web.Response:
    evening = _date(request, "evening")
    first = evening or _date(request, "from")
    last = evening or _date(request, "to")
    return web.json_response(request.app[CLUB_KEY].league.standings(first, last))
