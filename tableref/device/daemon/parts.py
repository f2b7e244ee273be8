"""What the daemon is given: camera, recogniser, renderer, voice, LEDs, bells (all optional)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from tableref.device.camera.base import Frame, FrameSource
from tableref.device.daemon.devices import BellHealthSink, BellSink
from tableref.device.daemon.halli_session import TableSeen, Timing
from tableref.device.sim import Renderer


class Speaker(Protocol):
    def say(self, text: str | list[str], cut_off: bool = True) -> None: ...


class Leds(Protocol):
    def light(self, player: int | None) -> None: ...


class HalliEyes(Protocol):
    """The Halli recogniser as the daemon uses it: a frame in, the tops per seat out."""

    def look(self, frame: Frame, seats: int) -> tuple[TableSeen, bytes | None]: ...


@dataclass
class Parts:
    """The hardware and helpers the daemon is given (all optional)."""

    camera: FrameSource | None = None
    eyes: HalliEyes | None = None
    render: Renderer | None = None  # the simulated table's renderer (with --sim)
    speaker: Speaker | None = None
    leds: Leds | None = None
    timing: Timing | None = None
    # GPIO bells or the bell box (with LEDs), retried: (press sink, health sink) -> bells
    open_bells: Callable[[BellSink, BellHealthSink], Any] | None = None
    audio_device: str | None = None  # the ALSA device to watch
    nimalia_enrolment: Callable[[], Any] | None = None  # loads the Nimalia enrolment
