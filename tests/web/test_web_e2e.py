"""End to end: a real headless Chromium on the page of a real `tableref run --sim` daemon."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, Page, async_playwright
from web_daemon import CHROMIUM, CHROMIUM_ARGS, get_json, running_daemon


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        await browser.close()


async def _open(browser: Browser, url: str, errors: list[str]) -> Page:
    page = await browser.new_page(viewport={"width": 1280, "height": 800})
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    await page.goto(url)
    return page


async def _verdict_after(page: Page, seq: int) -> None:
    """Wait for the page to show a verdict other than number `seq` (selectors, no eval: the
    page's Content-Security-Policy forbids evaluating strings, and the test keeps it on)."""
    await page.wait_for_selector(
        f'#verdict[data-seq]:not([data-seq="{seq}"])', state="attached", timeout=15000
    )


def _unlocked(base: str) -> dict[str, Any]:
    """The state once the bells are unlocked (the daemon locks them while it judges)."""
    import time

    deadline = time.monotonic() + 10
    while True:
        state: dict[str, Any] = get_json(base + "/api/state")
        if not state["halli"]["locked"] or time.monotonic() > deadline:
            return state
        time.sleep(0.1)


async def test_a_key_and_a_button_ring_bells_and_the_verdict_appears(
    browser: Browser, tmp_path: Path
) -> None:
    errors: list[str] = []
    with running_daemon(tmp_path) as base:
        page = await _open(browser, base + "/", errors)
        await page.wait_for_selector("#halli .player h2")
        state = _unlocked(base)
        names = [p["name"] for p in state["players"]]
        assert await page.inner_text("#piles .player:first-child h2") == names[0]
        assert await page.inner_text("#verdict-text") != ""

        await page.keyboard.press("1")
        await _verdict_after(page, 0)
        verdict = get_json(base + "/api/state")["halli"]["last_verdict"]
        assert verdict["player"] == 0
        word = "right!" if verdict["right"] else "wrong!"
        assert await page.inner_text("#verdict-text") == f"{names[0]}: {word}"
        assert word[:-1] in (await page.get_attribute("#verdict", "class") or "")
        detail = await page.inner_text("#verdict-detail")
        assert verdict["text"] in detail
        await page.screenshot(path=str(tmp_path / "halli.png"))

        state = _unlocked(base)
        seq = state["halli"]["last_verdict"]["seq"]
        await page.click("#piles .player:nth-child(2) button.bell")
        await _verdict_after(page, seq)
        verdict = get_json(base + "/api/state")["halli"]["last_verdict"]
        assert verdict["player"] == 1
        assert (await page.inner_text("#verdict-text")).startswith(names[1])
    assert errors == []
