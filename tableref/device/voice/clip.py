"""A rendered phrase: its WAV file and its PCM frames, loaded once."""

from __future__ import annotations

import wave
from dataclasses import dataclass
from pathlib import Path


class VoiceError(RuntimeError):
    """Speech cannot be rendered or played (no engine, a bad voice, a broken WAV)."""


@dataclass(frozen=True)
class Clip:
    text: str
    path: Path
    rate: int
    channels: int
    sample_width: int
    frames: bytes  # raw little-endian PCM

    @property
    def seconds(self) -> float:
        return len(self.frames) / (self.rate * self.channels * self.sample_width)

    @property
    def format(self) -> tuple[int, int, int]:
        return (self.rate, self.channels, self.sample_width)

    @classmethod
    def load(cls, path: Path, text: str = "") -> Clip:
        try:
            with wave.open(str(path), "rb") as w:
                frames = w.readframes(w.getnframes())
                return cls(text, path, w.getframerate(), w.getnchannels(), w.getsampwidth(), frames)
        except (OSError, EOFError, wave.Error) as err:
            raise VoiceError(f"{path}: not a readable WAV file: {err}") from err
