"""The daemon: one asyncio process that referees the game at the table.

It keeps what every game shares: the lifecycle (a new game, a game resumed from the journal
after a crash), the journal (every event on disk before it is applied), the devices (the
camera, the bells, the voice, the LEDs, the sound card, each supervised and retried), and
the web page's `Hub`. The game itself is a session from the table of games (games.py,
session.py): the daemon hands it the bells' presses, the camera's readings and the page's
photos, lends it a `Box`, and knows no game by name.

Everything runs on one event loop; bell callbacks from hardware threads enter through
`bell_from_thread`, camera reads and recognition run in worker threads. Background tasks
are tracked and cancelled on `stop`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import cv2

from tableref.device.camera.base import Frame
from tableref.device.camera.runner import CameraRunner
from tableref.device.clock import Clock, LoopClock
from tableref.device.config import Config
from tableref.device.daemon import settings as page_settings
from tableref.device.daemon.equipment import Bells, Equipment, Follower
from tableref.device.daemon.games import GAMES, game
from tableref.device.daemon.health import DeviceStatus, Health, hold_bells, supervise, watch_audio
from tableref.device.daemon.session import Refused, Session
from tableref.device.daemon.settings import (
    GameSettings,
    SettingsError,
    from_page,
    settings_from_config,
    updated,
)
from tableref.device.daemon.snapshot import Changes, build_snapshot
from tableref.device.daemon.speech import Speech
from tableref.device.store import OpenGame, Store, StoreError, unopenable
from tableref.device.web.hub import HubError, HubUnavailable

log = logging.getLogger("tableref.daemon")
T = TypeVar("T")
RETRY_S = 5.0  # a new game the journal could not record (or the journal that could not
# be opened) is tried again this often
JOURNAL_UNOPENED = "journal unopened"  # the device the screen names when it cannot be opened
PRESS_DECIDED_S = 3.0  # a page press is answered within this, decided or not
PRESS_POLL_S = 0.01  # how often the answer looks whether the press is decided
TEACH_ASK_S = 600.0  # what the page's teaching asks to be held up lapses after this (a page
# closed half way through never says it asks for nothing)
FRESH_FRAME_S = 2.0  # a teach waits this long at most for a frame taken after it was asked
REPLAY_NEAR_NS = 2_000_000_000  # a frame further from the press than this is no replay
REPLAY_FRAMES = 4  # the last frames kept for a verdict's instant replay (a ring is judged
# at the first frame after its press, so the press's own frame is among the last few)


class SessionBox:
    """The `Box` lent to one session: its events go to the journal while it is the game
    being played (a session replaced by a new game can record nothing more)."""

    def __init__(self, daemon: Daemon) -> None:
        self._daemon = daemon
        self.session: Session[Any] | None = None

    @property
    def clock(self) -> Clock:
        return self._daemon.clock

    @property
    def config(self) -> Config:
        return self._daemon.config

    @property
    def speech(self) -> Speech:
        return self._daemon.speech

    def _current(self) -> bool:
        return self.session is not None and self.session is self._daemon.session

    def record(self, event: Any) -> None:
        if not self._current():
            log.info("a finished session's event is dropped: %r", event)
            return
        self._daemon.record(event)

    def changed(self) -> None:
        if self._current():
            self._daemon.changes.bump()

    def say(self, segments: list[str]) -> None:
        if self._current() and segments:
            self._daemon.say(segments)

    def keep(self, note: dict[str, Any]) -> None:
        if not self._current():
            return
        try:
            self._daemon.store.keep_note(self._daemon.game_id, note)
        except StoreError as err:  # the note is lost on a restart; the game goes on
            log.error("%s", err)

    def light(self, seat: int | None) -> None:
        if self._current() or seat is None:
            self._daemon.light(seat)

    def camera_ok(self) -> bool:
        return self._daemon.health.ok("camera")

    async def in_vision(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._daemon.vision, fn, *args)

    def keep_replay(self, t_ns: int) -> None:
        if self._current():
            self._daemon.keep_replay(t_ns)

    def keep_photo(self, seat: int, jpeg: bytes) -> None:
        path = self._daemon.photo_path(seat)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(jpeg)
        except OSError as err:  # a full disk: the score stands, the picture is not kept
            log.warning("cannot keep the reserve photo %s: %s", path, err)


class Daemon:
    """The referee. Implements tableref.device.web.hub.Hub."""

    def __init__(self, config: Config, store: Store, equipment: Equipment) -> None:
        self.config = config
        self.store = store
        self.equipment = equipment
        self.settings: GameSettings = page_settings.load(
            settings_from_config(config), self.settings_path())
        self.health = Health(self._device_changed)
        self.changes = Changes()
        self.speech = self._speech()
        self.clock: Clock = _NoLoopYet()
        self.session: Session[Any] | None = None
        self.game_id = 0
        self._finished = 0  # the id of the game last written to the history
        self.journal_seq = 0
        self.said: list[tuple[int, str]] = []  # (monotonic ns, text) of what was spoken
        self.vision = ThreadPoolExecutor(max_workers=1, thread_name_prefix="vision")
        self._tasks: set[asyncio.Task[Any]] = set()
        self._camera: CameraRunner | None = None
        self._jpeg: bytes | None = None
        self.last_frame: Frame | None = None
        self._frames: deque[Frame] = deque(maxlen=REPLAY_FRAMES)
        self._replay: Frame | None = None  # the last verdict's frame (encoded when asked)
        self._replay_jpeg: bytes | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._loop_thread = 0
        self._bells: list[Bells] = []  # the open bells, when there are some
        self._playback_error = ""  # why the voice's last utterance failed to play
        self._sink_reports = False  # the voice's sink tells playback failures itself
        self._started = False
        self._retrying = False  # a new game is tried again (the journal could not record it)
        self._failed_writes = 0  # events the journal could not record, so far
        self._journal_followers: list[Follower] = []  # started once the journal is open
        self._asking: str | None = None  # what the page's teaching asks to be held up
        self._asking_lapse: asyncio.TimerHandle | None = None

    # -- life ---------------------------------------------------------------------------
    async def start(self) -> None:
        """Open the journal (if it is not open) and take up its open game or start one,
        then the devices. A journal that cannot be opened (a folder where the file should
        be, no access, a read-only card) is said on the screen with what to do, and opened
        again every RETRY_S meanwhile: the page is served, no game is played until then.
        Another tableref holding it is StoreError ("busy"): that one is the box."""
        self._loop = asyncio.get_running_loop()
        self._loop_thread = threading.get_ident()
        self.clock = LoopClock(self._loop)
        if self.store.is_open or self._open_journal(first=True):
            self._begin()
        else:
            self.spawn(self._open_journal_later())
        self._start_devices()
        self._started = True

    def _open_journal(self, *, first: bool = False) -> bool:
        try:
            self.store.open()
        except StoreError as err:
            if first and err.kind == "busy":
                raise
            self.health.report(JOURNAL_UNOPENED, False, str(err),
                               hint="busy" if err.kind == "busy" else unopenable(
                                   self.store.path))
            return False
        if self.health.known(JOURNAL_UNOPENED):
            self.health.report(JOURNAL_UNOPENED, True, str(self.store.path))
        return True

    async def _open_journal_later(self) -> None:
        while True:
            await asyncio.sleep(RETRY_S)
            if self._open_journal():
                break
        log.info("the journal %s is open: the game starts", self.store.path)
        self._begin()
        self.changes.bump()

    def _begin(self) -> None:
        """The journal is open: its followers (the club's broker) start, its open game is
        taken up, or a new one starts."""
        for make in self.equipment.journal_followers:
            try:
                follower = make(self.store)
            except StoreError as err:
                log.error("%s: not started", err)
                continue
            self._journal_followers.append(follower)
            self.spawn(follower.follow(self))
        if self.store.recovered:  # shown on the screen until the next start
            self.health.report("journal repaired", False, self.store.recovered)
        resume = self.store.open_game()
        if resume is not None:
            settings, speech = self.settings, self.speech
            try:
                self._resume(resume)
            except Exception as err:  # a journal this code cannot fold must not brick the box
                log.exception("cannot resume game %d from the journal", resume.id)
                # shown until the next start (not "journal": its next write says "working")
                self.health.report(
                    "journal resumed", False,
                    f"game {resume.id} could not be resumed ({err}); it stays in the journal "
                    "as abandoned and a new game starts",
                )
                self.settings, self.speech = settings, speech  # not the damaged game's
                self._new_game_or_wait()
        else:
            self._new_game_or_wait()

    def _start_devices(self) -> None:
        eq = self.equipment
        if eq.camera is not None:
            self._camera = CameraRunner(eq.camera, self._on_frame, self.health)
            self.spawn(supervise("camera", self.health, self._camera.run_once))
        else:
            self.health.report("camera", False, "no camera: the bells still say who was first")
        open_bells = eq.open_bells
        if open_bells is not None:
            self.spawn(supervise("bells", self.health, lambda: hold_bells(
                lambda: open_bells(self.bell_from_thread, self.bell_health_from_thread,
                                   self.release_from_thread),
                self.health, self._bells)))
        sink = None if eq.speaker is None else eq.speaker.sink
        if sink is not None:
            sink.on_health = self._playback_from_thread
            self._sink_reports = True
        device = eq.audio_device
        if device is not None:
            self.spawn(supervise("audio", self.health, lambda: watch_audio(
                device, self.health, lambda: self._playback_error)))
        for follower in eq.followers:
            self.spawn(follower.follow(self))

    async def stop(self) -> None:
        if self.session is not None:
            self.session.close()
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._camera is not None:
            self._camera.shutdown()
        self.vision.shutdown(wait=False, cancel_futures=True)
        self.light(None)

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run a background task that is cancelled on stop; its failure is logged."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

    # -- games --------------------------------------------------------------------------
    def _open(self, name: str) -> Session[Any]:
        box = SessionBox(self)
        session = game(name).open_session(box, self.equipment.kits.get(name))
        box.session = session
        if self.session is not None:
            self.session.close()
        self.session = session
        return session

    def _new_game_or_wait(self) -> None:
        """A new game, or, when the journal cannot record one (a full disk), no game until
        it can: tried again every RETRY_S, the reason on the screen meanwhile."""
        with contextlib.suppress(StoreError):
            self.new_game()

    async def _retry_new_game(self) -> None:
        while self.session is None or self.journal_seq == 0:
            await asyncio.sleep(RETRY_S)
            with contextlib.suppress(StoreError):
                self.new_game()

    def new_game(self) -> None:
        """Open a new game with the current settings (abandoning an unfinished one). A
        journal that cannot record it raises StoreError (reported): there is no game then,
        and one is tried again every RETRY_S."""
        try:
            self._new_game()
        except StoreError as err:
            self.health.report("journal", False, f"{err}: no new game until it can be "
                                                 "recorded (free some space)")
            if self.session is not None:
                self.session.close()
            self.session = None
            self.changes.bump()
            if self._loop is not None and not self._retrying:
                self._retrying = True
                task = self.spawn(self._retry_new_game())
                task.add_done_callback(lambda _: setattr(self, "_retrying", False))
            raise

    def _new_game(self) -> None:
        s = self.settings
        names = [p.name for p in s.players]
        session = self.session  # a game left unfinished keeps its scores so far
        standing = None if session is None or session.result() is not None or (
            self._finished == self.game_id) else session.standing()
        self.game_id = self.store.start_game(
            s.game, names, left=None if standing is None else (self.game_id, standing))
        self.journal_seq = 0
        session = self._open(s.game)
        self.record(session.start(names, s.options_of(s.game)))
        self.changes.bump()

    def _resume(self, resumed: OpenGame) -> None:
        self.game_id = resumed.id
        self.settings = updated(self.settings, game=resumed.game, names=resumed.players)
        self.speech = self._speech()
        session = self._open(resumed.game)  # KeyError: a game this box does not referee
        for data in resumed.events:
            session.apply(session.decode(data))
        self.journal_seq = len(resumed.events)
        note = self.store.note(resumed.id)
        if note is not None:
            try:
                session.restore(note)
            except Exception:  # a note this code cannot read: the game goes on without it
                log.exception("game %d: its session's note is left out", resumed.id)
        log.info("resumed game %d after %d journal events", resumed.id, len(resumed.events))
        self._finish_if_over()
        self.changes.bump()

    def record(self, event: Any) -> None:
        """Journal an event of the current game (on disk when this returns), then apply it
        and say what it announces. A failed write raises StoreError (after reporting it):
        the event is not applied."""
        session = self.session
        assert session is not None
        data = session.encode(event)
        try:
            self.store.append(self.game_id, data)
        except StoreError as err:
            self._failed_writes += 1
            self.health.report("journal", False, str(err) + (
                ": the game waits until space is freed" if err.kind == "full" else ""))
            raise
        if not self.health.ok("journal"):
            self.health.report("journal", True, str(self.store.path))
        self.journal_seq += 1
        said = session.apply(event)
        if said and self._started:
            self.say(said)
        self.changes.bump()
        self._finish_if_over()

    def _finish_if_over(self) -> None:
        session = self.session
        result = None if session is None else session.result()
        if result is None or self._finished == self.game_id:
            return
        self._finished = self.game_id
        self.store.finish_game(self.game_id, result.scores, result.winner)
        log.info("game %d over: %s wins", self.game_id, result.winner)

    def _speech(self) -> Speech:
        return Speech(self.settings.language, [p.name for p in self.settings.players])

    # -- the world --------------------------------------------------------------------
    async def _on_frame(self, frame: Frame) -> None:
        self.last_frame = frame
        self._frames.append(frame)
        session = self.session
        eyes = None if session is None else session.eyes
        if session is None or eyes is None:
            return
        loop = asyncio.get_running_loop()
        sight, jpeg = await loop.run_in_executor(self.vision, eyes.look, frame)
        if jpeg is not None:
            self._jpeg = jpeg
        if session is self.session:
            # a journal that cannot be written is reported; the next frame tries again
            with contextlib.suppress(StoreError):
                session.seen(sight)

    def bell_from_thread(self, player: int, t_ns: int) -> None:
        """A bell edge from a hardware thread (gpiozero, serial): enter the loop safely;
        from the loop itself (the simulated players' bells), at once."""
        if self._loop_thread == threading.get_ident():
            self.press(player, t_ns)
        else:
            self._to_loop(self.press, player, t_ns)

    def release_from_thread(self, player: int, t_ns: int) -> None:
        """A bell let go (on the bells' thread, or the loop for the simulated players'):
        to the session on the loop, which may time how long it was held."""
        if self._loop_thread == threading.get_ident():
            self.release(player, t_ns)
        else:
            self._to_loop(self.release, player, t_ns)

    def release(self, player: int, t_ns: int) -> None:
        session = self.session
        if session is None:
            return
        try:
            session.release(player, t_ns)
        except Refused as err:
            log.info("bell of seat %s let go: %s", player, err)
        except StoreError:
            pass  # reported; the press is lost, the game goes on

    def bell_health_from_thread(self, ok: bool, message: str) -> None:
        """The bell box lost or back (on its thread): to the device health on the loop."""
        self._to_loop(self.health.report, "bells", ok, message)

    def _to_loop(self, fn: Callable[..., Any], *args: Any) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(fn, *args)

    def press(self, player: int, t_ns: int) -> None:
        """A bell press from the hardware, on the loop."""
        session = self.session
        if session is None:
            return
        try:
            session.press(player, t_ns)
        except Refused as err:
            log.info("bell of seat %s: %s", player, err)
        except StoreError:
            pass  # reported; the press is lost, the game goes on

    def _playback_from_thread(self, ok: bool, message: str) -> None:
        """The voice's player thread: playback (aplay) failed, or works again."""
        self._to_loop(self._playback, ok, message)

    def _playback(self, ok: bool, message: str) -> None:
        self._playback_error = "" if ok else message
        self.health.report("audio", ok, self._playback_error or (self.equipment.audio_device
                                                                 or ""))

    def say(self, text: str | list[str]) -> None:
        self.said.append((time.monotonic_ns(), text if isinstance(text, str) else " ".join(text)))
        del self.said[:-50]
        log.info("say: %s", self.said[-1][1])
        if self.health.known("audio") and not self.health.ok("audio") and not (
                self._playback_error):
            return  # no sound card: shown on the page instead
        # after a playback failure every utterance tries again: that is the retry
        speaker = self.equipment.speaker
        if speaker is not None:
            try:
                speaker.say(text, cut_off=not self._speech_waits())
            except Exception as err:  # the speaker failed at once: report it, go on
                self._playback(False, str(err) or type(err).__name__)
            else:  # a voice that plays behind this call reports through its sink instead
                if self._playback_error and not self._sink_reports:
                    self._playback(True, "")

    def _speech_waits(self) -> bool:
        session = self.session
        return session is not None and session.speech_waits

    def light(self, player: int | None) -> None:
        leds = self.equipment.leds or (self._bells[0] if self._bells else None)
        if leds is not None:
            try:
                leds.light(player)
            except Exception as err:
                self.health.report("bells", False, f"LEDs: {err}")

    def _device_changed(self, status: DeviceStatus) -> None:
        # speak when a device goes (or comes back after it was shown failing), not at every
        # retry, and never "stopped working" of a device that never worked (it is on the
        # screen)
        if self._started and status.was_ok is not None and status.ok != status.was_ok and (
                status.ok or status.worked):
            self.say(self.speech.device(status.name, status.ok))
        if self._loop is not None:
            self.changes.bump()

    # -- the Hub ------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        session = self.session
        extra: dict[str, dict[str, Any] | None] = {}
        for follower in [*self.equipment.followers, *self._journal_followers]:
            status = follower.status()
            if status is not None:
                extra[follower.name] = status
        return build_snapshot(
            seq=self.changes.seq,
            game=self.settings.game,
            game_id=self.game_id,
            language=self.settings.language,
            players=list(self.settings.players),
            outs=session.outs() if session is not None else [],
            devices=self.health.as_list(),
            part=session.view() if session is not None else None,
            journal_seq=self.journal_seq,
            games=[g.as_json() for g in GAMES],
            extra={**extra, "teaching": None if self._asking is None else {
                "asking": self._asking}},
        )

    def subscribe(self) -> AsyncIterator[dict[str, Any]]:
        return self.changes.follow(self.snapshot)

    def _session(self) -> Session[Any]:
        if self.session is None:
            if not self.store.is_open:  # the box's trouble, said on the screen
                raise HubUnavailable.said("page.err_no_journal")
            raise HubError.said("page.err_no_game")
        return self.session

    async def press_bell(self, player: int) -> None:
        t_ns = time.monotonic_ns()
        if self.health.known("journal") and not self.health.ok("journal"):
            try:  # is there room again?
                self.store.probe()
            except StoreError:  # the ring this press would make cannot be recorded
                raise HubUnavailable(f"{self._journal_problem()}: the press was not taken"
                                     ) from None
            self.health.report("journal", True, str(self.store.path))
        failed = self._failed_writes
        try:
            session = self._session()
            session.press(player, t_ns)
            session.release(player, t_ns)  # a click on the page is a tap: never held
        except Refused as err:
            raise HubError.like(err) from None
        except StoreError as err:  # never "ok" for a press that is not on disk
            raise HubUnavailable(f"{err}: the ring was not recorded") from None
        # answered once what the press made is decided (Halli: after the settle window and
        # the verdict's frame), and never "ok" when the journal failed to record it
        end = time.monotonic() + PRESS_DECIDED_S
        while session is self.session and session.deciding() and time.monotonic() < end:
            await asyncio.sleep(PRESS_POLL_S)
        if self._failed_writes != failed:
            raise HubUnavailable(f"{self._journal_problem()}: the ring was not recorded")

    def _journal_problem(self) -> str:
        return next((str(d["message"]) for d in self.health.as_list()
                     if d["name"] == "journal" and not d["ok"]), "the journal cannot be written")

    async def upload_reserve(self, player: int, data: bytes, content_type: str) -> None:
        try:
            await self._session().photo(player, data)
        except Refused as err:
            raise HubError.like(err) from None
        except StoreError as err:
            raise HubUnavailable(f"{err}: the score was not recorded") from None

    async def photograph_reserve(self, player: int) -> None:
        """Score `player`'s reserve from the table camera's latest frame (as an upload)."""
        frame = self.last_frame
        if frame is None or not self.health.ok("camera"):
            raise HubError.said("devices.photo_no_camera")
        try:  # the session picks the player's part of the picture (Nimalia: their zone)
            await self._session().camera_photo(player, frame.image)
        except Refused as err:
            raise HubError.like(err) from None
        except StoreError as err:
            raise HubUnavailable(f"{err}: the score was not recorded") from None

    async def teaching(self, asking: str | None) -> None:
        """What the page's teaching asks to be held under the camera (None: nothing)."""
        self._ask(asking)

    def _ask(self, asking: str | None) -> None:
        if self._asking_lapse is not None:
            self._asking_lapse.cancel()
            self._asking_lapse = None
        if asking != self._asking:
            self._asking = asking
            self.changes.bump()
        if asking is not None and self._loop is not None:
            self._asking_lapse = self._loop.call_later(TEACH_ASK_S, self._ask, None)

    async def teach(self, card: str | None) -> dict[str, Any]:
        """Teach the game's card `card` from the camera's next frame (None: read only): the
        card as it is held up when Teach is pressed, never a frame from before."""
        since = time.monotonic_ns()
        end = time.monotonic() + FRESH_FRAME_S
        while self.health.ok("camera") and time.monotonic() < end and (
                self.last_frame is None or self.last_frame.t_ns < since):
            await asyncio.sleep(0.02)
        frame = self.last_frame
        if frame is None or not self.health.ok("camera"):
            raise HubError.said("devices.teach_no_camera")
        try:
            return await self._session().teach(card, frame.image)
        except Refused as err:
            raise HubError.like(err) from None

    def teach_cards(self) -> dict[str, Any]:
        """The game's cards to teach from phone photos, and those taught."""
        try:
            return self._session().teach_cards()
        except Refused as err:
            raise HubError.like(err) from None

    async def teach_photo(self, card: int | None, data: bytes) -> dict[str, Any]:
        """Teach the game's card `card` from a phone photo (None: read it back)."""
        try:
            return await self._session().teach_photo(card, data)
        except Refused as err:
            raise HubError.like(err) from None

    async def report(self, data: dict[str, Any]) -> None:
        """A report from the page for the game being played (session.py)."""
        try:
            self._session().report(data)
        except Refused as err:
            raise HubError.like(err) from None
        except StoreError as err:
            raise HubUnavailable(f"{err}: the report was not recorded") from None

    async def apply_settings(self, settings: dict[str, Any]) -> None:
        try:
            new, restart = from_page(self.settings, settings)
        except SettingsError as err:
            raise HubError.like(err) from None
        self.settings = new
        page_settings.save(new, self.settings_path())
        self.speech = self._speech()
        if restart and not self.store.is_open:
            self.changes.bump()  # the game of these settings starts once the journal opens
        elif restart:
            try:
                self.new_game()
            except StoreError as err:
                raise HubUnavailable(f"{err}: the new game starts once it can be recorded",
                                     phrase="page.err_new_game_unsaved") from None
        else:
            self.changes.bump()

    def history(self) -> list[dict[str, Any]]:
        try:
            return self.store.history(abandoned=True)
        except StoreError as err:
            raise HubUnavailable(str(err)) from None

    def camera_jpeg(self) -> bytes | None:
        return self._jpeg

    def keep_replay(self, t_ns: int) -> None:
        """The frame of the moment `t_ns` for the page: the last one taken at or before it,
        else the nearest (the camera lagged). JPEG-encoded only when the page asks."""
        frames = [f for f in self._frames if abs(f.t_ns - t_ns) <= REPLAY_NEAR_NS]
        before = [f for f in frames if f.t_ns <= t_ns]
        self._replay = before[-1] if before else min(
            frames, key=lambda f: abs(f.t_ns - t_ns), default=None)
        self._replay_jpeg = None

    def replay_jpeg(self) -> bytes | None:
        frame = self._replay
        if frame is None:
            return None
        if self._replay_jpeg is None:
            ok, buf = cv2.imencode(".jpg", frame.image, [cv2.IMWRITE_JPEG_QUALITY, 80])
            self._replay_jpeg = buf.tobytes() if ok else None
        return self._replay_jpeg

    def reserve_jpeg(self, player: int) -> bytes | None:
        try:
            return self.photo_path(player).read_bytes()
        except (OSError, ValueError):
            return None

    def settings_path(self) -> Path:
        """Where the page's settings are kept, next to the journal."""
        return self.store.path.parent / "settings.json"

    def photo_path(self, player: int) -> Path:
        return self.store.path.parent / "photos" / f"game{self.game_id}-seat{int(player)}.jpg"


class _NoLoopYet:
    """The daemon's clock before `start` (a session opened then sets no timer)."""

    def now_ns(self) -> int:
        return time.monotonic_ns()

    def call_at(self, t_ns: int, fn: Callable[[], None]) -> Any:
        raise RuntimeError("the daemon has not started: no timers yet")
