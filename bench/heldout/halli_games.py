"""Whole recorded Halli Galli games, refereed offline by `tableref halli referee --json`.

    .venv/bin/python bench/heldout/halli_games.py                 # 18 games, held-back first
    .venv/bin/python bench/heldout/halli_games.py --referee "python fake.py" --games 1 --no-enrol

Each game is played by the engine (the truth), filmed from a fixed camera (the empty table
first, hands flipping cards onto messy piles, presses when ringing is right and when it is
wrong, late presses, the cards gathered after every ring) and written as the spec's
contract says: FRAMES_DIR (`000001234567890.jpg`, sensor time in ns) and PRESSES.jsonl
(a `start` line, then `{"player": p, "t_ns": ...}`). The referee's `{"events", "state"}`
is compared with the truth: flips seen, flips read right, rings judged right / unsure /
wrong / missed (and of the unsure ones, those the referee settled afterwards on what the
camera saw the players do, settled right or wrong: a settle moves the cards as a verdict
does), presses judged that were late, the final state. A benchmark, never a test.
By default each game's deck animals are enrolled first (`tableref halli enroll`, one plain
photo of each, into the game's own data directory), as a family would; `--no-enrol` referees
with zero configuration, where an animal is at best "animal" and the rings it decides unsure.

Games: tuning seeds (< 1000) on tuning surfaces and art; held-back seeds (>= 1000) on the
held-back families (marble or batik cloth, watercolour art, mixed light).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.heldout.game_sim import GameSpec, record, write  # noqa: E402
from bench.heldout.store import deck_named, enrol_dir  # noqa: E402
from tableref.games.halli import parse_card  # noqa: E402

TUNING_GAMES = (
    GameSpec(seed=1, players=3, surface="wood", art="shaded", light="neutral"),
    GameSpec(seed=2, players=4, surface="gingham", art="photo", light="warm", hard=True),
    # broader (added after the first two read far better than these): a light cloth, the
    # scans in a dim room, a saturated cloth with glare, two players, patterns
    GameSpec(seed=3, players=3, surface="plain-light", art="flat", light="cool"),
    GameSpec(seed=4, players=4, surface="tartan", art="outlined", light="warm", hard=True),
    GameSpec(seed=5, players=2, surface="dots", art="photo", light="neutral"),
    GameSpec(seed=6, players=4, surface="floral", art="shaded", light="uneven", hard=True),
    GameSpec(seed=7, players=3, surface="plain-dark", art="scan", light="dim"),
    GameSpec(seed=8, players=3, surface="plain-saturated", art="shaded", light="glare",
             hard=True),
    # more (stop 39), to tell apart changes that 8 games could not: the same tuning
    # surfaces, art and lights in other mixes
    GameSpec(seed=9, players=4, surface="wood", art="flat", light="warm", hard=True),
    GameSpec(seed=10, players=3, surface="tartan", art="shaded", light="cool"),
    GameSpec(seed=11, players=2, surface="gingham", art="outlined", light="dim"),
    GameSpec(seed=12, players=4, surface="plain-light", art="photo", light="glare", hard=True),
    GameSpec(seed=13, players=3, surface="floral", art="scan", light="neutral"),
    GameSpec(seed=14, players=3, surface="dots", art="outlined", light="uneven", hard=True),
    GameSpec(seed=15, players=4, surface="plain-saturated", art="flat", light="neutral"),
    GameSpec(seed=16, players=2, surface="plain-dark", art="photo", light="warm", hard=True),
)
HELD_GAMES = (
    GameSpec(seed=1001, players=3, surface="marble", art="watercolour", light="mixed"),
    GameSpec(seed=1002, players=4, surface="batik", art="outlined", light="mixed", hard=True),
)


@dataclass
class GameTally:
    flips: int = 0
    flips_seen: int = 0
    flips_right: int = 0
    flips_extra: int = 0  # flips the referee saw that were not made
    rings: int = 0
    rings_right: int = 0
    rings_unsure: int = 0
    rings_wrong: int = 0
    rings_missed: int = 0
    settled_right: int = 0  # unsure rings the referee settled on what it saw next, rightly
    settled_wrong: int = 0  # ... the other way from the truth: cards moved wrongly
    rings_extra: int = 0  # late presses judged as rings
    late: int = 0  # presses while the bells were locked
    late_recorded: int = 0  # `late` events the referee wrote
    state_right: int = 0
    games: int = 0

    def add(self, o: GameTally) -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(o, f.name))


def _code(card: Any) -> str | None:
    if card is None:
        return None
    try:
        return str(parse_card(str(card)).code)
    except ValueError:
        return None


def align(want: list[dict[str, Any]], got: list[dict[str, Any]]) -> list[tuple[int, int]]:
    """The true flips paired with the referee's, in order, each pair of the same seat: as
    many pairs as can be, and of those pairings the one that pairs the most flips read as
    the true card (the game log has no times: with only the seats to go by, one flip
    missed would pair each later flip of that seat with the flip a round before it)."""
    n, m = len(want), len(got)
    best = np.zeros((n + 1, m + 1), np.int64)  # pairs * (n + 1) + cards read right
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            b = max(best[i + 1, j], best[i, j + 1])
            if want[i]["player"] == got[j].get("player"):
                same = _code(got[j].get("card")) == want[i]["card"]
                b = max(b, best[i + 1, j + 1] + n + 1 + int(same))
            best[i, j] = b
    pairs, i, j = [], 0, 0
    while i < n and j < m:
        same = _code(got[j].get("card")) == want[i]["card"]
        if want[i]["player"] == got[j].get("player") and (
                best[i, j] == best[i + 1, j + 1] + n + 1 + int(same)):
            pairs.append((i, j))
            i, j = i + 1, j + 1
        elif best[i, j] == best[i + 1, j]:
            i += 1
        else:
            j += 1
    return pairs


def compare(truth: dict[str, Any], answer: dict[str, Any]) -> tuple[GameTally, list[str]]:
    """Score a referee's `{"events", "state"}` against the truth of the game."""
    t = GameTally(games=1)
    notes: list[str] = []
    want = [e for e in truth["events"] if e["event"] == "flip"]
    got = [e for e in answer.get("events", []) if e.get("event") == "flip"]
    t.flips = len(want)
    for i, j in align(want, got):
        w, g = want[i], got[j]
        t.flips_seen += 1
        if _code(g.get("card")) == w["card"]:
            t.flips_right += 1
        else:
            notes.append(f"flip {i} of seat {w['player']}: {w['card']} read as {g.get('card')}")
    t.flips_extra = len(got) - t.flips_seen
    rings = [e for e in truth["events"] if e["event"] == "ring"]
    judged = [e for e in answer.get("events", []) if e.get("event") == "ring"]
    t.rings = len(rings)
    settled = _settled(answer.get("events", []))
    used: set[int] = set()
    for r in rings:
        match = [i for i, e in enumerate(judged) if i not in used and e.get("player") == r["player"]
                 and abs(int(e.get("t_ns") or -10**18) - r["t_ns"]) <= 1_000_000]
        if not match:
            t.rings_missed += 1
            notes.append(f"ring by seat {r['player']} at {r['t_ns']} not judged")
            continue
        used.add(match[0])
        right = judged[match[0]].get("right")
        if right is None:
            t.rings_unsure += 1
            if match[0] in settled:  # settled afterwards: as good as a verdict, or as bad
                if settled[match[0]] == r["right"]:
                    t.settled_right += 1
                else:
                    t.settled_wrong += 1
                    notes.append(f"ring by seat {r['player']}: settled {settled[match[0]]}, "
                                 f"truth {r['right']}")
        elif bool(right) == r["right"]:
            t.rings_right += 1
        else:
            t.rings_wrong += 1
            notes.append(f"ring by seat {r['player']}: judged {right}, truth {r['right']}")
    t.rings_extra = len(judged) - len(used)
    t.late = len(truth.get("presses", [])) - len(rings)
    t.late_recorded = sum(1 for e in answer.get("events", []) if e.get("event") == "late")
    t.state_right = int(answer.get("state") == truth["state"])
    if not t.state_right:
        notes.append(f"final state {answer.get('state')} != truth {truth['state']}")
    return t, notes


