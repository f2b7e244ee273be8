"""Held-out single photos for the Halli Galli card reader: scenes drawn independently of the
project's own generators, read through the public API, compared with their truth.

    .venv/bin/python bench/heldout/halli_photos.py            # everything, held-back part first
    .venv/bin/python bench/heldout/halli_photos.py --part tuning --verbose

Prints, for ordinary and hard scenes apart and per condition family: cards found, exactly
right, unknown, confident wrong reads, false cards, backs reported as face-up cards,
verdicts right / unsure / wrong beside the "always no ring" baseline, and ms per 1280x720
frame (median, p95) on one core with the load. A sample also goes through
`tableref halli recognise --json IMAGE` (the same venv's `python -m tableref`) to check the
command-line contract and that it agrees with the API. A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from bench.heldout import conditions  # noqa: E402
from bench.heldout.evaluate import HEADER, LEGEND, Tally, judge, row, total  # noqa: E402
from bench.heldout.store import (  # noqa: E402
    Frame,
    deck_named,
    default_cache,
    enrol_dir,
    enrolment_for,
    renderer_version,
    scene_frame,
)
from tableref.vision.halli.recognise import recognise  # noqa: E402

FIELDS = {"fruit": {"kind", "code", "fruits", "center", "corners"},
          "animal": {"kind", "animal", "code", "center", "corners"},
          "unknown": {"kind", "center", "corners"}}


def reference_ms(rounds: int = 5) -> float:
    """A fixed OpenCV workload on a fixed 1280x720 frame, to set the timings against."""
    img = np.random.default_rng(0).integers(0, 255, (720, 1280, 3), dtype=np.uint8)
    best = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        g = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
        g = cv2.GaussianBlur(g, (0, 0), 2.0)
        cv2.Canny(g, 50, 150)
        cv2.cvtColor(img, cv2.COLOR_BGR2HSV)
        best.append((time.perf_counter() - t0) * 1000)
    return float(np.median(best))


def check_contract(out: dict[str, Any]) -> list[str]:
    problems = []
    cards = out.get("cards")
    if not isinstance(cards, list):
        return ["no 'cards' list"]
    for c in cards:
        kind = c.get("kind")
        if kind not in FIELDS:
            problems.append(f"kind {kind!r}")
            continue
        missing = FIELDS[kind] - set(c)
        if missing:
            problems.append(f"{kind} card without {sorted(missing)}")
        if len(c.get("center", [])) != 2 or not all(len(p) == 2 for p in c.get("corners", [])):
            problems.append(f"{kind} card with a bad center or corners")
        if kind == "fruit":
            fruits = c.get("fruits", {})
            if set(fruits) != {"banana", "plum", "strawberry", "lime"}:
                problems.append(f"fruits {sorted(fruits)}")
            letters = "".join(k[0].upper() * int(n) for k, n in fruits.items())
            if sorted(letters) != sorted(str(c.get("code"))):
                problems.append(f"code {c.get('code')} disagrees with fruits {fruits}")
        if kind == "animal" and c.get("animal") != c.get("code"):
            problems.append("animal and code differ")
    return problems


def through_cli(frame: Frame, api: list[dict[str, Any]], cache: Path) -> list[str]:
    """`tableref halli [enroll DIR;] recognise --json IMAGE` on the frame: its problems."""
    with tempfile.TemporaryDirectory(prefix="heldout-cli-") as tmp:
        env = dict(os.environ, XDG_DATA_HOME=tmp)
        cmd = [sys.executable, "-m", "tableref", "halli"]
        deck = deck_named(frame.deck)
        if deck.has_animals:
            folder = enrol_dir(deck, Path(tmp) / "photos")
            done = subprocess.run([*cmd, "enroll", str(folder)], env=env, capture_output=True,
                                  text=True, timeout=120, check=False)
            if done.returncode != 0:
                return [f"enroll failed: {done.stderr.strip()[-200:]}"]
        done = subprocess.run([*cmd, "recognise", "--json", str(frame.path)], env=env,
                              capture_output=True, text=True, timeout=120, check=False)
        if done.returncode != 0:
            return [f"recognise exit {done.returncode}: {done.stderr.strip()[-200:]}"]
        try:
            out = json.loads(done.stdout)
        except json.JSONDecodeError as err:
            return [f"not JSON: {err}"]
    problems = check_contract(out)
    got = [(c.get("kind"), c.get("code")) for c in out.get("cards", [])]
    want = [(c.get("kind"), c.get("code")) for c in api]
    if got != want:
        problems.append(f"CLI {got} != API {want}")
    return problems


def _families(frames: list[Frame], tallies: list[Tally]) -> list[str]:
    lines = []
    for axis in conditions.AXES:
        values = sorted({f.families[axis] for f in frames})
        for v in values:
            ts = [t for f, t in zip(frames, tallies, strict=True) if f.families[axis] == v]
            lines.append(row(f"{axis}={v}", total(ts)))
    tags = sorted({tag for f in frames for tag in f.tags})
    for tag in tags:
        ts = [t for f, t in zip(frames, tallies, strict=True) if tag in f.tags]
        lines.append(row(f"+{tag}", total(ts)))
    return lines


def _report(title: str, frames: list[Frame], tallies: list[Tally], per_family: bool) -> None:
    print(f"\n== {title} ==")
    print(HEADER)
    for name, hard in (("ordinary", False), ("hard", True)):
        ts = [t for f, t in zip(frames, tallies, strict=True) if f.hard == hard]
        print(row(name, total(ts)))
    print(row("all", total(tallies)))
    if per_family:
        print(f"-- per family ({title}, ordinary and hard together) --")
        for line in _families(frames, tallies):
            print(line)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="condition families:\n" + (conditions.__doc__ or ""))
    ap.add_argument("--ordinary", type=int, default=150, help="ordinary scenes (tuning part)")
    ap.add_argument("--hard", type=int, default=150, help="hard scenes (tuning part)")
    ap.add_argument("--held", type=int, default=120,
                    help="scenes of the held-back part (seeds >= 1000, half ordinary, half hard)")
    ap.add_argument("--part", choices=("all", "tuning", "held"), default="all")
    ap.add_argument("--no-enrol", action="store_true",
                    help="read with no enrolment (zero configuration); by default each deck's "
                         "animals are enrolled from one plain photo each, as a family would")
    ap.add_argument("--cli-sample", type=int, default=6,
                    help="scenes also read through `tableref halli recognise --json`")
    ap.add_argument("--core", type=int, default=1, help="pin to this core (-1: do not pin)")
    ap.add_argument("--cache", type=Path, default=default_cache(),
                    help="where rendered scenes are kept (default: %(default)s)")
    ap.add_argument("--no-families", action="store_true", help="skip the per-family tables")
    ap.add_argument("--verbose", action="store_true", help="print every problem of every scene")
    ap.add_argument("--json", type=Path, help="write per-scene results here")
    args = ap.parse_args(argv)

    if args.core >= 0:
        os.sched_setaffinity(0, {args.core})
    load_before = Path("/proc/loadavg").read_text().split()[:3]
    jobs: list[tuple[int, bool]] = []
    if args.part in ("all", "held"):
        jobs += [(conditions.HELD_SEED + i, i % 2 == 1) for i in range(args.held)]
    if args.part in ("all", "tuning"):
        jobs += [(2 * i, False) for i in range(args.ordinary)]
        jobs += [(2 * i + 1, True) for i in range(args.hard)]
    print(f"renderer {renderer_version()}, cache {args.cache}, scenes {len(jobs)}, "
          f"enrolment {'none' if args.no_enrol else 'each deck animals'}, "
          f"pinned to core {args.core}", flush=True)
    frames: list[Frame] = []
    tallies: list[Tally] = []
    timings: list[float] = []
    refs: list[float] = []
    results = []
    cli_every = max(1, len(jobs) // max(1, args.cli_sample)) if args.cli_sample else 0
    cli_checked, cli_problems = 0, []
    t_render = 0.0
    for n, (seed, hard) in enumerate(jobs):
        t0 = time.perf_counter()
        frame = scene_frame(seed, hard, args.cache)
        t_render += time.perf_counter() - t0
        enrolment, err = (None, None) if args.no_enrol else enrolment_for(frame.deck, args.cache)
        if err:
            print(f"warning: {err}", flush=True)
        t0 = time.perf_counter()
        try:
            seen = recognise(frame.image, enrolment)
            reports = [c.to_json() for c in seen]
        except Exception as exc:  # a crash is a result too: nothing read
            print(f"seed {seed}: recognise raised {exc!r}", flush=True)
            reports = []
        ms = (time.perf_counter() - t0) * 1000
        if frame.image.shape[:2] == (720, 1280):
            timings.append(ms)
        if n % 25 == 0:
            refs.append(reference_ms())
        tally, notes = judge(frame.truth, reports)
        frames.append(frame)
        tallies.append(tally)
        results.append({"seed": seed, "hard": hard, "held": frame.held,
                        "families": frame.families, "tags": frame.tags, "ms": ms,
                        "tally": tally.__dict__, "notes": notes, "reports": reports})
        if args.verbose and notes:
            part = "held" if frame.held else "tuning"
            print(f"[{part} seed {seed} {'hard' if hard else 'ord'} {frame.families} "
                  f"{frame.tags}] " + "; ".join(notes), flush=True)
        if cli_every and n % cli_every == 0 and cli_checked < args.cli_sample:
            cli_checked += 1
            cli_problems += [f"seed {seed}: {p}" for p in through_cli(frame, reports, args.cache)]
        if (n + 1) % 50 == 0:
            print(f"  {n + 1}/{len(jobs)} scenes", flush=True)
    load_after = Path("/proc/loadavg").read_text().split()[:3]

    print(LEGEND)
    held = [i for i, f in enumerate(frames) if f.held]
    tune = [i for i, f in enumerate(frames) if not f.held]
    for title, idx in (("HELD-BACK PART (seeds >= 1000, held-back families)", held),
                       ("tuning part (seeds < 1000)", tune)):
        if idx:
            _report(title, [frames[i] for i in idx], [tallies[i] for i in idx],
                    not args.no_families)
    if timings:
        med, p95 = np.median(timings), np.percentile(timings, 95)
        ref = float(np.median(refs))
        print(f"\nms per 1280x720 frame (recognise, one core): median {med:.1f}, p95 {p95:.1f}, "
              f"n {len(timings)}; reference workload {ref:.2f} ms (median/ref {med / ref:.1f}); "
              f"load before {' '.join(load_before)}, after {' '.join(load_after)}")
    print(f"rendering (or reading the cache) took {t_render:.0f} s")
    if args.cli_sample:
        print(f"CLI contract: {cli_checked} frames through `tableref halli recognise --json`, "
              f"{len(cli_problems)} problems")
        for p in cli_problems:
            print(f"  {p}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
