# mypy: disallow-subclassing-any=False
# (torch lives only in the training venv; without it its Module is Any)
"""The two networks of the Halli Galli card reader, in PyTorch (training only).

The box runs them from ONNX files with OpenCV's dnn module; PyTorch is needed only to
train them again (training/README.md). Both are small on purpose: the finder looks at a
384 x 288 frame in a few milliseconds on one core, the reader at a 64 x 96 card.
"""

from __future__ import annotations

import torch
from torch import nn


def _cbr(cin: int, cout: int, k: int = 3, s: int = 1, d: int = 1, groups: int = 1) -> nn.Sequential:
    return nn.Sequential(nn.Conv2d(cin, cout, k, s, padding=d * (k // 2), dilation=d,
                                   groups=groups, bias=False),
                         nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class Finder(nn.Module):
    """A frame (3 x H x W, H and W multiples of 16) to three maps of logits at full size:
    a top card's face, a card's back, a card's core (the inner half of a top card),
    computed at half size and upsampled. Plain 3x3 convolutions: on a CPU they train
    twice as fast as depthwise ones and run about as fast."""

    def __init__(self) -> None:
        super().__init__()
        self.e1 = nn.Sequential(_cbr(3, 16, s=2), _cbr(16, 16))
        self.e2 = nn.Sequential(_cbr(16, 24, s=2), _cbr(24, 24))
        self.e3 = nn.Sequential(_cbr(24, 32, s=2), _cbr(32, 32))
        self.e4 = nn.Sequential(_cbr(32, 48, s=2), _cbr(48, 48, d=2), _cbr(48, 48, d=4))
        self.u3 = _cbr(48 + 32, 32)
        self.u2 = _cbr(32 + 24, 24)
        self.u1 = _cbr(24 + 16, 16)
        self.head = nn.Conv2d(16, 3, 3, padding=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        a = self.e1(x)
        b = self.e2(a)
        c = self.e3(b)
        d = self.e4(c)
        y = self.u3(torch.cat([_up(d), c], 1))
        y = self.u2(torch.cat([_up(y), b], 1))
        y = self.u1(torch.cat([_up(y), a], 1))
        return _up(self.head(y))


def _up(t: torch.Tensor) -> torch.Tensor:
    return nn.functional.interpolate(t, scale_factor=2.0, mode="bilinear", align_corners=False)


class Reader(nn.Module):
    """An upright card crop (3 x 96 x 64) to logits: 4 kinds, then 4 fruits x 6 counts."""

    def __init__(self) -> None:
        super().__init__()
        self.body = nn.Sequential(
            _cbr(3, 24, s=2),  # 48 x 32
            _cbr(24, 48, s=2), _cbr(48, 48),  # 24 x 16
            _cbr(48, 64, s=2), _cbr(64, 64),  # 12 x 8
            _cbr(64, 96, s=2),  # 6 x 4
        )
        self.fc = nn.Sequential(nn.Flatten(), nn.Dropout(0.2), nn.Linear(96 * 6 * 4, 192),
                                nn.ReLU(inplace=True), nn.Linear(192, 4 + 4 * 6))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc(self.body(x))
