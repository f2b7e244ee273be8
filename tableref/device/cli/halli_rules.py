"""`tableref halli verdict` and `tableref halli replay`: the rules engine on the command line."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from tableref.device.cli.common import CliError, Groups
from tableref.device.cli.game_log import other_game_hint
from tableref.games.halli import GameState, HalliError, parse_cards, replay, verdict


def register(groups: Groups) -> None:
    """Add `halli verdict` and `halli replay`."""
    halli = groups["halli"]
    judge = halli.add_parser(
        "verdict",
        help="may the bell be rung for these visible cards, and why",
        description="Judge the visible cards (the top card of every face-up pile). "
        "Cards: fruit letters B P S L in any order and case (BBL = two bananas and a lime), "
        "or elephant, monkey, pig.",
    )
    judge.add_argument("--json", action="store_true", help='print {"ring": ..., "reasons": [...]}')
    judge.add_argument(
        "--elephant-alone-rings",
        action="store_true",
        help="an elephant or monkey with no fruit card visible counts as a trigger",
    )
    judge.add_argument("cards", nargs="+", metavar="CARD")
    judge.set_defaults(func=_verdict)

    play = halli.add_parser(
        "replay",
        help="replay a game log (JSON lines) and print the state after it",
        description="Replay a game log, one JSON event a line, and print the final state.",
    )
    play.add_argument("--json", action="store_true", help="print the state as JSON")
    play.add_argument("log", type=Path, metavar="GAME.jsonl")
    play.set_defaults(func=_replay)


def _verdict(args: argparse.Namespace) -> int:
    try:
        cards = parse_cards(args.cards)
    except HalliError as err:
        raise CliError(str(err)) from None
    judged = verdict(cards, elephant_alone_rings=args.elephant_alone_rings)
    if args.json:
        print(json.dumps(judged.to_json()))
    else:
        print("ring" if judged.ring else "no ring")
        for reason in judged.reasons:
            print(f"- {reason}")
    return 0


def _replay(args: argparse.Namespace) -> int:
    path: Path = args.log
    try:
        with path.open(encoding="utf-8") as lines:
            state = replay(lines)
    except OSError as err:
        raise CliError(f"cannot read {path}: {err.strerror or err}") from None
    except UnicodeDecodeError as err:
        raise CliError(f"{path}: not UTF-8 text ({err.reason})") from None
    except HalliError as err:
        raise CliError(f"{path}: {err}{other_game_hint(path, 'halli')}") from None
    if args.json:
        print(json.dumps(state.to_json()))
    else:
        print(describe(state))
    return 0


def describe(state: GameState) -> str:
    width = max(len(p.name) for p in state.players)
    lines = []
    for seat, p in enumerate(state.players):
        marks = []
        if p.out:
            marks.append("out")
        if seat == state.winner:
            marks.append("winner")
        if seat == state.turn and not state.over:
            marks.append("to turn")
        lines.append(
            f"{seat}  {p.name:<{width}}  stack {p.stack_size:>2}  pile {len(p.pile):>2}"
            + (f"  ({', '.join(marks)})" if marks else "")
        )
    lines.append(f"bell: {len(state.bell)}")
    if not state.over:
        lines.append(f"turn: {state.players[state.turn].name} (seat {state.turn})")
    elif state.winner is None:
        lines.append("over: a draw")
    else:
        lines.append(f"over: {state.players[state.winner].name} wins (seat {state.winner})")
    return "\n".join(lines)
