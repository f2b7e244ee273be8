"""`tableref halli referee [--json] FRAMES_DIR PRESSES.jsonl`: a recorded game refereed
offline through the daemon's own path (eyes, flip watcher, arbiter, engine)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from tableref.device.cli.common import CliError, Groups

IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp"}


def register(groups: Groups) -> None:
    ref = groups["halli"].add_parser(
        "referee",
        help="referee a recorded game: camera frames and bell presses in, the game log out",
        description="Referee a recorded game offline through the daemon's own path. "
        "FRAMES_DIR holds the camera frames named by their sensor time in nanoseconds "
        "(000001234567890.jpg); PRESSES.jsonl starts with the start event "
        '({"event": "start", "players": [...]}), then one bell press a line '
        '({"player": 2, "t_ns": ...}). Prints the game log the daemon would have '
        "journalled and the final state. Cards are read with your enrolment "
        "(`tableref halli enroll`) when there is one.",
    )
    ref.add_argument("--json", action="store_true",
                     help='print {"events": [...], "state": {...}}')
    ref.add_argument("frames", type=Path, metavar="FRAMES_DIR")
    ref.add_argument("presses", type=Path, metavar="PRESSES.jsonl")
    ref.set_defaults(func=_referee)


def _frames(directory: Path) -> list[Any]:
    from tableref.device.daemon.halli_referee import FrameAt
    from tableref.vision.images import read_image
    from tableref.vision.limits import ImageError

    if not directory.is_dir():
        raise CliError(f"{directory}: no such folder of frames")
    frames = []
    for path in sorted(directory.iterdir()):
        if path.suffix.lower() not in IMAGE_SUFFIXES:
            continue
        if not path.stem.isdigit():
            raise CliError(f"{path}: a frame is named by its sensor time in ns "
                           "(000001234567890.jpg)")

        def load(path: Path = path) -> Any:  # checked from its header, as every image
            try:
                return read_image(path)
            except ImageError as err:
                raise CliError(str(err)) from None

        frames.append(FrameAt(int(path.stem), load))
    if not frames:
        raise CliError(f"{directory}: no frames (images named by their time in ns)")
    return frames


def _presses(path: Path) -> tuple[Any, list[Any]]:
    from tableref.games.halli import HalliError, Press, Start, parse_event_line

    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as err:
        raise CliError(f"cannot read {path}: {err.strerror or err}") from None
    except UnicodeDecodeError as err:
        raise CliError(f"{path}: not UTF-8 text ({err.reason})") from None
    numbered = [(n, line) for n, line in enumerate(lines, start=1) if line.strip()]
    if not numbered:
        raise CliError(f"{path}: empty; the first line is the start event")
    n, first = numbered[0]
    try:
        start = parse_event_line(first)
    except HalliError as err:
        raise CliError(f"{path}: line {n}: {err}") from None
    if not isinstance(start, Start):
        raise CliError(f"{path}: line {n}: the first line must be the start event")
    presses = []
    for n, line in numbered[1:]:
        try:
            data = json.loads(line)
        except ValueError as err:
            raise CliError(f"{path}: line {n}: not JSON ({err})") from None
        if not isinstance(data, dict) or set(data) != {"player", "t_ns"} or not all(
                isinstance(data[k], int) and not isinstance(data[k], bool) for k in data):
            raise CliError(f'{path}: line {n}: a press is {{"player": seat, "t_ns": time}}, '
                           f"not {line.strip()}")
        if not 0 <= data["player"] < len(start.players):
            raise CliError(f"{path}: line {n}: seat {data['player']}: the seats are 0 to "
                           f"{len(start.players) - 1}")
        presses.append(Press(data["player"], data["t_ns"]))
    return start, presses


def _referee(args: argparse.Namespace) -> int:
    from tableref.device.cli.halli_rules import describe
    from tableref.device.daemon.halli_referee import referee
    from tableref.device.paths import data_dir
    from tableref.games.halli import HalliError, IllegalEventError, apply
    from tableref.vision.halli.enrol import Enrolment, EnrolmentError
    from tableref.vision.halli.recognise import Recogniser

    start, presses = _presses(args.presses)
    try:
        apply(None, start)
    except IllegalEventError as err:
        raise CliError(f"{args.presses}: line 1: {err}") from None
    frames = _frames(args.frames)
    try:
        enrolment = Enrolment.load(data_dir())
    except EnrolmentError as err:
        raise CliError(str(err)) from err
    try:
        done = referee(start, frames, presses, Recogniser(enrolment))
    except HalliError as err:  # the session records only what the engine takes: a bug
        raise CliError(f"the referee failed: {err}") from err
    log = done.log()
    if args.json:
        print(json.dumps({"events": log, "state": done.state.to_json()}))
    else:
        for event in log:
            print(json.dumps(event))
        print(describe(done.state))
    return 0
