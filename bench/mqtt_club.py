"""The club over MQTT, on loopback with a real Mosquitto (Debian's, started here):

1. publish: events per second one box's publisher sends to the broker, QoS 1, each
   acknowledged and the position written to the journal's SQLite file (synchronous=FULL):
   N events written while the broker is away, then the time from connecting to the last
   one's durable acknowledgement. Beside it, a fixed reference workload in the same run
   (JSON round trips of an event) so figures from a busy machine can be compared.
2. ring -> club: a real `tableref run --sim` box and a real `tableref club`; for each
   bell press (POST /api/bell) the time until the box's own page stream shows the verdict
   and until the club page's stream shows it (median, p95).
3. club memory: `tableref club` with 20 tables publishing (20 real publishers on 20 real
   journals in this process, each a Halli-shaped state and an event every `--period` s,
   a game ended every 40 events); the club process's RSS before, during and at the end.

    .venv/bin/python bench/mqtt_club.py [--events 5000] [--rings 20] [--tables 20]
                                        [--seconds 60] [--period 0.5]

Bounded: every wait has a timeout; loopback only. Prints the load (/proc/loadavg).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "mqtt"))
from mqtt_boxes import BoxProcess, ClubProcess
from mqtt_broker import Mosquitto, Snapshots, free_port

from tableref.device.config import MqttConfig
from tableref.device.mqtt.publisher import Publisher
from tableref.device.store import Store

PLAYERS = ["Ann", "Ben", "Cid", "Dan"]


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def reference_s(n: int = 20000) -> float:
    """A fixed workload: n JSON round trips of a flip event."""
    event = {"event": "flip", "player": 1, "card": "BBL", "t_ns": 123456789012}
    t = time.perf_counter()
    for _ in range(n):
        json.loads(json.dumps(event))
    return time.perf_counter() - t


async def until(check: Any, timeout_s: float, what: str) -> None:
    deadline = time.monotonic() + timeout_s
    while not check():
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what}: not within {timeout_s} s")
        await asyncio.sleep(0.002)


async def publish_rate(tmp: Path, events: int, window: int) -> float:
    broker = Mosquitto(tmp / f"w{window}", port=free_port())
    store = Store(tmp / f"w{window}" / "journal.sqlite3")
    game = store.start_game("halli", PLAYERS)
    store.append(game, {"event": "start", "players": PLAYERS})
    for i in range(events - 1):
        store.append(game, {"event": "flip", "player": i % 4, "card": "BBL", "t_ns": i})
    pub = Publisher(MqttConfig(host="127.0.0.1", port=broker.port, table="bench"), store,
                    window)
    try:
        broker.start()
        pub.start_following(Snapshots())
        await until(lambda: pub.connected, 20, "connected")
        t0 = time.perf_counter()
        await until(lambda: pub.outbox.acked.seq == events, 120, "all acknowledged")
        return events / (time.perf_counter() - t0)
    finally:
        await pub.stop()
        store.close()
        broker.stop()


async def bench_publish(tmp: Path, events: int) -> None:
    print(f"1. publish: {events} journal events, QoS 1, durable acknowledgement; load {load()}")
    for window in (8, 64, 256):
        rates = [await publish_rate(tmp / f"r{i}", events, window) for i in range(3)]
        ref = reference_s()
        print(f"   window {window:3d}: {statistics.median(rates):7.0f} events/s (runs: "
              + ", ".join(f"{r:.0f}" for r in rates) + f"); reference workload {ref * 1e3:.1f} ms"
              f" -> {statistics.median(rates) * ref:.0f} events per reference")


async def stream(session: aiohttp.ClientSession, url: str, seen: list[tuple[float, Any]],
                 pick: Any) -> None:
    """Follow a server-sent event stream; keep (time, pick(data)) at every change of it,
    the time taken when the line is read (before it is parsed: the box's snapshot is much
    larger than the club's view, and both streams are read on this one loop)."""
    async with session.get(url) as res:
        last = object()
        async for raw in res.content:
            at = time.perf_counter()
            line = raw.decode().strip()
            if line.startswith("data: "):
                value = pick(json.loads(line[6:]))
                if value != last:
                    last = value
                    seen.append((at, value))


def box_news(snap: dict[str, Any]) -> Any:
    v = (snap.get("halli") or {}).get("last_verdict")
    return (snap.get("game_id"), None if v is None else v["seq"])


def club_news(view: dict[str, Any]) -> Any:
    for t in view["tables"]:
        if t["name"] == "bar":
            return (t.get("news"), t.get("headline"), t.get("players") and
                    tuple(p["score"] for p in t["players"]))
    return None


async def bench_ring(tmp: Path, rings: int) -> None:
    broker = Mosquitto(tmp / "ring")
    broker.start()
    box = BoxProcess(tmp / "ring", "bar", ["Ann", "Ben", "Cid", "Dan", "Eve", "Fay"],
                     broker.port, seed=4)
    cfg = box.dir / "config.toml"
    cfg.write_text(cfg.read_text().replace("fps = 2", "fps = 10"))
    club = ClubProcess(tmp / "ring", broker.port)
    box_seen: list[tuple[float, Any]] = []
    club_seen: list[tuple[float, Any]] = []
    tasks: list[asyncio.Task[None]] = []
    try:
        club.start()
        box.start()
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(sock_read=60)) as s:
            tasks = [asyncio.create_task(stream(s, box.base + "/api/events", box_seen,
                                                box_news)),
                     asyncio.create_task(stream(s, club.base + "/api/events", club_seen,
                                                club_news))]
            await until(lambda: club_seen and club_seen[-1][1] is not None, 30, "the table")
            to_box, to_club = [], []
            for i in range(rings):
                seat = i % 5
                if i and seat == 0:  # a sixth ring would put a player out: a new game
                    async with s.post(box.base + "/api/settings", json={"new_game": True}):
                        pass
                    await until(lambda: box_seen[-1][1][1] is None, 10, "the new game")
                await asyncio.to_thread(_wait_unlocked, box)
                await asyncio.sleep(0.2)
                nb, nc = len(box_seen), len(club_seen)
                t0 = time.perf_counter()
                async with s.post(f"{box.base}/api/bell/{seat}", json={}) as res:
                    assert res.status == 200, await res.text()
                await until(lambda nb=nb: len(box_seen) > nb and box_seen[-1][1][1], 20,
                            "the box's verdict")
                verdict = box_seen[-1][1][1]

                def shown(nc: int = nc, verdict: int = verdict) -> float | None:
                    return next((t for t, v in club_seen[nc:] if v and v[0] == verdict), None)

                await until(shown, 20, "the club's")
                to_box.append(box_seen[-1][0] - t0)
                to_club.append((shown() or 0.0) - t0)
        ms = [(b * 1e3, c * 1e3) for b, c in zip(to_box, to_club, strict=True)]
        path = [c - b for b, c in ms]
        print(f"2. ring -> page, {rings} rings on a 6-seat simulated table (camera 10 fps); "
              f"load {load()}")
        for name, values in (("ring -> box page", [b for b, _ in ms]),
                             ("ring -> club page", [c for _, c in ms]),
                             ("box page -> club page (MQTT path)", path)):
            print(f"   {name:36s} median {statistics.median(values):6.1f} ms, "
                  f"p95 {pct(values, 0.95):6.1f} ms, max {max(values):6.1f} ms")
    finally:
        for task in tasks:
            task.cancel()
        box.stop()
        club.stop()
        broker.stop()


