"""`tableref nelly count`: each player's turtles by colour, from a camera frame."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tableref.device.cli.common import EXIT_FAILED, EXIT_OK, CliError, Groups

if TYPE_CHECKING:
    from tableref.vision.nelly import Zone, ZoneCount

EXIT_CODES = ("exit codes: 0 every zone counted, 1 a zone could not be counted with confidence "
              "(it says unsure, and why on stderr), 2 bad input; see `tableref --help`")


def register(groups: Groups) -> None:
    """Add `nelly count`."""
    count = groups["nelly"].add_parser(
        "count",
        help="count each player's turtles by colour in a camera frame",
        description="Count the red, yellow and orange turtles in each player's zone of an "
        "overhead camera frame. ZONES.json: {\"zones\": [{\"player\": 0, \"polygon\": "
        "[[x, y], ...]}, ...]} in the frame's pixels. A zone that cannot be counted with "
        "confidence (a hand over it, turtles lying on each other that cannot be told apart) "
        "says unsure rather than guess.",
        epilog=EXIT_CODES,
    )
    count.add_argument("--json", action="store_true", help="print the spec's JSON")
    count.add_argument("--zones", metavar="ZONES.json", type=Path, required=True,
                       help="the players' zones")
    count.add_argument("image", metavar="IMAGE", type=Path)
    count.set_defaults(func=_count)


def read_zones(path: Path) -> list[Zone]:
    """The zones file; CliError naming the file and the problem."""
    from tableref.vision.nelly.zones import ZoneError, zones_from_json

    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CliError(f"{path}: no such zones file") from None
    except OSError as err:
        raise CliError(f"cannot read {path}: {err.strerror or err}") from None
    except UnicodeDecodeError as err:
        raise CliError(f"{path}: not UTF-8 text ({err.reason})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise CliError(f"{path}: not JSON ({err.msg}, line {err.lineno} column {err.colno})"
                       ) from None
    try:
        return zones_from_json(data)
    except ZoneError as err:
        raise CliError(f"{path}: {err}") from None


def _count(args: argparse.Namespace) -> int:
    from tableref.vision.images import read_image
    from tableref.vision.nelly import count_turtles, counts_to_json
    from tableref.vision.nelly.zones import ZoneError, check_inside

    zones = read_zones(args.zones)
    if not args.image.is_file():
        raise CliError(f"{args.image}: no such image")
    frame = read_image(args.image)
    try:
        check_inside(zones, (frame.shape[1], frame.shape[0]))
    except ZoneError as err:
        raise CliError(f"{args.zones}: {err}") from None
    seen = count_turtles(frame, zones)
    if args.json:
        print(json.dumps(counts_to_json(seen)))
    else:
        print("\n".join(describe(c) for c in seen))
    for c in seen:
        if c.unsure:
            print(f"tableref: player {c.player}'s zone not counted with confidence: {c.why}",
                  file=sys.stderr)
    return EXIT_FAILED if any(c.unsure for c in seen) else EXIT_OK


def describe(c: ZoneCount) -> str:
    line = f"player {c.player}: red {c.red}, yellow {c.yellow}, orange {c.orange}"
    return line + (f"  (unsure: {c.why})" if c.unsure else "")
