"""Halli Galli card READING: per card, on rectified cards and on cards in a scene.

    .venv/bin/python bench/halli_cards.py [--cards 40] [--scenes 12] [--seed 1]

Cards come from the project's own decks (tableref.vision.synth.halli_decks: the held-out
family "watercolour" and held-out seeds are printed FIRST and were never used to tune the
reader) and from the 54 real scans in ../shared/data/halli-cards/ (read at run time).
Each card is seen under one condition: light colour (2700-6500 K), blur, JPEG, small
(50 px wide), glare, or all of them. Printed per style: exactly right, confidently wrong
(a wrong code, or a wrong kind: a fruit card taken for an animal or a back), unknown, and
ms per card (median) on one core. Animal cards count as right when read "animal"; backs
when read as backs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from tableref.vision.halli.codes import ANIMALS, fruit_code
from tableref.vision.halli.read import read_card
from tableref.vision.halli.recognise import Recogniser
from tableref.vision.halli.rectify import CARD_SIZE
from tableref.vision.halli.whitebalance import balance
from tableref.vision.synth.halli_cards import all_fruit_codes
from tableref.vision.synth.halli_decks import HELD_OUT, TUNED, random_deck
from tableref.vision.synth.halli_scene import SceneOptions, compose_scene

SCANS = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "halli-cards"
CONDITIONS = ("plain", "light", "blur", "jpeg", "small", "glare", "all")
HELD_OUT_SEEDS = 9000  # deck seeds from here on were never looked at while tuning

Image = np.ndarray


def kelvin_gains(t: float) -> np.ndarray:
    """BGR gains of a light of colour temperature t (K), white at 6500 K."""
    temps = [2700.0, 3500.0, 4500.0, 5500.0, 6500.0]
    rgb = np.array([[255, 169, 87], [255, 196, 137], [255, 219, 186], [255, 236, 224],
                    [255, 249, 253]], np.float64) / 255
    r, g, b = (np.interp(t, temps, rgb[:, i]) for i in range(3))
    return np.array([b, g, r], np.float32)


def degrade(img: Image, condition: str, rng: np.random.Generator) -> Image:
    """A card image (200 x 300 or so) as a camera might give it, under one condition."""
    out = img.astype(np.float32)
    cond = {condition} if condition != "all" else set(CONDITIONS) - {"plain", "all"}
    if "glare" in cond:
        h, w = img.shape[:2]
        spot = np.zeros((h, w), np.float32)
        c = (int(rng.uniform(0.2, 0.8) * w), int(rng.uniform(0.2, 0.8) * h))
        cv2.ellipse(spot, c, (int(0.12 * w), int(0.07 * h)), float(rng.uniform(0, 180)),
                    0, 360, 1.0, -1)
        spot = cv2.GaussianBlur(spot, (0, 0), 0.05 * w)
        out = out + (255 - out) * spot[..., None] * float(rng.uniform(0.4, 0.8))
    if "light" in cond:
        out = out * kelvin_gains(float(rng.uniform(2700, 6500))) * float(rng.uniform(0.55, 1.0))
    else:
        out = out * 0.9
    out = np.clip(out, 0, 255).astype(np.uint8)
    if "small" in cond:
        h, w = out.shape[:2]
        out = cv2.resize(out, (50, int(50 * h / w)), interpolation=cv2.INTER_AREA)
    if "blur" in cond:
        out = cv2.GaussianBlur(out, (0, 0), float(rng.uniform(1.0, 2.5)) * out.shape[1] / 200)
    if "jpeg" in cond:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 70))])
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR) if ok else out
    return out


def rectified(img: Image) -> Image:
    """As the recogniser cuts a card: 5 % trimmed off every side, CARD_SIZE, balanced."""
    h, w = img.shape[:2]
    img = img[int(0.05 * h):h - int(0.05 * h), int(0.05 * w):w - int(0.05 * w)]
    return balance(cv2.resize(img, CARD_SIZE, interpolation=cv2.INTER_AREA))


@dataclass
class Tally:
    right: int = 0
    wrong: int = 0
    unknown: int = 0
    missed: int = 0  # in a scene: not found at all (finding, not reading)
    ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def add(self, truth: str, kind: str, code: str | None, ms: float | None = None) -> None:
        if ms is not None:
            self.ms.append(ms)
        if kind == "unknown":
            self.unknown += 1
            return
        if truth in ANIMALS:
            ok = kind == "animal" and code in (None, truth)
        elif truth == "back":
            ok = kind == "back"
        else:
            ok = kind == "fruit" and code == truth
        if ok:
            self.right += 1
        else:
            self.wrong += 1
            self.errors.append(f"{truth} as {code or kind}")

    def line(self, label: str) -> str:
        n = self.right + self.wrong + self.unknown + self.missed
        ms = f"{statistics.median(self.ms):6.2f}" if self.ms else "   -  "
        pct = 100.0 * self.right / max(n, 1)
        out = (f"  {label:<26} {n:5d} cards  right {self.right:5d} ({pct:6.2f}%)  "
               f"confident wrong {self.wrong:3d}  unknown {self.unknown:4d}  ms/card {ms}")
        if self.missed:
            out += f"  not found {self.missed}"
        if self.errors:
            out += "\n      errors: " + ", ".join(self.errors[:6])
        return out


def own_cards(family: str, held_out: bool, n_decks: int, per_deck: int, seed: int,
              ) -> list[tuple[str, Image]]:
    """(truth, image) of fruit cards, animals and backs from decks of one family."""
    rng = np.random.default_rng(seed)
    codes = all_fruit_codes()
    out = []
    for _ in range(n_decks):
        deck = random_deck(rng, family, held_out)
        for code in rng.choice(codes, per_deck, replace=False):
            out.append((str(code), deck.card(str(code), rng)))
        for animal in ANIMALS:
            out.append((animal, deck.card(animal, rng)))
        out.append(("back", deck.back(rng)))
    return out


def scan_cards() -> list[tuple[str, Image]]:
    labels = json.loads((SCANS / "labels.json").read_text())
    return [(fruit_code(v), cv2.imread(str(SCANS / f"{k}.jpg"), cv2.IMREAD_COLOR))
            for k, v in sorted(labels.items(), key=lambda kv: int(kv[0]))]


def bench_rectified(cards: list[tuple[str, Image]], rng: np.random.Generator) -> dict[str, Tally]:
    tallies = {c: Tally() for c in CONDITIONS}
    for truth, img in cards:
        if rng.random() < 0.5:
            img = cv2.rotate(img, cv2.ROTATE_180)
        for cond in CONDITIONS:
            card = rectified(degrade(img, cond, rng))
            t0 = time.thread_time()
            r = read_card(card)
            ms = (time.thread_time() - t0) * 1000
            code = fruit_code(r.counts) if r.kind == "fruit" and r.counts else None
            tallies[cond].add(truth, r.kind, code, ms)
    return tallies


def bench_scenes(cards: list[tuple[str, Image]], n: int, rng: np.random.Generator) -> Tally:
    """Cards in a frame (found by the recogniser, then read), 2-6 piles a scene."""
    tally = Tally()
    rec = Recogniser()
    for _ in range(n):
        k = int(rng.integers(2, 7))
        pick = [cards[int(i)] for i in rng.choice(len(cards), k, replace=False)]
        scene = compose_scene(pick, rng, SceneOptions(hand=0.0))
        rec.forget_size()
        t0 = time.thread_time()
        seen = rec(scene.image)
        ms = (time.thread_time() - t0) * 1000 / max(k, 1)
        found = list(seen) + list(seen.backs)
        for i, truth in enumerate(scene.cards):
            side = float(np.linalg.norm(truth.corners[1] - truth.corners[0]))
            near = [s for s in found
                    if np.hypot(s.center[0] - truth.center[0], s.center[1] - truth.center[1])
                    < 0.35 * side]
            if truth.visible < 0.999:
                continue
            if not near:
                tally.missed += 1
                tally.errors.append(f"{truth.code} not found")
                continue
            s = near[0]
            tally.add(truth.code, s.kind, s.code, ms if i == 0 else None)
    return tally


def report(label: str, make: Callable[[], list[tuple[str, Image]]], scenes: int,
           rng: np.random.Generator) -> None:
    cards = make()
    print(f"{label}")
    for cond, t in bench_rectified(cards, rng).items():
        print(t.line(f"rectified, {cond}"))
    if scenes:
        print(bench_scenes(cards, scenes, rng).line("in a scene (found + read)"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decks", type=int, default=4, help="decks per style")
    parser.add_argument("--cards", type=int, default=20, help="fruit cards per deck")
    parser.add_argument("--scenes", type=int, default=12, help="scenes per style")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    print(f"load average before: {os.getloadavg()}")
    rng = np.random.default_rng(args.seed)
    print("== HELD OUT (never used to tune) ==")
    for fam in HELD_OUT:
        report(f"style {fam} (held-out family, held-out seeds)",
               lambda f=fam: own_cards(f, True, args.decks, args.cards, HELD_OUT_SEEDS + 1),
               args.scenes, rng)
    for fam in TUNED:
        report(f"style {fam} (held-out seeds)",
               lambda f=fam: own_cards(f, False, args.decks, args.cards, HELD_OUT_SEEDS + 2),
               args.scenes, rng)
    print("== TUNED ON ==")
    for fam in TUNED:
        report(f"style {fam} (tuning seeds)",
               lambda f=fam: own_cards(f, False, args.decks, args.cards, args.seed),
               args.scenes, rng)
    if (SCANS / "labels.json").exists():
        report("real scans (54, ../shared/data/halli-cards)", scan_cards, args.scenes, rng)
    else:
        print(f"real scans: not found at {SCANS}")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
