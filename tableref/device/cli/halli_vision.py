"""`tableref halli recognise` and `tableref halli enroll`: card recognition from images."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from tableref.device.cli.common import CliError, Groups
from tableref.device.paths import data_dir


def register(groups: Groups) -> None:
    """Add this module's subcommands to the command groups."""
    halli = groups["halli"]
    rec = halli.add_parser("recognise", help="the cards seen in a camera image",
                           description="Print the cards seen in a camera frame.")
    rec.add_argument("--json", action="store_true", help="print JSON as in the spec")
    rec.add_argument("--annotate", metavar="OUT.png", type=Path,
                     help="also write a copy of the image with boxes and codes drawn on it")
    rec.add_argument("image", metavar="IMAGE", type=Path)
    rec.set_defaults(func=_recognise)
    enr = halli.add_parser(
        "enroll", help="teach your own cards from photos",
        description="Teach the animal cards (and any fruit card read wrong) from photos "
                    "named by card code: elephant.jpg, monkey.jpg, pig.jpg, BBL.jpg ...")
    enr.add_argument("directory", metavar="DIR", type=Path)
    enr.set_defaults(func=_enroll)


def _recognise(args: argparse.Namespace) -> int:
    from tableref.vision.halli.annotate import annotate
    from tableref.vision.halli.enrol import Enrolment, EnrolmentError
    from tableref.vision.halli.recognise import Recogniser
    from tableref.vision.images import check_writable, read_image, write_image

    if args.annotate is not None:
        check_writable(args.annotate)  # before the work, not after it
    frame = read_image(args.image)
    try:
        enrolment = Enrolment.load(data_dir())
    except EnrolmentError as err:
        raise CliError(str(err)) from err
    cards = Recogniser(enrolment)(frame)
    if args.json:
        print(json.dumps({"cards": [c.to_json() for c in cards]}))
    else:
        if not cards:
            print("no cards seen")
        for c in cards:
            where = f"at ({c.center[0]:.0f}, {c.center[1]:.0f})"
            what = c.code if c.kind != "unknown" else "unknown (can't read this card)"
            print(f"{what} {where}")
    if args.annotate is not None:
        write_image(args.annotate, annotate(frame, cards))
    return 0


def _enroll(args: argparse.Namespace) -> int:
    from tableref.vision.halli.enrol import EnrolmentError, build_enrolment

    try:
        enrolment = build_enrolment(args.directory)
        path = enrolment.save(data_dir())
    except EnrolmentError as err:
        raise CliError(str(err)) from err
    codes = sorted(set(enrolment.codes))
    print(f"enrolled {', '.join(codes)} -> {path}")
    return 0
