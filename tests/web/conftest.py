"""Fixtures for the web tests: the real app over a small in-test hub, on a real socket."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer
from web_fakehub import FakeHub

from tableref.device.web.app import create_app

REMOTE_HEADER = "X-Test-Remote"
Client = TestClient[web.Request, web.Application]
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@web.middleware
async def pretend_remote(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Test seam: a request carrying X-Test-Remote is seen as coming from that address.

    aiohttp's own `Request.clone(remote=...)`; everything after it is the real app.
    """
    remote = request.headers.get(REMOTE_HEADER)
    if remote:
        request = request.clone(remote=remote)
    return await handler(request)


def make_app(hub: FakeHub, *, pin: str | None = None, lan: bool = False) -> web.Application:
    app = create_app(hub, pin=pin, lan=lan)
    app.middlewares.insert(0, pretend_remote)
    return app


@pytest.fixture
def hub() -> FakeHub:
    return FakeHub()


@pytest.fixture
async def client_for() -> AsyncIterator[Callable[..., Awaitable[Client]]]:
    clients: list[Client] = []

    async def make(hub: FakeHub, *, pin: str | None = None, lan: bool = False) -> Client:
        client = TestClient(TestServer(make_app(hub, pin=pin, lan=lan)))
        await client.start_server()
        clients.append(client)
        return client

    yield make
    for client in clients:
        await client.close()
