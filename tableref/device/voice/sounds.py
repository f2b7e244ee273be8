"""The game's sounds as clips: rendered once to WAV, cached like the voice's phrases, and
played through the voice's sinks (ALSA, or a recording sink in tests).

```python
sounds = Sounds()                 # WAVs in the data dir's sound-cache
sounds.warm()                     # render what is missing (blocks: at start-up)
sounds.play(sink, "fart")         # after what is playing; cut_off=True to cut it off
sink.play([sounds.future("die"), voice.clip("Ann, throw the die!")])  # mixed with words
```
Names: die (rolling), splash (turtles falling), pinch (a crab), turn (Nelly turned on),
fanfare (the winner), fart (the rotten water plant).
"""

from __future__ import annotations

import wave
import zlib
from concurrent.futures import Future
from pathlib import Path

import numpy as np

from tableref.device.paths import data_dir
from tableref.device.voice.clip import Clip, VoiceError
from tableref.device.voice.playback import Sink
from tableref.device.voice.sound_synth import SOUNDS, Samples
from tableref.device.voice.tts import TtsCache

RATE = 22050  # espeak-ng's rate: words and sounds go through one aplay
VERSION = 1  # bump when a sound changes, so caches render it again
NAMES = tuple(SOUNDS)


def cache_dir() -> Path:
    return data_dir() / "sound-cache"


def render(name: str, rate: int = RATE) -> Samples:
    """The samples of one sound (float in [-1, 1]); the same on every call."""
    synth = SOUNDS.get(name)
    if synth is None:
        raise VoiceError(f"no sound {name!r} (the sounds: {', '.join(NAMES)})")
    return synth(np.random.default_rng(zlib.crc32(name.encode())), rate)


def write_wav(samples: Samples, rate: int, out: Path) -> None:
    """16-bit mono PCM."""
    pcm = np.round(np.clip(samples, -1.0, 1.0) * 32767).astype("<i2")
    with wave.open(str(out), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(pcm.tobytes())


class SoundEngine:
    """An `Engine` for `TtsCache` whose "text" is a sound's name."""

    def __init__(self, rate: int = RATE) -> None:
        self.rate = rate

    @property
    def key(self) -> str:
        return f"tableref-sounds|v{VERSION}|{self.rate}"

    def synthesize(self, text: str, out: Path) -> None:
        write_wav(render(text, self.rate), self.rate, out)


class Sounds:
    """The sounds of one rate, rendered once into `cache` and kept in memory."""

    def __init__(self, cache: Path | None = None, rate: int = RATE) -> None:
        self.cache = TtsCache(SoundEngine(rate), cache_dir() if cache is None else cache)
        self._clips: dict[str, Clip] = {}

    def clip(self, name: str) -> Clip:
        """The clip of sound `name` (its `text` is "sound:NAME"); renders it if need be."""
        clip = self._clips.get(name)
        if clip is None:
            if name not in SOUNDS:
                raise VoiceError(f"no sound {name!r} (the sounds: {', '.join(NAMES)})")
            rendered = self.cache.render(name)
            clip = Clip(f"sound:{name}", rendered.path, rendered.rate, rendered.channels,
                        rendered.sample_width, rendered.frames)
            self._clips[name] = clip
        return clip

    def warm(self) -> None:
        for name in NAMES:
            self.clip(name)

    def future(self, name: str) -> Future[Clip]:
        """The clip as a done future, the form a sink's `play` takes."""
        done: Future[Clip] = Future()
        done.set_result(self.clip(name))
        return done

    def play(self, sink: Sink, *names: str, cut_off: bool = False) -> None:
        """Play the sounds in order through `sink`; returns at once."""
        sink.play([self.future(name) for name in names], cut_off=cut_off)