def rss_kb(pid: int) -> tuple[int, int]:
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text()
                  .splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


def halli_state(table: int, n: int) -> dict[str, Any]:
    return {
        "seq": n, "journal": n, "game": "halli", "game_id": 1, "language": "en",
        "players": [{"seat": i, "name": f"{p}{table}", "colour": "#e53935", "out": False}
                    for i, p in enumerate(PLAYERS)],
        "devices": [{"name": "camera", "ok": True, "message": ""}],
        "halli": {"piles": [{"seat": i, "top": "BBL", "pile": (n + i) % 9,
                             "stack": 18 - (n + i) % 9, "out": False} for i in range(4)],
                  "bell": n % 5, "turn": n % 4, "locked": False, "over": False,
                  "winner": None, "message": "",
                  "last_verdict": {"seq": n // 3, "player": n % 4, "right": True,
                                   "text": f"{PLAYERS[n % 4]}{table} is right: five limes",
                                   "reasons": ["five limes"], "taken": 7, "margin_ms": 41.5,
                                   "second": 1, "reaction_ms": {"0": 612.0}}},
    }


async def bench_memory(tmp: Path, tables: int, seconds: float, period: float) -> None:
    broker = Mosquitto(tmp / "mem")
    broker.start()
    club = ClubProcess(tmp / "mem", broker.port)
    pubs: list[Publisher] = []
    stores: list[Store] = []
    sent = 0
    try:
        club.start()
        assert club.proc is not None
        idle, _ = rss_kb(club.proc.pid)
        hubs = []
        for t in range(tables):
            store = Store(tmp / "mem" / f"table{t}.sqlite3")
            pub = Publisher(MqttConfig(host="127.0.0.1", port=broker.port, table=f"t{t:02d}"),
                            store)
            hub = Snapshots()
            pub.start_following(hub)
            stores.append(store)
            pubs.append(pub)
            hubs.append(hub)
        games = [s.start_game("halli", [f"{p}{t}" for p in PLAYERS]) for t, s in
                 enumerate(stores)]
        samples = []
        t_end = time.monotonic() + seconds
        n = 0
        while time.monotonic() < t_end:
            n += 1
            for t, (store, hub) in enumerate(zip(stores, hubs, strict=True)):
                if n % 40 == 0:
                    store.finish_game(games[t], [20 + t, 18, 15, 19], f"Ann{t}")
                    games[t] = store.start_game("halli", [f"{p}{t}" for p in PLAYERS])
                    store.append(games[t], {"event": "start", "players": PLAYERS})
                else:
                    store.append(games[t], {"event": "flip", "player": n % 4, "card": "BBL",
                                            "t_ns": n})
                sent += 1
                hub.show(halli_state(t, n))
            if n % max(1, round(5 / period)) == 0:
                samples.append(rss_kb(club.proc.pid)[0])
            await asyncio.sleep(period)
        await asyncio.sleep(2)
        view = club.get("/api/club")
        rss, peak = rss_kb(club.proc.pid)
        print(f"3. club page memory: {tables} tables, a state and an event each every "
              f"{period} s for {seconds:.0f} s ({sent} events, "
              f"{view['league']['games'].get('finished', 0)} games ended); load {load()}")
        print(f"   RSS idle {idle / 1024:.1f} MiB; during: median "
              f"{statistics.median(samples) / 1024:.1f} MiB; at the end {rss / 1024:.1f} MiB, "
              f"peak {peak / 1024:.1f} MiB; tables shown {len(view['tables'])}, "
              f"duplicates dropped {view['dropped']['duplicates']}")
    finally:
        for pub in pubs:
            await pub.stop()
        for store in stores:
            store.close()
        club.stop()
        broker.stop()


def _wait_unlocked(box: BoxProcess) -> None:
    deadline = time.monotonic() + 20
    while box.get("/api/state")["halli"]["locked"]:
        if time.monotonic() > deadline:
            raise TimeoutError("the bells stayed locked")
        time.sleep(0.02)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=5000)
    parser.add_argument("--rings", type=int, default=20)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--period", type=float, default=0.5)
    parser.add_argument("--only", choices=("publish", "ring", "memory"), default=None)
    args = parser.parse_args()
    print(f"CPU affinity {sorted(os.sched_getaffinity(0))}; mosquitto "
          "(Debian's) on 127.0.0.1; figures are wall-clock on a shared machine")
    with tempfile.TemporaryDirectory(prefix="mqtt-club-bench-") as name:
        tmp = Path(name)
        if args.only in (None, "publish"):
            await bench_publish(tmp, args.events)
        if args.only in (None, "ring"):
            await bench_ring(tmp, args.rings)
        if args.only in (None, "memory"):
            await bench_memory(tmp, args.tables, args.seconds, args.period)


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())
