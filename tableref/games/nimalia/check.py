"""One round's placements seen from outside: from the reserve BEFORE and AFTER, which
cards were placed where, in which order, and which placement rule each broke.

No card of the round lies exactly on a block of BEFORE that shows that very card turned
the same way: that is the card already there (were it taken for a new one, a reserve
that did not change, or changed by one card laid beside it, would be explained by laying
old cards again on themselves).

The search peels cards off AFTER from the top: the last card placed shows all four of
its spaces, an earlier one shows the spaces later cards left visible. Every peeling
that leaves exactly BEFORE's spaces (moved into AFTER's coordinates) is then replayed
from BEFORE card by card, and the rules are checked on the way (spec, "Placement"):
cover at least one visible space (from the first card on a non-empty reserve, from the
second in round 1), never slid under placed cards, the whole reserve within 6x6.
An explanation with no broken rule is preferred; failing one, the one breaking fewest.

AFTER is a plain mapping so that a reserve grown past 6x6 can still be checked (a
`Reserve` refuses to exist past the window).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from functools import cache

from tableref.games.nimalia.cards import CARD_COUNT, ROTATIONS, card
from tableref.games.nimalia.model import WINDOW, Pos, Space, describe
from tableref.games.nimalia.placement import Rule

CARDS_PER_ROUND = 3
UNEXPLAINED = "unexplained"  # the rule of a change no three cards explain
APART = "apart"  # a card seen lying apart from the reserve (a photo's finding, not read)

Face4 = tuple[Space, Space, Space, Space]  # TL, TR, BL, BR of a turned card
_OFFSETS = ((0, 0), (0, 1), (1, 0), (1, 1))


@dataclass(frozen=True, slots=True)
class Placed:
    """A card found placed: top-left space of the turned card on (row, col) in AFTER's
    coordinates, `turn` degrees clockwise. `card` is None when later cards of the round
    hide it whole (some card lies there; which one no photo can tell). `under` when it
    was slid under cards already placed."""

    card: int | None
    row: int
    col: int
    turn: int
    under: bool = False

    def block(self) -> tuple[Pos, Pos, Pos, Pos]:
        r, c = self.row, self.col
        return ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))

    def name(self) -> str:
        which = "a hidden card" if self.card is None else f"card {self.card}"
        return f"{which} at (row {self.row}, col {self.col}, turned {self.turn})"


@dataclass(frozen=True, slots=True)
class Problem:
    """A rule broken (`Rule` value, UNEXPLAINED or APART), by which card (None: no one
    card)."""

    card: int | None
    rule: str
    message: str


@dataclass(frozen=True, slots=True)
class RoundCheck:
    """The verdict: the cards in the order placed, and the problems (none when legal).
    `shift` is where BEFORE's (0, 0) lies in AFTER's coordinates."""

    placed: tuple[Placed, ...]
    problems: tuple[Problem, ...]
    shift: Pos = (0, 0)
    shown_before: int = 0  # cards that showed whole before the round (so lay elsewhere)
    buried: int = 0  # old spaces under this round's cards (fewer: the likelier account)
    silent: int = 0  # cards that change nothing seen (hidden whole, or showing only
    #                  spaces identical to the old ones): there, but not told from photos

    @property
    def legal(self) -> bool:
        return not self.problems

    def to_json(self, messages: bool = True) -> dict[str, object]:
        """`{"legal": true, "placed": [{"card": 17, "row": 0, "col": 2, "turn": 90}, ...],
        "problems": []}`; a problem is `{"card": 17, "rule": "cover", "message": "..."}`
        (without `message` when `messages` is false: the page words the rule itself)."""
        return {
            "legal": self.legal,
            "placed": [{"card": p.card, "row": p.row, "col": p.col, "turn": p.turn}
                       for p in self.placed],
            "problems": [{"card": p.card, "rule": str(p.rule)}
                         | ({"message": p.message} if messages else {})
                         for p in self.problems],
        }


@cache
def _turned_faces() -> tuple[tuple[int, int, Face4], ...]:
    """Every card at every turn: (card id, turn, its four spaces TL, TR, BL, BR)."""
    found = []
    for card_id in range(1, CARD_COUNT + 1):
        for turn in ROTATIONS:
            (tl, tr), (bl, br) = card(card_id).turned(turn)
            found.append((card_id, turn, (tl, tr, bl, br)))
    return tuple(found)


@cache
def _faces() -> dict[tuple[int, int], Face4]:
    return {(card_id, turn): face for card_id, turn, face in _turned_faces()}


@cache
def _by_face() -> dict[Face4, tuple[tuple[int, int], ...]]:
    index: dict[Face4, list[tuple[int, int]]] = {}
    for card_id, turn, face in _turned_faces():
        index.setdefault(face, []).append((card_id, turn))
    return {face: tuple(found) for face, found in index.items()}


def _matching(shown: Mapping[int, Space]) -> list[tuple[int, int]]:
    """(card, turn) whose spaces agree with `shown` (index 0..3 in TL, TR, BL, BR order)."""
    if len(shown) == 4:
        return list(_by_face().get((shown[0], shown[1], shown[2], shown[3]), ()))
    return [
        (card_id, turn)
        for card_id, turn, face in _turned_faces()
        if all(face[i] == space for i, space in shown.items())
    ]


def _shifts(before: Mapping[Pos, Space], after: Mapping[Pos, Space]) -> list[Pos]:
    """Translations putting every space of BEFORE on a space of AFTER (cards are never
    lifted, so every old position stays covered), most unchanged spaces first."""
    if not before:
        return [(0, 0)]
    rows = [r for r, _ in after]
    cols = [c for _, c in after]
    b_rows = [r for r, _ in before]
    b_cols = [c for _, c in before]
    ranked: list[tuple[int, Pos]] = []
    for dr in range(min(rows) - min(b_rows), max(rows) - max(b_rows) + 1):
        for dc in range(min(cols) - min(b_cols), max(cols) - max(b_cols) + 1):
            if all((r + dr, c + dc) in after for r, c in before):
                same = sum(after[(r + dr, c + dc)] == s for (r, c), s in before.items())
                ranked.append((-same, (dr, dc)))
    return [shift for _, shift in sorted(ranked)]


def _peelings(
    old: Mapping[Pos, Space],
    after: Mapping[Pos, Space],
    cards: int,
    *,
    hidden: bool,
    under: bool,
) -> Iterator[tuple[Placed, ...]]:
    """Every sequence of `cards` placements (first placed first) whose visible spaces
    are what AFTER shows and which leave exactly the old spaces elsewhere."""
    must = {p for p, s in after.items() if old.get(p) != s}  # a card must cover these
    blocks = [
        (r, c)
        for r, c in sorted(after)
        if all((r + dr, c + dc) in after for dr, dc in _OFFSETS)
    ]

    def peel(
        left: int, covered: frozenset[Pos], later: tuple[Placed, ...], used: frozenset[int]
    ) -> Iterator[tuple[Placed, ...]]:
        if left == 0:
            if must <= covered:
                yield later
            return
        uncovered = must - covered
        if len(uncovered) > 4 * left:
            return
        for r, c in blocks:
            if left == 1 and not all(r <= pr <= r + 1 and c <= pc <= c + 1
                                     for pr, pc in uncovered):
                continue  # the first card placed must cover what is left
            block = [(r + dr, c + dc) for dr, dc in _OFFSETS]
            top = {i: after[p] for i, p in enumerate(block) if p not in covered}
            options: list[Placed] = []
            if not top:
                if hidden:
                    options.append(Placed(None, r, c, 0))
            else:
                image = tuple(old.get(p) for p in block)  # what BEFORE shows there
                options += [
                    Placed(cid, r, c, turn) for cid, turn in _matching(top)
                    if cid not in used and _faces()[(cid, turn)] != image
                ]
                if under:
                    shown = {i: s for i, s in top.items() if block[i] not in old}
                    if shown and len(shown) < len(top):
                        options += [
                            Placed(cid, r, c, turn, under=True)
                            for cid, turn in _matching(shown)
                            if cid not in used
                        ]
            for found in options:
                taken = used if found.card is None else used | {found.card}
                yield from peel(left - 1, covered | set(block), (found, *later), taken)

    yield from peel(cards, frozenset(), (), frozenset())


def _shown_whole(spaces: Mapping[Pos, Space]) -> frozenset[int]:
    """Cards whose four spaces all show in a reserve: they lie there, not in the hand."""
    found: set[int] = set()
    for r, c in spaces:
        block = [(r + dr, c + dc) for dr, dc in _OFFSETS]
        if all(p in spaces for p in block):
            face = (spaces[block[0]], spaces[block[1]], spaces[block[2]], spaces[block[3]])
            found.update(card_id for card_id, _ in _by_face().get(face, ()))
    return frozenset(found)


def replay(
    old: Mapping[Pos, Space], placed: tuple[Placed, ...]
) -> tuple[dict[Pos, Space | None], list[Problem]]:
    """Lay the cards on the old spaces in order: the spaces then visible (None where a
    hidden card shows, which a correct explanation never leaves) and the rules broken."""
    visible: dict[Pos, Space | None] = dict(old)
    problems: list[Problem] = []
    for found in placed:
        block = found.block()
        if visible and not any(p in visible for p in block):
            problems.append(Problem(found.card, Rule.COVER, f"{found.name()} covers no "
                                    "visible space: every card after the first must cover "
                                    "at least one"))
        if found.card is None:
            spaces: dict[Pos, Space | None] = dict.fromkeys(block)
        else:
            spaces = dict(card(found.card).spaces_at(found.row, found.col, found.turn))
        if found.under:
            hidden = [describe(p) for p in block if p in visible]
            problems.append(Problem(found.card, Rule.UNDER, f"{found.name()} was slid under "
                                    f"cards already placed (hidden at {', '.join(hidden)})"))
            spaces = {p: s for p, s in spaces.items() if p not in visible}
        visible.update(spaces)
        rows = [r for r, _ in visible]
        cols = [c for _, c in visible]
        height, width = max(rows) - min(rows) + 1, max(cols) - min(cols) + 1
        if height > WINDOW or width > WINDOW:
            problems.append(Problem(found.card, Rule.WINDOW, f"{found.name()} makes the "
                                    f"reserve {height} rows by {width} cols: it must stay "
                                    f"within {WINDOW}x{WINDOW}"))
    return visible, problems


def explanations(
    before: Mapping[Pos, Space],
    after: Mapping[Pos, Space],
    cards: int = CARDS_PER_ROUND,
    *,
    hidden: bool = True,
    under: bool = True,
) -> Iterator[RoundCheck]:
    """Every explanation of the change by `cards` placements, each with its problems."""
    for dr, dc in _shifts(before, after):
        old = {(r + dr, c + dc): s for (r, c), s in before.items()}
        whole = _shown_whole(old)
        for placed in _peelings(old, after, cards, hidden=hidden, under=under):
            visible, problems = replay(old, placed)
            if visible == dict(after):
                covered = {p for laid in placed for p in laid.block()}
                buried = sum(p in covered for p in old)
                silent = _silent(old, after, placed)
                seen = sum(p.card in whole for p in placed)
                yield RoundCheck(placed, tuple(problems), (dr, dc), seen, buried, silent)


def _silent(old: Mapping[Pos, Space], after: Mapping[Pos, Space],
            placed: tuple[Placed, ...]) -> int:
    count = 0
    for i, found in enumerate(placed):
        later = {p for laid in placed[i + 1:] for p in laid.block()}
        if all(p in later or old.get(p) == after[p] for p in found.block()):
            count += 1
    return count


def _badness(found: RoundCheck) -> tuple[int, int, int, int, int, int]:
    """Fewest rules broken, then fewest cards that showed before, fewest old spaces
    buried, fewest cards not seen, fewest slid under; a card not seen is better named
    hidden (None) than guessed."""
    hidden = sum(p.card is None for p in found.placed)
    under = sum(p.under for p in found.placed)
    return (len(found.problems), found.shown_before, found.buried, found.silent, under,
            found.silent - hidden)


def check_round(
    before: Mapping[Pos, Space], after: Mapping[Pos, Space], cards: int = CARDS_PER_ROUND
) -> RoundCheck:
    """The round's cards in an order that is legal if one exists, else the explanation
    breaking fewest rules; a single UNEXPLAINED problem when no `cards` cards explain it."""
    if not after:
        return RoundCheck((), (Problem(None, UNEXPLAINED, "the reserve after the round is "
                                       "empty: cards are never lifted"),))
    # Cheap first: cards on top, each showing at least one space; most rounds stop here.
    # Then a card hidden whole by later ones; cards slid under only when nothing else
    # explains the change (each such pass costs more, as fewer spaces pin a card down).
    best: RoundCheck | None = None
    for hidden, under in ((False, False), (True, False), (True, True)):
        if best is not None and (hidden, under) == (True, True):
            break
        for found in explanations(before, after, cards, hidden=hidden, under=under):
            if best is None or _badness(found) < _badness(best):
                best = found
            if under and len(found.problems) == 1 and not found.silent:
                break
        if best is not None and best.legal and hidden:
            return best
    if best is not None:
        return best
    return RoundCheck((), (Problem(None, UNEXPLAINED, _unexplained(before, after, cards)),))


def _unexplained(before: Mapping[Pos, Space], after: Mapping[Pos, Space], cards: int) -> str:
    count = "three" if cards == CARDS_PER_ROUND else str(cards)
    if not before:
        return (f"a change no {count} cards explain: {len(after)} spaces shown, and no "
                f"{count} cards laid one on another show exactly that")
    # BEFORE where most of its spaces are still seen unchanged
    _, (dr, dc) = max(
        (sum(after.get((r + dr, c + dc)) == s for (r, c), s in before.items()), (dr, dc))
        for dr in range(-WINDOW, WINDOW + 1)
        for dc in range(-WINDOW, WINDOW + 1)
    )
    gone = sorted(p for p in before if (p[0] + dr, p[1] + dc) not in after)
    if gone:
        named = ", ".join(describe(p) for p in gone[:4]) + (" ..." if len(gone) > 4 else "")
        return (f"a change no {count} cards explain: {len(gone)} spaces of the reserve "
                f"before are gone ({named} before): cards are never lifted or moved")
    old = {(r + dr, c + dc): s for (r, c), s in before.items()}
    changed = sorted(p for p, s in after.items() if old.get(p) != s)
    named = ", ".join(describe(p) for p in changed[:6]) + (" ..." if len(changed) > 6 else "")
    return (f"a change no {count} cards explain: {len(changed)} spaces changed ({named}), "
            f"and no {count} cards laid on the reserve before show exactly that")


def with_cards_apart(verdict: RoundCheck, apart: int) -> RoundCheck:
    """`verdict` with the cards seen lying apart from AFTER (not read, so in no account):
    each placed card covers a space of the reserve, so a card apart is either no card of
    the reserve or one that covers none of it (the players say which)."""
    if not apart:
        return verdict
    what = "a card lies" if apart == 1 else f"{apart} cards lie"
    problem = Problem(None, APART, f"{what} apart from the reserve, touching none of it: a "
                      "card placed covers a space of the reserve")
    return replace(verdict, problems=(*verdict.problems, problem))

