"""Nelly's rules engine: random games per second, and many games replayed against the
independent model of the spec (tests/nelly_review/reference.py).

    .venv/bin/python bench/nelly_engine.py [--games N] [--reference N] [--seed S]

A random game (tableref.games.nelly.sim) starts with 2 to 4 players and runs until it is
over, falls included. The reference replay drives the engine and the model with the same
events, most of them legal, many of them not, and counts what both accepted and refused;
it stops at the first disagreement (an AssertionError naming the event).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from tableref.games.nelly.sim import random_game

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # for tests.nelly_review


def bench_games(n: int, seed: int) -> None:
    rng = random.Random(seed)
    events = 0
    start = time.perf_counter()
    for i in range(n):
        events += sum(1 for _ in random_game(rng, 2 + i % 3))
    elapsed = time.perf_counter() - start
    print(f"games: {n} in {elapsed:.2f} s = {n / elapsed:,.0f} games/s, "
          f"{events / elapsed:,.0f} events/s ({events / n:.0f} events a game)")


def bench_reference(n: int, seed: int) -> None:
    from tests.nelly_review.test_differential import play_one

    rng = random.Random(seed)
    accepted = refused = ended = 0
    start = time.perf_counter()
    for _ in range(n):
        a, r, e = play_one(rng, chaos=rng.choice([0.05, 0.3, 0.7]),
                           counters=rng.choice([0.0, 0.5]))
        accepted, refused, ended = accepted + a, refused + r, ended + e
    elapsed = time.perf_counter() - start
    print(f"reference: {n} games agreed ({ended} played to the end), {accepted:,} events "
          f"accepted and {refused:,} refused by both, in {elapsed:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--reference", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    bench_games(args.games, args.seed)
    if args.reference:
        bench_reference(args.reference, args.seed)


if __name__ == "__main__":
    main()
