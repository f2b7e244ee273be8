"""The box as an attacker and bad luck meet it: what was tried, and what held.

A real `tableref run --sim` daemon (pinned to core 1 when there are two) is met by this
script (on core 0), on loopback only, every loop bounded in count and time:
  1. memory: the largest photo accepted (8160 x 6120, under the 5 MB upload limit) and a
     decompression bomb (a 20000 x 20000 PNG of about 1 MB) are uploaded; the daemon's peak
     resident memory (VmHWM) is read before and after each;
  2. connections: N idle connections from 127.0.0.2-127.0.0.9; how many are held, how many
     refused, the daemon's open descriptors, and whether the kiosk (127.0.0.1) still gets
     its page;
  3. slow headers: connections that trickle a header a byte at a time; when they are cut;
  4. a flood: K keep-alive clients from other loopback addresses ask for /api/state as fast
     as they can for T seconds while the kiosk asks too; requests per second served to
     the kiosk and to the flood, and the kiosk's latency, beside the kiosk alone.

    .venv/bin/python bench/hostile.py [--connections 1000] [--flood 64] [--seconds 10]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
from web_daemon import DaemonProcess

from tableref.vision.synth.hostile_images import png_bomb

STATE = b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
PAGE = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"


def vm(pid: int, key: str) -> int:
    """A /proc/PID/status figure in MB (VmHWM: peak resident, VmRSS: resident now)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1]) // 1024
    return -1


def fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


async def request(port: int, raw: bytes, source: str = "127.0.0.1",
                  timeout_s: float = 30) -> tuple[int, bytes]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    try:
        writer.write(raw)
        await writer.drain()
        reply = await asyncio.wait_for(reader.read(), timeout_s)
    finally:
        writer.close()
    return (int(reply.split(b" ", 2)[1]) if reply.startswith(b"HTTP/") else 0), reply


async def exchange(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> int:
    """One keep-alive GET /api/state; its status."""
    writer.write(STATE)
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                   if line.lower().startswith(b"content-length:")), 0)
    await reader.readexactly(length)
    return int(head.split(b" ", 2)[1])


def photo_largest() -> bytes:
    """A Nimalia reserve photo from the project's renderer, scaled to 8160 x 6120, as a JPEG
    just under the 5 MB upload limit."""
    from tableref.device.sim.decks import nimalia_deck
    from tableref.vision.synth.nimalia_photo import CLEAN_SMALL, render_photo
    from tableref.vision.synth.nimalia_reserve import random_reserve

    cards, images = nimalia_deck()  # the simulated table's: the game's cards
    rng = np.random.default_rng(5)
    photo = render_photo(images, cards, random_reserve(list(cards), rng, n_cards=6), rng,
                         CLEAN_SMALL)
    big = cv2.resize(photo.image, (8160, 6120), interpolation=cv2.INTER_CUBIC)
    for quality in (90, 80, 70, 60, 50, 40, 30):
        ok, buf = cv2.imencode(".jpg", big, [cv2.IMWRITE_JPEG_QUALITY, quality])
        if ok and len(buf) < 5 * 1024 * 1024 - 1024:
            return buf.tobytes()
    raise RuntimeError("cannot fit the photo under 5 MB")


async def upload(port: int, data: bytes, kind: str) -> tuple[int, str]:
    head = (f"POST /api/nimalia/upload?player=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Content-Type: {kind}\r\nContent-Length: {len(data)}\r\nConnection: close\r\n"
            "\r\n").encode()
    status, reply = await request(port, head + data, timeout_s=600)
    return status, reply.split(b"\r\n\r\n", 1)[-1][:160].decode(errors="replace")


async def memory(daemon: DaemonProcess, pid: int) -> None:
    print("1. memory")
    print(f"   daemon at start: resident {vm(pid, 'VmRSS')} MB, peak {vm(pid, 'VmHWM')} MB")
    for name, data, kind in (("largest accepted, 8160 x 6120 JPEG", photo_largest(),
                              "image/jpeg"),
                             ("bomb, 20000 x 20000 PNG", png_bomb(), "image/png")):
        t0 = time.monotonic()
        status, body = await upload(daemon.port, data, kind)
        print(f"   {name} ({len(data) / 2**20:.1f} MB): HTTP {status} in "
              f"{time.monotonic() - t0:.1f} s; peak resident now {vm(pid, 'VmHWM')} MB "
              f"(resident {vm(pid, 'VmRSS')} MB)")
        print(f"      answer: {body}")


async def connections(port: int, pid: int, count: int) -> None:
    print(f"2. connections: {count} idle connections from 127.0.0.2-127.0.0.9")
    held: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    failed = 0
    for i in range(count):
        try:
            held.append(await asyncio.wait_for(asyncio.open_connection(
                "127.0.0.1", port, local_addr=(f"127.0.0.{2 + i % 8}", 0)), 5))
        except (OSError, TimeoutError):
            failed += 1
    await asyncio.sleep(1.0)

    async def answered(reader: asyncio.StreamReader) -> bool:
        try:
            await asyncio.wait_for(reader.read(64), 0.2)  # a 503, or the end
            return True
        except TimeoutError:
            return False  # silent: held open

    refused = sum(await asyncio.gather(*(answered(r) for r, _ in held)))
    t0 = time.monotonic()
    status, _ = await request(port, PAGE)
    took = (time.monotonic() - t0) * 1000
    print(f"   held open by the daemon: {len(held) - refused}; answered 503 and closed: "
          f"{refused}; not connected: {failed}; daemon descriptors: {fds(pid)}")
    print(f"   the kiosk's page meanwhile: HTTP {status} in {took:.0f} ms")
    for _, writer in held:
        writer.close()
    await asyncio.sleep(1.0)


