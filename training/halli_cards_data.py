"""More training crops for the card reader: one card at a time on a patch of table, cheap
to draw, every fruit count equally often (the scenes of halli_data.py give few crops each).

    .venv/bin/python training/halli_cards_data.py --out DIR --crops 120000 --seed 0

Each crop is drawn as the finder would hand it over (reader_net.crop_card on a quad near the
card's outline): a card of the project's own art (its tuned styles only) on a tuning
surface, maybe on a pile, turned and tilted, in any light, blurred, noisy, JPEG'd. A fifth
are not cards to read: the table alone, half a card, a quad off its card or round two, a
hand over the card. Shards `DIR/cards-SEED-K.npz` with `crops`, `kind`, `counts` as in
halli_data.py.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

import numpy as np
from halli_data import KIND, counts_of, run_shards, save_shard  # training/: the script's folder

from tableref.vision.halli.codes import ANIMALS
from tableref.vision.halli.reader_net import crop_card
from tableref.vision.synth.halli_camera import apply_light, finish, random_light
from tableref.vision.synth.halli_cards import FRUITS_CODES_FOR_TESTS, card_image, random_style
from tableref.vision.synth.halli_decks import TUNED, Deck, random_deck
from tableref.vision.synth.halli_props import arm, card_back
from tableref.vision.synth.halli_scene import paste_card
from tableref.vision.synth.halli_surfaces import SURFACES, surface


class Art:
    """One printed deck's cards (the project's two kinds of art)."""

    def __init__(self, rng: np.random.Generator):
        self.deck: Deck | None = None
        if rng.random() < 0.5:
            self.style = random_style(rng)
            self.backing = card_back(rng)
        else:
            self.deck = random_deck(rng, str(rng.choice(TUNED)))
            self.backing = self.deck.back(rng)

    def card(self, code: str, rng: np.random.Generator) -> np.ndarray:
        if self.deck is not None:
            return self.deck.card(code, rng)
        return card_image(code, self.style, rng)


def _quad(cx: float, cy: float, short: float, ang: float, squash: float) -> np.ndarray:
    """A card's outline: long side 1.5 short, turned, foreshortened (a tilted camera)."""
    w, h = short, 1.5 * short
    ca, sa = math.cos(ang), math.sin(ang)
    local = np.array([(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)])
    pts = np.array([(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in local])
    pts[:, 1] = cy + (pts[:, 1] - cy) * squash  # foreshortened along the frame's height
    return pts


def sample(art: Art, rng: np.random.Generator) -> tuple[np.ndarray, int, np.ndarray]:
    short = float(np.exp(rng.uniform(math.log(22), math.log(150))))
    size = int(short * 3.2)
    table = surface(rng, (size, size), str(rng.choice(SURFACES)))
    c = size / 2
    ang = float(rng.uniform(0, 2 * math.pi))
    squash = float(rng.uniform(0.82, 1.0))
    quad = _quad(c, c, short, ang, squash)
    for _ in range(int(rng.integers(0, 4))):  # the pile below
        messy = rng.random() < 0.3
        off = rng.uniform(-0.25 if messy else -0.05, 0.25 if messy else 0.05, 2) * short * 1.5
        turn = rng.uniform(-0.4, 0.4) if messy else rng.uniform(-0.06, 0.06)
        low = art.card(str(rng.choice(FRUITS_CODES_FOR_TESTS)), rng)
        paste_card(table, low, _quad(c + off[0], c + off[1], short, ang + turn, squash))
    what = rng.random()
    if what < 0.58:
        code = str(rng.choice(FRUITS_CODES_FOR_TESTS))
    elif what < 0.68:
        code = str(rng.choice(ANIMALS))
    else:
        code = ""
    kind = KIND["animal"] if code in ANIMALS else KIND["fruit"]
    if what >= 0.68 and what < 0.78:
        paste_card(table, art.backing, quad)
        kind = KIND["back"]
    elif code:
        paste_card(table, art.card(code, rng), quad)
    else:  # not a card to read: various
        if rng.random() < 0.7:
            paste_card(table, art.card(str(rng.choice(FRUITS_CODES_FOR_TESTS)), rng), quad)
        kind = KIND["junk"]
        way = int(rng.integers(5))
        centre = quad.mean(axis=0)
        if way == 0:  # half a card
            half = quad.copy()
            k = int(rng.integers(2))
            half[2 * k:2 * k + 2] = (quad[2 * k:2 * k + 2] + quad[[(2 * k + 3) % 4,
                                                                   (2 * k + 2) % 4]]) / 2
            quad = half
        elif way == 1:  # off its card
            quad = quad + rng.uniform(-0.7, 0.7, 2) * short
        elif way == 2:  # round more than the card
            quad = centre + (quad - centre) * rng.uniform(1.35, 2.0)
        elif way == 3:  # a hand over it
            tgt = centre + rng.uniform(-0.3, 0.3, 2) * short
            arm(table, rng, (float(tgt[0]), float(tgt[1])), short)
    light = random_light(rng, 0.3, 1 if rng.random() < 0.15 else 0, 0.4, 0.2)
    img = apply_light(table, light, rng)
    scale = short / 100
    img = finish(img, rng, 5.0 * scale, 2.0 * scale + 0.3, float(rng.uniform(2, 9)), (35, 95))
    shown = quad + rng.normal(0, 0.02 * short, quad.shape)
    if rng.random() < 0.5:
        shown = np.roll(shown, 2, axis=0)
    return crop_card(img, shown), kind, counts_of(code) if kind == KIND["fruit"] else np.zeros(
        4, np.int8)


def shard(args: tuple[Path, int, int, int]) -> str:
    out, seed, start, count = args
    path = out / f"cards-{seed}-{start:07d}.npz"
    if path.exists():
        return f"{path.name}: kept"
    rng = np.random.default_rng([seed, start, 23])
    crops, kinds, counts = [], [], []
    art = Art(rng)
    for i in range(count):
        if i % 40 == 0:
            art = Art(rng)
        crop, kind, cnt = sample(art, rng)
        crops.append(crop)
        kinds.append(kind)
        counts.append(cnt)
    save_shard(path, crops, kinds, counts)
    return f"{path.name}: {count} crops"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--crops", type=int, default=120000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--per-shard", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    run_shards(shard, args.out, args.seed, args.crops, args.per_shard, args.workers)


if __name__ == "__main__":
    main()
