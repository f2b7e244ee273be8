"""Recover the grid of spaces from the reserve's outline and content.

The outline of a reserve is a rectilinear polygon on the table. Its edges fall into two
families whose vanishing points undo the perspective; the edge positions and the look
of the spaces (a plain terrain rim around an animal) then fix the pitch and the phase.
Finally the outline's corners are snapped to whole grid corners and the homography is
fitted again to all of them, which absorbs cards placed a few millimetres off.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import cv2
import numpy as np

from tableref.vision.nimalia.locate import Located
from tableref.vision.nimalia.perspective import (
    PerspectiveError,
    inner_segments,
    outline_edges,
    positions,
    rectify,
)

MAX_SPACES = 6
# the spaces' width in a 1600 px wide photo: 40 to 110 px by the issue, with some slack
# for the perspective (near spaces are wider than the middle one); scaled with the photo.
# Grids outside it are tried only when no grid inside it fits.
PITCH_RANGE = (34.0 / 1600, 125.0 / 1600)
CELL = 24  # canonical pixels per space when judging a grid
# how much wider than tall (or taller than wide) a space looks at the reserve's middle
# once the perspective is undone: 1/cos(30 degrees) = 1.15 for the steepest view, with
# slack for the estimate. Grids outside it are tried only when no usual grid fits.
USUAL_ASPECT = 1.25


class GridError(ValueError):
    """No grid of spaces fits the reserve; the message says why."""


@dataclass(frozen=True)
class Grid:
    to_photo: np.ndarray  # homography: (col, row) in spaces -> photo pixels
    rows: int
    cols: int
    covered: frozenset[tuple[int, int]]  # (row, col)
    space_px: float  # typical space width in the photo


def _ring_score(canon: np.ndarray, cells: list[tuple[int, int]]) -> float:
    """How plainly each cell's rim shows one colour (a space's terrain) around its middle."""
    lab = cv2.cvtColor(canon, cv2.COLOR_BGR2Lab).astype(np.float32)
    band = 3
    ring = np.zeros((CELL, CELL), bool)
    ring[:band] = ring[-band:] = True
    ring[:, :band] = ring[:, -band:] = True
    if not cells:
        return 0.0
    rows, cols = lab.shape[0] // CELL, lab.shape[1] // CELL
    per_cell = lab.reshape(rows, CELL, cols, CELL, 3).transpose(0, 2, 1, 3, 4)
    idx = np.array(cells)
    px = per_cell[idx[:, 0], idx[:, 1]][:, ring]  # (cells, ring pixels, 3)
    med = np.median(px, axis=1, keepdims=True)
    plain = np.linalg.norm(px - med, axis=2) < 22
    return float(plain.mean(axis=1).mean())


Candidate = tuple[float, np.ndarray, int, int, set[tuple[int, int]]]
# how well the spaces of a grid look like enrolled spaces: (to_photo, rows, cols, covered)
Content = Callable[[np.ndarray, int, int, set[tuple[int, int]]], float]
CONTENT_CHECKED = 5  # shapes of grid whose content is compared, the best by their rims
JUDGE_NEAR = 0.3  # ... those at most this far behind the best


def find_grid(photo: np.ndarray, loc: Located, content: Content | None = None) -> Grid:
    """The grid of spaces of the located reserve. Grids that fit the outline are ranked by
    how plainly each cell's rim shows one terrain; with `content`, the few best are
    ranked again by how much their spaces look like cards' spaces: a grid at half the
    pitch of large spaces has plain rims too, but its cells cut the animals in four."""
    contour = loc.contour * loc.scale  # work pixels
    edges = outline_edges(contour)
    if len(edges) < 4:
        raise GridError("the reserve's outline is not made of straight card edges")
    centre = contour.mean(axis=0)
    try:
        rect, edges, fam = rectify(edges, centre, inner_segments(photo, loc))
    except PerspectiveError as err:
        raise GridError(str(err)) from err
    hs, vs = positions(edges, fam, rect)
    if not hs or not vs:
        raise GridError("the reserve's outline lacks edges in one direction")
    flat = cv2.perspectiveTransform(contour.reshape(1, -1, 2).astype(np.float64), rect)[0]
    to_rect = rect @ np.diag([loc.scale, loc.scale, 1.0])
    chosen = None
    # strict first; when a ragged outline (cards the mask half missed) fits nothing, looser
    for need in (0.75, 0.5):
        usual: list[Candidate] = []
        unusual: list[Candidate] = []
        for cand, is_usual in _candidates(photo, loc, to_rect, _spans(flat, vs, hs), hs, vs, need):
            (usual if is_usual else unusual).append(cand)
        ranked = sorted(usual or unusual, key=lambda c: -c[0])
        if not ranked:
            continue
        if content is None:
            chosen = _refined(photo, loc, ranked[0])
        else:
            chosen = _by_content(photo, loc, ranked, content)
        break
    if chosen is None:
        raise GridError("no grid of at most 6x6 spaces fits the reserve's outline")
    _, to_photo, nv, nu, covered = chosen
    return Grid(to_photo, nv, nu, frozenset(covered), _space_px(to_photo, nv, nu))


def _refined(photo: np.ndarray, loc: Located, cand: Candidate) -> Candidate:
    """The grid fitted again to the outline's corners, when that moves it little and its
    rims do not get worse."""
    score, to_photo, nv, nu, _ = cand
    refined = _refine(to_photo, loc, nv, nu)
    if _moved(to_photo, refined, nv, nu) < 0.35:
        judged = _judge(photo, loc.mask, refined, nv, nu)
        if judged is not None and judged[0] >= score - 0.02:
            return judged[0], refined, nv, nu, judged[1]
    return cand


def _by_content(
    photo: np.ndarray, loc: Located, ranked: list[Candidate], content: Content
) -> Candidate:
    """The best by `content` of the best grid of each shape (rows x cols) near the top of
    the grids `ranked` by their rims, refined."""
    shapes: dict[tuple[int, int], Candidate] = {}
    for c in ranked:
        if c[0] < ranked[0][0] - JUDGE_NEAR or len(shapes) == CONTENT_CHECKED:
            break
        shapes.setdefault((c[2], c[3]), c)
    near = [_refined(photo, loc, c) for c in shapes.values()]
    return max(near, key=lambda c: content(c[1], c[2], c[3], c[4]))


def _candidates(
    photo: np.ndarray,
    loc: Located,
    to_rect: np.ndarray,
    spans: list[tuple[tuple[float, float], tuple[float, float]]],
    hs: list[tuple[float, float]],
    vs: list[tuple[float, float]],
    need: float,
) -> Iterator[tuple[Candidate, bool]]:
    """Every grid whose lines fit at least `need` of the outline's edges (by length),
    judged by its rims, and whether it is usual (space size and shape)."""
    us, wu = np.array([u for u, _ in vs]), np.array([w for _, w in vs])
    vv, wv = np.array([v for v, _ in hs]), np.array([w for _, w in hs])

    def fits(pos: np.ndarray, w: np.ndarray, start: float, pitch: float) -> float:
        x = (pos - start) / pitch
        return float((w * (np.abs(x - np.round(x)) < 0.22)).sum() / w.sum())

    for (u0, u1), (v0, v1) in spans:
        for nu in range(2, MAX_SPACES + 1):
            pu = (u1 - u0) / nu
            if pu < 12 or fits(us, wu, u0, pu) < need:
                continue
            for nv in range(2, MAX_SPACES + 1):
                pv = (v1 - v0) / nv
                if pv < 12 or not 0.7 < pu / pv < 1.43 or fits(vv, wv, v0, pv) < need:
                    continue
                g = np.array([[pu, 0, u0], [0, pv, v0], [0, 0, 1.0]])
                to_photo = np.linalg.inv(to_rect) @ g
                px = _space_px(to_photo, nv, nu) / max(photo.shape[:2])
                usual = (
                    PITCH_RANGE[0] <= px <= PITCH_RANGE[1]
                    and 1 / USUAL_ASPECT < pu / pv < USUAL_ASPECT
                )
                judged = _judge(photo, loc.mask, to_photo, nv, nu)
                if judged is not None:
                    yield (judged[0], to_photo, nv, nu, judged[1]), usual


STRONG_EDGE = 0.25  # an edge this long, of the longest, may bound the reserve


def _spans(
    flat: np.ndarray, vs: list[tuple[float, float]], hs: list[tuple[float, float]]
) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Where the reserve may start and end along each rectified axis: the outline's own
    extent, and the outermost long straight edges. They differ when something that is not
    cards hangs on the outline (a patch of glare, a loose card by a thin bridge): the
    cards end at a straight edge, the glare does not."""
    outline = (
        tuple(np.percentile(flat[:, 0], [0.5, 99.5])),
        tuple(np.percentile(flat[:, 1], [0.5, 99.5])),
    )
    longest = max(w for _, w in vs + hs)
    strong_u = [u for u, w in vs if w >= STRONG_EDGE * longest]
    strong_v = [v for v, w in hs if w >= STRONG_EDGE * longest]
    out = [outline]
    if len(strong_u) >= 2 and len(strong_v) >= 2:
        edged = ((min(strong_u), max(strong_u)), (min(strong_v), max(strong_v)))
        for k in range(2):  # each axis alone, and both
            mixed = (edged[0], outline[1]) if k == 0 else (outline[0], edged[1])
            out.append(mixed)
        out.append(edged)
    return [
        ((float(a), float(b)), (float(c), float(d)))
        for (a, b), (c, d) in dict.fromkeys(out)
        if b - a > 0 and d - c > 0
    ]


