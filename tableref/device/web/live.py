"""Live updates for the page: server-sent events, one snapshot per change."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from typing import Any, Protocol

from aiohttp import web

HEARTBEAT_S = 15.0


class Followed(Protocol):
    """What the stream follows: the daemon's `Hub` (or the club page's model)."""

    def subscribe(self) -> AsyncIterator[dict[str, Any]]: ...


class Streams:
    """The open event streams of one app; `close_all` ends them (they never end by
    themselves), so shutting the daemon down does not wait for the kiosk to hang up."""

    def __init__(self) -> None:
        self.closing = asyncio.Event()

    async def close_all(self, _: web.Application) -> None:
        self.closing.set()


async def serve_events(
    request: web.Request,
    hub: Followed,
    streams: Streams,
    dress: Callable[[web.Request, dict[str, Any]], dict[str, Any]],
) -> web.StreamResponse:
    """Write `data: {snapshot}` at every change and a heartbeat comment when idle."""
    response = web.StreamResponse(
        headers={
            "Content-Type": "text/event-stream",
            "Cache-Control": "no-cache",
            "X-Accel-Buffering": "no",
        }
    )
    await response.prepare(request)
    updates = hub.subscribe()
    pending: asyncio.Task[dict[str, Any]] | None = None
    closing = asyncio.ensure_future(streams.closing.wait())
    try:
        while not closing.done():
            if pending is None:
                pending = asyncio.ensure_future(anext(updates))
            done, _ = await asyncio.wait(
                {pending, closing}, timeout=HEARTBEAT_S, return_when=asyncio.FIRST_COMPLETED
            )
            if not done:
                await response.write(b": heartbeat\n\n")
                continue
            if pending not in done:
                break
            try:
                snap = pending.result()
            except StopAsyncIteration:
                break
            pending = None
            body = json.dumps(dress(request, snap), separators=(",", ":"))
            await response.write(f"data: {body}\n\n".encode())
        await response.write_eof()
    except ConnectionResetError:
        pass
    finally:
        for task in (pending, closing):
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        aclose = getattr(updates, "aclose", None)
        if aclose is not None:
            with contextlib.suppress(Exception):
                await aclose()
    return response