def _settled(events: list[dict[str, Any]]) -> dict[int, bool]:
    """For each ring (its index among the answer's ring events) that a `settle` event
    settled, the verdict settled on: a settle is the last ring's, the ringer's, when that
    ring could not be judged (the spec's settle)."""
    out: dict[int, bool] = {}
    last: tuple[int, Any] | None = None  # the last ring: its index and ringer
    rings = -1
    for e in events:
        kind = e.get("event")
        if kind == "ring":
            rings += 1
            last = (rings, e.get("player")) if e.get("right") is None else None
        elif kind == "flip":
            last = None
        elif kind == "settle" and last is not None and e.get("player") == last[1]:
            out[last[0]] = bool(e.get("right"))
            last = None
    return out


def check_answer(answer: object) -> list[str]:
    """The contract's shape: events in the game-log form, the state as replay prints it."""
    if not isinstance(answer, dict) or not isinstance(answer.get("events"), list):
        return ["not {\"events\": [...], \"state\": {...}}"]
    problems = []
    events = answer["events"]
    if not events or events[0].get("event") != "start":
        problems.append("the events do not begin with start")
    for e in events:
        kind = e.get("event")
        if kind == "flip" and ("player" not in e or "card" not in e):
            problems.append(f"flip without player or card: {e}")
        elif kind == "ring" and ("player" not in e or ("right" not in e
                                                       and e.get("judged") is not False)):
            problems.append(f"ring without player or right: {e}")
        elif kind == "late" and "player" not in e:
            problems.append(f"late press without player: {e}")
        elif kind not in ("start", "flip", "ring", "late", "settle"):
            problems.append(f"unknown event {kind!r}")
    state = answer.get("state")
    keys = {"players", "bell", "turn", "over", "winner"}
    if not isinstance(state, dict) or set(state) != keys:
        problems.append(f"state keys {sorted(state) if isinstance(state, dict) else state}")
    return problems


