"""How the page shows a verdict, in a real headless Chromium over the fake hub: a ring that
was not judged (`right` null: no camera, or wait for the next card) is shown as who was
first, never as wrong."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from playwright.async_api import async_playwright
from web_daemon import CHROMIUM, CHROMIUM_ARGS
from web_fakehub import FakeHub


def _verdict(seq: int, player: int, right: bool | None, text: str) -> dict[str, Any]:
    return {"seq": seq, "player": player, "right": right, "text": text, "reasons": [],
            "margin_ms": None, "second": None, "reaction_ms": {}}


async def test_an_unjudged_ring_shows_who_was_first_not_wrong(
    hub: FakeHub, client_for: Callable[..., Awaitable[Any]]
) -> None:
    hub.verdict = _verdict(1, 0, None, "Ann was first.")
    client = await client_for(hub)
    errors: list[str] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = await browser.new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            await page.goto(str(client.make_url("/")))
            await page.wait_for_selector('#verdict[data-seq="1"]', state="attached")
            assert await page.inner_text("#verdict-text") == "Ann: first!"
            classes = (await page.get_attribute("#verdict", "class") or "").split()
            assert "first" in classes and "wrong" not in classes and "right" not in classes
            assert "nobody else rang" in await page.inner_text("#verdict-detail")

            hub.verdict = _verdict(2, 1, False, "Sorry, Ben!")  # a judged ring, live
            hub._bump()
            await page.wait_for_selector('#verdict[data-seq="2"]', state="attached")
            assert await page.inner_text("#verdict-text") == "Ben: wrong!"
            assert "wrong" in (await page.get_attribute("#verdict", "class") or "").split()
        finally:
            await browser.close()
    assert errors == []
