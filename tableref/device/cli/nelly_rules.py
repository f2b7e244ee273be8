"""`tableref nelly roll` and `tableref nelly replay`: the Nelly rules engine on the command line.

Exit codes are the command line's own (`common.EXIT_*`): 0 done; 2 bad input (a log that
cannot be read, or a line the rules refuse: the message names the line and the problem).
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from tableref.device.cli.common import EXIT_OK, CliError, Groups
from tableref.device.cli.game_log import other_game_hint
from tableref.games.nelly import GameState, NellyError, replay, throw

EXIT_CODES = ("exit codes: 0 done, 2 bad input (the message names the line and the problem); "
              "see `tableref --help`")


def register(groups: Groups) -> None:
    """Add `nelly roll` and `nelly replay`."""
    nelly = groups["nelly"]
    die = nelly.add_parser(
        "roll",
        help="throw the die and print the face",
        description="Throw Nelly's die (all, yellow, orange, red, heron, plants; equally "
        "likely) and print the face.",
        epilog=EXIT_CODES,
    )
    die.add_argument(
        "--seed", type=int, metavar="N", help="the same face for the same N (default: random)"
    )
    die.set_defaults(func=_roll)

    play = nelly.add_parser(
        "replay",
        help="replay a game log (JSON lines) and print the state after it",
        description="Replay a Nelly game log, one JSON event a line, and print the state "
        "after it: every player's turtles and water plants, Nelly, the box, whose round it "
        "is and what comes next.",
        epilog=EXIT_CODES,
    )
    play.add_argument("--json", action="store_true", help="print the state as JSON")
    play.add_argument("log", type=Path, metavar="GAME.jsonl")
    play.set_defaults(func=_replay)


def _roll(args: argparse.Namespace) -> int:
    rng = random.SystemRandom() if args.seed is None else random.Random(args.seed)
    print(throw(rng).value)
    return EXIT_OK


def _replay(args: argparse.Namespace) -> int:
    path: Path = args.log
    try:
        with path.open(encoding="utf-8") as lines:
            state = replay(lines)
    except OSError as err:
        raise CliError(f"cannot read {path}: {err.strerror or err}") from None
    except UnicodeDecodeError as err:
        raise CliError(f"{path}: not UTF-8 text ({err.reason})") from None
    except NellyError as err:
        raise CliError(f"{path}: {err}{other_game_hint(path, 'nelly')}") from None
    print(json.dumps(state.to_json()) if args.json else describe(state))
    return EXIT_OK


def describe(state: GameState) -> str:
    """The state for people: one line a player, then Nelly, the box and what comes next."""
    width = max(len(p.name) for p in state.players)
    lines = []
    for seat, p in enumerate(state.players):
        turtles = "  ".join(f"{c.value} {n}" for c, n in p.turtles)
        marks = []
        if seat == state.turn and not state.over:
            marks.append("their round")
        if seat == state.favoured_hand:
            marks.append("favoured hand")
        if seat == state.winner:
            marks.append("winner")
        lines.append(
            f"{seat}  {p.name:<{width}}  {turtles}  plants {p.plants} ({p.free_plants} free)"
            + (f"  ({', '.join(marks)})" if marks else "")
        )
    nelly = state.nelly
    lines.append(f"Nelly: head {nelly.head.value}, {nelly.on_head} on the head, "
                 f"{nelly.on_back} on the back")
    lines.append(f"box: {_count(state.box.total, 'turtle')}, "
                 f"{_count(state.box_plants, 'plant')}")
    die = "not thrown yet" if state.face is None else f"shows {state.face.value}"
    lines.append(f"round {state.round}, {state.roller.name}'s: the die {die}")
    if state.over:
        assert state.winner is not None
        lines.append(f"over: {state.name(state.winner)} wins (seat {state.winner})")
    else:
        lines.append(f"next: {state.describe_expect()}")
    return "\n".join(lines)


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"
