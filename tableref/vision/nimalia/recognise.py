"""Photo -> reserve: locate, grid, classify, check against the game's guarantees.

`recognise(photo, enrolment)` returns a `Recognition`: the spaces read with confidence
(the game's `Space`s; rows/cols from 0, row 0 at the top of the photo), the spaces that
could not be read with confidence, named instead of guessed, and, when every space was
read, the game's `Reserve`; and the cards seen apart from the reserve (apart.py), which
are not read.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from tableref.games.nimalia.model import Reserve, Space
from tableref.vision.nimalia.apart import Apart, cards_apart
from tableref.vision.nimalia.cards import TERRAINS, space, space_json
from tableref.vision.nimalia.classify import (
    Reading,
    _terrains,
    classify,
    correlations,
)
from tableref.vision.nimalia.constraints import Doubt, check
from tableref.vision.nimalia.enrol import Enrolment
from tableref.vision.nimalia.features import C, rim
from tableref.vision.nimalia.grid import Content, Grid, GridError, find_grid, square_on
from tableref.vision.nimalia.locate import WORK_WIDTH, Located, NoReserveError, locate
from tableref.vision.nimalia.nudge import nudged_patches, unnudged_terrains

CONFIDENT = 0.35


@dataclass
class Recognition:
    spaces: dict[tuple[int, int], Space]  # read with confidence
    confidence: dict[tuple[int, int], float]
    unreadable: list[Doubt] = field(default_factory=list)
    guesses: dict[tuple[int, int], Space] = field(default_factory=dict)  # every space
    grid: Grid | None = None
    offset: tuple[int, int] = (0, 0)  # grid (row, col) of reserve (0, 0)
    match: dict[tuple[int, int], float] = field(default_factory=dict)  # best correlation
    #                                           with any enrolled space, per space
    # cards seen apart from the reserve (touching none of it), not read: each the four
    # corners (4x2, photo pixels) of its rectangle on the table
    apart: list[np.ndarray] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return not self.unreadable

    def quad(self, pos: tuple[int, int]) -> np.ndarray:
        """The corners of a space (reserve coordinates) in the photo, in pixels: top-left,
        top-right, bottom-right, bottom-left (4x2)."""
        if self.grid is None:
            raise ValueError("no grid: nothing was read")
        gr, gc = pos[0] + self.offset[0], pos[1] + self.offset[1]
        quad = np.array([[[gc, gr], [gc + 1, gr], [gc + 1, gr + 1], [gc, gr + 1]]], np.float32)
        corners: np.ndarray = cv2.perspectiveTransform(quad, self.grid.to_photo)[0]
        return corners

    @property
    def reserve(self) -> Reserve | None:
        """The game's reserve when every space was read (else None: see `unreadable`).
        ReserveError when the spaces read break the game's rules."""
        return Reserve(self.spaces) if self.complete else None

    def as_json(self) -> dict[str, object]:
        spaces = []
        for (r, c), k in sorted(self.spaces.items()):
            spaces.append(
                {"row": r, "col": c, **space_json(k),
                 "confidence": round(self.confidence[(r, c)], 3)}
            )
        return {
            "spaces": spaces,
            "unreadable": [
                {
                    "row": d.row,
                    "col": d.col,
                    "reason": d.reason,
                    "guess": space_json(self.guesses[(d.row, d.col)]),
                }
                if (d.row, d.col) in self.guesses
                else {"row": d.row, "col": d.col, "reason": d.reason}
                for d in self.unreadable
            ],
            "apart": [[[round(float(x), 1), round(float(y), 1)] for x, y in q]
                      for q in self.apart],
        }


def canonical(photo: np.ndarray, grid: Grid) -> np.ndarray:
    """The reserve seen square-on, C pixels per space."""
    src = photo
    factor = grid.space_px / C
    if factor > 1.6:
        src = cv2.GaussianBlur(photo, (0, 0), 0.45 * factor)
    m = (
        grid.to_photo
        @ np.diag([1.0 / C, 1.0 / C, 1.0])
        @ np.array([[1, 0, 0.5], [0, 1, 0.5], [0, 0, 1.0]])
    )
    return cv2.warpPerspective(
        src, m, (grid.cols * C, grid.rows * C), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP
    )


GROW_SCORE = 0.7


