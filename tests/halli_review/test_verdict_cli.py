"""The verdict rule by rule, and the command line's exact output, worked out from the spec."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tableref.device.cli import main
from tableref.games.halli import parse_cards, verdict


@pytest.mark.parametrize(
    ("cards", "ring"),
    [
        ("B B", True),  # 1: two identical fruit cards
        ("BP PB", True),  # the same counts, written in another order
        ("B BB", False),  # same fruit, other count: not identical
        ("elephant B", True),  # 2: elephant, a fruit card, no strawberry
        ("elephant", False),  # 2 needs a fruit card
        ("elephant S", False),  # veto
        ("elephant BS BS", False),  # the veto beats two identical cards
        ("monkey B", True),  # 3
        ("monkey", False),
        ("monkey PL", False),  # veto
        ("pig", True),  # 4: a pig alone
        ("pig monkey L", False),  # the veto beats the pig
        ("pig elephant S", False),  # rulebook
        ("monkey L BBP BBP", False),  # rulebook
        ("elephant monkey B", True),
        ("elephant monkey S", False),  # the monkey's trigger holds, the elephant vetoes
        ("elephant monkey L", False),  # the elephant's trigger holds, the monkey vetoes
        ("elephant monkey", False),
        ("", False),  # nothing visible
    ],
)
def test_the_verdict(cards: str, ring: bool) -> None:
    judged = verdict(parse_cards(cards.split()))
    assert judged.ring is ring
    assert judged.reasons  # always says why
    if not ring and judged.vetoes:
        assert judged.reasons[0].startswith("veto")


@pytest.mark.parametrize(
    ("cards", "ring"),
    [
        ("elephant", True),
        ("monkey", True),
        ("elephant monkey", True),
        ("elephant S", False),  # a fruit card is visible: the usual rules and vetoes
        ("monkey L", False),
        ("monkey L elephant", False),
        ("elephant B", True),
        ("", False),
    ],
)
def test_the_elephant_alone_option(cards: str, ring: bool) -> None:
    assert verdict(parse_cards(cards.split()), elephant_alone_rings=True).ring is ring


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_verdict_json_is_the_spec_form(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "halli", "verdict", "--json", "b", "B")
    assert code == 0
    assert out == '{"ring": true, "reasons": ["two identical fruit cards (B)"]}\n'
    code, out, _ = cli(capsys, "halli", "verdict", "--json", "monkey", "PL")
    assert out == '{"ring": false, "reasons": ["veto: a monkey and a lime (PL)"]}\n'


def test_verdict_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(capsys, "halli", "verdict", "elephant", "B")[1] == (
        "ring\n- an elephant and no strawberry\n"
    )
    assert cli(capsys, "halli", "verdict", "B", "P")[1] == "no ring\n- no trigger\n"


def write(tmp_path: Path, *lines: str) -> str:
    log = tmp_path / "game.jsonl"
    log.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(log)


SPEC_LOG = (
    '{"event": "start", "players": ["Ann", "Ben", "Cid"]}',
    '{"event": "flip", "player": 0, "card": "BBL"}',
    '{"event": "ring", "player": 2, "t_ns": 123456789}',
)


def test_replay_json_is_exactly_the_spec_form(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Cid rings wrong with an empty pile: nothing goes under the bell; Ann, his left, turns
    code, out, err = cli(capsys, "halli", "replay", "--json", write(tmp_path, *SPEC_LOG))
    assert (code, err) == (0, "")
    assert out == (
        '{"players": [{"name": "Ann", "stack": 23, "pile": 1, "out": false}, '
        '{"name": "Ben", "stack": 24, "pile": 0, "out": false}, '
        '{"name": "Cid", "stack": 24, "pile": 0, "out": false}], '
        '"bell": 0, "turn": 0, "over": false, "winner": null}\n'
    )


def test_replay_json_of_a_game_that_is_over(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = write(
        tmp_path,
        '{"event": "start", "players": ["Ann", "Ben"], "cards": [1, 2]}',
        '{"event": "flip", "player": 0, "card": "B"}',
        '{"event": "flip", "player": 1, "card": "P"}',
    )
    state = json.loads(cli(capsys, "halli", "replay", "--json", log)[1])
    assert state["players"][0] == {"name": "Ann", "stack": 0, "pile": 1, "out": True}
    assert (state["over"], state["winner"], state["bell"]) == (True, 1, 0)


@pytest.mark.parametrize(
    ("lines", "error"),
    [
        ((SPEC_LOG[0], "", '{"event": "flip", "player": 1, "card": "B"}'), "line 3: Ben cannot"),
        ((SPEC_LOG[0], "{"), "line 2: not JSON"),
        ((SPEC_LOG[0], '{"event": "flip", "player": 0, "card": "BX"}'), "line 2: flip: 'BX'"),
        ((SPEC_LOG[0], '{"event": "ring", "player": 0, "who": 1}'), "line 2: unknown key 'who'"),
        ((SPEC_LOG[1],), "line 1: no game yet"),
        ((SPEC_LOG[0], SPEC_LOG[0]), "line 2: the game has already started"),
        (('{"event": "start", "players": ["A", "B"], "cards": [40, 40]}',), "line 1: the deal"),
    ],
)
def test_replay_names_the_bad_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lines: tuple[str, ...], error: str
) -> None:
    log = write(tmp_path, *lines)
    code, out, err = cli(capsys, "halli", "replay", "--json", log)
    assert (code, out) == (2, "")
    assert err.startswith(f"tableref: error: {log}: {error}")


@pytest.mark.parametrize(
    ("line", "error"),
    [
        (
            '{"event": "flip", "player": 1' + "0" * 5000 + "}",
            "line 2: not JSON: a number has too many digits",
        ),
        ("[" * 100_000, "line 2: not JSON: nested too deeply"),
    ],
)
def test_a_pathological_line_is_a_bad_line_not_a_crash(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, line: str, error: str
) -> None:
    log = write(tmp_path, SPEC_LOG[0], line)
    code, out, err = cli(capsys, "halli", "replay", "--json", log)
    assert (code, out) == (2, "")
    assert err.startswith(f"tableref: error: {log}: {error}")
