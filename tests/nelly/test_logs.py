"""Game logs with their expected outcome, replayed (python-chess's .perft files, for Nelly).

Each `logs/NAME.jsonl` has `logs/NAME.expected.json`: either {"state": <the replay --json
form>} or {"error": "<the message naming the bad line>"}. The expected states and
messages were worked out by hand from the spec's rules, not produced by the engine.
"""

import json
from pathlib import Path

import pytest

from tableref.games.nelly import LogError, replay

LOGS = Path(__file__).parent / "logs"
CASES = sorted(LOGS.glob("*.jsonl"))


def _expected(log: Path) -> Path:
    return log.with_suffix(".expected.json")


def test_every_log_has_its_expectation_and_there_are_both_kinds() -> None:
    assert all(_expected(p).exists() for p in CASES)
    assert {p.name for p in LOGS.iterdir()} == {
        *(p.name for p in CASES), *(_expected(p).name for p in CASES)
    }
    kinds = [next(iter(json.loads(_expected(p).read_text()))) for p in CASES]
    assert kinds.count("state") >= 14 and kinds.count("error") >= 35


@pytest.mark.parametrize("log", CASES, ids=lambda p: p.stem)
def test_log(log: Path) -> None:
    expected = json.loads(_expected(log).read_text(encoding="utf-8"))
    lines = log.read_text(encoding="utf-8").splitlines()
    if "state" in expected:
        state = replay(lines)
        assert state.to_json() == expected["state"]
        assert list(state.to_json()) == list(expected["state"])  # the spec's key order
        assert state.turtle_count() == state.dealt
        assert state.plant_count() == state.dealt_plants
    else:
        with pytest.raises(LogError) as info:
            replay(lines)
        assert str(info.value) == expected["error"]
