"""`check_round` and `tableref nimalia check` against the plain reading in
rounds_reference.py: a round is legal exactly when three cards laid legally, each on top,
explain it; the cards found, replayed in the order given, are legal and leave AFTER."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tableref.device.cli import main
from tableref.games.nimalia.check import check_round
from tableref.games.nimalia.model import Reserve

from .rounds_reference import (
    Spaces,
    block,
    engine_reserve,
    faces,
    fits,
    has_legal_account,
    lay,
    legal_step,
    plain,
    replays_legally,
)


def normalised(spaces: Spaces) -> Spaces:
    r0 = min(r for r, _ in spaces)
    c0 = min(c for _, c in spaces)
    return {(r - r0, c - c0): s for (r, c), s in spaces.items()}


def legal_spot(rng: random.Random, spaces: Spaces) -> tuple[int, int]:
    rows = [r for r, _ in spaces] or [0]
    cols = [c for _, c in spaces] or [0]
    spots = [(r, c) for r in range(min(rows) - 2, max(rows) + 2)
             for c in range(min(cols) - 2, max(cols) + 2) if legal_step(set(spaces), r, c)]
    return rng.choice(spots)


def a_round(seed: int) -> tuple[Spaces, Spaces, str]:
    """A reserve of 0..4 rounds, then one more round: legal, or with one card breaking a
    rule (laid beside the reserve, slid under, past 6x6) or an old space changed."""
    rng = random.Random(seed)
    deck = rng.sample(sorted(faces()), 15)
    spaces: Spaces = {}
    laid = 3 * rng.randint(0, 4)
    for cid in deck[:laid]:
        r, c = legal_spot(rng, spaces)
        spaces = lay(spaces, cid, r, c, rng.choice((0, 90, 180, 270)))
    before = dict(spaces)
    kind = rng.choice(("legal", "legal", "beside", "under", "past", "changed"))
    if not before and kind != "legal":
        kind = "beside" if rng.random() < 0.5 else "legal"
    hand = deck[laid:laid + 3]
    bad = rng.randrange(3)
    for i, cid in enumerate(hand):
        turn = rng.choice((0, 90, 180, 270))
        if i == bad and kind in ("beside", "under", "past") and spaces:
            spots = _bad_spots(spaces, kind)
            if spots:
                r, c = rng.choice(spots)
                if kind == "under":
                    on = lay({}, cid, r, c, turn)
                    spaces = {**on, **spaces}
                else:
                    spaces = lay(spaces, cid, r, c, turn)
                continue
            kind = "legal"
        if spaces and not fits(list(spaces)):
            r, c = rng.choice([p for p in spaces])
        else:
            r, c = legal_spot(rng, spaces)
        spaces = lay(spaces, cid, r, c, turn)
    if kind == "changed":
        same = [p for p in before if spaces[p] == before[p]]
        if same:
            p = rng.choice(same)
            t, a, _v = spaces[p]
            swap = {"lion": "giraffe", "giraffe": "lion", "panda": "gorilla",
                    "gorilla": "panda", "penguin": "polar_bear", "polar_bear": "penguin",
                    "crocodile": "flamingo", "flamingo": "crocodile"}
            spaces[p] = (t, swap[a], None) if a in swap else ("lake", "crocodile", None)
    return before, spaces, kind


def _bad_spots(spaces: Spaces, kind: str) -> list[tuple[int, int]]:
    rows = [r for r, _ in spaces]
    cols = [c for _, c in spaces]
    out = []
    for r in range(min(rows) - 3, max(rows) + 3):
        for c in range(min(cols) - 3, max(cols) + 3):
            cells = block(r, c)
            hits = sum(p in spaces for p in cells)
            inside = fits([*spaces, *cells])
            if ((kind == "beside" and hits == 0 and inside)
                    or (kind == "under" and 0 < hits < 4 and inside)
                    or (kind == "past" and hits > 0 and not inside)):
                out.append((r, c))
    return out


@pytest.mark.parametrize("seed", range(60))
def test_legal_exactly_when_a_legal_account_exists(seed: int) -> None:
    before, after, kind = a_round(seed)
    if not fits(list(after)):  # a Reserve cannot hold it: the checker takes a mapping
        after_spaces = {p: engine_reserve({(0, 0): s})[(0, 0)]
                        for p, s in normalised(after).items()}
    else:
        after_spaces = dict(engine_reserve(normalised(after)))
    before_spaces = dict(engine_reserve(normalised(before))) if before else {}
    verdict = check_round(before_spaces, after_spaces)
    expected = has_legal_account(before_spaces, after_spaces)
    assert verdict.legal is expected, (kind, verdict.problems)
    if kind == "legal":
        assert verdict.legal
    if verdict.legal:
        placed = [(p.card, p.row, p.col, p.turn) for p in verdict.placed]
        assert len(placed) == 3
        assert replays_legally(before_spaces, after_spaces, verdict.shift, placed)
    else:
        assert verdict.problems and all(p.message for p in verdict.problems)


def test_the_command_finds_the_cards_in_after_coordinates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Round 2: card 7 lies on card 1's bottom row from below, card 9 turned 90 on 7's
    # right half and beyond, card 12 turned 270 above card 1 (the reserve grows up).
    before = lay({}, 1, 0, 0, 0)
    after = lay(lay(lay(before, 7, 1, 0, 180), 9, 2, 1, 90), 12, -1, 1, 270)
    shifted = normalised(after)  # row -1 becomes row 0
    (tmp_path / "before.json").write_text(_file(before))
    (tmp_path / "after.json").write_text(_file(shifted))
    code = main(["nimalia", "check", "--json", str(tmp_path / "before.json"),
                 str(tmp_path / "after.json")])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["legal"] is True and out["problems"] == []
    assert sorted(out) == ["legal", "placed", "problems"]
    assert [list(p) for p in out["placed"]] == [["card", "row", "col", "turn"]] * 3
    found = {(p["card"], p["row"], p["col"], p["turn"]) for p in out["placed"]}
    assert {7, 9, 12} <= {f[0] for f in found}
    # replayed in AFTER's coordinates they explain AFTER
    placed = [(p["card"], p["row"], p["col"], p["turn"]) for p in out["placed"]]
    b = engine_reserve(before)
    a = engine_reserve(shifted)
    assert replays_legally(b, a, (1, 0), placed)


def test_the_command_names_the_card_beside_the_reserve(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = lay({}, 1, 0, 0, 0)
    after = lay(lay(lay(before, 7, 1, 1, 0), 9, 0, 4, 0), 12, 0, 1, 0)  # 9 touches nothing
    (tmp_path / "b.json").write_text(_file(before))
    (tmp_path / "a.json").write_text(_file(after))
    assert not has_legal_account(engine_reserve(before), engine_reserve(after))
    code = main(["nimalia", "check", "--json", str(tmp_path / "b.json"),
                 str(tmp_path / "a.json")])
    out = json.loads(capsys.readouterr().out)
    assert code == 1
    assert out["legal"] is False
    assert [(p["card"], p["rule"]) for p in out["problems"]] == [(9, "cover")]
    assert "card 9" in out["problems"][0]["message"]


def test_a_first_round_from_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    after = lay(lay(lay({}, 30, 0, 0, 90), 31, 1, 1, 0), 32, 2, 0, 180)
    (tmp_path / "a.json").write_text(_file(after))
    code = main(["nimalia", "check", "--json", "-", str(tmp_path / "a.json")])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["legal"]
    placed = [(p["card"], p["row"], p["col"], p["turn"]) for p in out["placed"]]
    assert replays_legally(Reserve(), engine_reserve(after), (0, 0), placed)


def _file(spaces: Spaces) -> str:
    return json.dumps({"spaces": [
        {"row": r, "col": c, "terrain": t, "animal": a, **({"river": v} if v else {})}
        for (r, c), (t, a, v) in sorted(spaces.items())]})


def test_plain_and_lay_agree_with_the_engine_card() -> None:
    from tableref.games.nimalia.cards import card

    for cid in (1, 17, 33, 60):
        for turn in (0, 90, 180, 270):
            assert plain(card(cid).spaces_at(2, 3, turn)) == lay({}, cid, 2, 3, turn)


def test_an_unchanged_reserve_has_no_legal_account() -> None:
    before = engine_reserve(lay(lay(lay({}, 1, 0, 0, 0), 2, 1, 1, 90), 3, 0, 2, 180))
    assert not has_legal_account(before, before)
    assert not check_round(before, before).legal