async def slow_headers(port: int, count: int = 50, limit_s: float = 40) -> None:
    print(f"3. slow headers: {count} connections sending a header a byte every 0.5 s")
    loop = asyncio.get_running_loop()

    async def trickle(i: int) -> float:
        reader, writer = await asyncio.open_connection(
            "127.0.0.1", port, local_addr=(f"127.0.0.{10 + i % 8}", 0))
        start = loop.time()
        writer.write(b"GET /api/state HTTP/1.1\r\nX-Slow: ")
        while loop.time() - start < limit_s:
            try:
                data = await asyncio.wait_for(reader.read(100), 0.5)
            except TimeoutError:
                writer.write(b"x")
                continue
            if not data:
                break
        writer.close()
        return loop.time() - start

    cut = await asyncio.gather(*(trickle(i) for i in range(count)))
    print(f"   all cut after {min(cut):.1f} .. {max(cut):.1f} s "
          f"(not cut within {limit_s:.0f} s: {sum(1 for c in cut if c >= limit_s)})")


async def kiosk_loop(port: int, until: float, lat: list[float]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    loop = asyncio.get_running_loop()
    try:
        while loop.time() < until:
            t0 = loop.time()
            await exchange(reader, writer)
            lat.append((loop.time() - t0) * 1000)
    finally:
        writer.close()


async def flood_loop(port: int, source: str, until: float, counts: dict[int, int]) -> None:
    loop = asyncio.get_running_loop()
    while loop.time() < until:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                           local_addr=(source, 0))
        except OSError:
            counts[-1] = counts.get(-1, 0) + 1
            await asyncio.sleep(0.05)
            continue
        try:
            while loop.time() < until:
                status = await exchange(reader, writer)
                counts[status] = counts.get(status, 0) + 1
        except (OSError, asyncio.IncompleteReadError, ValueError):
            counts[0] = counts.get(0, 0) + 1
        finally:
            writer.close()


async def flood(port: int, clients: int, seconds: float) -> None:
    loop = asyncio.get_running_loop()
    alone: list[float] = []
    await kiosk_loop(port, loop.time() + seconds / 2, alone)
    print(f"4. flood: {clients} keep-alive clients from 127.0.0.2-127.0.0.9 for {seconds:.0f} s")
    print(f"   the kiosk alone: {len(alone) / (seconds / 2):.0f} requests/s, median "
          f"{statistics.median(alone):.1f} ms")
    until = loop.time() + seconds
    counts: dict[int, int] = {}
    lat: list[float] = []
    await asyncio.gather(kiosk_loop(port, until, lat),
                         *(flood_loop(port, f"127.0.0.{2 + i % 8}", until, counts)
                           for i in range(clients)))
    served = counts.get(200, 0)
    lat.sort()
    print(f"   the kiosk during the flood: {len(lat) / seconds:.0f} requests/s, median "
          f"{statistics.median(lat):.1f} ms, 99th percentile {lat[int(len(lat) * .99)]:.1f} "
          f"ms, slowest {lat[-1]:.0f} ms")
    print(f"   the flood: {served / seconds:.0f} requests/s served; other answers "
          f"{ {k: v for k, v in counts.items() if k != 200} } (-1: could not connect, "
          "0: cut off)")


async def main_async(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="tableref-hostile-") as tmp:
        config = Path(tmp) / "config.toml"
        config.write_text('game = "nimalia"\n[voice]\nengine = "none"\n')
        daemon = DaemonProcess(Path(tmp), "--config", str(config))
        daemon.start()
        assert daemon.proc is not None
        pid = daemon.proc.pid
        if len(os.sched_getaffinity(0)) >= 2:
            subprocess.run(["taskset", "-a", "-cp", "1", str(pid)], check=False,
                           capture_output=True)
            os.sched_setaffinity(0, {0})
        print(f"daemon pid {pid} on port {daemon.port}; load {Path('/proc/loadavg').read_text()}"
              .rstrip())
        try:
            await memory(daemon, pid)
            await connections(daemon.port, pid, args.connections)
            await slow_headers(daemon.port)
            await flood(daemon.port, args.flood, args.seconds)
            print(f"daemon still up: {daemon.proc.poll() is None}; peak resident "
                  f"{vm(pid, 'VmHWM')} MB; load {Path('/proc/loadavg').read_text()}".rstrip())
        finally:
            daemon.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--connections", type=int, default=1000)
    parser.add_argument("--flood", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    if not 0 < args.connections <= 5000 or not 0 < args.flood <= 512 or not (
            0 < args.seconds <= 60):
        parser.error("bounded: --connections 1..5000, --flood 1..512, --seconds up to 60")
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
