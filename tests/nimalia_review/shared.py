"""Where the project's shared data lives: `../shared` next to the repository."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared"
SHARED_CARDS = SHARED / "data" / "nimalia-cards" / "cards.json"
SHARED_SPEC = SHARED / "spec" / "nimalia.md"
