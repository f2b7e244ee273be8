"""The `tableref` command line.

Every room contributes its own subcommands: each module listed in `_MODULES` has a
`register(groups)` function that adds parsers to the command groups it owns. A parser
sets `func=` to a callable taking the parsed namespace and returning an exit code.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from tableref import __version__
from tableref.device.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_CODES_HELP,
    EXIT_FAILED,
    EXIT_INTERRUPTED,
    CliError,
    Groups,
)
from tableref.vision.limits import ImageError

_GROUPS = {
    "halli": "Halli Galli Extreme: verdicts, game logs, card recognition",
    "nimalia": "Nimalia: reserve scoring, recognition from photos, placements checked and advised",
    "nelly": "Nelly: the die, game logs, turtles counted in a camera frame",
    "bells": "the bell buttons: check the wiring",
    "journal": "the daemon's journal: its games, and a game's events as a game log",
}
_MODULES = (
    "halli_rules",
    "halli_vision",
    "halli_referee",
    "nimalia_rules",
    "nimalia_vision",
    "nimalia_plan",
    "nelly_rules",
    "nelly_vision",
    "bells",
    "journal",
    "run",
    "club",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tableref", description="A referee box for real tabletop games.",
        epilog=EXIT_CODES_HELP, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"tableref {__version__}")
    top = parser.add_subparsers(dest="command", metavar="COMMAND")
    groups: Groups = {"__top__": top}
    for name, help_text in _GROUPS.items():
        group = top.add_parser(name, help=help_text, description=help_text)
        groups[name] = group.add_subparsers(dest="subcommand", metavar="SUBCOMMAND")
        group.set_defaults(func=_help_of(group))
    for module in _MODULES:
        importlib.import_module(f"tableref.device.cli.{module}").register(groups)
    parser.set_defaults(func=_help_of(parser))
    return parser


def _help_of(parser: argparse.ArgumentParser):  # type: ignore[no-untyped-def]
    def show(_: argparse.Namespace) -> int:
        parser.print_help()
        return 2

    return show


def main(argv: Sequence[str] | None = None) -> int:
    # The recognisers multiply small matrices: BLAS threads only fight over the cores
    # (measured 4x slower on a busy 2-core machine). Must be set before numpy loads.
    if "numpy" not in sys.modules:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
    except CliError as err:
        print(f"tableref: error: {err}", file=sys.stderr)
        return err.code
    except ImageError as err:
        print(f"tableref: error: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return EXIT_FAILED
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except RecursionError:
        print("tableref: error: the input is nested too deeply to be read", file=sys.stderr)
        return EXIT_BAD_INPUT
    except MemoryError:
        print("tableref: error: out of memory (is the input far too large?)", file=sys.stderr)
        return EXIT_FAILED
    except Exception as err:  # a bug: one line for the user, the traceback on request
        if os.environ.get("TABLEREF_TRACEBACK"):
            raise
        print(f"tableref: internal error: {type(err).__name__}: {err} (a bug in tableref; "
              "TABLEREF_TRACEBACK=1 shows where)", file=sys.stderr)
        return EXIT_FAILED
    return code
