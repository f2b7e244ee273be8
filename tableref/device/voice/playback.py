"""Playing clips without blocking the caller; a new utterance cuts off a stale one.

`play(clips)` takes futures of clips (rendered, or still rendering behind the first) and
returns at once. One player thread plays an utterance's clips back to back; `play` again
cancels the current utterance mid-clip. `AlsaSink` pipes the PCM into one `aplay` process
per utterance; `RecordingSink` keeps what was played and when, pacing it in real time.
"""

from __future__ import annotations

import logging
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field

from tableref.device.closing import Closing
from tableref.device.voice.clip import Clip, VoiceError

log = logging.getLogger(__name__)
_CHUNK = 4096  # bytes of PCM written at a time: a cut-off lands within a few ms


@dataclass
class _Utterance:
    clips: Sequence[Future[Clip]]
    cancelled: threading.Event = field(default_factory=threading.Event)


HealthSink = Callable[[bool, str], None]


class Sink(Closing):
    """The player thread and its hand-over; subclasses say how PCM reaches a speaker.

    `on_health(ok, message)`, when set, hears on the player thread when playback fails
    (`ok` False, the reason) and when an utterance plays through again after a failure.
    Every utterance tries afresh, so a sound device that comes back is heard."""

    def __init__(self) -> None:
        self.on_health: HealthSink | None = None
        self._failing = False
        self._cond = threading.Condition()
        self._queue: deque[_Utterance] = deque()
        self._current: _Utterance | None = None
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="voice-player", daemon=True)
        self._thread.start()

    # -- the caller's side ---------------------------------------------------------------
    def play(self, clips: Sequence[Future[Clip]], cut_off: bool = True) -> None:
        """Play `clips` in order, cutting off whatever is playing or waiting (`cut_off=False`:
        after it instead). Returns at once."""
        utterance = _Utterance(list(clips))
        with self._cond:
            if self._closed:
                return
            if cut_off:
                self._cancel_all()
            self._queue.append(utterance)
            self._cond.notify_all()
        if cut_off:
            self._interrupt()

    def stop(self) -> None:
        """Cut off what is playing and drop what was waiting."""
        with self._cond:
            self._cancel_all()
            self._cond.notify_all()
        self._interrupt()

    def _cancel_all(self) -> None:
        for stale in (self._current, *self._queue):
            if stale is not None:
                stale.cancelled.set()
        self._queue.clear()

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Block until nothing is playing or waiting (tests, the command line)."""
        with self._cond:
            return self._cond.wait_for(
                lambda: self._closed or (not self._queue and self._current is None), timeout
            )

    def close(self) -> None:
        """Stop playing and end the player thread. Idempotent."""
        self.stop()
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=5.0)

    # -- the player thread -------------------------------------------------------------------
    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._closed or bool(self._queue))
                if self._closed:
                    return
                utterance = self._current = self._queue.popleft()
            error = ""
            try:
                self._play_utterance(utterance)
            except Exception as err:
                log.exception("voice: playback failed")
                error = str(err) or type(err).__name__
            finally:
                try:
                    self._end(utterance)
                except Exception as err:
                    log.error("voice: %s", err)
                    error = error or str(err) or type(err).__name__
                with self._cond:
                    self._current = None
                    self._cond.notify_all()
            self._tell_health(error, utterance)

    def _tell_health(self, error: str, utterance: _Utterance) -> None:
        if not error and (utterance.cancelled.is_set() or not self._failing):
            return  # nothing new (a cut-off utterance proves nothing either way)
        self._failing = bool(error)
        if self.on_health is not None:
            try:
                self.on_health(not error, error or "playing")
            except Exception:
                log.exception("voice: the health consumer failed")

    def _play_utterance(self, utterance: _Utterance) -> None:
        for future in utterance.clips:
            if utterance.cancelled.is_set():
                return
            try:
                clip = future.result()
            except Exception as err:  # a clip that failed to render is skipped
                log.error("voice: a clip could not be rendered: %s", err)
                continue
            if utterance.cancelled.is_set():
                return
            self._play_clip(utterance, clip)

    # -- what subclasses provide -------------------------------------------------------------
    def _play_clip(self, utterance: _Utterance, clip: Clip) -> None:
        raise NotImplementedError

    def _end(self, utterance: _Utterance) -> None:
        """The utterance is over (played out or cancelled)."""

    def _interrupt(self) -> None:
        """Make a blocked `_play_clip` return soon (its utterance is cancelled)."""


_APLAY_FORMATS = {1: "U8", 2: "S16_LE", 3: "S24_3LE", 4: "S32_LE"}


class AlsaSink(Sink):
    """Plays through ALSA with `aplay`, one process per utterance fed through a pipe."""

    def __init__(self, device: str = "default", aplay: str = "aplay") -> None:
        self.device = device
        self.aplay = aplay
        self._proc: subprocess.Popen[bytes] | None = None
        self._owner: _Utterance | None = None
        self._format: tuple[int, int, int] | None = None
        self._proc_lock = threading.Lock()
        self.started: list[float] = []  # monotonic times aplay processes were started
        self.processes: list[subprocess.Popen[bytes]] = []  # kept for checks; all reaped
        self.spawned = threading.Event()  # set each time an aplay starts
        super().__init__()

    def _spawn(self, clip: Clip) -> subprocess.Popen[bytes]:
        fmt = _APLAY_FORMATS.get(clip.sample_width)
        if fmt is None:
            raise VoiceError(f"{clip.path}: {8 * clip.sample_width}-bit audio cannot be played")
        cmd = [self.aplay, "-q", "-D", self.device, "-t", "raw", "-f", fmt]
        cmd += ["-r", str(clip.rate), "-c", str(clip.channels), "-"]
        try:
            proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stderr=subprocess.PIPE)
        except OSError as err:
            raise VoiceError(f"cannot start {self.aplay}: {err}") from err
        self.started.append(time.monotonic())
        self.processes.append(proc)
        self.spawned.set()
        return proc

    def _play_clip(self, utterance: _Utterance, clip: Clip) -> None:
        # Only this (the player) thread sets self._proc; `_interrupt` only kills it.
        proc = self._proc
        if proc is not None and self._format != clip.format:
            self._finish(proc)  # a clip in another format: a new aplay after this one
            proc = None
        if proc is None:
            proc = self._spawn(clip)
            with self._proc_lock:
                self._proc, self._owner, self._format = proc, utterance, clip.format
            if utterance.cancelled.is_set():
                proc.kill()
        assert proc.stdin is not None
        data = memoryview(clip.frames)
        try:
            for start in range(0, len(data), _CHUNK):
                if utterance.cancelled.is_set():
                    return
                proc.stdin.write(data[start : start + _CHUNK])
        except (BrokenPipeError, ValueError, OSError):
            if not utterance.cancelled.is_set():
                raise VoiceError(self._failure(proc)) from None

    def _failure(self, proc: subprocess.Popen[bytes]) -> str:
        proc.kill()
        proc.wait()
        err = proc.stderr.read().decode(errors="replace").strip() if proc.stderr else ""
        return f"aplay on ALSA device {self.device!r} failed: {err or proc.returncode}"

    def _finish(self, proc: subprocess.Popen[bytes]) -> str:
        """Let aplay play out what it has, then reap it; returns why it failed ("": it did
        not, or it was killed for a cut-off)."""
        try:
            if proc.stdin is not None:
                proc.stdin.close()
        except OSError:
            pass
        proc.wait()
        if proc.returncode in (0, -9, -15):
            return ""
        err = proc.stderr.read().decode(errors="replace").strip() if proc.stderr else ""
        message = (f"aplay on ALSA device {self.device!r} failed: "
                   f"{err or f'exit status {proc.returncode}'}")
        log.error("voice: %s", message)
        return message

    def _end(self, utterance: _Utterance) -> None:
        proc = self._proc
        if proc is None:
            return
        if utterance.cancelled.is_set():
            proc.kill()
        failed = self._finish(proc)  # plays out; a new utterance meanwhile kills it
        with self._proc_lock:
            self._proc = self._owner = None
        if failed:
            raise VoiceError(failed)

    def _interrupt(self) -> None:
        with self._proc_lock:
            if (
                self._proc is not None
                and self._owner is not None
                and self._owner.cancelled.is_set()
            ):
                self._proc.kill()  # a cut-off: the stale words stop now


@dataclass(frozen=True)
class Played:
    """One clip a RecordingSink played: what, from when, until when (monotonic ns)."""

    clip: Clip
    start_ns: int
    end_ns: int
    cut_off: bool

    @property
    def text(self) -> str:
        return self.clip.text


class RecordingSink(Sink):
    """Keeps every clip played, with its start time; paces playback like a speaker would,
    `pace` times the clip's length (0: each clip ends as soon as it starts)."""

    def __init__(self, pace: float = 1.0) -> None:
        self.pace = pace
        self.played: list[Played] = []
        self.first_clip_started = threading.Event()
        super().__init__()

    def _play_clip(self, utterance: _Utterance, clip: Clip) -> None:
        start = time.monotonic_ns()
        self.first_clip_started.set()
        cut = self.pace > 0 and utterance.cancelled.wait(clip.seconds * self.pace)
        cut = cut or utterance.cancelled.is_set()
        self.played.append(Played(clip, start, time.monotonic_ns(), cut))

    def texts(self) -> list[str]:
        return [p.text for p in self.played]
