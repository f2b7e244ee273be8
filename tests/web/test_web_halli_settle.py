"""A ring the box could not judge, settled by the players on the page: a real Halli daemon
with no camera in this process, the page in a real headless Chromium. The verdict says who
was first and asks whether the ring was right; a tap on "Right" applies it, the page shows
the verdict as right, and the journal holds the players' answer. After a wrong ring, the
next question says that "Wrong" would put the ringer out."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.async_api import Page, async_playwright
from screens import shot_path
from web_daemon import CHROMIUM, CHROMIUM_ARGS
from web_inproc import serving

from tableref.device.daemon.equipment import Equipment

CONFIG = """
game = "halli"
[[players]]
name = "Ann"
[[players]]
name = "Ben"
[voice]
engine = "none"
"""


async def _until_the_bells_open(page: Page) -> None:
    """The bells open again `lock_s` after a verdict (and after a settle)."""
    for _ in range(100):
        if not await page.evaluate(
                "fetch('/api/state').then((r) => r.json()).then((s) => s.halli.locked)"):
            return
        await page.wait_for_timeout(100)
    raise AssertionError("the bells stayed locked for 10 s")


async def test_the_players_settle_a_ring_on_the_page(tmp_path: Path) -> None:
    errors: list[str] = []
    async with serving(tmp_path, CONFIG, Equipment()) as (d, url):
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = await browser.new_page(viewport={"width": 800, "height": 480})
                page.on("pageerror", lambda exc: errors.append(str(exc)))
                await page.goto(url + "/")
                await page.wait_for_selector("#verdict.waiting")
                await page.keyboard.press("2")  # Ben rings: no camera, nobody can judge
                ask = page.locator("#verdict-detail .settle")
                await ask.wait_for()
                assert "Was Ben right to ring?" in await ask.inner_text()
                assert "first" in (await page.get_attribute("#verdict", "class") or "")
                right = await ask.locator("button.settle-right").bounding_box()
                wrong = await ask.locator("button.settle-wrong").bounding_box()
                assert right is not None and wrong is not None
                assert abs(right["y"] - wrong["y"]) < 2  # side by side
                assert min(right["height"], wrong["height"]) >= 44  # a finger's tap
                await page.screenshot(path=str(shot_path("halli-settle-ask-kiosk7")))
                await ask.locator("button.settle-right").click()
                await ask.wait_for(state="detached")
                assert await page.inner_text("#verdict-text") == "Ben: right!"
                detail = await page.inner_text("#verdict-detail")
                assert "you decided" in detail
                assert "takes" not in detail  # no camera: no card was counted to take
                for answer in ("wrong", "none"):  # Ben rings wrong, then again
                    await _until_the_bells_open(page)
                    await page.keyboard.press("2")
                    await ask.wait_for()
                    if answer == "wrong":
                        assert await page.locator("#verdict-detail .settle-note").count() == 0
                        await ask.locator("button.settle-wrong").click()
                        await ask.wait_for(state="detached")
                note = page.locator("#verdict-detail .settle-note")
                assert "Ben would be out" in await note.inner_text()
                await page.screenshot(path=str(shot_path("halli-settle-out-kiosk7")))
            finally:
                await browser.close()
        rows = [json.loads(text) for (text,) in d.store.db.execute(
            "SELECT event FROM journal ORDER BY seq")]
    assert errors == []
    said = [r for r in rows if r["event"] in ("ring", "settle")]
    # the real journal file: Ben's ring settled right, then wrong, then a third not yet
    assert [r["event"] for r in said] == ["ring", "settle", "ring", "settle", "ring"]
    assert all(r["judged"] is False for r in said if r["event"] == "ring")
    assert [(r["player"], r["right"]) for r in said if r["event"] == "settle"] == [
        (1, True), (1, False)]
