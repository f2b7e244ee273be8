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
from tableref.device.cli.common import CliError, Groups

_GROUPS = {
    "halli": "Halli Galli Extreme: verdicts, game logs, card recognition",
    "nimalia": "Nimalia: reserve scoring and recognition from photos",
    "nelly": "Nelly: the die, game logs",
    "bells": "the bell buttons: check the wiring",
    "journal": "the daemon's journal: its games, and a game's events as a game log",
}
_MODULES = (
    "halli_rules",
    "halli_vision",
    "halli_referee",
    "nimalia_rules",
    "nimalia_vision",
    "nelly_rules",
    "bells",
    "journal",
    "run",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tableref", description="A referee box for real tabletop games."
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
        return 2
    except BrokenPipeError:
        return 1
    return code
