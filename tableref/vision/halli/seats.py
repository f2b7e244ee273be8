"""Where each seat's pile lies in the camera's view, until the table says otherwise.

The piles of n players lie on an ellipse around the bell in the middle of the frame, seat 0
nearest the bottom edge (the camera's own side of the table), then clockwise as seen from
above. The referee gives each card it reads to the seat whose place is nearest; the test
scenes (vision/synth) lay their piles out the same way.

Once the referee has seen some piles, the others are expected where the seat order puts
them (`expected_places`): the players sit round the bell in seat order, clockwise (the
rules' order of play), so a seat whose pile was not seen yet lies between the seats
before and after it whose piles were, and with one pile seen, the whole ring turns with it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

RX, RY = 0.36, 0.3  # the ellipse's half axes, of the frame's width and height

Place = tuple[float, float]


def pile_places(n: int, size: tuple[int, int]) -> list[Place]:
    """Where the piles of n players lie, around the bell in the middle (pixels)."""
    w, h = size
    places = []
    for i in range(n):
        a = math.pi / 2 + 2 * math.pi * i / max(n, 1)
        places.append((w / 2 + RX * w * math.cos(a), h / 2 + RY * h * math.sin(a)))
    return places


def expected_places(size: tuple[int, int], seen: Sequence[Place | None]) -> list[Place]:
    """Each seat's pile: where it was seen, else where the seat order puts it among the
    piles seen (`pile_places` when none was). Angles are taken round the frame's middle
    on the ellipse made a circle. Seats go clockwise; if three piles seen or more go the
    other way round (a mirrored camera), the others are expected that way too."""
    n = len(seen)
    default = pile_places(n, size)
    known = [s for s in range(n) if seen[s] is not None]
    if not known or len(known) == n:
        return [p if p is not None else q for p, q in zip(seen, default, strict=True)]
    polar = {s: _polar(p, size) for s, p in enumerate(seen) if p is not None}
    turn = _direction(known, polar)
    out: list[Place] = []
    for s in range(n):
        p = seen[s]
        if p is not None:
            out.append(p)
            continue
        if len(known) == 1:  # the ring of places turned to the one pile seen
            a = known[0]
            angle_a, radius = polar[a]
            angle = angle_a + 2 * math.pi * ((s - a) % n) / n * turn
        else:
            a = max(k for k in known if k < s) if any(k < s for k in known) else known[-1]
            b = min(k for k in known if k > s) if any(k > s for k in known) else known[0]
            (angle_a, ra), (angle_b, rb) = polar[a], polar[b]
            sweep = ((angle_b - angle_a) * turn) % (2 * math.pi) or 2 * math.pi
            f = ((s - a) % n) / ((b - a) % n)
            angle = angle_a + f * sweep * turn
            radius = ra + f * (rb - ra)
        out.append(_cartesian(angle, radius, size))
    return out


def _direction(known: list[int], polar: dict[int, tuple[float, float]]) -> int:
    """+1 when the piles seen go clockwise in seat order (or fewer than three were seen),
    -1 when all of them go the other way round."""
    if len(known) < 3:
        return 1
    for turn in (1, -1):
        total = sum(((polar[b][0] - polar[a][0]) * turn) % (2 * math.pi)
                    for a, b in zip(known, known[1:] + known[:1], strict=True))
        if abs(total - 2 * math.pi) < 1e-6:
            return turn
    return 1


def _polar(p: Place, size: tuple[int, int]) -> tuple[float, float]:
    w, h = size
    u, v = (p[0] - w / 2) / (RX * w), (p[1] - h / 2) / (RY * h)
    return math.atan2(v, u), math.hypot(u, v)


def _cartesian(angle: float, radius: float, size: tuple[int, int]) -> Place:
    w, h = size
    return (w / 2 + RX * w * radius * math.cos(angle), h / 2 + RY * h * radius * math.sin(angle))
