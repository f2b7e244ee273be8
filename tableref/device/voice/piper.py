"""Piper neural TTS, used instead of espeak-ng when its binary and a voice are installed."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tableref.device.voice.clip import VoiceError

# Piper voices are named like "de_DE-thorsten-medium.onnx"
_PREFIX = {"en": ("en_",), "de": ("de_",), "fr": ("fr_",)}


def find_piper_voice(voice: str, language: str, voices_dir: Path) -> Path | None:
    """The Piper model to use: `voice` when it is a path to an .onnx file, else the first
    model for `language` in `voices_dir` (with its .onnx.json beside it), else None."""
    if voice.endswith(".onnx"):
        path = Path(voice).expanduser()
        return path if path.is_file() else None
    if voice or not voices_dir.is_dir():
        return None
    for model in sorted(voices_dir.glob("*.onnx")):
        if (
            model.name.startswith(_PREFIX.get(language, ()))
            and model.with_suffix(".onnx.json").is_file()
        ):
            return model
    return None


def find_piper_binary() -> str | None:
    return shutil.which("piper")


class PiperEngine:
    def __init__(self, model: Path, speed: int = 165, binary: str | None = None) -> None:
        found = binary or find_piper_binary()
        if found is None:
            raise VoiceError("piper is not installed (no `piper` on PATH)")
        if not model.is_file():
            raise VoiceError(f"{model}: no such Piper voice")
        self.binary = found
        self.model = model
        self.speed = speed

    @property
    def key(self) -> str:
        return f"piper|{self.model.resolve()}|{self.speed}"

    def synthesize(self, text: str, out: Path) -> None:
        # Piper's length_scale stretches time: 165 words a minute is its normal pace.
        length_scale = f"{165 / self.speed:.3f}"
        cmd = [
            self.binary,
            "--model",
            str(self.model),
            "--length_scale",
            length_scale,
            "--output_file",
            str(out),
        ]
        done = subprocess.run(cmd, input=text.encode(), capture_output=True, timeout=120)
        if done.returncode != 0 or not out.exists() or out.stat().st_size <= 44:
            msg = done.stderr.decode(errors="replace").strip()[-300:]
            raise VoiceError(f"piper ({self.model.name}) could not say {text!r}: {msg}")
