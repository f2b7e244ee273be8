"""The daemon's latency and footprint on the simulated table (prints figures; not a test).

1. Latency, in one process: the real daemon (journal on disk, simulated camera at 10 fps,
   the real recogniser, real espeak-ng voice warmed, playing into a RecordingSink) with its
   web app on a real port and an SSE client following /api/events. A bell press is given
   its edge time (time.monotonic_ns()) and handed to the daemon like a bell thread does;
   measured from that edge:
     decided  - the verdict decided (journalled, applied, after waiting for the camera frame
                taken at or after the press);
     page     - the snapshot with the verdict received by the page's SSE stream;
     sound    - the verdict's first clip starting to play.
2. Footprint: `tableref run --sim` as a subprocess: RSS and CPU idle (no cards turned) and
   while following a game (a card every second, simulated players ringing).

Run: .venv/bin/python bench/daemon_latency.py [--rounds 40] [--seconds 20]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import aiohttp
from aiohttp import web

from tableref.device.config import SimConfig, parse_config
from tableref.device.daemon.app import Daemon
from tableref.device.daemon.halli_session import HalliSession, Timing
from tableref.device.daemon.service import build_equipment
from tableref.device.sim import SimPlayers
from tableref.device.store import Store
from tableref.device.voice import RecordingSink, Voice
from tableref.device.web.app import create_app

PLAYERS = '[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n[[players]]\nname = "Cid"\n'


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(name: str, ms: list[float]) -> str:
    return (f"  {name:<8} median {statistics.median(ms):7.1f} ms   p99 {pct(ms, 0.99):7.1f} ms"
            f"   max {max(ms):7.1f} ms   (n={len(ms)})")


async def latency(rounds: int, tmp: Path, fps: float) -> None:
    config = parse_config(PLAYERS + '[voice]\nengine = "espeak-ng"\n')
    config = replace(config, sim=SimConfig(flip_s=3600, fps=fps, seed=5, hands=False))
    equipment = build_equipment(config, sim=True, state_dir=tmp)
    sink = RecordingSink(pace=0)
    voice = Voice(config, sink=sink)
    voice.warm()
    equipment.speaker, equipment.audio_device = voice, None
    equipment.kits["halli"].timing = Timing(lock_s=0.3)
    players = equipment.followers[0]
    assert isinstance(players, SimPlayers)
    store = Store(tmp / "journal.sqlite3")
    daemon = Daemon(config, store, equipment)
    await daemon.start()
    runner = web.AppRunner(create_app(daemon, pin=None, lan=False), access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    seen_verdict: dict[tuple[int, int], int] = {}  # (game, verdict seq) -> when received

    async def follow() -> None:
        async with aiohttp.ClientSession() as http, http.get(
                f"http://127.0.0.1:{port}/api/events") as res:
            async for line in res.content:
                if line.startswith(b"data: "):
                    snap = json.loads(line[6:])
                    v = (snap.get("halli") or {}).get("last_verdict")
                    key = (daemon.game_id, v["seq"]) if v is not None else None
                    if key is not None and key not in seen_verdict:
                        seen_verdict[key] = time.monotonic_ns()

    follower = asyncio.create_task(follow())
    rng = random.Random(1)
    decided: list[float] = []
    page: list[float] = []
    sound: list[float] = []
    right = 0
    await asyncio.sleep(1.0)
    for _ in range(rounds):
        session = daemon.session
        world = players.table.world
        assert isinstance(session, HalliSession) and session.state is not None
        if world is None:
            await asyncio.sleep(0.1)
            continue
        if session.state.over:
            daemon.new_game()
            await asyncio.sleep(0.5)
            continue
        for _flip in range(rng.randint(1, 3)):
            players.step()
            await asyncio.sleep(0.25)  # the camera sees the card
            if world.ringable():
                break
        await asyncio.sleep(rng.uniform(0.05, 0.3))
        seq = session.verdicts
        want = (daemon.game_id, seq + 1)
        player = rng.randrange(3)
        if session.state.players[player].out:
            continue
        played_before = len(sink.played)
        t_press = time.monotonic_ns()
        daemon.press(player, t_press)
        while session.verdicts == seq or want not in seen_verdict \
                or len(sink.played) == played_before:
            await asyncio.sleep(0.002)
            if time.monotonic_ns() - t_press > 5e9:
                break
        if session.verdicts == seq:
            continue
        right += bool(session.last_verdict and session.last_verdict["right"])
        decided.append((session.decided_ns - t_press) / 1e6)
        if want in seen_verdict:
            page.append((seen_verdict[want] - t_press) / 1e6)
        if len(sink.played) > played_before:
            sound.append((sink.played[played_before].start_ns - t_press) / 1e6)
        while session.locked:
            await asyncio.sleep(0.01)
    eyes = session.eyes
    follower.cancel()
    await runner.cleanup()
    await daemon.stop()
    voice.close()
    store.close()
    print(f"latency from the bell edge, {len(decided)} rings ({right} right), "
          f"camera {fps:g} fps:")
    print(summary("decided", decided))
    print(summary("page", page) + "  (snapshot received over SSE)")
    print(summary("sound", sound) + "  (first clip starts, RecordingSink)")
    if eyes is not None and getattr(eyes, "ms", None):
        ms = eyes.ms
        print(f"  recognition per frame: median {statistics.median(ms):.1f} ms, "
              f"p99 {pct(ms, 0.99):.1f} ms")


def footprint(seconds: float, tmp: Path, following: bool) -> tuple[float, float]:
    sim = ("flip_s = 1.0\nbots = true\nreaction_ms = 600\n" if following
           else "flip_s = 1.0\nmax_flips = 1\n")
    cfg = tmp / ("follow.toml" if following else "idle.toml")
    cfg.write_text(PLAYERS + '[voice]\nengine = "none"\n[sim]\nfps = 10\n' + sim)
    env = {**os.environ, "XDG_DATA_HOME": str(tmp / ("f" if following else "i"))}
    port = str(18900 + following)
    proc = subprocess.Popen([sys.executable, "-m", "tableref", "run", "--sim", "--config",
                             str(cfg), "--port", port], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(8.0)  # start-up and the first frames
        tick = os.sysconf("SC_CLK_TCK")

        def cpu() -> float:
            fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / tick

        c0, t0 = cpu(), time.monotonic()
        time.sleep(seconds)
        c1, t1 = cpu(), time.monotonic()
        rss = 0.0
        for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) / 1024
        return rss, 100 * (c1 - c0) / (t1 - t0)
    finally:
        proc.terminate()
        proc.wait(15)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--fps", type=float, default=10.0, help="simulated camera rate")
    parser.add_argument("--no-footprint", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(latency(args.rounds, Path(tmp), args.fps))
        for following in () if args.no_footprint else (False, True):
            rss, cpu = footprint(args.seconds, Path(tmp), following)
            what = "following a game" if following else "idle"
            print(f"footprint {what:<17}: RSS {rss:6.1f} MB, CPU {cpu:5.1f} % of one core "
                  f"(camera 10 fps)")


if __name__ == "__main__":
    main()
