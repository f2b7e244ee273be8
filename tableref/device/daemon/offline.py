"""A `Box` with no daemon around it: a session run on a `ManualClock`, its events kept in a
list (the game log the daemon would have journalled), what it says and lights kept too.

Tests drive sessions with it, and `tableref halli referee` referees a recorded game with
it: feed the inputs in time order, moving the clock to each one's time first, so every
timer (the settle window, the wait for the camera, the lock) falls due exactly as it
would have live.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from tableref.device.clock import ManualClock
from tableref.device.config import Config
from tableref.device.daemon.session import Session
from tableref.device.daemon.speech import Speech

T = TypeVar("T")


class OfflineBox:
    def __init__(self, config: Config | None = None, *, clock: ManualClock | None = None,
                 camera: bool = True, names: list[str] | None = None) -> None:
        self._config = config or Config()
        self._clock = clock or ManualClock()
        names = [p.name for p in self._config.players] if names is None else names
        self._speech = Speech(self._config.language, names)
        self.session: Session[Any] | None = None
        self.camera = camera
        self.events: list[Any] = []
        self.journal: list[dict[str, Any]] = []  # the events' JSON, as journalled
        self.said: list[list[str]] = []
        self.lit: list[int | None] = []
        self.photos: dict[int, bytes] = {}
        self.replays: list[int] = []  # the press times the session kept a replay of
        self.note: dict[str, Any] | None = None  # the session's last note (Box.keep)
        self.changes = 0

    @property
    def clock(self) -> ManualClock:
        return self._clock

    @property
    def config(self) -> Config:
        return self._config

    @property
    def speech(self) -> Speech:
        return self._speech

    def start(self, session: Session[Any], players: list[str],
              options: dict[str, Any] | None = None, event: Any = None) -> None:
        """Start a game on `session` (made with this box): its start event for `players`,
        or `event` when given."""
        self.session = session
        self._speech = Speech(self._config.language, players)
        self.record(session.start(players, options or {}) if event is None else event)

    def record(self, event: Any) -> None:
        assert self.session is not None, "start a game first"
        self.journal.append(self.session.encode(event))
        self.events.append(event)
        said = self.session.apply(event)
        if said:
            self.said.append(said)
        self.changes += 1

    def changed(self) -> None:
        self.changes += 1

    def say(self, segments: list[str]) -> None:
        if segments:
            self.said.append(segments)

    def keep(self, note: dict[str, Any]) -> None:
        self.note = note

    def light(self, seat: int | None) -> None:
        self.lit.append(seat)

    def camera_ok(self) -> bool:
        return self.camera

    async def in_vision(self, fn: Callable[..., T], *args: Any) -> T:
        return fn(*args)

    def keep_photo(self, seat: int, jpeg: bytes) -> None:
        self.photos[seat] = jpeg

    def keep_replay(self, t_ns: int) -> None:
        self.replays.append(t_ns)
