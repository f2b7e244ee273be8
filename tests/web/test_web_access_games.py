"""Accessibility of every game's screen, in a real headless Chromium on a real daemon: axe-core
(Deque's checker, bundled in the axe-playwright-python package and run offline inside the
page) finds no WCAG 2.2 A/AA or best-practice violation (contrast, names for screen readers,
ARIA, tables, scrollable regions) on Halli Galli's, Nimalia's and Nelly's screens in their
states (dialogs and forms open, a photo scored, the die thrown, a fall reported, a camera
disagreement); the Tab key reaches every control of the game's view; and colour is never the
only sign (Nelly's turtles are said in words beside their domes, the fall form names each
colour and its steppers, Nimalia's objective chips name their colour, the seat chosen for a
camera zone is ticked). Halli's game screen has its own hand-written checks too
(test_web_access.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from axe_playwright_python.async_playwright import Axe
from playwright.async_api import Browser, Page, async_playwright
from screens import shot_path
from web_daemon import CHROMIUM, CHROMIUM_ARGS, DaemonProcess
from web_nelly import Faces, serving_nelly

from tableref.device import phrasebook
from tableref.device.daemon.app import Daemon
from tableref.device.daemon.nelly_count import NellySeen, ZoneCount
from tableref.device.daemon.nelly_session import NellySession
from tableref.games.nelly import Face, Turtles

AXE = Axe()
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
PLAYERS = "".join(f'[[players]]\nname = "{n}"\n' for n in ("Ann", "Ben", "Cid", "Dora", "Eve"))

# Every control of `root` a keyboard user must reach (the photo field is hidden behind its
# button but focusable; of a radio group, the one chosen); each is marked data-kb so the Tab
# walk can name it.
CONTROLS = """(root) => {
  const kinds = 'button, select, input, summary, a[href], [tabindex]:not([tabindex="-1"])';
  const shut = 'dialog:not([open]), details:not([open]) > :not(summary)';
  return [...document.querySelectorAll(root)].flatMap((r) => [...r.querySelectorAll(kinds)])
    .filter((e) => !e.disabled && e.getClientRects().length > 0 && !e.closest(shut))
    // a group of radio buttons is one stop of the Tab key (the arrows move within it)
    .filter((e) => e.type !== "radio" || e.checked)
    .map((e, i) => { e.dataset.kb = String(i);
      return `${e.tagName.toLowerCase()}#${e.id} ${e.textContent.trim().slice(0, 20)}`; });
}"""


async def _violations(page: Page, where: str) -> list[str]:
    results = await AXE.run(page, options={"runOnly": {"type": "tag", "values": TAGS}})
    return [f"{where}: {v['id']} ({v['impact']}) {n['target']}: {n['html'][:120]} -- "
            + "; ".join(c["message"] for c in n["any"] + n["all"] + n["none"])[:240]
            for v in results.response["violations"] for n in v["nodes"]]


async def _tab_reaches_every_control(page: Page, root: str) -> None:
    controls: list[str] = await page.evaluate(CONTROLS, root)
    assert controls, f"no controls in {root}"
    await page.evaluate("document.activeElement && document.activeElement.blur()")
    reached: set[str] = set()
    for _ in range(len(controls) * 2 + 40):  # the header's tabs and chips come first
        await page.keyboard.press("Tab")
        kb = await page.evaluate("document.activeElement && document.activeElement.dataset.kb")
        if kb is not None:
            reached.add(kb)
        if len(reached) == len(controls):
            return
    missed = [c for i, c in enumerate(controls) if str(i) not in reached]
    assert missed == [], f"Tab never reaches {missed}"


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        await browser.close()


async def _page(browser: Browser, url: str, errors: list[str],
                size: tuple[int, int] = (1024, 600)) -> Page:
    # bypass_csp: axe is a script the page's own CSP would refuse
    page = await browser.new_page(viewport={"width": size[0], "height": size[1]},
                                  bypass_csp=True)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    await page.goto(url)
    return page


async def test_halli_screens_pass_axe(browser: Browser, tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text(PLAYERS + '[voice]\nengine = "none"\n')
    daemon = DaemonProcess(tmp_path, "--config", str(tmp_path / "config.toml"))
    errors: list[str] = []
    found: list[str] = []
    try:
        daemon.start()
        page = await _page(browser, daemon.base + "/", errors)
        await page.wait_for_selector("#piles .player")
        await page.keyboard.press("1")
        await page.wait_for_selector("#verdict:not([data-seq='0'])")
        found += await _violations(page, "halli game")
        await _tab_reaches_every_control(page, "#halli")
        await page.click("#teach-open")
        await page.wait_for_selector("#teach-dialog[open]")
        found += await _violations(page, "halli teaching")
        await page.click("#teach-close")
        for tab in ("camera", "history", "settings"):
            await page.click(f"#tabs button[data-view={tab}]")
            await page.wait_for_selector(f"#view-{tab}:not([hidden])")
            await page.wait_for_timeout(300)
            found += await _violations(page, f"{tab} tab")
    finally:
        daemon.stop()
    assert found == []
    assert errors == []


async def test_nimalias_screens_pass_axe_and_keys_and_name_their_colours(
        browser: Browser, tmp_path: Path) -> None:
    from test_web_e2e import _reserve_photos

    (tmp_path / "config.toml").write_text(
        'game = "nimalia"\n' + PLAYERS.rsplit("[[players]]", 1)[0]
        + '[voice]\nengine = "none"\n')  # Nimalia: 4 players at most
    daemon = DaemonProcess(tmp_path, "--config", str(tmp_path / "config.toml"))
    errors: list[str] = []
    found: list[str] = []
    try:
        daemon.start()
        page = await _page(browser, daemon.base + "/", errors)
        await page.wait_for_selector("#nimalia-schedule th")
        for summary in await page.locator("#nimalia details > summary").all():
            await summary.click()
        await page.wait_for_timeout(300)
        await page.screenshot(path=str(shot_path("nimalia-access-open")), full_page=True)
        found += await _violations(page, "nimalia, details open")
        await _tab_reaches_every_control(page, "#nimalia")
        # the objectives' chips say their colour in words, not only in colour
        chip = page.locator("#nimalia-schedule .chip").first
        colours = [phrasebook.text(f"nimalia.colour_{c}", "en")
                   for c in ("blue", "green", "yellow", "red")]
        said = await chip.get_attribute("aria-label") or ""
        assert await chip.get_attribute("role") == "img"
        assert any(f", {c}, " in said for c in colours), said
        # the seat chosen for a camera zone: pressed, ticked, not only filled with its colour
        await page.click("#nzone-seats .seat[data-seat='2']")
        chosen = page.locator("#nzone-seats .seat[data-seat='2']")
        assert await chosen.get_attribute("aria-pressed") == "true"
        assert (await chosen.inner_text()).startswith("✓")
        # a reserve photographed and scored: the sheet, the photo with its marks
        [(photo, _)] = _reserve_photos(tmp_path, 1)
        await page.select_option("#upload-player", "0")
        await page.set_input_files("#upload-file", str(photo))
        await page.click("#upload-form button[type=submit]")
        await page.wait_for_selector("#reserve-figure:not([hidden])", timeout=60_000)
        await page.wait_for_timeout(500)
        found += await _violations(page, "nimalia, a reserve scored")
        await page.click("#nteach-open")
        await page.wait_for_selector("#nteach[open]")
        found += await _violations(page, "nimalia, teaching the cards")
    finally:
        daemon.stop()
    assert found == []
    assert errors == []


@pytest.fixture
async def nelly(tmp_path: Path) -> AsyncIterator[tuple[Daemon, str]]:
    three = "".join(f'[[players]]\nname = "{n}"\n' for n in ("Ann", "Ben", "Cid"))
    config = 'game = "nelly"\n' + three + '[voice]\nengine = "none"\n'
    async with serving_nelly(tmp_path, config,
                             Faces([Face.RED, Face.ALL, Face.YELLOW])) as served:
        yield served


async def _events(page: Page, d: Daemon, n: int) -> None:
    for _ in range(200):
        if len(d.store.events(d.game_id)) >= n:
            return
        await page.wait_for_timeout(50)
    raise AssertionError(f"the journal holds {len(d.store.events(d.game_id))} events, not {n}")


async def test_nellys_screens_pass_axe_and_keys_and_say_the_turtles_in_words(
        browser: Browser, nelly: tuple[Daemon, str]) -> None:
    d, base = nelly
    errors: list[str] = []
    found: list[str] = []
    page = await _page(browser, base + "/", errors)
    await page.wait_for_selector("#nelly .seat h2")
    found += await _violations(page, "nelly, start")
    await _tab_reaches_every_control(page, "#nelly")
    # colour is never the only sign: each seat's turtles in words beside the domes
    words = page.locator("#nelly .seat[data-seat='0'] .turtle-words")
    assert await words.inner_text() == "2 red, 2 yellow, 2 orange"
    acting = page.locator("#nelly .seat[aria-current='true']")
    assert await acting.get_attribute("aria-label") == "Ann: your move"
    # the die thrown with the keyboard: the big button focused, Enter
    await page.focus("#nelly .seat[data-seat='0'] button.roll")
    await page.keyboard.press("Enter")
    await page.wait_for_selector("#nelly-die[data-face='red']")
    found += await _violations(page, "nelly, red thrown (the colour buttons)")
    await page.click("#nelly .seat[data-seat='0'] button:has-text('red: placed on the head')")
    await page.wait_for_selector("#nelly-hippo .head-place.taken")
    assert await words.inner_text() == "1 red, 2 yellow, 2 orange"
    await page.keyboard.press("2")  # Ben: once, all colours: the first, red, on the back
    await _events(page, d, 4)
    await page.wait_for_selector("#nelly .seat[data-seat='2'].acts")
    await page.click("#nelly .seat[data-seat='2'] button.fell")
    await page.wait_for_selector("#nelly-fall:not([hidden])")
    # the fall form: each colour named, its steppers named, worked with the keys
    row = page.locator("#nelly-fall .c-red")
    assert await row.locator(".colour-word").inner_text() == "red"
    more = row.locator("button:has-text('+')")
    assert await more.get_attribute("aria-label") == "red: one more"
    assert await row.locator("button:has-text('−')").get_attribute("aria-label") == (
        "red: one fewer")
    await more.focus()
    await page.keyboard.press(" ")
    await page.wait_for_selector("#nelly-fall .c-red b:has-text('1')")
    found += await _violations(page, "nelly, a fall reported")
    await page.click("#nelly-fall button.go")
    await _events(page, d, 5)
    session = d.session
    assert isinstance(session, NellySession)
    for _ in range(4):  # the camera disagrees: shown and asked
        session.seen(NellySeen(0, (ZoneCount(1, Turtles(3, 2, 2)),), (1280, 720)))
    await page.wait_for_selector("#nelly .disagree[data-seat='1']")
    found += await _violations(page, "nelly, the camera disagrees")
    await page.screenshot(path=str(shot_path("nelly-access-disagree")), full_page=True)
    await d.apply_settings({"language": "de"})
    await page.wait_for_selector("html[lang=de]")
    assert "Rot" in await page.locator("#nelly .seat[data-seat='0'] .turtle-words").inner_text()
    found += await _violations(page, "nelly, in German")
    assert found == []
    assert errors == []