def _window(
    img: np.ndarray, to_photo: np.ndarray, r0: int, c0: int, rows: int, cols: int, cell: int
) -> np.ndarray:
    """Cells r0..r0+rows-1 x c0..c0+cols-1 seen square-on, `cell` pixels each."""
    m = (
        to_photo
        @ np.array([[1, 0, c0], [0, 1, r0], [0, 0, 1.0]])
        @ np.diag([1.0 / cell, 1.0 / cell, 1.0])
        @ np.array([[1, 0, 0.5], [0, 1, 0.5], [0, 0, 1.0]])
    )
    flags = cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP
    return cv2.warpPerspective(img, m, (cols * cell, rows * cell), flags=flags)


def _grow(photo: np.ndarray, mask: np.ndarray, grid: Grid, enrolment: Enrolment) -> Grid:
    """Add the cells beside the reserve that the table mask missed (a savanna on a
    wooden table, an ice floe in shadow) when they look like an enrolled card's space."""
    covered = set(grid.covered)
    src = photo
    if grid.space_px / C > 1.6:
        src = cv2.GaussianBlur(photo, (0, 0), 0.45 * grid.space_px / C)
    for _ in range(2):  # a whole card may be missing: two cells deep
        rmin = min(r for r, _ in covered) - 1
        cmin = min(c for _, c in covered) - 1
        rows = max(r for r, _ in covered) - rmin + 2
        cols = max(c for _, c in covered) - cmin + 2
        candidates = []
        for r, c in covered:
            for cell in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)):
                span = covered | {cell}
                if cell in covered or cell in candidates:
                    continue
                if max(x for x, _ in span) - min(x for x, _ in span) >= 6:
                    continue
                if max(y for _, y in span) - min(y for _, y in span) >= 6:
                    continue
                candidates.append(cell)
        if not candidates:
            break
        window = _window(src, grid.to_photo, rmin, cmin, rows, cols, C)
        local = [(r - rmin, c - cmin) for r, c in candidates]
        patches = nudged_patches(window, local, enrolment)[0]
        corr = correlations(patches, enrolment).reshape(len(patches), -1)
        best = corr.max(axis=1)
        # the best match's terrain must be the one the cell's rim shows (against the
        # light of the reserve's own spaces): plain table matches some space's pattern
        inside = [(r - rmin, c - cmin) for r, c in covered]
        rims = np.array(
            [rim(window[r * C : (r + 1) * C, c * C : (c + 1) * C]) for r, c in inside]
            + [rim(p) for p in patches]
        )
        seen_terrain = _terrains(rims, enrolment, len(inside))[0][len(inside) :]
        matched_terrain = enrolment.terrain[corr.argmax(axis=1) // 4]
        best = np.where(seen_terrain == matched_terrain, best, -1.0)
        seen = _window(mask, grid.to_photo, rmin, cmin, rows, cols, 8)
        share = seen.reshape(rows, 8, cols, 8).mean(axis=(1, 3)) / 255.0
        found = {
            cell
            for cell, score in zip(candidates, best, strict=True)
            if score >= (GROW_SCORE if share[cell[0] - rmin, cell[1] - cmin] >= 0.08 else 0.8)
        }
        # cells found one by one must not stretch the reserve past 6x6 together
        if found:
            span = covered | found
            if (
                max(x for x, _ in span) - min(x for x, _ in span) >= 6
                or max(y for _, y in span) - min(y for _, y in span) >= 6
            ):
                break
        if not found:
            break
        covered |= found
    if len(covered) == len(grid.covered):
        return grid
    rmin = min(r for r, _ in covered)
    cmin = min(c for _, c in covered)
    shift = np.array([[1, 0, cmin], [0, 1, rmin], [0, 0, 1.0]])
    moved = frozenset((r - rmin, c - cmin) for r, c in covered)
    rows = max(r for r, _ in moved) + 1
    cols = max(c for _, c in moved) + 1
    return Grid(grid.to_photo @ shift, rows, cols, moved, grid.space_px)


def _refit(grid: Grid, cells: list[tuple[int, int]], moves: list[tuple[int, int]]) -> Grid | None:
    """When the spaces sit off the grid in a pattern (the perspective was not quite
    right), fit the grid again to where each space was found; None when it fits."""
    off = np.array(moves, np.float32)
    if len(cells) < 6 or np.abs(off).max() < 4:
        return None
    src = np.array([[c + 0.5, r + 0.5] for r, c in cells], np.float32)
    seen = src + off[:, ::-1] / C
    dst = cv2.perspectiveTransform(seen[None], grid.to_photo)[0]
    h, inliers = cv2.findHomography(src, dst, cv2.RANSAC, 0.1 * grid.space_px)
    if h is None or inliers.sum() < 0.6 * len(cells):
        return None
    return Grid(h, grid.rows, grid.cols, grid.covered, grid.space_px)


FAR_MOVE = 5  # canonical pixels (of C per space)
WEAK_MATCH = 0.6


def _far_fetched(
    readings: list[Reading], moves: list[tuple[int, int]], rims: np.ndarray, best: np.ndarray
) -> list[Reading]:
    """A space found only by sliding far off its grid cell, with a weak match, whose terrain
    is not the one the cell's own rim shows, is likely its neighbour seen in part: unsure."""
    out = []
    for x, (dy, dx), t, score in zip(readings, moves, rims, best, strict=True):
        if (
            max(abs(dy), abs(dx)) >= FAR_MOVE
            and score < WEAK_MATCH
            and x.terrain != TERRAINS[int(t)]
        ):
            x = replace(x, terrain_conf=min(x.terrain_conf, 0.2))
        out.append(x)
    return out


def _looks_like_cards(photo: np.ndarray, enrolment: Enrolment) -> Content:
    """How much the spaces of a candidate grid look like enrolled spaces: the mean, over
    its covered cells, of each cell's best correlation with any enrolled space."""

    def content(to_photo: np.ndarray, rows: int, cols: int, covered: set[tuple[int, int]]) -> float:
        cells = sorted(covered)
        # sampled at twice the size and then averaged down: cheaper than blurring the photo
        sharp = square_on(photo, to_photo, rows, cols, 2 * C)
        canon = cv2.resize(sharp, (cols * C, rows * C), interpolation=cv2.INTER_AREA)
        patches = [canon[r * C : (r + 1) * C, c * C : (c + 1) * C] for r, c in cells]
        corr = correlations(patches, enrolment).reshape(len(cells), -1)
        return float(corr.max(axis=1).mean())

    return content


HOLE_SHARE = 0.6  # of a cell seen as table through the reserve's outline
HOLE_MATCH = 0.6  # ... and no better like any card's space than this: a hole


def _not_holes(
    loc: Located, grid: Grid, cells: list[tuple[int, int]], best: np.ndarray
) -> np.ndarray:
    """Which cells to keep: not the holes among the cards (a cell the cards surround but
    none covers), which look like table and like no enrolled space."""
    keep = np.ones(len(cells), bool)
    if loc.holes is None or not cells:
        return keep
    seen = square_on(loc.holes, grid.to_photo, grid.rows, grid.cols, 8)
    share = seen.reshape(grid.rows, 8, grid.cols, 8).mean(axis=(1, 3)) / 255.0
    for i, (r, c) in enumerate(cells):
        keep[i] = not (share[r, c] >= HOLE_SHARE and best[i] < HOLE_MATCH)
    if not keep.any():
        keep[:] = True
    return keep


CARD_MATCH = 0.6  # a space this like an enrolled space may be one of the deck's
GRID_TRUST = 0.75  # of a grid's spaces like the deck's, at least, for it to be read


def _like_the_deck(cells: list[tuple[int, int]], best: np.ndarray) -> None:
    """A reserve is made of the deck's cards: when fewer than half of the grid's spaces
    (or fewer than 3) look like enrolled spaces, the photo shows something else (a Halli
    Galli table, a board, a blank table). NoReserveError then, rather than a grid of
    unsure spaces. (A real reserve's spaces match at 0.9 and more; a cell the reader is
    unsure of is one in a reserve whose other spaces match.)"""
    alike = int((best >= CARD_MATCH).sum())
    if alike < 3 or alike < len(cells) / 2:
        raise NoReserveError(
            "it does not look like cards of the enrolled Nimalia deck "
            f"({alike} of {len(cells)} spaces do)")
    # A grid that fits the cards cuts them into the deck's spaces: all of them look like
    # enrolled spaces but those a hand or glare hides (a right grid: 94 % and more on the
    # tuning photos). One where many do not cuts across the spaces (a pitch or a phase
    # off where the table mask missed cards): what its cells show is not the reserve's
    # spaces, and a player told about them would say what straddles two. Another photo.
    if alike < GRID_TRUST * len(cells):
        raise GridError(
            f"the spaces cannot be made out: only {alike} of {len(cells)} cells of the "
            "grid found look like spaces of the cards")


FINE_WIDTH = 1400  # the second look's mask width, for a large photo of small spaces


def recognise(photo: np.ndarray, enrolment: Enrolment) -> Recognition:
    """The reserve of a photo (module docstring). A large photo whose grid does not fit at
    the usual mask width is looked at again with a finer mask: small spaces on a table
    much like a terrain (savanna on wood) lose cards from a coarse mask, and the grid
    from the ragged outline cuts across the spaces."""
    try:
        return _largest(photo, enrolment, WORK_WIDTH)
    except (NoReserveError, GridError) as err:
        finer = min(photo.shape[1], FINE_WIDTH)
        if finer < 1.25 * WORK_WIDTH:
            raise
        try:
            return _largest(photo, enrolment, finer)
        except (NoReserveError, GridError):
            raise err from None


def _largest(photo: np.ndarray, enrolment: Enrolment, work_width: int) -> Recognition:
    """The reserve is the patch of the deck's cards covering the most spaces. The largest
    patch of the photo is read first; a patch of cards seen apart from it that covers more
    spaces than it holds (a small reserve farther from the camera than a loose card, or
    one joined to a shadow's speckles running off the photo) is read instead when it
    reads into more spaces: the loose card is then the card seen apart. Read as it was, a
    loose card would have been scored as the whole reserve, without a warning. A reserve
    read as one card's four spaces beside a larger patch that runs off the photo (the
    reserve joined to a shadow's speckles at the photo's edge) is no reading: a reserve
    shows more than one card from the first round on, but for cards stacked exactly."""
    rec, apart, cut = _recognise(photo, enrolment, work_width)
    larger = [a for a in apart if a.cells > len(rec.guesses)]
    if not larger:
        if cut and _one_card(rec):
            raise NoReserveError(
                "only one card was found apart from cards that run off the photo: step back "
                "so the whole reserve is in view")
        return rec
    try:
        other, _, _ = _recognise(photo, enrolment, work_width,
                                 max(larger, key=lambda a: a.cells).index)
    except (NoReserveError, GridError):
        return rec
    return other if len(other.guesses) > len(rec.guesses) else rec


def _one_card(rec: Recognition) -> bool:
    """Whether the reading is the four spaces of one card (a 2x2 block)."""
    return len(rec.guesses) == 4 and {r for r, _ in rec.guesses} == {0, 1} and {
        c for _, c in rec.guesses} == {0, 1}


def _recognise(photo: np.ndarray, enrolment: Enrolment, work_width: int,
               pick: int | None = None) -> tuple[Recognition, list[Apart], bool]:
    loc = locate(photo, work_width, pick)
    grid = find_grid(photo, loc, _looks_like_cards(photo, enrolment))
    grid = _grow(photo, loc.mask, grid, enrolment)
    cells = sorted(grid.covered)
    canon = canonical(photo, grid)
    terrains = unnudged_terrains(canon, cells, enrolment)
    patches, moves = nudged_patches(canon, cells, enrolment, terrains)
    refit = _refit(grid, cells, moves)
    if refit is not None:
        grid = refit
        canon = canonical(photo, grid)
        terrains = unnudged_terrains(canon, cells, enrolment)
        patches, moves = nudged_patches(canon, cells, enrolment, terrains)
    corr = correlations(patches, enrolment)
    best = corr.reshape(len(patches), -1).max(axis=1)
    kept = _not_holes(loc, grid, cells, best)
    cells = [x for x, k in zip(cells, kept, strict=True) if k]
    _like_the_deck(cells, best[kept])
    patches = [x for x, k in zip(patches, kept, strict=True) if k]
    moves = [x for x, k in zip(moves, kept, strict=True) if k]
    readings = _far_fetched(
        classify(patches, enrolment, corr[kept]),
        moves,
        unnudged_terrains(canon, cells, enrolment, sure=False),
        best[kept],
    )
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    read: dict[tuple[int, int], Reading] = {
        (r - r0, c - c0): x for (r, c), x in zip(cells, readings, strict=True)
    }
    doubts = check(read, CONFIDENT)
    doubtful = {(d.row, d.col) for d in doubts}
    guesses = {p: space(x.terrain, x.animal, x.river) for p, x in read.items()}
    apart = cards_apart(photo, loc.others, grid, enrolment)
    return Recognition(
        spaces={p: k for p, k in guesses.items() if p not in doubtful},
        confidence={p: x.confidence for p, x in read.items()},
        unreadable=doubts,
        guesses=guesses,
        grid=grid,
        offset=(r0, c0),
        match={(r - r0, c - c0): float(b) for (r, c), b in zip(cells, best[kept], strict=True)},
        apart=[a.quad for a in apart],
    ), apart, loc.larger_cut
