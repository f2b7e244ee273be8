"""A second, plain reading of placement, of a round's legality and of the best placement
of a hand, written from the spec text alone (spec/nimalia.md, "Placement" and the
`check` and `advise` contracts) to judge `tableref.games.nimalia.check` and `.advise`.

It shares no code with the engine: the card facts are read from the package's JSON
file (checked against ../shared by test_cards_data.py), a card is turned here, spaces
are plain (terrain, animal, river) tuples. A round is explained the other way round
from the engine's peeling: every ordered choice of three 2x2 blocks of AFTER is tried
first, its legality checked from the blocks alone, and only then are cards looked for
that show, on each block, the spaces no later block hides.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path

from tableref.games.nimalia.model import Animal, Reserve, River, Space, Terrain

from .reference import solo, table, to_grid

Cell = tuple[str, str, str | None]  # terrain, animal, river
Spaces = dict[tuple[int, int], Cell]
Lay = tuple[int | None, int, int, int]  # card (None: hidden whole), row, col, turn
CARDS_JSON = Path(__file__).resolve().parents[2] / "tableref" / "games" / "nimalia" / "cards.json"
SIDE = 6


@cache
def faces() -> dict[int, tuple[tuple[Cell, Cell], tuple[Cell, Cell]]]:
    document = json.loads(CARDS_JSON.read_text(encoding="utf-8"))
    out = {}
    for entry in document["cards"]:
        rows = entry["spaces"]
        out[entry["id"]] = tuple(
            tuple((s["terrain"], s["animal"], s.get("river")) for s in row) for row in rows
        )
    return out  # type: ignore[return-value]


def turned(card_id: int, turn: int) -> list[list[Cell]]:
    """The card turned `turn` degrees clockwise: after a quarter turn the top-left space
    is what was bottom-left; a river's diagonal flips at every quarter turn."""
    grid = [list(row) for row in faces()[card_id]]
    for _ in range(turn // 90):
        grid = [[grid[1 - c][r] for c in range(2)] for r in range(2)]
        grid = [[(t, a, {"/": "\\", "\\": "/"}.get(v) if v else None) for t, a, v in row]
                for row in grid]
    return grid


def block(row: int, col: int) -> list[tuple[int, int]]:
    return [(row, col), (row, col + 1), (row + 1, col), (row + 1, col + 1)]


def lay(spaces: Mapping[tuple[int, int], Cell], card_id: int, row: int, col: int,
        turn: int) -> Spaces:
    out = dict(spaces)
    grid = turned(card_id, turn)
    for dr in range(2):
        for dc in range(2):
            out[(row + dr, col + dc)] = grid[dr][dc]
    return out


def fits(cells: Sequence[tuple[int, int]]) -> bool:
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return max(rows) - min(rows) < SIDE and max(cols) - min(cols) < SIDE


def legal_step(covered: set[tuple[int, int]], row: int, col: int) -> bool:
    """A card on this block may be laid: the first anywhere, a later one over a covered
    space, and the whole within 6x6."""
    cells = block(row, col)
    if covered and not covered & set(cells):
        return False
    return fits([*covered, *cells])


def cell(space: Space) -> Cell:
    return (space.terrain.value, space.animal.value,
            None if space.river is None else space.river.value)


def plain(spaces: Mapping[tuple[int, int], Space]) -> Spaces:
    return {pos: cell(s) for pos, s in spaces.items()}


def engine_reserve(spaces: Mapping[tuple[int, int], Cell]) -> Reserve:
    return Reserve({pos: Space(Terrain(t), Animal(a), River(v) if v else None)
                    for pos, (t, a, v) in spaces.items()})


# -- a round's legality ----------------------------------------------------------------
def _shifts(before: Spaces, after: Spaces) -> list[tuple[int, int]]:
    if not before:
        return [(0, 0)]
    return [(dr, dc) for dr in range(-12, 13) for dc in range(-12, 13)
            if all((r + dr, c + dc) in after for r, c in before)]


@cache
def _who_shows(shown: tuple[tuple[int, Cell], ...]) -> tuple[tuple[int, int], ...]:
    """(card, turn) whose turned face shows these spaces (index 0..3 = TL, TR, BL, BR)."""
    return tuple((cid, turn) for cid in faces() for turn in (0, 90, 180, 270)
                 if all(turned(cid, turn)[i // 2][i % 2] == s for i, s in shown))


def _distinct(options: Sequence[Sequence[int]]) -> list[int] | None:
    """One card per choice, all different (None when there is no such pick)."""
    def pick(i: int, used: frozenset[int]) -> list[int] | None:
        if i == len(options):
            return []
        for cid in options[i]:
            if cid not in used:
                rest = pick(i + 1, used | {cid})
                if rest is not None:
                    return [cid, *rest]
        return None
    return pick(0, frozenset())


def legal_accounts(before: Mapping[tuple[int, int], Space],
                   after: Mapping[tuple[int, int], Space],
                   cards: int = 3) -> Iterator[list[Lay]]:
    """Every legal way (up to the cards hidden whole) that `cards` cards laid on BEFORE,
    one after another and each on top, turn it into AFTER; in AFTER's coordinates. No
    card is laid exactly on a block of BEFORE that shows that card turned the same way."""
    b, a = plain(before), plain(after)
    blocks = [(r, c) for r, c in sorted(a) if all(p in a for p in block(r, c))]
    for dr, dc in _shifts(b, a):
        old = {(r + dr, c + dc): s for (r, c), s in b.items()}
        if len(old) != len(b):
            continue
        changed = {p for p, s in a.items() if old.get(p) != s}
        for order in itertools.product(blocks, repeat=cards):
            laid = [set(block(r, c)) for r, c in order]
            if not changed <= set().union(*laid):
                continue
            covered = set(old)
            legal = True
            for r, c in order:
                if not legal_step(covered, r, c):
                    legal = False
                    break
                covered |= set(block(r, c))
            if not legal:
                continue
            options: list[list[tuple[int, int]]] = []
            for i, (r, c) in enumerate(order):
                later = set().union(*laid[i + 1:]) if i + 1 < cards else set()
                shown = tuple((k, a[p]) for k, p in enumerate(block(r, c)) if p not in later)
                options.append(list(_who_shows(shown)) if shown else [])
            if any(shown_cards == [] and _shows(order, i, laid)
                   for i, shown_cards in enumerate(options)):
                continue
            # a card laid exactly on a block of BEFORE that shows it, turned the same, is
            # the card already there: it is no card of the round
            options = [[(cid, t) for cid, t in o if not _on_itself(old, order[i], cid, t)]
                       for i, o in enumerate(options)]
            if any(not o and _shows(order, i, laid) for i, o in enumerate(options)):
                continue
            ids = [sorted({cid for cid, _ in o}) if o else list(faces()) for o in options]
            pick = _distinct(ids)
            if pick is None:
                continue
            account: list[Lay] = []
            for i, ((r, c), cid) in enumerate(zip(order, pick, strict=True)):
                if not options[i]:
                    account.append((None, r, c, 0))
                else:
                    turn = next(t for k, t in options[i] if k == cid)
                    account.append((cid, r, c, turn))
            yield account


def _on_itself(old: Spaces, at: tuple[int, int], cid: int, turn: int) -> bool:
    grid = turned(cid, turn)
    return all(old.get((at[0] + dr, at[1] + dc)) == grid[dr][dc]
               for dr in range(2) for dc in range(2))


def _shows(order: Sequence[tuple[int, int]], i: int, laid: Sequence[set[tuple[int, int]]]
           ) -> bool:
    later = set().union(*laid[i + 1:]) if i + 1 < len(laid) else set()
    return not laid[i] <= later


def has_legal_account(before: Mapping[tuple[int, int], Space],
                      after: Mapping[tuple[int, int], Space], cards: int = 3) -> bool:
    return next(legal_accounts(before, after, cards), None) is not None


def replays_legally(before: Mapping[tuple[int, int], Space],
                    after: Mapping[tuple[int, int], Space],
                    shift: tuple[int, int], placed: Sequence[Lay]) -> bool:
    """The cards, laid in order on BEFORE moved by `shift`, are each legal and leave
    exactly AFTER showing (a card hidden whole may be any card)."""
    spaces = {(r + shift[0], c + shift[1]): s for (r, c), s in plain(before).items()}
    for cid, row, col, turn in placed:
        if not legal_step(set(spaces), row, col):
            return False
        if cid is None:
            spaces.update({p: ("?", "?", None) for p in block(row, col)})
        else:
            spaces = lay(spaces, cid, row, col, turn)
    return spaces == plain(after)


# -- the adviser -----------------------------------------------------------------------
def round_points(spaces: Mapping[tuple[int, int], Cell], objective_ids: Sequence[int]) -> int:
    """The round's objectives on one reserve alone (a ranked one as for a lone player),
    summed as they come (the game's total is kept at 0 or more; a round's points are
    not)."""
    if not spaces:
        return 0
    grid = to_grid(engine_reserve(spaces))
    total = 0
    for oid in objective_ids:
        points = table(oid, [grid])[0] if oid in (16, 18, 20, 21) else solo(oid, grid)
        total += points
    return total


def best_hand(start: Mapping[tuple[int, int], Space], hand: Sequence[int],
              objective_ids: Sequence[int]) -> int:
    """The most points any order and any legal placements of the whole hand reach."""
    best: int | None = None
    base = plain(start)
    for order in itertools.permutations(hand):
        layer = [base]
        for cid in order:
            nxt = []
            for spaces in layer:
                cells = list(spaces)
                rows = [r for r, _ in cells] or [0]
                cols = [c for _, c in cells] or [0]
                spots = ([(0, 0)] if not spaces else
                         [(r, c) for r in range(min(rows) - 1, max(rows) + 1)
                          for c in range(min(cols) - 1, max(cols) + 1)])
                for r, c in spots:
                    if legal_step(set(spaces), r, c):
                        nxt += [lay(spaces, cid, r, c, t) for t in (0, 90, 180, 270)]
            layer = nxt
        for spaces in layer:
            points = round_points(spaces, objective_ids)
            best = points if best is None else max(best, points)
    assert best is not None
    return best
