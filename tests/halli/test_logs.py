"""Game logs with their expected outcome, replayed (python-chess's .perft files, for Halli).

Each `logs/NAME.jsonl` has `logs/NAME.expected.json`: either {"state": <the replay --json
form>} or {"error": "<the message naming the bad line>"}. The expected states were worked
out by hand from the spec's rules.
"""

import json
from pathlib import Path

import pytest

from tableref.games.halli import LogError, replay

LOGS = Path(__file__).parent / "logs"
CASES = sorted(LOGS.glob("*.jsonl"))


def test_there_are_logs_of_both_kinds() -> None:
    kinds = {k for p in CASES for k in json.loads(_expected(p).read_text()) if k != "comment"}
    assert kinds == {"state", "error"}
    assert len(CASES) >= 12


def _expected(log: Path) -> Path:
    return log.with_suffix(".expected.json")


@pytest.mark.parametrize("log", CASES, ids=lambda p: p.stem)
def test_log(log: Path) -> None:
    expected = json.loads(_expected(log).read_text(encoding="utf-8"))
    lines = log.read_text(encoding="utf-8").splitlines()
    if "state" in expected:
        assert replay(lines).to_json() == expected["state"]
    else:
        with pytest.raises(LogError) as info:
            replay(lines)
        assert str(info.value) == expected["error"]