def enrol(cmd: list[str], deck: str, data: Path) -> str:
    """`tableref halli enroll` of the deck's animals (one plain photo each, as a family
    would) into the data directory `data`; an error message, or ""."""
    d = deck_named(deck)
    if not d.has_animals:
        return ""
    if cmd[-1] != "referee":
        return "the referee command does not end in `referee`: cannot enrol with it"
    folder = enrol_dir(d, data / "photos")
    done = subprocess.run([*cmd[:-1], "enroll", str(folder)], env=_data_env(data),
                          capture_output=True, text=True, timeout=120, check=False)
    return "" if done.returncode == 0 else f"enroll failed: {done.stderr.strip()[-200:]}"


def _data_env(data: Path | None) -> dict[str, str] | None:
    """The environment that gives tableref the data directory `data` (None: this one)."""
    return None if data is None else dict(os.environ, XDG_DATA_HOME=str(data))


def referee(cmd: list[str], frames: Path, presses: Path, timeout: float,
            data: Path | None = None) -> tuple[dict[str, Any] | None, str]:
    env = _data_env(data)
    try:
        done = subprocess.run([*cmd, "--json", str(frames), str(presses)], capture_output=True,
                              text=True, timeout=timeout, check=False, env=env)
    except subprocess.TimeoutExpired:
        return None, f"timed out after {timeout:.0f} s"
    if done.returncode != 0:
        err = done.stderr.strip()
        if "invalid choice" in err and "referee" in err:
            return None, "`tableref halli referee` does not exist yet on this tree"
        return None, f"exit {done.returncode}: {err[-400:]}"
    try:
        return json.loads(done.stdout), ""
    except json.JSONDecodeError as exc:
        return None, f"not JSON ({exc}): {done.stdout[:200]!r}"


