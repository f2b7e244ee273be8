"""Accessibility basics of the game screen, in a real headless Chromium: every text the
players read meets WCAG contrast (4.5:1, 3:1 for large text) against what is behind it, the
bells are buttons with names a screen reader says, the keys and the tab order reach them,
and whose turn it is is said in words (aria-current), never by colour alone."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from playwright.async_api import async_playwright
from test_web_access_games import _violations
from test_web_kiosk_layout import _players, _table, _verdict
from web_daemon import CHROMIUM, CHROMIUM_ARGS
from web_fakehub import FakeHub

# In the page: the contrast of each visible text element against the first opaque
# background behind it (WCAG 2 relative luminance). The test computes nothing itself.
CONTRAST = """(selector) => {
  const rgb = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((c) => { c /= 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; })
    .reduce((a, c, i) => a + c * [0.2126, 0.7152, 0.0722][i], 0);
  const back = (node) => { for (let n = node; n; n = n.parentElement) {
      const c = rgb(getComputedStyle(n).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] > 0.9)) return c.slice(0, 3); }
    return rgb(getComputedStyle(document.body).backgroundColor); };
  return [...document.querySelectorAll(selector)].filter((n) => n.offsetParent !== null
      && n.textContent.trim() && !n.closest('.out, :disabled'))
    .map((n) => { const st = getComputedStyle(n); const a = lum(rgb(st.color));
      const b = lum(back(n)); const size = parseFloat(st.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(st.fontWeight) >= 700);
      return { text: n.textContent.trim().slice(0, 30), large,
        ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) }; });
}"""

TEXTS = ("#verdict-text, #verdict-detail span, #piles h2, #piles .seat, #piles .count b, "
         "#piles .count span, #piles .turn-badge, #piles .reaction, #piles button.bell, "
         ".table-line span, .table-line button, #tabs button, header h1, #end-why, #end-table th,"
         " #end-table td, #play-again, #end-ring-text")


async def test_contrast_names_keys_and_turn_in_words(
    hub: FakeHub, client_for: Callable[..., Awaitable[Any]]
) -> None:
    hub.players = _players(6)  # the six default colours, yellow among them
    hub.halli = _table(6, turn=3)
    hub.verdict = _verdict(6)
    client = await client_for(hub)
    errors: list[str] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            # bypass_csp: evaluate() is a script the page's CSP would refuse
            page = await browser.new_page(viewport={"width": 1024, "height": 600},
                                          bypass_csp=True)
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            await page.goto(str(client.make_url("/")))
            await page.wait_for_selector('#verdict[data-seq="3"]', state="attached")
            for verdict in (_verdict(6), {**_verdict(6), "seq": 4, "right": False},
                            {**_verdict(6), "seq": 5, "right": None}):
                hub.verdict = verdict
                hub._bump()
                await page.wait_for_selector(f'#verdict[data-seq="{verdict["seq"]}"]',
                                             state="attached")
                found = await page.evaluate(CONTRAST, TEXTS)
                assert len(found) > 30
                poor = [f for f in found if f["ratio"] < (3.0 if f["large"] else 4.5)]
                assert poor == [], poor
            # the bells: buttons a screen reader names, reached by Tab, rung by their key
            bell = page.locator('#piles .player[data-seat="1"] button.bell')
            assert await bell.get_attribute("aria-label") == "Ring the bell for Ben (key 2)"

            async def pressed(n: int) -> None:
                for _ in range(200):  # up to 10 s: a loaded machine (the whole suite)
                    if len(hub.presses) >= n:
                        return
                    await page.wait_for_timeout(50)

            await page.keyboard.press("2")
            await pressed(1)
            assert hub.presses == [1]
            await bell.focus()
            await page.keyboard.press("Enter")
            await pressed(2)
            assert hub.presses == [1, 1]
            turn = page.locator('#piles .player[aria-current="true"]')
            assert await turn.count() == 1
            assert await turn.get_attribute("aria-label") == "Dora: your turn"
            assert await page.get_attribute("#verdict", "aria-live") == "polite"
            # the end screen too
            hub.verdict = {**_verdict(6), "seq": 6}  # Ben rang right, took 9 cards
            hub.halli = {**_table(6, turn=3), "over": True, "winner": 3,
                         "end": {"rule": "last_player", "holding": [0, 0, 0, 72, 0, 0]}}
            hub._bump()
            await page.wait_for_selector("#halli-end", state="visible")
            found = await page.evaluate(CONTRAST, TEXTS)
            poor = [f for f in found if f["ratio"] < (3.0 if f["large"] else 4.5)]
            assert poor == [], poor
            assert await page.inner_text("#end-why") == ("Everyone else is out: Dora is the "
                                                          "last player left.")
            # the last ring repeated, the sign hidden from screen readers (the words say it)
            assert await page.inner_text("#end-ring-text") == ("Last ring: Ben was right. "
                                                               "Ben took 9 cards.")
            assert await page.get_attribute("#end-ring-mark", "aria-hidden") == "true"
            # and axe-core finds nothing on it (test_web_access_games.py: the other screens)
            assert await _violations(page, "halli end") == []
        finally:
            await browser.close()
    assert errors == []
