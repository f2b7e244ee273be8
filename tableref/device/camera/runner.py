"""The capture loop: frames read in a worker thread and handed to the daemon on the loop."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor

from tableref.device.camera.base import Frame, FrameSource
from tableref.device.daemon.health import Health


class CameraRunner:
    """Opens `source` once and feeds every frame to `on_frame` until the source fails.

    `run_once` is meant for `health.supervise`: a failure raises CameraError (reported and
    retried by the supervisor); the source is closed on the way out either way.
    """

    def __init__(
        self,
        source: FrameSource,
        on_frame: Callable[[Frame], Awaitable[None]],
        health: Health,
        name: str = "camera",
    ) -> None:
        self.source = source
        self._on_frame = on_frame
        self._health = health
        self._name = name
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="camera")
        self.frames = 0

    async def run_once(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(self._pool, self.source.open)
            self._health.report(self._name, True, self.source.name)
            while True:
                frame = await loop.run_in_executor(self._pool, self.source.read)
                self.frames += 1
                await self._on_frame(frame)
        finally:
            await loop.run_in_executor(self._pool, self.source.close)

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
