"""Bell press to verdict on the page: a real Chromium on a real `tableref run --sim` daemon.

For each ring, the page records `performance.now()` at the key press and again at the first
animation frame after the verdict element shows the new verdict (the moment it can be
painted). The path measured: keydown -> POST /api/bell -> the daemon judges, journals (an
fsynced SQLite commit), announces -> server-sent event -> DOM update -> frame.

Also the page's weight: every response the browser took to show the game (HTML, CSS,
JS modules, the fruit drawings, the phrase table), as sent and gzipped.

    .venv/bin/python bench/web_verdict_latency.py [--rings 40]
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.async_api import async_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
from web_daemon import CHROMIUM, CHROMIUM_ARGS, get_json, post_json, running_daemon

PROBE = """
window.__lat = [];
document.addEventListener('keydown', () => { window.__t0 = performance.now(); }, true);
new MutationObserver(() => {
  const t0 = window.__t0;
  if (t0 === undefined) return;
  window.__t0 = undefined;
  requestAnimationFrame(() => window.__lat.push(performance.now() - t0));
}).observe(document.getElementById('verdict'), {attributes: true, attributeFilter: ['data-seq']});
"""


def _ready_seat(base: str, i: int) -> int:
    """A seat that may ring once the bells are unlocked; a finished game is started anew."""
    deadline = time.monotonic() + 15
    while True:
        halli = get_json(base + "/api/state")["halli"]
        if halli["over"]:
            post_json(base + "/api/settings", {"new_game": True})
        elif not halli["locked"]:
            seats: list[int] = [p["seat"] for p in halli["piles"] if not p.get("out")]
            return seats[i % len(seats)]
        if time.monotonic() > deadline:
            raise RuntimeError("the bells stayed locked for 15 s")
        time.sleep(0.05)


async def measure(base: str, rings: int) -> tuple[list[float], dict[str, bytes]]:
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        # bypass_csp: the probe below is injected with evaluate(), which the page's CSP forbids
        page = await browser.new_page(viewport={"width": 800, "height": 480}, bypass_csp=True)
        assets: dict[str, bytes] = {}
        pending: list[asyncio.Task[None]] = []

        async def keep(response: Any) -> None:
            path = response.url.split("?")[0].removeprefix(base)
            if 300 <= response.status < 400:  # revalidated (no-cache): the body came before
                return
            if path == "/" or path.startswith(("/static/", "/api/phrases")):
                assets[path] = await response.body()

        page.on("response", lambda r: pending.append(asyncio.ensure_future(keep(r))))
        await page.goto(base + "/")
        await page.wait_for_selector("#halli .player h2")
        await page.wait_for_selector("#piles svg.card", state="attached")
        await asyncio.gather(*pending)
        await page.evaluate(PROBE)
        for i in range(rings):
            seat = _ready_seat(base, i)
            before = await page.evaluate("window.__lat.length")
            await page.keyboard.press(str(seat + 1))
            await page.wait_for_function(f"window.__lat.length > {before}", timeout=15000)
            await asyncio.sleep(0.3)  # let the round settle as at a real table
        lat: list[float] = await page.evaluate("window.__lat")
        await browser.close()
    return lat, assets


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rings", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, running_daemon(Path(tmp)) as base:
        lat, assets = asyncio.run(measure(base, args.rings))
    lat.sort()
    p99 = lat[min(len(lat) - 1, round(0.99 * (len(lat) - 1)))]
    print(f"bell press (key) -> verdict shown on the page, {len(lat)} rings, simulated table:")
    print(f"  median {statistics.median(lat):.1f} ms   p99 {p99:.1f} ms   "
          f"min {lat[0]:.1f} ms   max {lat[-1]:.1f} ms")
    print("the page's assets for the Halli screen (as the browser took them):")
    for path, body in sorted(assets.items()):
        print(f"  {path:28s} {len(body):7d} B   gzip {len(gzip.compress(body)):6d} B")
    total = sum(len(b) for b in assets.values())
    zipped = sum(len(gzip.compress(b)) for b in assets.values())
    print(f"  {'total':28s} {total:7d} B   gzip {zipped:6d} B   ({len(assets)} files)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
