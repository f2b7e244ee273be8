"""Where tableref keeps the user's data (enrolments, the game journal)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path


def data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """`$XDG_DATA_HOME/tableref`, or `~/.local/share/tableref` when XDG_DATA_HOME is unset.

    The directory is not created here; writers create it when they first write.
    """
    env = os.environ if environ is None else environ
    base = env.get("XDG_DATA_HOME") or ""
    root = Path(base) if base else Path(env.get("HOME", str(Path.home()))) / ".local" / "share"
    return root / "tableref"
