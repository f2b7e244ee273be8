"""Train the card reader network on the crops of training/halli_data.py; write its ONNX file.

    /path/to/torch-venv/bin/python training/halli_reader.py --data DIR [DIR ...] [--epochs 25]
        [--out tableref/vision/halli/models/reader.onnx]

The reader sees one card cut upright (reader_net.crop_card, 64 x 96) and says its kind
(fruit, animal, back, or not a card to read: half a card, a hand over it, no card) and,
for a fruit card, how many of each fruit (0 to 5). Counts are the same whichever way up
the card lies or mirrored, so crops are flipped and turned freely while training.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from nets import Reader

from tableref.vision.halli.reader_net import normalise


def load(folders: list[Path], limit: int | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    crops, kinds, counts = [], [], []
    paths = sorted(p for d in folders for p in d.glob("*.npz") if not p.name.endswith(".tmp.npz"))
    for path in paths[:limit]:
        with np.load(path) as d:
            crops.append(d["crops"])
            kinds.append(d["kind"])
            counts.append(d["counts"])
    return np.concatenate(crops), np.concatenate(kinds), np.concatenate(counts)


def augment(x: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Flips and half turns (the counts stay), light, blur and noise."""
    x = x.copy()
    n = len(x)
    flip_h = rng.random(n) < 0.5
    flip_v = rng.random(n) < 0.5
    x[flip_h] = x[flip_h, :, ::-1]
    x[flip_v] = x[flip_v, ::-1]
    f = x.astype(np.float32)
    f *= rng.uniform(0.7, 1.3, (n, 1, 1, 3)).astype(np.float32)
    f *= rng.uniform(0.5, 1.2, (n, 1, 1, 1)).astype(np.float32)
    f += rng.normal(0, 1, f.shape).astype(np.float32) * rng.uniform(0, 8, (n, 1, 1, 1)).astype(
        np.float32)
    return np.clip(f, 0, 255).astype(np.uint8)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, nargs="+", required=True,
                        help="folders of shards (halli_data.py, halli_cards_data.py)")
    parser.add_argument("--epochs", type=int, default=25)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--resume", type=Path, default=None, help="start from this checkpoint")
    parser.add_argument("--lr", type=float, default=2e-3, help="the first epoch's rate")
    parser.add_argument("--out", type=Path,
                        default=Path("tableref/vision/halli/models/reader.onnx"))
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    crops, kinds, counts = load(args.data, args.limit)
    print(f"{len(crops)} crops; kinds {np.bincount(kinds, minlength=4).tolist()}", flush=True)
    val = np.arange(len(crops)) % 20 == 0
    model = Reader()
    if args.resume:
        model.load_state_dict(torch.load(args.resume))
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    ce = nn.CrossEntropyLoss()
    rng = np.random.default_rng(0)
    train_idx = np.flatnonzero(~val)

    def batch_loss(x: np.ndarray, k: np.ndarray, c: np.ndarray) -> tuple[torch.Tensor, int, int]:
        out = model(torch.from_numpy(normalise(x)))
        kt = torch.from_numpy(k.astype(np.int64))
        loss = ce(out[:, :4], kt)
        fruit = kt == 0
        right = (out[:, :4].argmax(1) == kt)
        if fruit.any():
            logits = out[fruit, 4:].reshape(-1, 4, 6)
            ct = torch.from_numpy(c.astype(np.int64))[fruit]
            loss = loss + ce(logits.reshape(-1, 6), ct.reshape(-1))
            exact = (logits.argmax(2) == ct).all(1)
            right = right.clone()
            right[fruit] &= exact
        return loss, int(right.sum()), len(k)

    ckpt = args.out.with_suffix(".pt")
    for epoch in range(args.epochs):
        if epoch:
            more = load(args.data, args.limit)  # shards the generators wrote since
            if len(more[0]) > len(crops):
                crops, kinds, counts = more
                val = np.arange(len(crops)) % 20 == 0
                train_idx = np.flatnonzero(~val)
                print(f"{len(crops)} crops now", flush=True)
        model.train()
        for group in opt.param_groups:  # cosine over the epochs
            group["lr"] = args.lr * 0.5 * (1 + math.cos(math.pi * epoch / args.epochs))
        t0, total, nb = time.time(), 0.0, 0
        order = rng.permutation(train_idx)
        for b in range(0, len(order) - args.batch + 1, args.batch):
            idx = order[b:b + args.batch]
            loss, _, _ = batch_loss(augment(crops[idx], rng), kinds[idx], counts[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss)
            nb += 1
        model.eval()
        with torch.no_grad():
            right = n = 0
            for b in range(0, int(val.sum()), 256):
                idx = np.flatnonzero(val)[b:b + 256]
                _, r, m = batch_loss(crops[idx], kinds[idx], counts[idx])
                right, n = right + r, n + m
        print(f"epoch {epoch}: train {total / max(nb, 1):.4f} val exact {right / max(n, 1):.4f}"
              f" {time.time() - t0:.0f}s", flush=True)
        torch.save(model.state_dict(), ckpt)
    model.eval()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(model, torch.zeros(1, 3, 96, 64), str(args.out), opset_version=17,
                      input_names=["card"], output_names=["logits"], dynamo=False,
                      dynamic_axes={"card": {0: "n"}, "logits": {0: "n"}})
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
