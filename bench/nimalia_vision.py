"""Benchmark: Nimalia reserves read from photos rendered with the real card art.

Enrols from the digital card sheet in ../shared/data/nimalia-cards (benchmark material,
never copied into the repository), builds legal reserves from the real cards (3, 6, 9,
12 or 15 cards: the end of each round; rotations and overlaps by the placement rules),
renders 1600x1200 photos (perspective, turn, light, glare, shadow, table, loose cards,
a hand, noise, JPEG) and prints how many spaces and reserves were read right, how many
reserves score right on all 22 objectives, and the milliseconds per photo.

    .venv/bin/python bench/nimalia_vision.py [--photos 200] [--seed 1] [--data DIR]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from pathlib import Path

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
from tableref.vision.nimalia.recognise import recognise
from tableref.vision.synth.nimalia_photo import render_photo
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


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--photos", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--keep", type=Path, help="write the photos that were read wrong here")
    args = ap.parse_args()
    cards = load_cards(args.data / "cards.json")
    images = sheet_cards(args.data)
    enrolment = enrol_images(cards, images)
    rng = np.random.default_rng(args.seed)
    counts = {"terrain": 0, "animal": 0, "river": 0, "all": 0}
    spaces_total = exact = scored = flagged = failed = silent_wrong = 0
    ms: list[float] = []
    for i in range(args.photos):
        placements = random_reserve(list(cards), rng, n_cards=int(rng.choice([3, 6, 9, 12, 15])))
        photo = render_photo(images, cards, placements, rng)
        truth = photo.spaces
        spaces_total += len(truth)
        t0 = time.perf_counter()
        try:
            rec = recognise(photo.image, enrolment)
        except (NoReserveError, GridError) as err:
            ms.append((time.perf_counter() - t0) * 1000)
            failed += 1
            print(f"photo {i}: not read ({err})", file=sys.stderr)
            if args.keep:
                args.keep.mkdir(parents=True, exist_ok=True)
                cv2.imwrite(str(args.keep / f"{i}.jpg"), photo.image)
            continue
        ms.append((time.perf_counter() - t0) * 1000)
        same_cells = set(rec.guesses) == set(truth)
        for pos, kind in truth.items():
            got = rec.spaces.get(pos)  # an unreadable space counts as wrong
            if got is None:
                continue
            counts["terrain"] += got.terrain == kind.terrain
            counts["animal"] += got.animal == kind.animal
            counts["river"] += got.river == kind.river
            counts["all"] += got == kind
        right = same_cells and rec.complete and all(rec.spaces[p] == k for p, k in truth.items())
        exact += right
        flagged += not rec.complete
        if rec.complete and not right:
            silent_wrong += 1
        if rec.complete:
            with contextlib.suppress(ValueError):
                scored += scores(to_reserve(rec.spaces)) == scores(to_reserve(truth))
        if not right and args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
            cv2.imwrite(str(args.keep / f"{i}.jpg"), photo.image)
    n = args.photos
    print(f"photos: {n} at 1600x1200, real card art, {len(enrolment.card_ids)} cards enrolled")
    for key in ("terrain", "animal", "river", "all"):
        share = 100 * counts[key] / spaces_total
        print(f"spaces right ({key}): {counts[key]}/{spaces_total} = {share:.2f}%")
    print(f"reserves exactly right: {exact}/{n} = {100 * exact / n:.1f}%")
    share = 100 * scored / n
    print(f"reserves scoring right, all {OBJECTIVE_COUNT} objectives: {scored}/{n} = {share:.1f}%")
    print(
        f"reserves with spaces named unreadable: {flagged}; not found at all: {failed}; "
        f"read wrong without a warning: {silent_wrong}"
    )
    print(f"ms per photo: mean {np.mean(ms):.0f}, median {np.median(ms):.0f}, max {np.max(ms):.0f}")
    print(f"load average at the end: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
