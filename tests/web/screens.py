"""Where the page tests keep their screenshots: `out/screens/` in the checkout (gitignored),
kept after the run as test artefacts to look at; TABLEREF_SCREENS moves it."""

from __future__ import annotations

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# the screens the page is made for: the Pi's 7-inch kiosk, a 10-inch one, a monitor, a phone
SIZES = {"kiosk7": (800, 480), "kiosk10": (1024, 600), "hd": (1280, 720), "phone": (390, 844)}


def screens_dir() -> Path:
    path = Path(os.environ.get("TABLEREF_SCREENS") or ROOT / "out" / "screens")
    path.mkdir(parents=True, exist_ok=True)
    return path


def shot_path(name: str) -> Path:
    return screens_dir() / (re.sub(r"[^A-Za-z0-9_.-]+", "-", name) + ".png")
