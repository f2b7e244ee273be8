"""A device's trouble on the page: said once, in plain words with what to do (the box's own
message folded away), put away with "OK, got it" to a chip in the header, and gone when the
device works again; in the language of the box."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from playwright.async_api import async_playwright
from screens import shot_path
from web_daemon import CHROMIUM, CHROMIUM_ARGS
from web_fakehub import FakeHub

from tableref.device import phrasebook

RAW = "no ALSA (/proc/asound/cards missing)"


async def test_a_device_problem_is_said_plainly_once_and_cleared_when_fixed(
    hub: FakeHub, client_for: Callable[..., Awaitable[Any]]
) -> None:
    hub.devices = [{"name": "camera", "ok": True, "message": ""},
                   {"name": "audio", "ok": False, "message": RAW}]
    client = await client_for(hub)
    errors: list[str] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = await browser.new_page(viewport={"width": 800, "height": 480})
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            await page.goto(str(client.make_url("/")))
            card = page.locator('#devices .device-problem[data-device="audio"]')
            await card.wait_for()
            assert await card.locator(".problem").inner_text() == "⚠ No sound."
            todo = await card.locator(".todo").inner_text()
            assert todo == phrasebook.text("devices.todo_audio", "en")
            assert RAW not in await card.inner_text()  # folded away, for the technician
            await card.locator("summary").click()
            assert RAW in await card.inner_text()
            assert await page.locator('#devices [data-device="camera"]').count() == 0
            await page.screenshot(path=str(shot_path("devices-problem-kiosk7")))

            await card.locator(".got-it").click()  # once: put away to a chip
            await card.wait_for(state="detached")
            chip = page.locator('#device-chips .device-chip[data-device="audio"]')
            assert await chip.inner_text() == "⚠ sound"
            hub._bump()  # a new snapshot does not bring it back
            await page.wait_for_timeout(300)
            assert await page.locator("#devices .device-problem").count() == 0
            await chip.click()  # tapped: shown again
            await card.wait_for()
            await card.locator(".got-it").click()

            hub.devices = [{"name": "camera", "ok": True, "message": ""},
                           {"name": "audio", "ok": True, "message": "default"}]
            hub._bump()  # fixed: everything goes, "works again" for a moment
            await page.wait_for_selector("#devices-back:has-text('The sound works again.')")
            assert await chip.count() == 0 and await card.count() == 0

            hub.devices = [{"name": "camera", "ok": False, "message": "camera gone"}]
            hub._bump()  # a new problem is shown again, however the last one was put away
            await page.locator('#devices .device-problem[data-device="camera"]').wait_for()

            hub.cannot_record = "the disk is full: the ring was not recorded"
            await page.keyboard.press("1")  # a press the box cannot record: said in words
            await page.wait_for_selector(
                "#verdict-detail:has-text('The game cannot be saved.')")
            assert hub.presses == []
        finally:
            await browser.close()
    assert errors == []
