from __future__ import annotations

from pathlib import Path

import pytest

RESERVES = Path(__file__).parent / "reserves"


@pytest.fixture
def reserves_dir() -> Path:
    return RESERVES
