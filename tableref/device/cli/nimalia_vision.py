"""`tableref nimalia recognise` and `tableref nimalia enroll`: reserves from photos."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tableref.device.cli.common import CliError, Groups
from tableref.device.paths import data_dir

if TYPE_CHECKING:
    from tableref.games.nimalia import Reserve
    from tableref.vision.nimalia.recognise import Recognition


def register(groups: Groups) -> None:
    nim = groups["nimalia"]
    rec = nim.add_parser(
        "recognise",
        aliases=["recognize"],
        help="read a reserve from a photo",
        description="Print the reserve seen in PHOTO in the reserve file form (rows and cols "
        "from 0, row 0 at the top of the photo). Spaces that cannot be read with confidence are "
        "named (exit code 1).",
    )
    rec.add_argument("photo", metavar="PHOTO", type=Path)
    rec.add_argument("--json", action="store_true", help="print JSON (with confidences)")
    rec.add_argument(
        "--annotate", metavar="OUT.png", type=Path, help="write the photo with the grid and labels"
    )
    rec.add_argument(
        "--enrolment", metavar="DIR", type=Path, help="enrolment directory (default: the data dir)"
    )
    rec.set_defaults(func=_recognise)
    enr = nim.add_parser(
        "enroll",
        aliases=["enrol"],
        help="learn the cards' look from one image per card",
        description="DIR holds one image per card named by its id (1.png ... 60.png), face up, "
        "unturned, roughly cropped. The enrolment is stored in the user's data directory.",
    )
    enr.add_argument("--cards", metavar="CARDS.json", type=Path, required=True)
    enr.add_argument("dir", metavar="DIR", type=Path)
    enr.add_argument(
        "--to", metavar="OUT_DIR", type=Path, help="store here instead of the data dir"
    )
    enr.set_defaults(func=_enroll)


def _enrolment_dir() -> Path:
    return data_dir() / "nimalia"


def _enroll(args: argparse.Namespace) -> int:
    from tableref.vision.nimalia.cards import CardsError
    from tableref.vision.nimalia.enrol import EnrolError, enrol

    try:
        enrolment = enrol(args.cards, args.dir)
        path = enrolment.save(args.to or _enrolment_dir())
    except (CardsError, EnrolError) as err:
        raise CliError(str(err)) from err
    except OSError as err:
        raise CliError(f"cannot store the enrolment: {err}") from err
    print(f"enrolled {len(enrolment.card_ids)} cards ({len(enrolment.terrain)} spaces) into {path}")
    return 0


def _recognise(args: argparse.Namespace) -> int:
    from tableref.vision.images import check_writable, read_image, write_image
    from tableref.vision.nimalia.annotate import annotate
    from tableref.vision.nimalia.enrol import EnrolError, load_enrolment
    from tableref.vision.nimalia.grid import GridError
    from tableref.vision.nimalia.locate import NoReserveError
    from tableref.vision.nimalia.recognise import recognise

    if not args.photo.is_file() and not args.photo.is_dir():
        raise CliError(f"{args.photo}: no such photo")
    if args.annotate is not None:
        check_writable(args.annotate)  # before the work, not after it
    photo = read_image(args.photo)
    try:
        enrolment = load_enrolment(args.enrolment or _enrolment_dir())
        rec = recognise(photo, enrolment)
    except (EnrolError, NoReserveError, GridError) as err:
        raise CliError(f"{args.photo}: {err}") from err
    if args.annotate is not None:
        write_image(args.annotate, annotate(photo, rec))
    if args.json:
        print(json.dumps(rec.as_json(), indent=1))
    else:
        print(_text_grid(rec))
    for d in rec.unreadable:
        print(
            f"tableref: cannot read space (row {d.row}, col {d.col}): {d.reason}", file=sys.stderr
        )
    if rec.apart:
        print(f"tableref: {_apart(len(rec.apart))}", file=sys.stderr)
    return 1 if rec.unreadable or rec.apart else 0


def _apart(n: int) -> str:
    what = "a card lies" if n == 1 else f"{n} cards lie"
    return (f"{what} apart from the reserve, touching none of it, and not read (a card placed "
            "covers a space of the reserve): lay it on the reserve, or take it out of the "
            "photo if it is no part of it")


def _text_grid(rec: Recognition) -> str:
    """The reserve as rows of `animal/terrain` labels; '?' marks an unreadable space."""
    from tableref.vision.nimalia.annotate import SHORT, TERRAIN_SHORT

    cells = rec.guesses
    if not cells:
        return "(no spaces)"
    rows = max(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) + 1
    doubtful = {(d.row, d.col) for d in rec.unreadable}
    lines = []
    for r in range(rows):
        labels = []
        for c in range(cols):
            kind = cells.get((r, c))
            if kind is None:
                labels.append(".")
                continue
            label = f"{SHORT[kind.animal]}{kind.river}/{TERRAIN_SHORT[kind.terrain]}"
            labels.append(label + ("?" if (r, c) in doubtful else ""))
        lines.append("  ".join(f"{x:<10}" for x in labels).rstrip())
    return "\n".join(lines)


def read_photo_reserve(path: Path, enrolment_dir: Path | None = None) -> Reserve:
    """The reserve seen in a photo, for `tableref nimalia score` (its `read_photo` seam).

    Refuses, naming the spaces, when any space cannot be read with confidence, and when a
    card lies apart from the reserve (not read)."""
    from tableref.games.nimalia import NimaliaError
    from tableref.vision.images import read_image
    from tableref.vision.nimalia.enrol import EnrolError, load_enrolment
    from tableref.vision.nimalia.grid import GridError
    from tableref.vision.nimalia.locate import NoReserveError
    from tableref.vision.nimalia.recognise import recognise

    photo = read_image(path)
    try:
        rec = recognise(photo, load_enrolment(enrolment_dir or _enrolment_dir()))
    except (EnrolError, NoReserveError, GridError) as err:
        raise CliError(f"{path}: {err}") from err
    if rec.unreadable:
        named = "; ".join(f"(row {d.row}, col {d.col}) {d.reason}" for d in rec.unreadable)
        raise CliError(f"{path}: cannot read every space: {named}")
    if rec.apart:
        raise CliError(f"{path}: {_apart(len(rec.apart))}")
    try:
        reserve = rec.reserve
    except NimaliaError as err:
        raise CliError(f"{path}: the reserve read breaks a rule: {err}") from err
    assert reserve is not None  # every space was read
    return reserve
