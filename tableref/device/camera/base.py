"""What every camera source gives: frames stamped with the monotonic time of exposure."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np
import numpy.typing as npt


class CameraError(RuntimeError):
    """The camera cannot be opened or stopped delivering (the message says which and why)."""


@dataclass(frozen=True)
class Frame:
    """One BGR image and the monotonic-clock time (ns) at which it was exposed."""

    image: npt.NDArray[np.uint8]
    t_ns: int
    index: int


class FrameSource(Protocol):
    """A camera. `read` blocks (it runs in a worker thread) and raises CameraError on failure."""

    name: str

    def open(self) -> None: ...

    def read(self) -> Frame: ...

    def close(self) -> None: ...
