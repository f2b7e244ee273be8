"""Train the card finder network on shards from training/halli_data.py; write its ONNX file.

    /path/to/torch-venv/bin/python training/halli_finder.py --data DIR [--steps 20000]
        [--out tableref/vision/halli/models/finder.onnx]

The finder sees the frame at 384 px wide (finder_net.FINDER_WIDTH) and gives three maps:
a top card's face, a card's back, and a card's core (the inner half of each top card, so
that touching cards come apart). Trained with per-pixel binary cross-entropy plus a soft
Dice term on the face and the core (small cards weigh as much as close-ups).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import torch
from torch import nn

sys.path.insert(0, str(Path(__file__).resolve().parent))
from nets import Finder

BACK = 255


def targets(labels: np.ndarray) -> np.ndarray:
    """N x 3 x H x W float targets (face, back, core) from label maps."""
    out = np.zeros((len(labels), 3, *labels.shape[1:]), np.uint8)
    for n, lab in enumerate(labels):
        out[n, 0] = (lab > 0) & (lab < BACK)
        out[n, 1] = lab == BACK
        for k in np.unique(lab):
            if k == 0 or k == BACK:
                continue
            m = (lab == k).astype(np.uint8)
            d = cv2.distanceTransform(np.pad(m, 1), cv2.DIST_L2, 3)[1:-1, 1:-1]
            top = float(d.max())
            out[n, 2][d >= max(1.0, 0.45 * top)] = 1
    return out


class Frames:
    """The shards of a data folder, loaded as they appear (the generator may still be
    writing them): every tenth shard is kept for validation."""

    def __init__(self, data: Path, limit: int | None):
        self.data, self.limit = data, limit
        self.seen: set[Path] = set()
        self.parts: dict[bool, list[tuple[np.ndarray, np.ndarray]]] = {True: [], False: []}
        self.train = self.val = (np.zeros((0, 1, 1, 3), np.uint8), np.zeros((0, 3, 1, 1), np.uint8))

    def refresh(self) -> int:
        paths = sorted(self.data.glob("scenes-*-??????.npz"))[:self.limit]
        new = [p for p in paths if p not in self.seen]
        for p in new:
            with np.load(p) as d:
                part = (d["image"], targets(d["labels"]))
            self.seen.add(p)
            self.parts[paths.index(p) % 10 == 9].append(part)
        for is_val in (True, False):
            if self.parts[is_val]:
                both = (np.concatenate([a for a, _ in self.parts[is_val]]),
                        np.concatenate([b for _, b in self.parts[is_val]]))
                if is_val:
                    self.val = both
                else:
                    self.train = both
        return len(new)


def normalise(x: torch.Tensor) -> torch.Tensor:
    """N x 3 x H x W in 0..1 (BGR) to the network's input: each channel divided by its
    99th percentile over the frame (the light's colour and level), clipped, centred.
    Must match finder_net.normalise."""
    flat = x[:, :, ::4, ::4].reshape(x.shape[0], 3, -1)
    q = torch.quantile(flat, 0.99, dim=2).clamp(min=0.1)
    return (x / q[:, :, None, None]).clamp(0, 1.5) - 0.5


def augment(x: torch.Tensor, y: torch.Tensor, g: torch.Generator) -> tuple[torch.Tensor,
                                                                           torch.Tensor]:
    n = x.shape[0]
    if torch.rand(1, generator=g) < 0.5:
        x, y = x.flip(3), y.flip(3)
    if torch.rand(1, generator=g) < 0.5:
        x, y = x.flip(2), y.flip(2)
    gain = 0.75 + 0.55 * torch.rand(n, 3, 1, 1, generator=g)
    level = 0.55 + 0.75 * torch.rand(n, 1, 1, 1, generator=g)
    gamma = 0.75 + 0.6 * torch.rand(n, 1, 1, 1, generator=g)
    x = (x * gain * level).clamp(0, 1) ** gamma
    grey = torch.rand(n, 1, 1, 1, generator=g) < 0.05
    x = torch.where(grey, x.mean(dim=1, keepdim=True).expand_as(x), x)
    return x.clamp(0, 1), y


def dice(logit: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
    p = torch.sigmoid(logit)
    inter = (p * target).sum(dim=(1, 2))
    return (1 - (2 * inter + 1) / (p.sum(dim=(1, 2)) + target.sum(dim=(1, 2)) + 1)).mean()


def loss_fn(out: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    bce = nn.functional.binary_cross_entropy_with_logits(
        out, y, pos_weight=torch.tensor([1.0, 1.0, 2.0])[None, :, None, None])
    return bce + 0.5 * dice(out[:, 0], y[:, 0]) + 0.5 * dice(out[:, 2], y[:, 2])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--steps", type=int, default=20000)
    parser.add_argument("--every", type=int, default=500, help="validate and save every N")
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--limit", type=int, default=None, help="shards to load")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--crop", type=int, nargs=2, default=(192, 256),
                        help="train on random windows of this height and width")
    parser.add_argument("--resume", type=Path, default=None)
    parser.add_argument("--lr", type=float, default=3e-3, help="the schedule's highest rate")
    parser.add_argument("--out", type=Path,
                        default=Path("tableref/vision/halli/models/finder.onnx"))
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    frames = Frames(args.data, args.limit)
    frames.refresh()
    model = Finder()
    if args.resume:
        model.load_state_dict(torch.load(args.resume))
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=args.steps + 1,
                                                pct_start=0.05)
    g = torch.Generator().manual_seed(1)
    rng = np.random.default_rng(0)
    ckpt = args.out.with_suffix(".pt")
    t0, total = time.time(), 0.0
    for step in range(1, args.steps + 1):
        model.train()
        imgs, tgts = frames.train
        idx = np.sort(rng.choice(len(imgs), args.batch, replace=False))
        ch, cw = args.crop
        x = torch.from_numpy(imgs[idx]).permute(0, 3, 1, 2).float() / 255
        y = torch.from_numpy(tgts[idx]).float()
        x, y = augment(x, y, g)
        x = normalise(x)  # over the whole frame, as the box does, then a window of it
        y0s = torch.randint(0, x.shape[2] - ch + 1, (len(idx),), generator=g).tolist()
        x0s = torch.randint(0, x.shape[3] - cw + 1, (len(idx),), generator=g).tolist()
        x = torch.stack([x[i, :, a:a + ch, c:c + cw] for i, (a, c) in
                         enumerate(zip(y0s, x0s, strict=True))])
        y = torch.stack([y[i, :, a:a + ch, c:c + cw] for i, (a, c) in
                         enumerate(zip(y0s, x0s, strict=True))])
        x = x + 0.06 * torch.rand(len(x), 1, 1, 1, generator=g) * torch.randn(x.shape, generator=g)
        loss = loss_fn(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        total += float(loss)
        if step % args.every and step != args.steps:
            continue
        model.eval()
        vimgs, vtgts = frames.val
        vl, inter, union = 0.0, 0.0, 0.0
        with torch.no_grad():
            for b in range(0, min(len(vimgs), 160), 16):
                x = torch.from_numpy(vimgs[b:b + 16]).permute(0, 3, 1, 2).float() / 255
                y = torch.from_numpy(vtgts[b:b + 16]).float()
                out = model(normalise(x))
                vl += float(loss_fn(out, y)) * len(x)
                p = out[:, 0] > 0
                inter += float((p & (y[:, 0] > 0)).sum())
                union += float((p | (y[:, 0] > 0)).sum())
        nv = max(1, min(len(vimgs), 160))
        print(f"step {step}: train {total / args.every:.4f} val {vl / nv:.4f} "
              f"face IoU {inter / max(union, 1):.3f} frames {len(imgs)} "
              f"{time.time() - t0:.0f}s", flush=True)
        t0, total = time.time(), 0.0
        torch.save(model.state_dict(), ckpt)
        frames.refresh()
    model.eval()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(model, torch.zeros(1, 3, 224, 384), str(args.out), opset_version=17,
                      input_names=["frame"], output_names=["maps"], dynamo=False,
                      dynamic_axes={"frame": {2: "h", 3: "w"}, "maps": {2: "h", 3: "w"}})
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
