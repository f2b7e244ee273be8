"""Cut each grid cell's space out of the square-on reserve, nudged to where the card
really lies: cards sit a few millimetres off the grid.

Every cell is matched at a few coarse shifts against every enrolled space, then the
likeliest kinds of space are each refined at single-pixel shifts around their own best
coarse shift. Refining only around the overall best shift would let a neighbouring
kind's basin (a lion 3 px to the left of a giraffe) decide the cut.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import cv2
import numpy as np

from tableref.vision.nimalia.classify import _terrains, kind_codes
from tableref.vision.nimalia.enrol import Enrolment
from tableref.vision.nimalia.features import C, T, rim, templates

COARSE = [(dy, dx) for dy in (-6, -3, 0, 3, 6) for dx in (-6, -3, 0, 3, 6)]
FINE = [(dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dy or dx]
PAD = 7
CLEAR_MATCH = 0.7  # coarse score that overrules the rim's terrain
SURE_TERRAIN = 0.6  # a rim this plain names the cell's terrain before the nudge
KINDS_REFINED = 3  # the likeliest kinds of space refined per cell
KIND_NEAR = 0.12  # ... those whose coarse score is this close to the best
TEMPLATES_REFINED = 8  # templates of each kind refined


def pooled(t: np.ndarray) -> np.ndarray:
    """Templates (..., T*T*3) at half size: cheaper, for the coarse search."""
    lead = t.shape[:-1]
    half = t.reshape(*lead, T // 2, 2, T // 2, 2, 3).mean(axis=(-4, -2)).reshape(*lead, -1)
    half = half - half.mean(axis=-1, keepdims=True)
    out: np.ndarray = half / (np.linalg.norm(half, axis=-1, keepdims=True) + 1e-6)
    return out


def cell_patches(
    canon: np.ndarray, cells: list[tuple[int, int]], enr: Enrolment | None = None
) -> list[np.ndarray]:
    return nudged_patches(canon, cells, enr)[0]


def unnudged_terrains(
    canon: np.ndarray, cells: list[tuple[int, int]], enr: Enrolment, sure: bool = True
) -> np.ndarray:
    """Each cell's terrain index read from the rim where the grid puts it; with `sure`,
    -1 when that rim is not plainly one terrain (the grid is off there, cards overlap)."""
    if not cells:
        return np.zeros(0, int)
    patches = [canon[r * C : (r + 1) * C, c * C : (c + 1) * C] for r, c in cells]
    idx, conf, _ = _terrains(np.array([rim(p) for p in patches]), enr)
    out: np.ndarray = np.where(conf >= SURE_TERRAIN, idx, -1) if sure else idx
    return out


def nudged_patches(
    canon: np.ndarray,
    cells: list[tuple[int, int]],
    enr: Enrolment | None = None,
    terrains: np.ndarray | None = None,
) -> tuple[list[np.ndarray], list[tuple[int, int]]]:
    """Each cell's CxC patch and the (dy, dx) it was moved by; with an enrolment,
    nudged by up to C/5 to where it best matches an enrolled space. With `terrains`
    (per cell, -1 for unknown), a cell is only matched to spaces of its terrain: a
    nudge must not slide a space onto its neighbour's look."""
    if enr is None or not cells:
        plain = [canon[r * C : (r + 1) * C, c * C : (c + 1) * C] for r, c in cells]
        return plain, [(0, 0)] * len(cells)
    padded = cv2.copyMakeBorder(canon, PAD, PAD, PAD, PAD, cv2.BORDER_REPLICATE)
    flat = enr.flat_templates
    kinds = kind_codes(enr)

    def cut(r: int, c: int, dy: int, dx: int) -> np.ndarray:
        y, x = PAD + r * C + dy, PAD + c * C + dx
        return padded[y : y + C, x : x + C]

    def shifted(r: int, c: int, moves: list[tuple[int, int]]) -> np.ndarray:
        return templates(np.stack([cut(r, c, dy, dx) for dy, dx in moves]))

    # every cell at every coarse shift against every enrolled space, in one product
    cuts = np.stack([cut(r, c, dy, dx) for r, c in cells for dy, dx in COARSE])
    seen = templates(cuts).reshape(len(cells), len(COARSE), -1)
    scores = pooled(seen) @ enr.coarse_templates_t  # (cells, shifts, templates)
    if terrains is not None:
        of_template = np.repeat(enr.terrain, 4)
        for i, t in enumerate(terrains):
            # a match this clear overrules the rim (a corner of a neighbour in it)
            if t >= 0 and scores[i].max() < CLEAR_MATCH:
                scores[i][:, of_template != t] = -2.0
    out = []
    moves: list[tuple[int, int]] = []
    for i, (r, c) in enumerate(cells):
        move = _refined(scores[i], kinds, flat, partial(shifted, r, c))
        out.append(cut(r, c, *move))
        moves.append(move)
    return out, moves


def _refined(
    scores: np.ndarray,
    kinds: np.ndarray,
    flat: np.ndarray,
    seen_at: Callable[[list[tuple[int, int]]], np.ndarray],
) -> tuple[int, int]:
    """The shift at which one cell best matches its likeliest kinds of space, each kind
    refined around its own best coarse shift. `scores` is (shifts, templates);
    `seen_at(moves)` gives the cell's templates at those shifts."""
    per_template = scores.max(axis=0)
    shift_of = scores.argmax(axis=0)
    order = np.argsort(-per_template)
    top = float(per_template[order[0]])
    chosen: dict[int, list[int]] = {}
    for j in order:
        if per_template[j] <= -2.0 or per_template[j] < top - KIND_NEAR:
            break
        k = int(kinds[j])
        if k not in chosen and len(chosen) == KINDS_REFINED:
            continue
        members = chosen.setdefault(k, [])
        if len(members) < TEMPLATES_REFINED:
            members.append(int(j))
    if not chosen:
        return COARSE[int(shift_of[order[0]])]
    around = {
        k: [(b[0] + dy, b[1] + dx) for dy, dx in [(0, 0), *FINE]]
        for k, b in ((k, COARSE[int(shift_of[m[0]])]) for k, m in chosen.items())
    }
    moves = list(dict.fromkeys(m for ms in around.values() for m in ms))
    seen = dict(zip(moves, seen_at(moves), strict=True))
    best, best_move = -np.inf, moves[0]
    for k, members in chosen.items():
        for move in around[k]:
            score = float((flat[members] @ seen[move]).max())
            if score > best:
                best, best_move = score, move
    return best_move
