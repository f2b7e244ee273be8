"""The daemon: one asyncio process that referees the game at the table.

It owns the journal, the current game's session, the camera loop, the simulated table
(off the Pi), and implements the web page's `Hub`. Everything runs on one event loop;
bell callbacks from gpiozero's threads enter through `bell_from_thread`, camera reads and
recognition run in worker threads. Background tasks are tracked and cancelled on `stop`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import cv2

from tableref.device.camera.base import Frame
from tableref.device.camera.runner import CameraRunner
from tableref.device.config import Config
from tableref.device.daemon.devices import hold_bells, watch_audio
from tableref.device.daemon.halli_rules import RingResult
from tableref.device.daemon.halli_session import HalliSession
from tableref.device.daemon.health import DeviceStatus, Health, supervise
from tableref.device.daemon.nimalia_photos import PhotoError, read_reserve
from tableref.device.daemon.nimalia_session import NimaliaSession
from tableref.device.daemon.parts import Parts
from tableref.device.daemon.settings import (
    GameSettings,
    SettingsError,
    from_page,
    settings_from_config,
    updated,
)
from tableref.device.daemon.sim_players import SimPlayers
from tableref.device.daemon.state import Changes, build_snapshot
from tableref.device.daemon.words import Words
from tableref.device.sim import SimCamera, SimWorld
from tableref.device.store import OpenGame, Store, StoreError
from tableref.device.web.hub import HubError

log = logging.getLogger("tableref.daemon")


class Daemon:
    """The referee. Implements tableref.device.web.hub.Hub."""

    def __init__(self, config: Config, store: Store, parts: Parts, *, sim: bool) -> None:
        self.config = config
        self.store = store
        self.parts = parts
        self.sim = sim
        self.settings: GameSettings = settings_from_config(config)
        self.health = Health(self._device_changed)
        self.changes = Changes()
        self.words = self._words()
        self.session: HalliSession | NimaliaSession | None = None
        self.world: SimWorld | None = None
        self.game_id = 0
        self.journal_seq = 0
        self.sim_flips = 0  # flips of the simulated players in this game
        self.said: list[tuple[int, str]] = []  # (monotonic ns, text) of what was spoken
        self._tasks: set[asyncio.Task[Any]] = set()
        self.sim_players: SimPlayers | None = None
        self._vision = ThreadPoolExecutor(max_workers=1, thread_name_prefix="vision")
        self._camera: CameraRunner | None = None
        self._jpeg: bytes | None = None
        self.last_frame: Frame | None = None
        self._jpeg_t = 0.0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._bells: list[Any] = []  # the open GPIO bells, when there are some
        self._playback_error = ""  # why the voice's last utterance failed to play
        self._sink_reports = False  # the voice's sink tells playback failures itself
        self._started = False

    # -- life ---------------------------------------------------------------------------
    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        resume = self.store.open_game()
        if resume is not None and resume.game in ("halli", "nimalia") and len(
                resume.players) >= 2:
            try:
                self._resume(resume)
            except Exception as err:  # a journal this code cannot fold must not brick the box
                log.exception("cannot resume game %d from the journal", resume.id)
                self.health.report(
                    "journal", False,
                    f"game {resume.id} could not be resumed ({err}); it stays in the journal "
                    "and a new game starts",
                )
                self.new_game()
        else:
            self.new_game()
        camera = self.parts.camera
        if camera is None and self.sim and self.parts.render is not None:
            camera = SimCamera(lambda: self.world, self.parts.render, self.config.sim.fps)
        if camera is not None:
            self._camera = CameraRunner(camera, self._on_frame, self.health)
            self.spawn(supervise("camera", self.health, self._camera.run_once))
        else:
            self.health.report("camera", False, "no camera: Halli Galli judges who was first")
        if self.sim:
            self.sim_players = SimPlayers(self, self.config.sim)
            self.spawn(self.sim_players.run())
        open_bells = self.parts.open_bells
        if open_bells is not None:
            self.spawn(supervise("bells", self.health, lambda: hold_bells(
                lambda: open_bells(self.bell_from_thread, self.bell_health_from_thread),
                self.health, self._bells)))
        sink = getattr(self.parts.speaker, "sink", None)
        if sink is not None and hasattr(sink, "on_health"):
            sink.on_health = self._playback_from_thread
            self._sink_reports = True
        device = self.parts.audio_device
        if device is not None:
            self.spawn(supervise("audio", self.health, lambda: watch_audio(
                device, self.health, lambda: self._playback_error)))
        self._started = True

    async def stop(self) -> None:
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._camera is not None:
            self._camera.shutdown()
        self._vision.shutdown(wait=False, cancel_futures=True)
        self._light(None)

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
    def new_game(self) -> None:
        """Open a new game with the current settings (abandoning an unfinished one)."""
        s = self.settings
        names = [p.name for p in s.players]
        self.game_id = self.store.start_game(s.game, names)
        self.journal_seq = 0
        self.sim_flips = 0
        self.session = None
        self.world = None
        if s.game == "halli":
            session = self._halli_session(names)
            extra: dict[str, Any] = {}
            if self.sim:
                extra["sim_seed"] = self.config.sim.seed or random.randrange(1, 2**31)
            rec = session.start_record(**extra)
            self.journal(rec)
            self._apply(session, rec)
        elif s.game == "nimalia":
            nimalia = self._nimalia_session(names)
            rec = nimalia.start_record()
            self.journal(rec)
            self._apply(nimalia, rec)
        self.changes.bump()

    def _resume(self, game: OpenGame) -> None:
        self.game_id = game.id
        self.settings = updated(self.settings, game=game.game, names=game.players)
        self.words = self._words()
        session: HalliSession | NimaliaSession
        if game.game == "nimalia":
            session = self._nimalia_session(game.players)
        else:
            session = self._halli_session(game.players)
        for rec in game.events:
            self._apply(session, rec)
        self.journal_seq = len(game.events)
        log.info("resumed game %d after %d journal events", game.id, len(game.events))
        self.changes.bump()

    def _apply(self, session: HalliSession | NimaliaSession, rec: dict[str, Any]) -> None:
        """Fold one record into the referee and, with the simulated table, the world."""
        if isinstance(session, NimaliaSession):
            self.session = session
            session.apply_record(rec)
            return
        if rec.get("event") == "start":
            self.session = session
            if rec.get("sim_seed") is not None:
                self.world = SimWorld(list(rec["players"]), int(rec["sim_seed"]),
                                      session.options)
        result = session.apply_record(rec)
        if rec.get("event") == "sim_flip":
            self.sim_flips += 1
        if self.world is not None:
            self.world.apply(rec, None if result is None else result.right)

    def _words(self) -> Words:
        return Words(self.settings.language, [p.name for p in self.settings.players])

    def _halli_session(self, names: list[str]) -> HalliSession:
        s = self.settings
        session = HalliSession(
            names,
            dict(s.halli_options),
            journal=self.journal,
            changed=self.changes.bump,
            say=self.say,
            light=self._light,
            spawn=self.spawn,
            camera_ok=lambda: self.health.ok("camera"),
            words=self.words,
            timing=self.parts.timing,
        )
        session.on_ring.append(self._ring_done)
        session.on_over.append(self._game_over)
        return session

    def _nimalia_session(self, names: list[str]) -> NimaliaSession:
        session = NimaliaSession(names, journal=self.journal, changed=self.changes.bump,
                                 say=self.say, words=self.words)
        session.on_over.append(self._game_over)
        return session

    def journal(self, rec: dict[str, Any]) -> None:
        """Write a record to the journal (on disk when this returns) before acting on it.

        A failed write raises StoreError (after reporting it): the event is not acted on."""
        try:
            self.store.append(self.game_id, rec)
        except StoreError as err:
            self.health.report("journal", False, str(err))
            raise
        if not self.health.ok("journal"):
            self.health.report("journal", True, str(self.store.path))
        self.journal_seq += 1

    def _ring_done(self, result: RingResult) -> None:
        if self.world is not None and result.right is not None:
            self.world.ring(result.player, result.right)

    def _game_over(self) -> None:
        if self.session is None:
            return
        scores, winner = self.session.result()
        self.store.finish_game(self.game_id, scores, winner)
        log.info("game %d over: %s wins", self.game_id, winner)
        if self.sim and self._loop is not None:
            self.spawn(self._next_game_later(self.game_id))

    async def _next_game_later(self, game_id: int, delay_s: float = 15.0) -> None:
        await asyncio.sleep(delay_s)
        if self.game_id == game_id:
            self.new_game()

    # -- the world --------------------------------------------------------------------
    async def _on_frame(self, frame: Frame) -> None:
        self.last_frame = frame
        session, eyes = self.session, self.parts.eyes
        if not isinstance(session, HalliSession) or eyes is None:
            return
        loop = asyncio.get_running_loop()
        seen, jpeg = await loop.run_in_executor(self._vision, eyes.look, frame,
                                                len(session.players))
        if jpeg is not None:
            self._jpeg = jpeg
        if session is self.session:
            # a journal that cannot be written is reported; the next frame tries again
            with contextlib.suppress(StoreError):
                session.on_seen(seen)

    def bell_from_thread(self, player: int, t_ns: int) -> None:
        """A bell edge from a hardware thread (gpiozero, serial): enter the loop safely."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self.press, player, t_ns)

    def bell_health_from_thread(self, ok: bool, message: str) -> None:
        """The bell box lost or back (on its thread): to the device health on the loop."""
        self._to_loop(self.health.report, "bells", ok, message)

    def _to_loop(self, fn: Callable[..., Any], *args: Any) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(fn, *args)

    def press(self, player: int, t_ns: int) -> None:
        if isinstance(self.session, HalliSession):
            self.session.press(player, t_ns)

    def _playback_from_thread(self, ok: bool, message: str) -> None:
        """The voice's player thread: playback (aplay) failed, or works again."""
        self._to_loop(self._playback, ok, message)

    def _playback(self, ok: bool, message: str) -> None:
        self._playback_error = "" if ok else message
        self.health.report("audio", ok, self._playback_error or (self.parts.audio_device or ""))

    def say(self, text: str | list[str]) -> None:
        self.said.append((time.monotonic_ns(), text if isinstance(text, str) else " ".join(text)))
        del self.said[:-50]
        log.info("say: %s", self.said[-1][1])
        if self.health.known("audio") and not self.health.ok("audio") and not (
                self._playback_error):
            return  # no sound card: shown on the page instead
        # after a playback failure every utterance tries again: that is the retry
        if self.parts.speaker is not None:
            try:
                self.parts.speaker.say(text)
            except Exception as err:  # the speaker failed at once: report it, go on
                self._playback(False, str(err) or type(err).__name__)
            else:  # a voice that plays behind this call reports through its sink instead
                if self._playback_error and not self._sink_reports:
                    self._playback(True, "")

    def _light(self, player: int | None) -> None:
        leds = self.parts.leds or (self._bells[0] if self._bells else None)
        if leds is not None:
            try:
                leds.light(player)
            except Exception as err:
                self.health.report("bells", False, f"LEDs: {err}")

    def _device_changed(self, status: DeviceStatus) -> None:
        # speak when a device goes (or comes back), not at every retry or at the start
        if self._started and status.ok != status.was_ok and not (status.ok and
                                                                  status.was_ok is None):
            self.say(self.words.device(status.name, status.ok))
        if self._loop is not None:
            self.changes.bump()

    # -- the Hub ------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        session = self.session
        return build_snapshot(
            seq=self.changes.seq,
            game=self.settings.game,
            language=self.settings.language,
            players=list(self.settings.players),
            outs=session.outs() if session is not None else [],
            devices=self.health.as_list(),
            part=session.part() if session is not None else None,
            journal_seq=self.journal_seq,
            sim=None if self.world is None else {
                "flips": self.sim_flips, "tops": list(self.world.tops())},
        )

    def subscribe(self) -> AsyncIterator[dict[str, Any]]:
        return self.changes.follow(self.snapshot)

    async def press_bell(self, player: int) -> None:
        t_ns = time.monotonic_ns()
        if not isinstance(self.session, HalliSession):
            raise HubError(f"the game {self.settings.game!r} has no bells")
        if not isinstance(player, int) or not 0 <= player < len(self.settings.players):
            raise HubError(f"player {player!r}: there is no such seat")
        self.session.press(player, t_ns)

    async def upload_reserve(self, player: int, data: bytes, content_type: str) -> None:
        session = self.session
        if not isinstance(session, NimaliaSession):
            raise HubError(f"the game is {self.settings.game}, not nimalia: no reserves")
        if not isinstance(player, int) or not 0 <= player < len(session.players):
            raise HubError(f"player {player!r}: there is no such seat")
        if session.over:
            raise HubError("the game is over: start a new one in the settings")
        if self.parts.nimalia_enrolment is None:
            raise HubError("no Nimalia enrolment: run `tableref nimalia enroll` first")
        loop = asyncio.get_running_loop()
        try:
            enrolment = await loop.run_in_executor(self._vision, self.parts.nimalia_enrolment)
            spaces, jpeg = await loop.run_in_executor(self._vision, read_reserve, data,
                                                      enrolment)
        except (PhotoError, ValueError) as err:
            session.message = f"{session.players[player]}: {err}"
            self.changes.bump()
            raise HubError(session.message) from None
        if session is not self.session:
            raise HubError("the game changed while the photo was read")
        path = self._photo_path(player)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(jpeg)
        session.reserve_read(player, spaces, photo=bool(jpeg))

    async def photograph_reserve(self, player: int) -> None:
        """Score `player`'s reserve from the table camera's latest frame (as an upload)."""
        frame = self.last_frame
        if frame is None or not self.health.ok("camera"):
            raise HubError("no camera frame to read the reserve from: upload a photo instead")
        ok, png = cv2.imencode(".png", frame.image)
        if not ok:
            raise HubError("the camera frame cannot be encoded")
        await self.upload_reserve(player, png.tobytes(), "image/png")

    async def apply_settings(self, settings: dict[str, Any]) -> None:
        try:
            new, restart = from_page(self.settings, settings)
        except SettingsError as err:
            raise HubError(str(err)) from None
        self.settings = new
        self.words = self._words()
        if restart:
            self.new_game()
        else:
            self.changes.bump()

    def history(self) -> list[dict[str, Any]]:
        return self.store.history()

    def camera_jpeg(self) -> bytes | None:
        return self._jpeg

    def reserve_jpeg(self, player: int) -> bytes | None:
        try:
            return self._photo_path(player).read_bytes()
        except (OSError, ValueError):
            return None

    def _photo_path(self, player: int) -> Path:
        return self.store.path.parent / "photos" / f"game{self.game_id}-seat{int(player)}.jpg"

