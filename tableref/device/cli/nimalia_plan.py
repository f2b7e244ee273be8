"""`tableref nimalia check` and `tableref nimalia advise`: a round's placements judged
from the reserves before and after it, and where to place the next card of a hand.

Reserves are reserve files or photos (read through `nimalia_rules.load_reserve`, the
seam the photo reader plugs into)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tableref.device.cli.common import EXIT_FAILED, CliError, Groups
from tableref.device.cli.nimalia_rules import PHOTO_SUFFIXES, load_reserve, objective_ids
from tableref.games.nimalia import NimaliaError, Pos, Reserve, Space, reserve_from_data

if TYPE_CHECKING:
    from tableref.games.nimalia.advise import Advice
    from tableref.games.nimalia.check import RoundCheck

CARDS_PER_ROUND = 3  # as tableref.games.nimalia.game (imported only when a command runs)


def register(groups: Groups) -> None:
    """Add `nimalia check` to the command groups."""
    nim = groups["nimalia"]
    chk = nim.add_parser(
        "check",
        help="check one round's placements from the reserve before and after it",
        description="Find the three cards placed in a round (card id; row, col of the turned "
        "card's top-left space in AFTER's coordinates; turn clockwise), in an order that is "
        "legal if one exists, and say which rule a card broke: covers no visible space, "
        "outside 6x6, tucked under, or a change no three cards explain. Exit 0 when legal, "
        "1 when not.",
    )
    chk.add_argument("before", metavar="BEFORE", help="reserve file or photo; - for round 1")
    chk.add_argument("after", metavar="AFTER", type=Path, help="reserve file or photo")
    chk.add_argument("--json", action="store_true", help="print the verdict as JSON")
    chk.set_defaults(func=run_check)
    adv = nim.add_parser(
        "advise",
        help="rank where to place the next card of a hand",
        description="Rank the placements of the next card of the hand (any card of it), each "
        "followed by the best placements found for the rest of the hand, by this round's "
        "objectives scored on the reserve once the whole hand is placed. row and col are in "
        "RESERVE's coordinates (negative, or past 5, where the reserve grows); turn clockwise. "
        "Ranked objectives (16, 18, 20, 21) are estimated for the reserve alone. Placements "
        "scoring the same this round are ranked by what the reserve then scores for the "
        "later rounds' objectives.",
    )
    adv.add_argument("--objectives", type=objective_ids, metavar="IDS", required=True,
                     help="the game's four objectives, one per colour, e.g. 4,5,16,19")
    adv.add_argument("--round", type=int, required=True, metavar="R", choices=range(1, 6),
                     help="the round, 1..5 (which colours score)")
    adv.add_argument("--players", type=int, default=2, metavar="N", choices=range(1, 5),
                     help="players at the table (ranked objectives are still estimated alone)")
    adv.add_argument("--top", type=int, default=5, metavar="K", help="placements shown")
    adv.add_argument("--json", action="store_true", help="print the advice as JSON")
    adv.add_argument("reserve", metavar="RESERVE", help="reserve file or photo; - for none")
    adv.add_argument("cards", metavar="CARD", type=int, nargs="+",
                     help="the ids of the cards still in hand this round (1 to 3)")
    adv.set_defaults(func=run_advise)


def load_after(path: Path) -> Mapping[Pos, Space]:
    """AFTER's spaces; a reserve file grown past 6x6 is read anyway (that is a rule the
    check names), every other fault refused as by `load_reserve`."""
    try:
        return load_reserve(path)
    except CliError as err:
        if path.suffix.lower() in PHOTO_SUFFIXES or not _past_window(str(err)):
            raise
    document = json.loads(path.read_text(encoding="utf-8"))
    spaces: dict[Pos, Space] = {}
    for entry in document["spaces"]:
        pos = (entry.get("row"), entry.get("col"))
        try:
            # the space's own faults are checked at (0, 0); its place may be off the window
            ((_, space),) = reserve_from_data({"spaces": [entry | {"row": 0, "col": 0}]}).items()
        except NimaliaError as err:
            raise CliError(f"{path}: {err}") from None
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in pos):
            raise CliError(f"{path}: row and col must be integers, got {pos!r}")
        if pos in spaces:
            raise CliError(f"{path}: space (row {pos[0]}, col {pos[1]}) is listed twice")
        spaces[pos] = space
    return spaces


def _past_window(message: str) -> bool:
    return "window" in message or "outside the" in message


def run_check(args: argparse.Namespace) -> int:
    from tableref.games.nimalia.check import check_round

    before = Reserve() if args.before == "-" else load_reserve(Path(args.before))
    after = load_after(args.after)
    verdict = check_round(before, after)
    if args.json:
        print(json.dumps(verdict.to_json()))
    else:
        print(check_text(verdict))
    return 0 if verdict.legal else EXIT_FAILED


def check_text(verdict: RoundCheck) -> str:
    lines = ["legal" if verdict.legal else "not legal"]
    for i, p in enumerate(verdict.placed, 1):
        which = "a card hidden by later ones" if p.card is None else f"card {p.card}"
        extra = " (slid under)" if p.under else ""
        lines.append(f"  {i}. {which}: row {p.row}, col {p.col}, turned {p.turn}{extra}")
    lines += [f"  problem: {p.message}" for p in verdict.problems]
    return "\n".join(lines)


def run_advise(args: argparse.Namespace) -> int:
    from tableref.games.nimalia.advise import advise
    from tableref.games.nimalia.game import ObjectiveSet

    cards: list[int] = args.cards
    if len(cards) > CARDS_PER_ROUND:
        raise CliError(f"{len(cards)} cards: a hand holds at most {CARDS_PER_ROUND} a round")
    if args.top < 1:
        raise CliError(f"--top {args.top}: show at least 1 placement")
    try:
        chosen = ObjectiveSet.of(args.objectives)
    except NimaliaError as err:
        raise CliError(f"--objectives: {err}") from None
    ids = chosen.for_round(args.round)
    later = [chosen.for_round(r) for r in range(args.round + 1, 6)]
    reserve = Reserve() if args.reserve == "-" else load_reserve(Path(args.reserve))
    try:
        found = advise(reserve, cards, ids, top=args.top, later_rounds=later)
    except NimaliaError as err:
        raise CliError(str(err)) from None
    if args.json:
        print(json.dumps({"advice": [advice_json(a) for a in found]}))
    else:
        print(f"round {args.round} scores {', '.join(map(str, ids))}; best first:")
        for i, a in enumerate(found, 1):
            p = a.placement
            print(f"{i}. card {p.card_id} at row {p.row}, col {p.col}, turned {p.rotation}: "
                  f"{a.why}")
    return 0


def advice_json(a: Advice) -> dict[str, Any]:
    p = a.placement
    return {"card": p.card_id, "row": p.row, "col": p.col, "turn": p.rotation,
            "points": a.value.points, "why": a.why}
