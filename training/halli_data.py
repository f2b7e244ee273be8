"""Training data for the Halli Galli card finder and card reader, from the project's own
renderer only (vision/synth: its own card art in its tuned styles, its tuning surfaces).

    .venv/bin/python training/halli_data.py --out DIR --scenes 4000 --seed 0 [--workers 2]

Each scene is a `wild_scene` drawn between the ORDINARY and HARD conditions (any tuning
surface, light, tilt, lens, blur, JPEG, arms, clutter, messy piles, backs), with its label
map. Written as shards `DIR/scenes-SEED-K.npz`:

- `image` (N x H x W x 3 uint8) and `labels` (N x H x W uint8): the frame and its label map
  (0 table or anything else, 1.. the visible part of each top card, 255 a back) at the
  finder's input width (FINDER_WIDTH), padded to FINDER_HEIGHT;
- `crops` (M x CROP_H x CROP_W x 3 uint8), `kind` (M, int8: 0 fruit, 1 animal, 2 back,
  3 not a card to read) and `counts` (M x 4 int8: bananas, plums, strawberries, limes):
  quads cut from the full frame as the finder would hand them to the reader, some of them
  off the card, partly hidden, or on no card at all (taught as "not a card to read").

The real scans in ../shared/data are never used here (third-party art: benchmarks only),
nor the held-out surfaces (tartan, marble, linen) and the held-out watercolour style.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
from collections.abc import Callable
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from tableref.vision.halli.codes import ANIMALS, FRUITS, parse_code
from tableref.vision.halli.reader_net import CROP_H, CROP_W, KIND_NAMES, crop_card
from tableref.vision.synth.halli_cards import FRUITS_CODES_FOR_TESTS, card_image, random_style
from tableref.vision.synth.halli_decks import TUNED, random_deck
from tableref.vision.synth.halli_props import card_back
from tableref.vision.synth.halli_scene import BACK_LABEL, Scene
from tableref.vision.synth.halli_surfaces import SURFACES
from tableref.vision.synth.halli_wild import HARD, ORDINARY, Conditions, wild_scene

FINDER_WIDTH = 384
FINDER_HEIGHT = 288  # 4:3 frames fill it; 16:9 ones are padded
KIND = {name: i for i, name in enumerate(KIND_NAMES)}
SIZES = ((1280, 720), (1280, 720), (640, 360), (1280, 960), (800, 600), (960, 540))


def _mix(t: float, size: tuple[int, int], rng: np.random.Generator) -> Conditions:
    """Conditions a share t of the way from ORDINARY to HARD, for a frame of this size."""
    out: dict[str, Any] = {}
    for f in fields(Conditions):
        a, b = getattr(ORDINARY, f.name), getattr(HARD, f.name)
        if f.name in ("surfaces", "size"):
            continue
        if isinstance(a, tuple):
            out[f.name] = tuple(type(x)(x + t * (y - x)) for x, y in zip(a, b, strict=True))
        elif isinstance(a, float):
            out[f.name] = a + t * (b - a)
        else:
            out[f.name] = round(a + t * (b - a))
    cond = replace(ORDINARY, surfaces=SURFACES, size=size, **out)
    k = size[0] / 1280
    lo, hi = cond.card_width
    if rng.random() < 0.15:
        lo, hi = 200.0, 420.0  # a close-up
    return replace(cond, card_width=(lo * k, hi * k))


def _cards(rng: np.random.Generator, piles: int) -> tuple[list[tuple[str, np.ndarray]],
                                                         list[np.ndarray], np.ndarray]:
    """(code, image) of each pile's top card, lower cards and the back, of one deck."""
    names = [str(c) for c in rng.choice(FRUITS_CODES_FOR_TESTS, piles, replace=False)]
    for i in range(piles):
        if rng.random() < 0.15:
            names[i] = str(rng.choice(ANIMALS))
    if piles > 1 and rng.random() < 0.3:
        names[-1] = names[0]
    if rng.random() < 0.5:
        style = random_style(rng)
        tops = [(c, card_image(c, style, rng)) for c in names]
        under = [card_image(str(c), style, rng) for c in rng.choice(FRUITS_CODES_FOR_TESTS, 5)]
        back = card_back(rng)
    else:
        deck = random_deck(rng, str(rng.choice(TUNED)))
        tops = [(c, deck.card(c, rng)) for c in names]
        under = [deck.card(str(c), rng) for c in rng.choice(FRUITS_CODES_FOR_TESTS, 5)]
        back = deck.back(rng)
    if rng.random() < 0.5:
        tops = [(c, cv2.rotate(img, cv2.ROTATE_180)) for c, img in tops]
    return tops, under, back


def _finder_sample(scene: Scene) -> tuple[np.ndarray, np.ndarray]:
    h, w = scene.image.shape[:2]
    s = FINDER_WIDTH / w
    nh = min(FINDER_HEIGHT, round(h * s))
    img = np.zeros((FINDER_HEIGHT, FINDER_WIDTH, 3), np.uint8)
    lab = np.zeros((FINDER_HEIGHT, FINDER_WIDTH), np.uint8)
    img[:nh] = cv2.resize(scene.image, (FINDER_WIDTH, nh), interpolation=cv2.INTER_AREA)
    assert scene.labels is not None
    lab[:nh] = cv2.resize(scene.labels, (FINDER_WIDTH, nh), interpolation=cv2.INTER_NEAREST)
    return img, lab


def _jitter(quad: np.ndarray, rng: np.random.Generator, amount: float) -> np.ndarray:
    side = float(np.linalg.norm(quad[1] - quad[0]))
    return quad + rng.normal(0, amount * side, quad.shape)


