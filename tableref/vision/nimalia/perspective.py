"""Undo the perspective of a reserve from its outline: the outline's straight runs fall
into two families of card edges; their vanishing points (sharpened by straight segments
inside the reserve) give a homography to a view where both families are axis-parallel.
"""

from __future__ import annotations

import cv2
import numpy as np

from tableref.vision.nimalia.locate import Located

# an outline edge further than this from both directions of the grid is not a card edge of
# the reserve (a loose card hanging on by a bridge of glare, a hand): 2 degrees for cards
# turned on the table, the rest for the perspective across the reserve
EDGE_DEG = 15.0


class PerspectiveError(ValueError):
    """The outline does not show the reserve's two edge directions."""


def outline_edges(contour: np.ndarray) -> list[tuple[np.ndarray, np.ndarray, float]]:
    """Straight runs of the outline: (point on line, unit direction, length)."""
    pts = contour.astype(np.float32)
    scale = 1.0
    approx = cv2.approxPolyDP(pts.reshape(-1, 1, 2), 2.5 * scale / 1.0, True).reshape(-1, 2)
    index = {(float(x), float(y)): i for i, (x, y) in enumerate(pts)}
    ids = sorted(index[(float(x), float(y))] for x, y in approx)
    out = []
    n = len(pts)
    for k, i in enumerate(ids):
        j = ids[(k + 1) % len(ids)]
        run = pts[i : j + 1] if j > i else np.concatenate([pts[i:], pts[: j + 1]])
        length = float(np.linalg.norm(run[-1] - run[0]))
        if length < 8 or len(run) < 5:
            continue
        trim = max(1, len(run) // 6)
        core = run[trim:-trim] if len(run) > 2 * trim + 2 else run
        vx, vy, x0, y0 = cv2.fitLine(core, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        out.append((np.array([x0, y0]), np.array([vx, vy]), length))
    del n
    return out


def vanishing(
    lines: list[tuple[np.ndarray, np.ndarray, float]],
    centre: np.ndarray,
    norm: float,
    radius: float,
) -> np.ndarray:
    """Robust vanishing point (homogeneous, normalised coordinates) of a family of edges.

    Least squares, then reweighted by how far each edge's direction turns away from the
    point; a point that would distort the reserve wildly falls back to parallel lines.
    """
    qs = [((p - centre) / norm, d, w) for p, d, w in lines]
    mean = sum(w * np.sign(d @ qs[0][1] + 1e-9) * d for _, d, w in qs)
    mean = mean / np.linalg.norm(mean)
    parallel = np.array([mean[0], mean[1], 0.0])
    if len(qs) < 2:
        return parallel
    weights = np.array([w for _, _, w in qs], float)
    v = parallel
    for _ in range(4):
        rows = []
        for (q, d, _), w in zip(qs, weights, strict=True):
            a, b = -d[1], d[0]
            rows.append(np.sqrt(w) * np.array([a, b, -(a * q[0] + b * q[1])]))
        _, _, vt = np.linalg.svd(np.array(rows))
        v = vt[-1]
        res = []
        for q, d, _ in qs:
            to = v[:2] - q * v[2]
            cos = abs(to @ d) / (np.linalg.norm(to) + 1e-12)
            res.append(np.degrees(np.arccos(min(1.0, cos))))
        res_a = np.array(res)
        weights = np.array([w for _, _, w in qs]) * np.minimum(1.0, (2.0 / (res_a + 1e-6)) ** 2)
    # a vanishing point close to the reserve would mean a camera far steeper than the
    # photos this reads: the estimate is wrong
    if abs(v[2]) > 1e-9 and np.linalg.norm(v[:2] / v[2]) < 2.0 * radius:
        return parallel
    return v


Line = tuple[np.ndarray, np.ndarray, float]


def inner_segments(photo: np.ndarray, loc: Located) -> list[Line]:
    """Straight segments inside the reserve (card edges, terrain borders), work pixels."""
    h, w = photo.shape[:2]
    small = cv2.resize(
        photo, (round(w * loc.scale), round(h * loc.scale)), interpolation=cv2.INTER_AREA
    )
    mask = cv2.resize(loc.mask, (small.shape[1], small.shape[0])) > 0
    x, y, bw, bh = cv2.boundingRect(mask.astype(np.uint8))
    gray = cv2.cvtColor(small[y : y + bh, x : x + bw], cv2.COLOR_BGR2GRAY)
    found = cv2.createLineSegmentDetector().detect(gray)[0]
    out: list[Line] = []
    if found is None:
        return out
    for x1, y1, x2, y2 in found.reshape(-1, 4):
        a, b = np.array([x1 + x, y1 + y]), np.array([x2 + x, y2 + y])
        length = float(np.linalg.norm(b - a))
        mid = (a + b) / 2
        if length < 8 or not mask[int(mid[1]), int(mid[0])]:
            continue
        out.append(((a + b) / 2, (b - a) / length, length))
    return out


def rectify(
    edges: list[Line], centre: np.ndarray, inner: list[Line] | None = None
) -> tuple[np.ndarray, list[Line], list[int]]:
    """A homography making the two edge families axis-parallel, and each edge's family."""
    theta = np.array([np.arctan2(d[1], d[0]) % np.pi for _, d, _ in edges])
    w = np.array([e[2] for e in edges])
    alpha = np.angle((w * np.exp(4j * theta)).sum()) / 4
    diff = (theta - alpha + np.pi / 2) % np.pi - np.pi / 2
    fam = [0 if abs(x) < np.pi / 4 else 1 for x in diff]
    off = np.minimum(np.abs(diff), np.abs(np.abs(diff) - np.pi / 2))
    keep = [bool(o < np.radians(EDGE_DEG)) for o in off]
    edges = [e for e, k in zip(edges, keep, strict=True) if k]
    fam = [f for f, k in zip(fam, keep, strict=True) if k]
    groups = [[e for e, f in zip(edges, fam, strict=True) if f == k] for k in (0, 1)]
    if not groups[0] or not groups[1]:
        raise PerspectiveError("the reserve's outline has no corners: cannot tell its orientation")
    # family "h" is the one closer to the photo's horizontal
    mean_dirs = []
    for g in groups:
        t = np.angle(sum(e[2] * np.exp(2j * np.arctan2(e[1][1], e[1][0])) for e in g)) / 2
        mean_dirs.append(np.array([np.cos(t), np.sin(t)]))
    h_fam = 0 if abs(mean_dirs[0][0]) >= abs(mean_dirs[1][0]) else 1
    if inner:
        # the segments inside the reserve sharpen the vanishing points
        for e in inner:
            t = np.arctan2(e[1][1], e[1][0]) % np.pi
            for k, g in enumerate(groups):
                ref = np.arctan2(mean_dirs[k][1], mean_dirs[k][0]) % np.pi
                dev = abs((t - ref + np.pi / 2) % np.pi - np.pi / 2)
                if dev < np.radians(12):
                    g.append(e)
    norm = 500.0
    t_norm = np.array(
        [[1 / norm, 0, -centre[0] / norm], [0, 1 / norm, -centre[1] / norm], [0, 0, 1]]
    )
    radius = max(float(np.linalg.norm(e[0] - centre)) for e in edges) / norm
    vh = vanishing(groups[h_fam], centre, norm, radius)
    vv = vanishing(groups[1 - h_fam], centre, norm, radius)
    horizon = np.cross(vh, vv)
    if abs(horizon[2]) < 1e-12:
        raise PerspectiveError("the reserve's edges are degenerate")
    horizon = horizon / horizon[2]
    hp = np.array([[1, 0, 0], [0, 1, 0], [horizon[0], horizon[1], 1.0]])
    # directions of the two families after hp, signed to point right and down
    axes = []
    for v, want in ((vh, np.array([1.0, 0])), (vv, np.array([0, 1.0]))):
        pv = hp @ v
        d = pv[:2] / (np.linalg.norm(pv[:2]) + 1e-12)
        if d @ want < 0:
            d = -d
        axes.append(d)
    a = np.linalg.inv(np.column_stack(axes))
    h = np.eye(3)
    h[:2, :2] = a
    full = h @ hp @ t_norm
    # scale each axis so that one rectified unit is about one photo pixel at the centre
    c = np.array([centre[0], centre[1], 1.0])
    jac = []
    for k in range(2):
        eps = np.zeros(3)
        base = full @ c
        step = np.linalg.inv(full) @ (base / base[2] + np.eye(3)[k] * 1e-3)
        jac.append(np.linalg.norm(step[:2] / step[2] - centre) / 1e-3)
        del eps
    s = np.diag([jac[0], jac[1], 1.0])
    full = s @ full
    base = full @ c
    tr = np.array([[1, 0, -base[0] / base[2]], [0, 1, -base[1] / base[2]], [0, 0, 1]])
    fam_of_edge = [0 if f == h_fam else 1 for f in fam]
    return tr @ full, edges, fam_of_edge


def positions(
    edges: list[Line], fam: list[int], rect: np.ndarray
) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """Rectified (coordinate, length) of the horizontal edges' v and the vertical edges' u."""
    hs, vs = [], []
    for (p, d, w), f in zip(edges, fam, strict=True):
        seg = np.array([p - d * w / 4, p, p + d * w / 4], np.float32)
        q = cv2.perspectiveTransform(seg[None], rect)[0]
        if f == 0:
            hs.append((float(q[:, 1].mean()), w))
        else:
            vs.append((float(q[:, 0].mean()), w))
    return hs, vs