def _moved(a: np.ndarray, b: np.ndarray, rows: int, cols: int) -> float:
    """How far (in spaces) cell centres move from grid a to grid b, at most."""
    centres = np.array([[[c + 0.5, r + 0.5] for r in range(rows) for c in range(cols)]], np.float32)
    pa = cv2.perspectiveTransform(centres, a)[0]
    pb = cv2.perspectiveTransform(centres, b)[0]
    if not np.isfinite(pb).all():
        return np.inf
    return float(np.linalg.norm(pa - pb, axis=1).max() / max(_space_px(a, rows, cols), 1e-6))


def square_on(
    img: np.ndarray,
    to_photo: np.ndarray,
    rows: int,
    cols: int,
    cell: int,
    interp: int = cv2.INTER_LINEAR,
) -> np.ndarray:
    scale = np.diag([1.0 / cell, 1.0 / cell, 1.0])
    shift = np.array([[1, 0, 0.5], [0, 1, 0.5], [0, 0, 1.0]])  # pixel centres
    m = to_photo @ scale @ shift
    return cv2.warpPerspective(
        img, m, (cols * cell, rows * cell), flags=interp | cv2.WARP_INVERSE_MAP
    )


def _judge(
    photo: np.ndarray, mask: np.ndarray, to_photo: np.ndarray, rows: int, cols: int
) -> tuple[float, set[tuple[int, int]]] | None:
    cover = square_on(mask, to_photo, rows, cols, 8)
    frac = cover.reshape(rows, 8, cols, 8).mean(axis=(1, 3)) / 255.0
    covered = {(r, c) for r in range(rows) for c in range(cols) if frac[r, c] > 0.5}
    if not covered:
        return None
    clean = float(np.mean([min(f, 1 - f) for f in frac.ravel()]))
    canon = square_on(photo, to_photo, rows, cols, CELL)
    return _ring_score(canon, sorted(covered)) - 2 * clean, covered


