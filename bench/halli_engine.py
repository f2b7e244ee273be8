"""Speed of the Halli Galli rules engine: verdicts per second and full random games per second.

    .venv/bin/python bench/halli_engine.py [--verdicts N] [--games N] [--seed S]

Verdicts are judged on random tables of 2 to 6 visible cards drawn from random decks.
A random game (tableref.games.halli.sim) starts with 2 to 6 players and runs until it is
over; its time includes choosing each event (the simulated players ask for a verdict
before every move) and applying it.
"""

from __future__ import annotations

import argparse
import random
import time

from tableref.games.halli import verdict
from tableref.games.halli.sim import random_deck, random_game


def bench_verdicts(n: int, seed: int) -> float:
    rng = random.Random(seed)
    deck = random_deck(rng)
    tables = [tuple(rng.sample(deck, rng.randint(2, 6))) for _ in range(1000)]
    rings = 0
    start = time.perf_counter()
    for i in range(n):
        rings += verdict(tables[i % len(tables)]).ring
    elapsed = time.perf_counter() - start
    print(f"verdicts: {n} in {elapsed:.2f} s = {n / elapsed:,.0f} verdicts/s ({rings} rings)")
    return n / elapsed


def bench_games(n: int, seed: int) -> float:
    rng = random.Random(seed)
    events = 0
    finished = 0
    start = time.perf_counter()
    for i in range(n):
        steps = list(random_game(rng, 2 + i % 5))
        events += len(steps)
        finished += steps[-1].state.over
    elapsed = time.perf_counter() - start
    print(
        f"games: {n} random games ({finished} finished, 2-6 players, {events / n:.0f} events "
        f"on average) in {elapsed:.2f} s = {n / elapsed:,.1f} games/s, "
        f"{events / elapsed:,.0f} events/s"
    )
    return n / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verdicts", type=int, default=200_000)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    bench_verdicts(args.verdicts, args.seed)
    bench_games(args.games, args.seed)


if __name__ == "__main__":
    main()