def counts_of(code: str) -> np.ndarray:
    parsed = parse_code(code)
    if isinstance(parsed, str):
        return np.zeros(4, np.int8)
    return np.array([parsed.get(f, 0) for f in FRUITS], np.int8)


def _reader_samples(scene: Scene, rng: np.random.Generator
                    ) -> list[tuple[np.ndarray, int, np.ndarray]]:
    """Crops as the finder would hand them: good quads, poor ones, and non-cards."""
    out: list[tuple[np.ndarray, int, np.ndarray]] = []
    frame = scene.image
    h, w = frame.shape[:2]
    for t in scene.cards:
        q = t.corners.astype(np.float64)
        short = min(np.linalg.norm(q[1] - q[0]), np.linalg.norm(q[2] - q[1]))
        if short < 22:
            continue
        inside = bool((q[:, 0] >= 0).all() and (q[:, 0] < w).all() and (q[:, 1] >= 0).all()
                      and (q[:, 1] < h).all())
        kind = KIND["animal"] if parse_code(t.code) in ANIMALS else KIND["fruit"]
        if t.visible >= 0.999 and inside:
            for _ in range(2):
                quad = _jitter(q, rng, 0.02)
                if rng.random() < 0.5:
                    quad = np.roll(quad, 2, axis=0)  # the finder's corner order is any turn
                out.append((crop_card(frame, quad), kind, counts_of(t.code)))
        elif t.visible < 0.85:
            out.append((crop_card(frame, _jitter(q, rng, 0.02)), KIND["junk"],
                        np.zeros(4, np.int8)))
        # a quad well off its card (half a card, two cards): never to be read
        off = q + (q.mean(axis=0) - q[0]) * rng.uniform(0.35, 0.7) * rng.choice([-1, 1])
        out.append((crop_card(frame, off), KIND["junk"], np.zeros(4, np.int8)))
    for b in scene.backs:
        out.append((crop_card(frame, _jitter(b.astype(np.float64), rng, 0.02)), KIND["back"],
                    np.zeros(4, np.int8)))
    # card-shaped quads on whatever lies elsewhere (table, clutter, a lower card, a hand)
    if scene.cards:
        q0 = scene.cards[0].corners.astype(np.float64)
        for _ in range(2):
            c = np.array([rng.uniform(0, w), rng.uniform(0, h)])
            ang = rng.uniform(0, math.pi)
            rot = np.array([[math.cos(ang), -math.sin(ang)], [math.sin(ang), math.cos(ang)]])
            quad = (q0 - q0.mean(axis=0)) @ rot.T + c
            mask = np.zeros((h, w), np.uint8)
            cv2.fillConvexPoly(mask, np.round(quad).astype(np.int32), 1)
            assert scene.labels is not None
            lab = scene.labels[mask > 0]
            if lab.size and float(np.mean((lab > 0) & (lab != BACK_LABEL))) < 0.3:
                out.append((crop_card(frame, quad), KIND["junk"], np.zeros(4, np.int8)))
    return out


def make_scene(seed: int, i: int) -> tuple[Scene, np.random.Generator]:
    rng = np.random.default_rng([seed, i, 11])
    size = SIZES[int(rng.integers(len(SIZES)))]
    cond = _mix(float(rng.uniform(0, 1)) ** 0.8, size, rng)
    tops, under, back = _cards(rng, int(rng.integers(1, 7)))
    return wild_scene(tops, rng, cond, under, back, labels=True), rng


def shard(args: tuple[Path, int, int, int]) -> str:
    out, seed, start, count = args
    path = out / f"scenes-{seed}-{start:06d}.npz"
    if path.exists():
        return f"{path.name}: kept"
    imgs, labs, crops, kinds, counts = [], [], [], [], []
    for i in range(start, start + count):
        scene, rng = make_scene(seed, i)
        img, lab = _finder_sample(scene)
        imgs.append(img)
        labs.append(lab)
        for crop, kind, cnt in _reader_samples(scene, rng):
            crops.append(crop)
            kinds.append(kind)
            counts.append(cnt)
    save_shard(path, crops, kinds, counts, image=np.stack(imgs), labels=np.stack(labs))
    return f"{path.name}: {count} scenes, {len(crops)} crops"


def save_shard(path: Path, crops: list[np.ndarray], kinds: list[int],
               counts: list[np.ndarray], **more: np.ndarray) -> None:
    """A shard of card crops (and `more` arrays) written whole or not at all."""
    arrays: dict[str, Any] = {
        "crops": np.stack(crops).reshape(-1, CROP_H, CROP_W, 3) if crops
        else np.zeros((0, CROP_H, CROP_W, 3), np.uint8),
        "kind": np.array(kinds, np.int8),
        "counts": np.array(counts, np.int8).reshape(-1, 4), **more}
    tmp = path.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, **arrays)
    tmp.rename(path)


def run_shards(make: Callable[[tuple[Path, int, int, int]], str], out: Path, seed: int,
               total: int, per_shard: int, workers: int) -> None:
    """`make` every shard of `total` items in `workers` processes, saying each as it is done
    (a shard already written is kept: a run stopped half-way goes on)."""
    out.mkdir(parents=True, exist_ok=True)
    cv2.setNumThreads(1)
    jobs = [(out, seed, s, min(per_shard, total - s)) for s in range(0, total, per_shard)]
    with multiprocessing.Pool(workers) as pool:
        for line in pool.imap_unordered(make, jobs):
            print(line, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--scenes", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--per-shard", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    run_shards(shard, args.out, args.seed, args.scenes, args.per_shard, args.workers)
    sys.exit(0)


if __name__ == "__main__":
    main()
