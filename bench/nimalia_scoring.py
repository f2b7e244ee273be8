"""Benchmark: score random legal Nimalia reserves for all 22 objectives.

Builds reserves by dealing the 60 real cards to 4 players (15 each) and placing each
card at a random legal spot and rotation, then scores every table of 4 for all 22
objectives. Prints reserves per second. Runs on its own and stops by itself:

    .venv/bin/python bench/nimalia_scoring.py [--tables 500] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time

from tableref.games.nimalia.model import Reserve
from tableref.games.nimalia.placement import legal_placements, place
from tableref.games.nimalia.scoring import score_objectives

PLAYERS = 4
CARDS_EACH = 15


def random_table(rng: random.Random) -> list[Reserve]:
    """Four reserves of 15 cards each, every card placed legally at random."""
    deck = list(range(1, 61))
    rng.shuffle(deck)
    table = []
    for player in range(PLAYERS):
        reserve = Reserve()
        for card_id in deck[player * CARDS_EACH : (player + 1) * CARDS_EACH]:
            reserve = place(reserve, rng.choice(legal_placements(reserve, card_id)))
        table.append(reserve)
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500, help="tables of 4 reserves")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    started = time.perf_counter()
    tables = [random_table(rng) for _ in range(args.tables)]
    built = time.perf_counter() - started
    count = args.tables * PLAYERS
    spaces = sum(len(r) for t in tables for r in t) / count

    objectives = range(1, 23)
    started = time.perf_counter()
    points = 0
    for table in tables:
        for score in score_objectives(table, objectives):
            points += sum(score.points)
    scored = time.perf_counter() - started

    print(
        f"reserves: {count} ({args.tables} tables of {PLAYERS}, {CARDS_EACH} cards each, "
        f"{spaces:.1f} visible spaces on average)"
    )
    print(f"building by legal placement: {count / built:.0f} reserves/s")
    print(
        f"scoring all 22 objectives: {count / scored:.0f} reserves/s "
        f"({scored / count * 1e3:.3f} ms per reserve; checksum {points})"
    )


if __name__ == "__main__":
    main()
