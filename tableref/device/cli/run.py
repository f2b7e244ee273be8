"""`tableref run`: the daemon (not built yet: until then it lists the offline tools)."""

from __future__ import annotations

import argparse

from tableref.device.cli.common import Groups


def register(groups: Groups) -> None:
    parser = groups["__top__"].add_parser("run", help="run the referee daemon")
    parser.set_defaults(func=_run)


def _run(_: argparse.Namespace) -> int:
    from tableref.device.cli import build_parser

    print("The daemon is not built yet. The offline tools:")
    build_parser().print_help()
    return 0
