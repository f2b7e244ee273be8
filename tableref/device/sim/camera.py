"""A camera looking at the simulated table: the renderer draws the world's top cards."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from tableref.device.camera.base import CameraError, Frame
from tableref.device.sim.decks import RENDER_SEED
from tableref.device.sim.nelly_table import Contents, NellyRenderer, SimNellyTable
from tableref.device.sim.table import SimTable

# (top card per seat, seat with a hand over its pile or None, the card held up over the bell
# or None, rng) -> BGR frame
Renderer = Callable[[tuple[str | None, ...], int | None, str | None, random.Random],
                    npt.NDArray[np.uint8]]


def synth_renderer(seed: int = RENDER_SEED) -> Renderer:
    """The project's test-scene renderer (vision/synth), as the simulated camera's lens."""
    from tableref.vision.synth.halli_scene import render_table

    def render(tops: tuple[str | None, ...], hand: int | None, held: str | None,
               _: random.Random) -> Any:
        return render_table(tops, seed=seed, hand_at=hand, held=held)

    return render


class SimCamera:
    """Renders the simulated table's tops at `fps` (a `FrameSource`), and the card its hand
    holds up (`SimTable.held`); while a Nelly game is played on it (`nelly` holds
    contents), the Nelly table instead."""

    def __init__(self, table: SimTable, render: Renderer | None = None, fps: float = 10.0,
                 seed: int = 0, nelly: SimNellyTable | None = None,
                 render_nelly: NellyRenderer | None = None) -> None:
        self.name = "simulated table"
        self._table = table
        self._render = render or synth_renderer()
        self._period = 1.0 / fps
        self._rng = random.Random(seed)
        self._next = 0.0
        self._index = 0
        self._open = False
        self._stop = threading.Event()
        # the table drawn for the last tops: it only changes when a card moves
        self._cached: tuple[tuple[tuple[str | None, ...], int | None, str | None],
                            npt.NDArray[np.uint8]] | None = None
        self._nelly = nelly
        self._render_nelly = render_nelly
        self._nelly_cached: tuple[Contents, npt.NDArray[np.uint8]] | None = None

    def open(self) -> None:
        self._open = True
        self._stop.clear()

    def read(self) -> Frame:
        if not self._open:
            raise CameraError("simulated camera: not open")
        now = time.monotonic()
        if self._next > now:
            self._stop.wait(self._next - now)
        self._next = max(now, self._next) + self._period
        contents = None if self._nelly is None else self._nelly.contents()
        if contents is not None:
            return self._nelly_frame(contents)
        world = self._table.world
        tops: tuple[str | None, ...] = (None, None) if world is None else world.tops()
        hand = None if world is None else world.hand_at()
        held = self._table.held
        t_ns = time.monotonic_ns()  # the exposure: the table as it is now
        if self._cached is None or self._cached[0] != (tops, hand, held):
            self._cached = ((tops, hand, held), self._render(tops, hand, held, self._rng))
        image = self._cached[1]
        self._index += 1
        return Frame(image, t_ns, self._index)

    def _nelly_frame(self, contents: Contents) -> Frame:
        t_ns = time.monotonic_ns()
        if self._nelly_cached is None or self._nelly_cached[0] != contents:
            if self._render_nelly is None:
                from tableref.device.sim.nelly_table import nelly_renderer

                self._render_nelly = nelly_renderer()
            self._nelly_cached = (contents, self._render_nelly(contents))
        self._index += 1
        return Frame(self._nelly_cached[1], t_ns, self._index)

    def close(self) -> None:
        self._open = False
        self._stop.set()
