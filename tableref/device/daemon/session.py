"""How a game plugs into the daemon: a `Session` per game played, and a `Box` it is lent.

The daemon keeps what every game shares (the lifecycle, the journal, the devices, the page)
and knows no game by name: `tableref.device.daemon.games.GAMES` lists the games, and each
names the module of its session. A session speaks its game's own typed events (those of
`tableref.games.<game>.events`, which also make the game's log):

- `start(players, options)` makes the start event of a new game;
- `apply(event)` folds one event into the session and returns what to announce (the
  segments to say, in order). The daemon calls it for every event the session records, and
  for every event of the journal when it resumes a game (then it says nothing): a
  session's state is the fold of its events, so apply must not look at the clock, a device
  or anything but the event;
- `decode(data)` / `encode(event)` turn an event into its journal JSON and back;
- `view()` is the game's part of the page's snapshot (`device/web/hub.py` has the schema),
  `outs()` who is out, `result()` the scores and the winner once the game is over,
  `standing()` the scores so far of a game left unfinished (kept in the history).

What a session knows that is no event (Nelly: the question the buttons answer, the
players' answers about the camera; Halli: what the camera read of a card turned unread) it
keeps with `box.keep(note)`, and a restart hands the last note to `restore(note)` after the
journal's events: nothing is lost on a kill -9.

The world reaches a session through its inputs, all on the daemon's loop: `press` (a bell,
from any source: GPIO, the bell box, the page, the simulated players) and `release` (that
bell let go: every press is followed by one, at once for a tap on the page; a release that
never comes, a button held for ever, is for the session to bound), `seen` (what the
session's `eyes` read in a camera frame; the eyes run in the vision thread), and `photo` (a
photo for a seat, uploaded or from the table camera). A session that takes no such input
keeps `BaseSession`'s, which refuses it with a message for the page. `report` (a JSON object
from the page, `POST /api/report`) is what players tell the box that it cannot see (Nelly:
the counter turned over, the turtles that fell).

A session acts only through its `Box`: `record(event)` journals the event (on disk when it
returns) and then applies it; a session checks an event is legal before recording it. Its
timers are on `box.clock`, never asyncio's sleep, so a session runs the same on the daemon's
loop and on a `ManualClock` (tests; `tableref halli referee` offline).

A third game is one module with `open_session(box, kit)`, `default_kit(config, sim)` and
`config_options(config)`, plus one entry in `GAMES`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import cv2
import numpy as np

from tableref.device.phrasebook import Phrased

if TYPE_CHECKING:
    from tableref.device.camera.base import Frame
    from tableref.device.clock import Clock
    from tableref.device.config import Config
    from tableref.device.daemon.speech import Speech

E = TypeVar("E")
T = TypeVar("T")


class Refused(Phrased):
    """An input the session refuses now; the message says why, for the page (with a phrase
    of the table, in the page's language: `Refused.said(pid, ...)`)."""


@dataclass(frozen=True)
class Result:
    """How a game ended: each seat's score (cards held, points) and the winner's name
    (None on a draw)."""

    scores: list[int]
    winner: str | None


class Sight(Protocol):
    """What a game's eyes read in one camera frame."""

    @property
    def t_ns(self) -> int:
        """The frame's sensor time."""


class Eyes(Protocol):
    """A game's reader of camera frames; `look` runs in the daemon's vision thread and
    returns what it read and, now and then, the frame annotated for the page (JPEG)."""

    def look(self, frame: Frame) -> tuple[Sight, bytes | None]: ...


class Box(Protocol):
    """What the daemon lends a session (and an offline referee lends it too)."""

    @property
    def clock(self) -> Clock: ...

    @property
    def config(self) -> Config: ...

    @property
    def speech(self) -> Speech: ...

    def record(self, event: Any) -> None:
        """Journal `event`, then apply it and say what it announces. Raises StoreError
        (already reported) when the journal cannot be written: the event is not applied."""

    def changed(self) -> None:
        """The view changed without an event (the bells locked or unlocked, a message)."""

    def say(self, segments: list[str]) -> None:
        """Say something that is no event's announcement (a question, a reminder); a
        segment "sound:NAME" plays that sound (device/voice/sounds.py)."""

    def keep(self, note: dict[str, Any]) -> None:
        """Keep what the session knows that is no event (a question pending, the players'
        answer about the camera) with the journal: after a restart the session's `restore`
        gets the last note back. Never raises: a note that cannot be written is logged."""

    def light(self, seat: int | None) -> None:
        """Light this seat's bell LED alone (None: all dark)."""

    def camera_ok(self) -> bool:
        """Whether the camera delivers frames now."""

    def in_vision(self, fn: Callable[..., T], *args: Any) -> Awaitable[T]:
        """Run `fn(*args)` in the vision thread (photos, recognition)."""

    def keep_photo(self, seat: int, jpeg: bytes) -> None:
        """Keep this seat's photo for the page (`reserve_jpeg`)."""

    def keep_replay(self, t_ns: int) -> None:
        """Keep the camera frame of the moment `t_ns` (a ring's first press) for the page:
        the verdict's instant replay (`replay_jpeg`)."""


class Session(Protocol[E]):
    """One game at the table (module docstring)."""

    @property
    def players(self) -> Sequence[str]: ...

    @property
    def eyes(self) -> Eyes | None: ...

    @property
    def speech_waits(self) -> bool:
        """Whether what the game says waits for what is still playing (Nelly: a sound or an
        instruction is never cut off); False: a new announcement cuts off a stale one
        (Halli Galli's verdicts, where only the newest counts)."""

    def start(self, players: Sequence[str], options: Mapping[str, Any]) -> E: ...

    def decode(self, data: Mapping[str, Any]) -> E: ...

    def encode(self, event: E) -> dict[str, Any]: ...

    def apply(self, event: E) -> list[str]: ...

    def view(self) -> dict[str, Any]: ...

    def outs(self) -> list[bool]: ...

    def result(self) -> Result | None: ...

    def standing(self) -> list[int] | None:
        """Each seat's score so far (as `result`'s: cards held, points) of a game not over,
        kept in the history when it is left unfinished; None: the game has none."""

    def press(self, player: int, t_ns: int) -> None: ...

    def release(self, player: int, t_ns: int) -> None: ...

    def deciding(self) -> bool:
        """Whether a press is still being decided (Halli: the settle window, a verdict
        waiting for a camera frame): a press from the page is answered once it is not, so
        the answer can say whether what it made was recorded."""

    def seen(self, sight: Sight) -> None: ...

    async def photo(self, player: int, data: bytes) -> None: ...

    async def camera_photo(self, player: int, image: np.ndarray) -> None: ...

    async def teach(self, card: str | None, image: Any) -> dict[str, Any]: ...

    def teach_cards(self) -> dict[str, Any]: ...

    async def teach_photo(self, card: int | None, data: bytes) -> dict[str, Any]: ...

    def report(self, data: Mapping[str, Any]) -> None: ...

    def restore(self, note: Mapping[str, Any]) -> None: ...

    def close(self) -> None: ...


class BaseSession(Generic[E]):
    """Inputs a game does not take, refused by name; `close` with nothing to stop."""

    game = ""  # the name in GAMES
    players: Sequence[str] = ()
    eyes: Eyes | None = None
    speech_waits = False

    def press(self, player: int, t_ns: int) -> None:
        raise Refused(f"the game {self.game!r} has no bells")

    def release(self, player: int, t_ns: int) -> None:
        """A bell let go; only a game that times how long a button is held listens."""

    def deciding(self) -> bool:
        """A press is recorded at once, or not at all."""
        return False

    def standing(self) -> list[int] | None:
        """No scores so far, unless the game says."""
        return None

    def seen(self, sight: Sight) -> None:
        """Frames are only read for a game with eyes."""

    async def photo(self, player: int, data: bytes) -> None:
        raise Refused(f"the game is {self.game}: it takes no photos of reserves")

    async def camera_photo(self, player: int, image: np.ndarray) -> None:
        """The table camera's latest frame as `player`'s photo: the whole picture, unless
        the game knows the player's part of it."""
        ok, png = cv2.imencode(".png", image)
        if not ok:
            raise Refused("the camera frame cannot be encoded")
        await self.photo(player, png.tobytes())

    async def teach(self, card: str | None, image: Any) -> dict[str, Any]:
        """Teach the box a card from the camera picture `image` (the page's enrolment)."""
        raise Refused(f"the game {self.game!r} has no cards to teach from the camera")

    def teach_cards(self) -> dict[str, Any]:
        """The cards the page may teach from phone photos (Nimalia's)."""
        raise Refused(f"the game {self.game!r} has no cards to teach from photos")

    async def teach_photo(self, card: int | None, data: bytes) -> dict[str, Any]:
        """Teach the box card `card` from a phone photo; None: read the card back."""
        raise Refused(f"the game {self.game!r} has no cards to teach from photos")

    def report(self, data: Mapping[str, Any]) -> None:
        raise Refused(f"the game {self.game!r} takes no reports from the page")

    def restore(self, note: Mapping[str, Any]) -> None:
        """The last note the session kept (`Box.keep`), after the journal's events were
        applied on a restart; a game that keeps none ignores it."""

    def close(self) -> None:
        """Stop the session's timers (the game is left or replaced)."""

    def seat(self, player: object) -> int:
        """`player` as a seat of this game, or Refused naming it."""
        if isinstance(player, bool) or not isinstance(player, int) or not (
            0 <= player < len(self.players)
        ):
            raise Refused(f"player {player!r}: there is no such seat")
        return player
