"""What the daemon is given: the table's devices, and per game what its session needs.

All optional: a daemon with nothing referees who was first on the page's bells. The
simulated table (device/sim) is equipment like any other: a camera, bells that press by
themselves, and the simulated players, who follow the game through the page's seam.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from tableref.device.camera.base import FrameSource
from tableref.device.daemon.health import BellHealthSink, BellSink
from tableref.device.store import Store
from tableref.device.voice.playback import Sink
from tableref.device.web.hub import Hub


class Speaker(Protocol):
    """The voice (tableref.device.voice.Voice)."""

    def say(self, text: str | list[str], cut_off: bool = True) -> None: ...

    def warm(self) -> None:
        """Render the fixed phrases ahead of time (called behind the running daemon)."""

    def close(self) -> None: ...

    @property
    def sink(self) -> Sink | None:
        """Where the voice plays; its `on_health` hears playback fail and work again."""


class Leds(Protocol):
    def light(self, player: int | None) -> None: ...


class Bells(Protocol):
    """Open bells (GPIO, the bell box, the simulated players'): LEDs, and closed at the end.
    Bells that reconnect by themselves (the bell box) have `wait_connected` and report
    their health through the sink they were opened with."""

    def light(self, player: int | None) -> None: ...

    def close(self) -> None: ...


# (press sink, health sink, release sink) -> the open bells; called again after a failure.
# Every press is followed by its release (bells that cannot tell, release at once)
BellOpener = Callable[[BellSink, BellHealthSink, BellSink], Bells]


class Follower(Protocol):
    """Something at the table that follows the game as people do, through the page's seam
    (the simulated players). `follow` runs until cancelled; `status()` is shown in the
    snapshot under `name` (None: nothing)."""

    name: str

    async def follow(self, hub: Hub) -> None: ...

    def status(self) -> dict[str, Any] | None: ...


@dataclass
class Equipment:
    camera: FrameSource | None = None
    speaker: Speaker | None = None
    leds: Leds | None = None
    open_bells: BellOpener | None = None  # GPIO bells or the bell box (with LEDs), retried
    audio_device: str | None = None  # the ALSA device to watch
    followers: list[Follower] = field(default_factory=list)
    # per game name, what its session needs (a HalliKit, a NimaliaKit); a game without
    # one gets its session's defaults (no card reader)
    kits: dict[str, Any] = field(default_factory=dict)
    # followers that need the journal (the club's broker publishes from it): made once it
    # is open, which may be later than the start
    journal_followers: list[Callable[[Store], Follower]] = field(default_factory=list)
