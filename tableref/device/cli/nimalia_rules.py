"""`tableref nimalia score`: score one round's objectives for the players' reserves.

Each FILE is one player's reserve. `load_reserve` turns a path into a Reserve: reserve
files (JSON) are read here; photos go to `read_photo`, the seam where the photo reader
(tableref.vision) plugs in.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from pathlib import Path

from tableref.device.cli.common import CliError, Groups
from tableref.games.nimalia import NimaliaError, Reserve, reserve_from_json
from tableref.games.nimalia.objectives import OBJECTIVE_COUNT, objective
from tableref.games.nimalia.scoring import MAX_PLAYERS, ObjectiveScore, score_objectives

PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff")

PhotoReader = Callable[[Path], Reserve]


def register(groups: Groups) -> None:
    """Add `nimalia score` to the command groups."""
    parser = groups["nimalia"].add_parser(
        "score",
        help="score objectives for reserve files (one per player)",
        description="Score one round's objectives for the given reserves, one file per "
        "player. Totals start at 0 and are scored blue, green, yellow, red; a negative "
        "total becomes 0 after each objective.",
    )
    parser.add_argument(
        "--objectives",
        type=objective_ids,
        metavar="IDS",
        help=f"comma-separated objective ids, e.g. 4,5,16,19 (default: all {OBJECTIVE_COUNT})",
    )
    parser.add_argument("--json", action="store_true", help="print the scores as JSON")
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE", help="a reserve file")
    parser.set_defaults(func=run_score)


def objective_ids(text: str) -> list[int]:
    """Parse `4,5,16,19`; argparse reports the error naming the bad id."""
    ids: list[int] = []
    for token in text.split(","):
        token = token.strip()
        if not token.isdigit() or not 1 <= int(token) <= OBJECTIVE_COUNT:
            raise argparse.ArgumentTypeError(
                f"{token!r} is not an objective id (ids are 1..{OBJECTIVE_COUNT})"
            )
        if int(token) in ids:
            raise argparse.ArgumentTypeError(f"objective {token} is listed twice")
        ids.append(int(token))
    return ids


def read_photo(path: Path) -> Reserve:
    """The reserve seen in a photo, read with the stored enrolment (`nimalia enroll`)."""
    from tableref.device.cli.nimalia_vision import read_photo_reserve

    if not path.is_file():
        raise CliError(f"{path}: no such photo")
    return read_photo_reserve(path)


def load_reserve(path: Path, photo_reader: PhotoReader | None = None) -> Reserve:
    """A player's reserve from a reserve file, or from a photo through `photo_reader`."""
    if path.suffix.lower() in PHOTO_SUFFIXES:
        return (photo_reader or read_photo)(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CliError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise CliError(f"{path}: is a folder, not a reserve file or photo") from None
    except UnicodeDecodeError as err:
        raise CliError(f"{path}: not a reserve file: not UTF-8 text ({err.reason})") from None
    except OSError as err:
        raise CliError(f"{path}: cannot read the reserve file ({err})") from None
    try:
        return reserve_from_json(text)
    except NimaliaError as err:
        raise CliError(f"{path}: {err}") from None


def run_score(args: argparse.Namespace) -> int:
    files: list[Path] = args.files
    if len(files) > MAX_PLAYERS:
        raise CliError(f"{len(files)} files: Nimalia has at most {MAX_PLAYERS} players")
    reserves = [load_reserve(path) for path in files]
    ids = args.objectives if args.objectives is not None else range(1, OBJECTIVE_COUNT + 1)
    scores = score_objectives(reserves, ids)
    names = [str(path) for path in files]
    if args.json:
        print(scores_json(names, scores))
    else:
        short = [path.name for path in files]
        print(scores_table(short if len(set(short)) == len(short) else names, scores))
    return 0


def totals_of(scores: Sequence[ObjectiveScore], players: int) -> tuple[int, ...]:
    return scores[-1].totals if scores else (0,) * players


def scores_json(names: Sequence[str], scores: Sequence[ObjectiveScore]) -> str:
    """`{"players": [{"file": ..., "objectives": {"4": 6, ...}, "total": 14}, ...]}`."""
    by_id = sorted(scores, key=lambda s: s.objective.id)
    totals = totals_of(scores, len(names))
    players = [
        {
            "file": name,
            "objectives": {str(s.objective.id): s.points[p] for s in by_id},
            "total": totals[p],
        }
        for p, name in enumerate(names)
    ]
    return json.dumps({"players": players})


def scores_table(names: Sequence[str], scores: Sequence[ObjectiveScore]) -> str:
    """A readable table: one row per objective in scoring order, one column per player."""
    headers = ["objective", "colour", *names]
    rows = [
        [f"{s.objective.id:>2} {objective(s.objective.id).text}", s.objective.colour.value]
        + [str(points) for points in s.points]
        for s in scores
    ]
    rows.append(["total", ""] + [str(t) for t in totals_of(scores, len(names))])
    widths = [max(len(row[i]) for row in [headers, *rows]) for i in range(len(headers))]

    def line(cells: Sequence[str]) -> str:
        text = [cells[0].ljust(widths[0]), cells[1].ljust(widths[1])]
        text += [cell.rjust(width) for cell, width in zip(cells[2:], widths[2:], strict=True)]
        return "  ".join(text).rstrip()

    rule = "-" * len(line(headers))
    return "\n".join([line(headers), rule, *map(line, rows[:-1]), rule, line(rows[-1])])
