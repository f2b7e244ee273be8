"""`Voice`: what the daemon calls to speak. Renders once, caches, plays without blocking.

```python
with Voice(config) as voice:
    voice.warm()                 # at start-up, off the event loop: fixed phrases rendered
    voice.announce_verdict(2, right=True, margin_ms=23, cards=14)
    voice.say("Sorry, Ben!")
```
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from tableref.device.closing import Closing
from tableref.device.config import Config, VoiceConfig
from tableref.device.paths import data_dir
from tableref.device.voice.clip import Clip, VoiceError
from tableref.device.voice.phrases import Phrases, segments_of
from tableref.device.voice.piper import PiperEngine, find_piper_binary, find_piper_voice
from tableref.device.voice.playback import AlsaSink, Sink
from tableref.device.voice.sounds import Sounds
from tableref.device.voice.tts import ESPEAK_VOICES, Engine, EspeakEngine, TtsCache

log = logging.getLogger(__name__)
SOUND = "sound:"  # a segment "sound:fart" plays that sound of device/voice/sounds.py


def cache_dir() -> Path:
    return data_dir() / "voice-cache"


def piper_voices_dir() -> Path:
    """Where Piper voices (`*.onnx` with their `.onnx.json`) are looked for."""
    return data_dir() / "piper-voices"


def choose_engine(config: VoiceConfig, language: str, voices_dir: Path | None = None) -> Engine:
    """The engine the config asks for: Piper when it is installed with a voice (or asked
    for), else espeak-ng. Raises VoiceError naming what is missing."""
    voices_dir = piper_voices_dir() if voices_dir is None else voices_dir
    if config.engine in ("auto", "piper"):
        model = find_piper_voice(config.voice, language, voices_dir)
        binary = find_piper_binary()
        if model is not None and binary is not None:
            return PiperEngine(model, config.speed, binary)
        if config.engine == "piper":
            missing = "the piper binary" if binary is None else f"a Piper voice for {language!r}"
            raise VoiceError(
                f'voice.engine is "piper" but {missing} is not installed '
                f"(voices go in {voices_dir}, or set voice.voice to an .onnx file)"
            )
    voice = config.voice if config.voice and not config.voice.endswith(".onnx") else ""
    try:
        return EspeakEngine(voice or ESPEAK_VOICES.get(language, "en"), config.speed)
    except VoiceError as err:
        raise VoiceError(f"voice.voice: {err}" if voice else str(err)) from err


class Voice(Closing):
    """The referee's voice for one config: language, player names, engine, ALSA device.

    `sink` defaults to ALSA playback on `voice.device`; tests pass a `RecordingSink`.
    With `voice.engine = "none"` nothing is rendered or played (the texts still come back).
    """

    def __init__(
        self,
        config: Config,
        *,
        sink: Sink | None = None,
        cache: Path | None = None,
        engine: Engine | None = None,
        sounds: Sounds | None = None,
    ) -> None:
        self.phrases = Phrases(config.language, [p.name for p in config.players])
        self.enabled = config.voice.engine != "none"
        self._closed = False
        self._clips: dict[str, Clip] = {}
        self._pool: ThreadPoolExecutor | None = None
        self._sink: Sink | None = None
        self._cache: TtsCache | None = None
        self._sounds = sounds or Sounds(None if cache is None else cache / "sounds")
        if not self.enabled:
            return
        if engine is None:
            engine = choose_engine(config.voice, config.language)
        self._cache = TtsCache(engine, cache_dir() if cache is None else cache)
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="voice-render")
        self._sink = AlsaSink(config.voice.device) if sink is None else sink

    @classmethod
    def silent(cls, config: Config) -> Voice:
        from dataclasses import replace

        return cls(replace(config, voice=replace(config.voice, engine="none")))

    @property
    def cache(self) -> TtsCache | None:
        return self._cache

    @property
    def sink(self) -> Sink | None:
        return self._sink

    def render(self, text: str) -> Clip:
        """Render `text` now (or take it from the cache); blocks."""
        if self._cache is None:
            raise VoiceError('the voice is off (voice.engine = "none")')
        clip = self._clips.get(text)
        if clip is None:
            clip = self._cache.render(text)
            self._clips[text] = clip
        return clip

    def warm(self, extra: Sequence[str] = ()) -> None:
        """Render the fixed phrases (and `extra`) ahead of time and keep them in memory, so
        that a verdict starts playing within milliseconds. Blocks: call it at start-up."""
        if self._cache is None:
            return
        for text in [*self.phrases.fixed(), *extra]:
            self.render(text)
        self._sounds.warm()

    def clip(self, text: str) -> Future[Clip]:
        """The clip for `text`: done at once when warm, else rendering on the render thread."""
        if text.startswith(SOUND):  # a segment "sound:NAME": the game's sound
            if self._pool is None:
                raise VoiceError("the voice is closed or off")
            return self._pool.submit(self._sounds.clip, text[len(SOUND):])
        clip = self._clips.get(text)
        if clip is not None:
            done: Future[Clip] = Future()
            done.set_result(clip)
            return done
        if self._pool is None:
            raise VoiceError("the voice is closed or off")
        return self._pool.submit(self.render, text)

    def say(self, text: str | Sequence[str], cut_off: bool = True) -> None:
        """Speak `text`, cutting off anything stale (`cut_off=False`: after what is playing).
        A string is cut so that clauses already rendered (see `warm`) play at once while the
        rest renders behind them (`segments_of`); a list is spoken as given, and its segments
        "sound:NAME" play that sound (device/voice/sounds.py). Returns at once;
        never raises for a render or playback failure (it logs them)."""
        segments = segments_of(text, self._clips) if isinstance(text, str) else list(text)
        if self._sink is None or self._closed:
            return
        try:
            self._sink.play([self.clip(s) for s in segments], cut_off=cut_off)
        except (VoiceError, RuntimeError) as err:
            log.error("voice: cannot say %r: %s", segments, err)

    def announce_verdict(
        self,
        player: int,
        right: bool,
        margin_ms: float | None = None,
        cards: int | None = None,
        tied: Sequence[int] = (),
    ) -> list[str]:
        """Say who was first (by how much), right or wrong, and what they take; returns the
        segments said (also when the voice is off)."""
        segments = self.phrases.verdict(player, right, margin_ms, cards, tied)
        self.say(segments)
        return segments

    def stop(self) -> None:
        if self._sink is not None:
            self._sink.stop()

    def wait_idle(self, timeout: float | None = None) -> bool:
        return True if self._sink is None else self._sink.wait_idle(timeout)

    def close(self) -> None:
        """Stop speaking and end the threads. Idempotent."""
        if self._closed:
            return
        self._closed = True
        if self._sink is not None:
            self._sink.close()
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
