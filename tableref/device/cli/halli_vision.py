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
    rec = halli.add_parser(
        "recognise", help="the cards seen in a camera image",
        description="Print the cards seen in a camera frame. A card is a fruit card "
                    "(its code), an animal (which one if enrolled: an animal not "
                    "enrolled is printed as 'animal (which? enrol your animals)', in "
                    "JSON {\"kind\": \"animal\", \"animal\": null, \"code\": null}), "
                    "or unknown (found but not read with confidence, never guessed). "
                    "Face-down cards (backs) are not cards in play: they are listed "
                    "apart, in JSON under \"backs\": [{\"center\": ..., \"corners\": ...}]. "
                    "The cards taught with 'tableref halli enroll' are used: they are kept "
                    "in $XDG_DATA_HOME/tableref/halli-enrolment.npz (without XDG_DATA_HOME, "
                    "~/.local/share/tableref/).")
    rec.add_argument("--json", action="store_true", help="print JSON as in the spec")
    rec.add_argument("--annotate", metavar="OUT.png", type=Path,
                     help="also write a copy of the image with boxes and codes drawn on it")
    rec.add_argument("image", metavar="IMAGE", type=Path)
    rec.set_defaults(func=_recognise)
    enr = halli.add_parser(
        "enroll", help="teach your own cards from photos",
        description="Teach your deck from photos named by card code: the animals "
                    "(elephant.jpg, monkey.jpg, pig.jpg), its fruits (one card per fruit "
                    "is enough: B.jpg, P.jpg, S.jpg, L.jpg, or any fruit card, BBL.jpg), "
                    "its back (back.jpg). A photo shows one card, on a table or scanned; "
                    "a fruit card read wrong is then read as you named it.")
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
        print(json.dumps({"cards": [c.to_json() for c in cards],
                          "backs": [b.to_json() for b in cards.backs]}))
    else:
        if not cards:
            print("no cards seen")
        for c in cards:
            where = f"at ({c.center[0]:.0f}, {c.center[1]:.0f})"
            if c.kind == "unknown":
                what = "unknown (can't read this card)"
            elif c.code is None:
                what = "animal (which? enrol your animals)"
            else:
                what = c.code
            print(f"{what} {where}")
        for b in cards.backs:
            print(f"a card face down at ({b.center[0]:.0f}, {b.center[1]:.0f})")
    if args.annotate is not None:
        write_image(args.annotate, annotate(frame, cards))
    return 0


def _enroll(args: argparse.Namespace) -> int:
    from tableref.vision.halli.enrol import Enrolment, EnrolmentError, build_enrolment

    try:
        enrolment = build_enrolment(args.directory)
    except EnrolmentError as err:
        raise CliError(str(err)) from err
    try:
        before = Enrolment.load(data_dir())
    except EnrolmentError:
        before = None  # unreadable: replaced by this one, which is what was asked
    try:
        path = enrolment.save(data_dir())
    except EnrolmentError as err:
        raise CliError(str(err)) from err
    taught = enrolment.taught()
    print(f"enrolled {', '.join(sorted(taught))} -> {path}")
    if before is not None:
        gone = sorted(set(before.taught()) - set(taught))
        print("this replaces the cards taught before" + (
            f"; no longer taught: {', '.join(gone)} (put their photos in the folder too)"
            if gone else ""))
    return 0
