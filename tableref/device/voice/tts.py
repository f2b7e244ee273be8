"""Text to WAV with espeak-ng, cached on disk by text, engine, voice and speed."""

from __future__ import annotations

import functools
import hashlib
import os
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import Protocol

from tableref.device.voice.clip import Clip, VoiceError

# espeak-ng voices by the config's language
ESPEAK_VOICES = {"en": "en", "de": "de", "fr": "fr"}


class Engine(Protocol):
    """Renders text into a WAV file. `key` names everything that changes the sound."""

    @property
    def key(self) -> str: ...

    def synthesize(self, text: str, out: Path) -> None: ...


class EspeakEngine:
    def __init__(self, voice: str, speed: int = 165, binary: str | None = None) -> None:
        found = binary or shutil.which("espeak-ng")
        if found is None:
            raise VoiceError("espeak-ng is not installed (apt install espeak-ng)")
        self.binary = found
        self.voice = voice
        self.speed = speed
        known = espeak_voices(found)
        base = voice.split("+", 1)[0].casefold()
        if known and base not in known:
            # espeak-ng itself would fall back to English without a word
            raise VoiceError(f"espeak-ng has no voice {voice!r} (see `espeak-ng --voices`)")

    @property
    def key(self) -> str:
        return f"espeak-ng|{self.voice}|{self.speed}"

    def synthesize(self, text: str, out: Path) -> None:
        cmd = [self.binary, "-v", self.voice, "-s", str(self.speed), "-w", str(out), "--stdin"]
        done = subprocess.run(cmd, input=text.encode(), capture_output=True, timeout=60)
        if done.returncode != 0 or not out.exists() or out.stat().st_size <= 44:
            msg = done.stderr.decode(errors="replace").strip() or f"exit code {done.returncode}"
            raise VoiceError(f"espeak-ng (voice {self.voice!r}) could not say {text!r}: {msg}")


@functools.cache
def espeak_voices(binary: str) -> frozenset[str]:
    """Every name espeak-ng accepts for `-v`: languages, voice names and voice files,
    casefolded (an empty set when the list cannot be read)."""
    try:
        done = subprocess.run(
            [binary, "--voices"], capture_output=True, text=True, timeout=30, check=True
        )
    except (OSError, subprocess.SubprocessError):
        return frozenset()
    names: set[str] = set()
    for line in done.stdout.splitlines()[1:]:
        cols = line.split()
        if len(cols) >= 5:
            names.update(c.casefold() for c in (cols[1], cols[3], cols[4]))
            names.add(cols[4].rsplit("/", 1)[-1].casefold())
    return frozenset(names)


class TtsCache:
    """WAVs rendered once and kept in `directory`, named by a hash of engine key and text."""

    def __init__(self, engine: Engine, directory: Path) -> None:
        self.engine = engine
        self.directory = directory
        self.hits = 0
        self.misses = 0
        self._lock = threading.Lock()

    def path_for(self, text: str) -> Path:
        digest = hashlib.sha256(f"{self.engine.key}\n{text}".encode()).hexdigest()[:32]
        return self.directory / f"{digest}.wav"

    def render(self, text: str) -> Clip:
        """The clip for `text`, from the cache or rendered now (and then cached)."""
        path = self.path_for(text)
        if path.exists():
            try:
                clip = Clip.load(path, text)
            except VoiceError:
                path.unlink(missing_ok=True)  # a broken cache file: render it again
            else:
                with self._lock:
                    self.hits += 1
                return clip
        self.directory.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(suffix=".wav.tmp", dir=self.directory)
        os.close(fd)
        tmp = Path(tmp_name)
        try:
            self.engine.synthesize(text, tmp)
            clip = Clip.load(tmp, text)
            os.replace(tmp, path)
        finally:
            tmp.unlink(missing_ok=True)
        with self._lock:
            self.misses += 1
        return Clip(text, path, clip.rate, clip.channels, clip.sample_width, clip.frames)
