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
     the kiosk and to the flood, and the kiosk's latency, beside the kiosk alone;
  5. hostile requests, one each: what was tried, the answer, and whether it held (a named
     4xx, nothing changed), with the daemon's log growth under the floods above.

    .venv/bin/python bench/hostile.py [--connections 1000] [--flood 64] [--seconds 10]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
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

from tableref.vision.synth.hostile_images import png_bomb, png_claiming

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
    largest = photo_largest()
    for name, data, kind in (("largest accepted, 8160 x 6120 JPEG", largest, "image/jpeg"),
                             ("bomb, 20000 x 20000 PNG", png_bomb(), "image/png"),
                             ("lying header, 100000 x 100000 PNG", png_claiming(100_000, 100_000),
                              "image/png")):
        t0 = time.monotonic()
        status, body = await upload(daemon.port, data, kind)
        print(f"   {name} ({len(data) / 2**20:.1f} MB): HTTP {status} in "
              f"{time.monotonic() - t0:.1f} s; peak resident now {vm(pid, 'VmHWM')} MB "
              f"(resident {vm(pid, 'VmRSS')} MB)")
        print(f"      answer: {body}")
    t0 = time.monotonic()
    answers = await asyncio.gather(*(upload(daemon.port, largest, "image/jpeg")
                                     for _ in range(3)))
    print(f"   three largest at once (two upload slots): HTTP "
          f"{sorted(a[0] for a in answers)} in {time.monotonic() - t0:.1f} s; peak resident "
          f"now {vm(pid, 'VmHWM')} MB")


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


def _post(path: str, body: bytes, host: str = "127.0.0.1", kind: str = "application/json",
          extra: str = "") -> bytes:
    return (f"POST {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n"
            f"Content-Type: {kind}\r\nContent-Length: {len(body)}\r\n{extra}\r\n"
            ).encode() + body


async def pieces(port: int, *parts: bytes, pause_s: float = 0.2,
                 timeout_s: float = 60) -> tuple[int, bytes, float]:
    """Send `parts` as separate TCP segments; (status, the answer's head, seconds)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                   local_addr=("127.0.0.20", 0))
    writer.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    t0 = time.monotonic()

    async def send() -> None:
        for i, part in enumerate(parts):
            if i:
                await asyncio.sleep(pause_s)
            writer.write(part)

    sending = asyncio.create_task(send())
    try:
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), timeout_s)
        rest = await asyncio.wait_for(reader.read(300), 5)
    except (TimeoutError, asyncio.IncompleteReadError, OSError):
        return 0, b"(no answer)", time.monotonic() - t0
    finally:
        sending.cancel()
        writer.close()
    return int(head.split(b" ", 2)[1]), rest, time.monotonic() - t0


async def hostile_requests(port: int) -> None:
    print("5. hostile requests (one each): tried -> answer; held?")
    names = [{"name": "Ann"}, {"name": " ann "}]
    body = json.dumps({"language": "de"}).encode()
    deep = b'{"a": ' + b"[" * 30_000 + b"]" * 30_000 + b"}"
    mp = "multipart/form-data; boundary=x"
    tries: list[tuple[str, list[bytes], set[int], float]] = [
        ("DNS rebinding: GET /api/state with Host evil.example",
         [b"GET /api/state HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n"],
         {421}, 0.2),
        ("DNS rebinding: POST /api/settings, Host and Origin evil.example",
         [_post("/api/settings", b'{"new_game": true}', "evil.example",
                extra="Origin: http://evil.example\r\n")], {421}, 0.2),
        ("cross-site write: Origin evil.example", [_post(
            "/api/settings", b'{"new_game": true}', extra="Origin: http://evil.example\r\n")],
         {403}, 0.2),
        ("JSON body in two TCP segments", [_post("/api/settings", body)[:-len(body) + 5],
                                           body[5:]], {200}, 0.2),
        ("JSON nested 30000 deep", [_post("/api/settings", deep)], {400}, 0.2),
        ("JSON body of 99999999999 bytes promised", [_post("/api/settings", b"{")[:-1].replace(
            b"Content-Length: 1", b"Content-Length: 99999999999")], {413}, 0.2),
        ("JSON body trickled a byte every 2 s", [_post("/api/settings", b"{" + b" " * 99)[
            :-99]] + [b" "] * 40, {408}, 2.0),
        ('new_game: "no"', [_post("/api/settings", b'{"new_game": "no"}')], {400}, 0.2),
        ('names "Ann" and " ann "', [_post("/api/settings", json.dumps(
            {"players": names}).encode())], {400}, 0.2),
        ("a name of 60000 characters", [_post("/api/settings", json.dumps(
            {"players": [{"name": "x" * 60_000}, {"name": "B"}]}).encode())], {400}, 0.2),
        ("multipart with no boundary", [_post("/api/nimalia/upload", b"--x\r\n\r\n--x--\r\n",
                                              kind="multipart/form-data")], {400}, 0.2),
        ("multipart with a 5000-byte boundary", [_post(
            "/api/nimalia/upload", b"--" + b"b" * 5000 + b"\r\n",
            kind="multipart/form-data; boundary=" + "b" * 5000)], {400}, 0.2),
        ("multipart never terminated", [_post(
            "/api/nimalia/upload", b'--x\r\nContent-Disposition: form-data; name="photo"; '
            b'filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff and no end',
            kind=mp)], {400}, 0.2),
        ("a header line of 100 KB", [b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: "
                                     + b"a" * 100_000 + b"\r\n\r\n"], {400}, 0.2),
        ("path traversal /static/../../", [b"GET /static/../../../../etc/passwd HTTP/1.1\r\n"
                                           b"Host: 127.0.0.1\r\nConnection: close\r\n\r\n"],
         {403, 404}, 0.2),
    ]
    for name, parts, ok, pause in tries:
        status, rest, took = await pieces(port, *parts, pause_s=pause)
        said = rest.split(b'"error": "', 1)[-1].split(b'"', 1)[0][:90].decode(errors="replace")
        held = "held" if status in ok else "DID NOT HOLD"
        print(f"   {name}: HTTP {status} in {took:.1f} s ({said}); {held}")


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
            log0 = daemon.log_path.stat().st_size
            await connections(daemon.port, pid, args.connections)
            await slow_headers(daemon.port)
            await flood(daemon.port, args.flood, args.seconds)
            print(f"   the daemon's log grew {daemon.log_path.stat().st_size - log0} bytes "
                  "over the connections, slow headers and flood")
            await hostile_requests(daemon.port)
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
