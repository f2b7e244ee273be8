"""Benchmark: Nimalia reserves read from photos rendered with the real card art.

Enrols from the digital card sheet in ../shared/data/nimalia-cards (benchmark material,
never copied into the repository), builds legal reserves from the real cards (3, 6, 9,
12 or 15 cards: the end of each round; rotations and overlaps by the placement rules),
renders photos (perspective, turn, light, glare, shadow, table, loose cards, a hand,
noise, JPEG) and prints, per part: how many reserves were read exactly right, how many
were asked about (unsure spaces the player settles on the page, every space read with
confidence right), how many were read wrong without a warning (a space read with
confidence but wrong, a space missed: the only failure that scores a wrong reserve),
how many photos were said to show no reserve, the spaces right, and the milliseconds
per photo (wall clock, and the process's CPU time: one core).

The parts, the held-out ones first:
- `heldout`: the renderer's default conditions (1600x1200), photo seeds [20261202, i]:
  never looked at, never tuned on;
- `heldout-phone`: conditions never tuned on (2048x1536, spaces 45..120 px, turned up
  to 20 degrees), seeds [20261203, i];
- `tuning`: the default conditions, the stream of `--seed` (1): what the reader was
  developed on;
- `tuning-phone`: the phone's conditions, seeds [`--seed`, 7, i]: the phone part's
  failures looked for on photos of its own (from #16 on, the phone's conditions are no
  longer unseen; its seeds still are).

    .venv/bin/python bench/nimalia_vision.py [--photos 200] [--parts heldout,tuning]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# The reader's matrix products are small (a few MFLOP): BLAS threads only fight over the
# cores of a busy machine (4x slower on this one). Set before numpy loads; the daemon
# should run the same way (OPENBLAS_NUM_THREADS=1 in its environment).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import cv2
import numpy as np

from tableref.games.nimalia import Reserve, Space
from tableref.games.nimalia.objectives import OBJECTIVE_COUNT, objective
from tableref.vision.nimalia.cards import load_cards
from tableref.vision.nimalia.enrol import enrol_images
from tableref.vision.nimalia.grid import GridError
from tableref.vision.nimalia.locate import NoReserveError
from tableref.vision.nimalia.recognise import Recognition, recognise
from tableref.vision.synth.nimalia_photo import PhotoStyle, render_photo
from tableref.vision.synth.nimalia_reserve import random_reserve

DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "nimalia-cards"


def sheet_cards(data: Path) -> dict[int, np.ndarray]:
    sheet = cv2.imread(str(data / "biomeCards.png"), cv2.IMREAD_COLOR)
    if sheet is None:
        sys.exit(f"no card sheet at {data / 'biomeCards.png'}")
    return {
        n: sheet[
            ((n - 1) // 10) * 200 : ((n - 1) // 10) * 200 + 200,
            ((n - 1) % 10) * 200 : ((n - 1) % 10) * 200 + 200,
        ]
        for n in range(1, 61)
    }


def to_reserve(spaces: dict[tuple[int, int], Space]) -> Reserve:
    return Reserve(spaces).normalised()


def scores(reserve: Reserve) -> list[int]:
    return [objective(i).score([reserve])[0] for i in range(1, OBJECTIVE_COUNT + 1)]


PHONE = PhotoStyle(width=2048, height=1536, space_px=(45.0, 120.0), max_turn_deg=20.0)


@dataclass
class Tally:
    photos: int = 0
    spaces: int = 0
    right_spaces: int = 0
    exact: int = 0
    asked: int = 0  # unsure spaces named, every sure space right: the player settles
    silent_wrong: int = 0
    no_reserve: int = 0
    scored: int = 0  # exact reserves scoring right on all 22 objectives
    ms: list[float] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)


def judge(tally: Tally, truth: dict[tuple[int, int], Space], rec: Recognition) -> str:
    """exact | asked | silent | (the tally updated)."""
    tally.spaces += len(truth)
    tally.right_spaces += sum(rec.spaces.get(p) == k for p, k in truth.items())
    sure_right = all(rec.spaces[p] == truth.get(p) for p in rec.spaces)
    unsure = {(d.row, d.col) for d in rec.unreadable}
    seen = set(rec.guesses)
    missed = set(truth) - seen  # a space not on the grid: never asked about
    extra = seen - set(truth)  # table read as a space: the player can say "no card"
    if not missed and sure_right and extra <= unsure:
        if rec.complete:
            tally.exact += 1
            with contextlib.suppress(ValueError):
                tally.scored += scores(to_reserve(rec.spaces)) == scores(to_reserve(truth))
            return "exact"
        tally.asked += 1
        return "asked"
    tally.silent_wrong += 1
    return "silent"


def run_part(name: str, photos: range, seeds: Callable[[int], np.random.Generator],
             style: PhotoStyle | None, cards: dict[int, Any], images: dict[int, np.ndarray],
             enrolment: Any, keep: Path | None) -> Tally:
    tally = Tally()
    for i in photos:
        rng = seeds(i)
        placements = random_reserve(list(cards), rng, n_cards=int(rng.choice([3, 6, 9, 12, 15])))
        photo = render_photo(images, cards, placements, rng, style)
        tally.photos += 1
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            rec = recognise(photo.image, enrolment)
        except (NoReserveError, GridError) as err:
            rec = None
            print(f"{name} photo {i}: no reserve found ({err})", file=sys.stderr)
        tally.ms.append((time.perf_counter() - t0) * 1000)
        tally.cpu_ms.append((time.process_time() - c0) * 1000)
        if rec is None:
            tally.no_reserve += 1
            tally.spaces += len(photo.spaces)
            verdict = "none"
        else:
            verdict = judge(tally, photo.spaces, rec)
        if verdict == "silent":
            print(f"{name} photo {i}: read wrong without a warning", file=sys.stderr)
        if keep is not None and verdict != "exact":
            keep.mkdir(parents=True, exist_ok=True)
            cv2.imwrite(str(keep / f"{name}-{i}-{verdict}.jpg"), photo.image)
    return tally


def report(name: str, t: Tally) -> None:
    n = t.photos
    print(f"== {name}: {n} photos")
    print(f"reserves exactly right: {t.exact}/{n} = {100 * t.exact / n:.1f}%")
    print(f"reserves asked about (unsure spaces named, the rest right): {t.asked}/{n}; "
          f"right once settled: {t.exact + t.asked}/{n} = {100 * (t.exact + t.asked) / n:.1f}%")
    print(f"read wrong without a warning: {t.silent_wrong}; no reserve found: {t.no_reserve}")
    print(f"exact reserves scoring right on all {OBJECTIVE_COUNT} objectives: {t.scored}/{t.exact}")
    print(f"spaces read right with confidence: {t.right_spaces}/{t.spaces} = "
          f"{100 * t.right_spaces / max(1, t.spaces):.2f}%")
    print(f"ms per photo (wall): median {np.median(t.ms):.0f}, mean {np.mean(t.ms):.0f}, "
          f"max {np.max(t.ms):.0f}; CPU (one core): median {np.median(t.cpu_ms):.0f}, "
          f"max {np.max(t.cpu_ms):.0f}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--photos", type=int, default=200, help="per part")
    ap.add_argument("--seed", type=int, default=1, help="the tuning part's stream")
    ap.add_argument("--parts", default="heldout,heldout-phone,tuning")
    ap.add_argument("--first", type=int, default=0,
                    help="start at this photo (seeded parts; `tuning` is one stream: --seed)")
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--keep", type=Path, help="write the photos not read exactly right here")
    args = ap.parse_args()
    cards = load_cards(args.data / "cards.json")
    images = sheet_cards(args.data)
    enrolment = enrol_images(cards, images)
    tuning = np.random.default_rng(args.seed)
    parts: dict[str, tuple[Callable[[int], np.random.Generator], PhotoStyle | None]] = {
        "heldout": (lambda i: np.random.default_rng([20261202, i]), None),
        "heldout-phone": (lambda i: np.random.default_rng([20261203, i]), PHONE),
        "tuning": (lambda i: tuning, None),
        "tuning-phone": (lambda i: np.random.default_rng([args.seed, 7, i]), PHONE),
    }
    print(f"real card art, {len(enrolment.card_ids)} cards enrolled; "
          f"load average at the start: {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores")
    for name in args.parts.split(","):
        if name not in parts:
            sys.exit(f"unknown part {name!r} (known: {', '.join(parts)})")
        seeds, style = parts[name]
        shots = range(args.first, args.first + args.photos)
        report(name, run_part(name, shots, seeds, style, cards, images, enrolment,
                              args.keep))
    print(f"load average at the end: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