def _print(title: str, t: GameTally) -> None:
    def pct(n: int, d: int) -> str:
        return f"{100 * n / d:.1f}%" if d else "-"
    print(f"{title:30} games {t.games}  flips {t.flips}: seen {pct(t.flips_seen, t.flips)}, "
          f"read right {pct(t.flips_right, t.flips)}, extra {t.flips_extra}  |  rings {t.rings}: "
          f"right {pct(t.rings_right, t.rings)}, unsure {pct(t.rings_unsure, t.rings)} "
          f"(settled on what was seen next: {t.settled_right} right, {t.settled_wrong} wrong), "
          f"wrong {t.rings_wrong}, missed {t.rings_missed}, late judged {t.rings_extra}, "
          f"late recorded {t.late_recorded}/{t.late}  |  "
          f"final state right {t.state_right}/{t.games}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--referee", default=f"{shlex.quote(sys.executable)} -m tableref halli referee",
                    help="the referee command, without --json and the two paths "
                         "(default: %(default)s)")
    ap.add_argument("--part", choices=("all", "tuning", "held"), default="all")
    ap.add_argument("--games", type=int, default=0, help="only the first N games of each part")
    ap.add_argument("--small", action="store_true",
                    help="640x360 frames, short games (a smoke run)")
    ap.add_argument("--keep", type=Path, help="write the games here and keep them")
    ap.add_argument("--timeout", type=float, default=1800, help="seconds per referee run")
    ap.add_argument("--no-enrol", action="store_true",
                    help="referee with no enrolment (zero configuration); by default the "
                         "deck's animals are enrolled first from one plain photo each, as a "
                         "family would")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args(argv)
    cmd = shlex.split(args.referee)
    parts: list[tuple[str, tuple[GameSpec, ...]]] = []
    if args.part in ("all", "held"):
        parts.append(("HELD-BACK games (seeds >= 1000)", HELD_GAMES))
    if args.part in ("all", "tuning"):
        parts.append(("tuning games (seeds < 1000)", TUNING_GAMES))
    print(f"enrolment: {'none' if args.no_enrol else 'each deck animals'}")
    with tempfile.TemporaryDirectory(prefix="heldout-games-") as tmp:
        root = args.keep or Path(tmp)
        failed = False
        for title, specs in parts:
            total = GameTally()
            for spec in specs[: args.games or None]:
                if args.small:
                    spec = GameSpec(**{**spec.__dict__, "width": 640, "height": 360,
                                       "cards_each": 4, "max_flips": 12})
                t0 = time.perf_counter()
                rec = record(spec)
                folder = root / f"game-{spec.seed}"
                frames, presses = write(rec, folder)
                made = time.perf_counter() - t0
                data = None
                if not args.no_enrol:
                    data = folder / "data"
                    err = enrol(cmd, rec.deck, data)
                    if err:
                        print(f"game {spec.seed}: {err}")
                        failed = True
                        continue
                t0 = time.perf_counter()
                answer, err = referee(cmd, frames, presses, args.timeout, data)
                took = time.perf_counter() - t0
                print(f"game {spec.seed}: {len(rec.frames)} frames, {len(rec.presses)} presses, "
                      f"rendered in {made:.0f} s, refereed in {took:.1f} s "
                      f"({1000 * took / max(1, len(rec.frames)):.1f} ms per frame)", flush=True)
                if answer is None:
                    print(f"  referee failed: {err}")
                    failed = True
                    continue
                for p in check_answer(answer):
                    print(f"  contract: {p}")
                truth = json.loads((folder / "truth.json").read_text())
                tally, notes = compare(truth, answer)
                total.add(tally)
                _print(f"  game {spec.seed}", tally)
                if args.verbose:
                    for n in notes:
                        print(f"    {n}")
            _print(title, total)
    return 3 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
