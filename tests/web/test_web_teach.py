"""The guided enrolment on the page, in a real headless Chromium: the box says which animal
cards it does not know yet, the wizard asks for each animal in turn with the camera picture
beside it, says whether the box reads it back, then reads fruit cards back."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import cv2
import numpy as np
from playwright.async_api import async_playwright
from screens import shot_path
from web_daemon import CHROMIUM, CHROMIUM_ARGS
from web_fakehub import FakeHub


async def test_the_wizard_teaches_each_animal_and_reads_cards_back(
    hub: FakeHub, client_for: Callable[..., Awaitable[Any]]
) -> None:
    hub.halli = {"taught": ["pig"]}
    ok, jpeg = cv2.imencode(".jpg", np.full((360, 640, 3), 120, np.uint8))
    assert ok
    hub.camera = jpeg.tobytes()
    hub.reads = ["elephant", None, "monkey", "BBL"]
    client = await client_for(hub)
    errors: list[str] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = await browser.new_page(viewport={"width": 800, "height": 480})
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            await page.goto(str(client.make_url("/")))
            await page.wait_for_selector(
                "#teach-hint:has-text('The box does not know 2 of your animal cards yet.')")
            await page.click("#teach-open")
            step = page.locator("#teach-step")
            assert await step.inner_text() == ("Hold the elephant card under the camera, alone, "
                                               "flat and in the middle, then press Teach.")
            await page.wait_for_selector("#teach-camera[src^='/api/camera.jpg']",
                                         state="attached")
            await page.click("#teach-go")
            await page.wait_for_selector(
                "#teach-result.ok:has-text('Learnt: the box now reads the elephant.')")
            await page.screenshot(path=str(shot_path("halli-teach-kiosk7")))
            await page.click("#teach-next")
            assert await step.get_attribute("data-step") == "monkey"
            await page.click("#teach-go")  # read back as nothing: say what to do
            await page.wait_for_selector("#teach-result:has-text('does not read the monkey')")
            await page.click("#teach-go")
            await page.wait_for_selector("#teach-result.ok")
            await page.click("#teach-next")
            await page.click("#teach-next")  # the pig is known already: skipped
            assert await step.get_attribute("data-step") == "fruits"
            await page.click("#teach-go")
            await page.wait_for_selector(
                "#teach-result:has-text('The box reads: 2 bananas, 1 lime.')")
            hub.camera = None  # no picture: the box's reason, in words of the phrase table
            await page.click("#teach-go")
            await page.wait_for_selector(
                "#teach-result:has-text('The box has no camera picture to learn from')")
            await page.click("#teach-next")
            assert await step.inner_text() == "Done: the box knows your cards."
            await page.click("#teach-close")
            assert hub.taught == ["elephant", "monkey", "monkey", None, None]
            # each step told the box what it asks to be held up; closed: nothing
            for _ in range(100):
                if len(hub.asking) >= 6:
                    break
                await page.wait_for_timeout(50)
            assert hub.asking == ["elephant", "monkey", "pig", "fruit", None, None]
            assert await page.locator("#teach-sim").is_hidden()  # a real table: no hand
        finally:
            await browser.close()
    assert errors == []
