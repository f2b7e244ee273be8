"""What really lies in front of each player of a simulated Nelly game, for the simulated
camera to draw (vision/synth's Nelly table) and the real counter to read.

The simulated players keep it: each seat's turtles by colour and its water plants, as the
box counts them, plus the turtles that fell onto a player's plants and that nobody has
reported yet (the camera sees them first; that is what the reconciliation is for).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

COLOURS = ("red", "yellow", "orange")
Contents = tuple[tuple[tuple[int, int, int], ...], tuple[int, ...]]  # turtles, plants
NellyRenderer = Callable[[Contents], npt.NDArray[np.uint8]]


def nelly_renderer(seed: int = 11, table: str = "cloth") -> NellyRenderer:
    """The project's Nelly table renderer (vision/synth) as the simulated camera's lens; a
    green cloth (on a wood table of the turtles' colour the counter rightly says unsure)."""
    from tableref.vision.synth.nelly_scene import render_nelly_table

    def render(contents: Contents) -> Any:
        turtles, plants = contents
        frame, _ = render_nelly_table([dict(zip(COLOURS, t, strict=True)) for t in turtles],
                                      list(plants), seed=seed, table=table)
        return frame

    return render


class SimNellyTable:
    def __init__(self) -> None:
        self._lock = threading.Lock()  # the camera reads it from its own thread
        self._contents: Contents | None = None

    def show(self, turtles: Sequence[Mapping[str, int]], plants: Sequence[int]) -> None:
        """The table as it really is now (`clear` when no Nelly game is played)."""
        contents: Contents = (
            tuple((int(t.get("red", 0)), int(t.get("yellow", 0)), int(t.get("orange", 0)))
                  for t in turtles),
            tuple(int(p) for p in plants))
        with self._lock:
            self._contents = contents

    def clear(self) -> None:
        with self._lock:
            self._contents = None

    def contents(self) -> Contents | None:
        with self._lock:
            return self._contents
