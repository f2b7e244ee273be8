"""Reports against truth: one scene's matching, and the figures over many scenes.

A report (the spec's `recognise --json` form of a card) belongs to the true top card whose
outline holds the report's centre. Otherwise it is a back reported as a face-up card (its
centre on a back), or a false card (on a lower card of a pile, on the table, on clutter,
or a second report on a card already matched). A top card more than 30 % covered may be
unknown or missed; if it is read, it must be read right.

Verdicts: the truth is the engine's verdict on every true top card in the frame; the
reported verdict is the engine's on every reported card, or unsure when any report is
unknown (or an animal not named). "Always no ring" is the share of scenes whose truth is
no ring.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any

import cv2
import numpy as np

from tableref.games.halli import parse_card, verdict

ReportJson = dict[str, Any]
TruthJson = dict[str, Any]


def _inside(point: tuple[float, float], corners: list[list[float]]) -> bool:
    poly = np.asarray(corners, np.float32).reshape(-1, 1, 2)
    return cv2.pointPolygonTest(poly, (float(point[0]), float(point[1])), False) >= 0


def reported_code(report: ReportJson) -> str | None:
    """The code a report claims, or None when it claims none (unknown, unnamed animal)."""
    if report.get("kind") not in ("fruit", "animal"):
        return None
    code = report.get("code")
    if not code:
        return None
    return str(parse_card(str(code)).code)


@dataclass
class Tally:
    scenes: int = 0
    cards: int = 0  # top cards at most 30 % covered: must be read
    found: int = 0
    right: int = 0
    unknown: int = 0
    covered: int = 0  # top cards more than 30 % covered
    covered_right: int = 0
    wrong: int = 0  # confident wrong reads, on any top card
    false_cards: int = 0
    false_on_lower: int = 0
    backs: int = 0
    backs_reported: int = 0
    verdict_right: int = 0
    verdict_wrong: int = 0
    verdict_unsure: int = 0
    truth_no_ring: int = 0

    def add(self, other: Tally) -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))


def judge(truth: list[TruthJson], reports: list[ReportJson]) -> tuple[Tally, list[str]]:
    """One scene: the tally and a line per problem (for --verbose)."""
    t = Tally(scenes=1)
    notes: list[str] = []
    tops = [c for c in truth if c["role"] == "top"]
    matched: dict[int, ReportJson] = {}
    for rep in reports:
        centre = (float(rep["center"][0]), float(rep["center"][1]))
        hits = [i for i, c in enumerate(tops) if _inside(centre, c["corners"])]
        if hits:
            i = min(hits, key=lambda k: float(np.hypot(*(np.mean(tops[k]["corners"], 0)
                                                         - centre))))
            if i not in matched:
                matched[i] = rep
                continue
            t.false_cards += 1
            notes.append(f"second report on top card {tops[i]['code']} at {centre}")
            continue
        if any(_inside(centre, c["corners"]) for c in truth if c["role"] == "back"):
            t.backs_reported += 1
            notes.append(f"back reported as {rep.get('kind')} {rep.get('code')} at {centre}")
        elif any(_inside(centre, c["corners"]) for c in truth if c["role"] == "lower"):
            t.false_cards += 1
            t.false_on_lower += 1
            notes.append(f"lower card reported as {rep.get('kind')} {rep.get('code')}")
        else:
            t.false_cards += 1
            notes.append(f"false card {rep.get('kind')} {rep.get('code')} at {centre}")
    t.backs = sum(1 for c in truth if c["role"] == "back")
    for i, card in enumerate(tops):
        must = card["cover"] <= 0.30
        got = matched.get(i)
        code = reported_code(got) if got is not None else None
        if must:
            t.cards += 1
        else:
            t.covered += 1
        if got is None:
            if must:
                notes.append(f"missed {card['code']} (cover {card['cover']:.2f})")
            continue
        if must:
            t.found += 1
        if code is None:
            if must:
                t.unknown += 1
                notes.append(f"unknown: {card['code']} (cover {card['cover']:.2f})")
        elif code == card["code"]:
            if must:
                t.right += 1
            else:
                t.covered_right += 1
        else:
            t.wrong += 1
            notes.append(f"WRONG: {card['code']} read as {code} (cover {card['cover']:.2f})")
    truth_ring = verdict([parse_card(c["code"]) for c in tops]).ring
    t.truth_no_ring = int(not truth_ring)
    codes = [reported_code(r) for r in reports]
    if any(c is None for c in codes):
        t.verdict_unsure = 1
    else:
        seen_ring = verdict([parse_card(c) for c in codes if c is not None]).ring
        if seen_ring == truth_ring:
            t.verdict_right = 1
        else:
            t.verdict_wrong = 1
            notes.append(f"verdict wrong: truth {'ring' if truth_ring else 'no ring'}")
    return t, notes


def _pct(n: int, d: int) -> str:
    return f"{100 * n / d:5.1f}%" if d else "    -"


HEADER = (f"{'':24} {'scenes':>6} {'cards':>5} {'found':>6} {'right':>6} {'unknwn':>6} "
          f"{'WRONG':>5} {'false':>5} {'lower':>5} {'backs!':>6} {'covrd':>5} "
          f"{'verdict':>7} {'unsure':>6} {'v.wrong':>7} {'noring':>6}")


def row(name: str, t: Tally) -> str:
    return (f"{name[:24]:24} {t.scenes:6d} {t.cards:5d} {_pct(t.found, t.cards):>6} "
            f"{_pct(t.right, t.cards):>6} {_pct(t.unknown, t.cards):>6} {t.wrong:5d} "
            f"{t.false_cards:5d} {t.false_on_lower:5d} {t.backs_reported:3d}/{t.backs:<3d}"
            f"{t.covered:5d} {_pct(t.verdict_right, t.scenes):>7} "
            f"{_pct(t.verdict_unsure, t.scenes):>6} {_pct(t.verdict_wrong, t.scenes):>7} "
            f"{_pct(t.truth_no_ring, t.scenes):>6}")


LEGEND = """\
cards: top cards at most 30 % covered (must be read); found/right/unknwn: of those;
WRONG: confident wrong reads (a fruit or animal code that is not the truth), any top card;
false: reports where there is no top card (table, clutter, a lower card, a second report
on one card); lower: of those, on a lower card of a pile; backs!: backs reported as face-up
cards / backs in view; covrd: top cards more than 30 % covered (may be unknown);
verdict/unsure/v.wrong: of scenes; noring: the "always no ring" baseline (its verdicts right)."""


def total(tallies: Iterable[Tally]) -> Tally:
    out = Tally()
    for t in tallies:
        out.add(t)
    return out