def _space_px(to_photo: np.ndarray, rows: int, cols: int) -> float:
    c = np.array(
        [[[cols / 2, rows / 2], [cols / 2 + 1, rows / 2], [cols / 2, rows / 2 + 1]]], np.float32
    )
    p = cv2.perspectiveTransform(c, to_photo)[0]
    return float((np.linalg.norm(p[1] - p[0]) + np.linalg.norm(p[2] - p[0])) / 2)


def _refine(to_photo: np.ndarray, loc: Located, rows: int, cols: int) -> np.ndarray:
    """Fit the homography again to the outline's corners snapped to whole grid corners."""
    contour = loc.contour.reshape(-1, 1, 2).astype(np.float32)
    eps = 0.12 * _space_px(to_photo, rows, cols)
    corners = cv2.approxPolyDP(contour, eps, True).reshape(-1, 2)
    h = to_photo
    for _ in range(2):
        try:
            to_grid = np.linalg.inv(h)
        except np.linalg.LinAlgError:  # corners snapped onto one line fit no grid
            return to_photo
        back = cv2.perspectiveTransform(corners[None].astype(np.float32), to_grid)[0]
        snap = np.round(back)
        ok = np.abs(back - snap).max(axis=1) < 0.3
        if ok.sum() < 4:
            return h
        fitted, _ = cv2.findHomography(
            snap[ok].astype(np.float32), corners[ok].astype(np.float32), 0
        )
        if fitted is None or not np.isfinite(fitted).all():
            return h
        h = fitted
    if abs(np.linalg.det(h)) < 1e-9 * abs(np.linalg.det(to_photo)):
        return to_photo
    return h
