"""The guided enrolment tried on the simulated table (`tableref run --sim`), through the page
in a real headless Chromium: each step tells the box what it asks to be held up, the
simulated hand holds that card over the bell (as the simulated players press bells), the
camera's picture shows it, the box learns it and reads it back; then it reads the fruit
card held up. The simulated players wait meanwhile and the referee records nothing."""

from __future__ import annotations

import time
from pathlib import Path

from playwright.sync_api import sync_playwright
from screens import shot_path
from web_daemon import CHROMIUM, CHROMIUM_ARGS, DaemonProcess, until

from tableref.device import phrasebook

CONFIG = ('[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n[voice]\nengine = "none"\n'
          "[sim]\nflip_s = 0.4\n")
ANIMALS = ("elephant", "monkey", "pig")


def test_the_simulated_hand_holds_up_each_card_the_page_asks_for(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text(CONFIG)
    daemon = DaemonProcess(tmp_path, "--config", str(tmp_path / "config.toml"))
    errors: list[str] = []
    try:
        daemon.start()
        until(lambda: daemon.get_json("/api/state")["journal"] > 2, 60,
              "the simulated players play")
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": 1024, "height": 600})
                page.on("pageerror", lambda exc: errors.append(str(exc)))
                page.goto(daemon.base + "/")
                page.wait_for_selector("#piles .player")
                page.click("#teach-open")
                page.wait_for_selector("#teach-sim:has-text('simulated hand')")
                for n, animal in enumerate(ANIMALS):
                    assert page.get_attribute("#teach-step", "data-step") == animal
                    state = until(lambda a=animal: (lambda s: s if s["sim_hand"]["held"] == a
                                                    else None)(daemon.get_json("/api/state")),
                                  10, f"the hand holds up the {animal}")
                    assert state["teaching"] == {"asking": animal}
                    if n == 0:  # the players wait while a card is held up: nothing happens
                        time.sleep(1.0)  # (a card turned just before is still being read)
                        journal = daemon.get_json("/api/state")["journal"]
                        time.sleep(2.0)  # five of their turns
                        assert daemon.get_json("/api/state")["journal"] == journal
                    page.click("#teach-go")
                    learnt = phrasebook.text("halli.teach_ok", "en", card=animal)
                    page.wait_for_selector(f"#teach-result.ok:has-text('{learnt}')",
                                           timeout=20_000)
                    if n == 0:
                        page.wait_for_timeout(800)  # the picture of the held card refreshed
                        page.screenshot(path=str(shot_path("halli-teach-sim-hand")))
                    page.click("#teach-next")
                assert page.get_attribute("#teach-step", "data-step") == "fruits"
                state = until(lambda: (lambda s: s if s["sim_hand"]["held"] not in
                                       (None, *ANIMALS) else None)(
                    daemon.get_json("/api/state")), 10, "the hand holds up a fruit card")
                fruit = state["sim_hand"]["held"]
                page.click("#teach-go")
                page.wait_for_selector("#teach-result.ok", timeout=20_000)
                said = page.inner_text("#teach-result")
                assert said.startswith("The box reads: "), said
                words = said.removeprefix("The box reads: ").removesuffix(".")
                # the words of the fruit card held up, e.g. "BPS": 1 banana, 1 plum, ...
                fruit_words = {"B": "banana", "P": "plum", "S": "strawberr", "L": "lime"}
                assert all(fruit_words[f] in words for f in set(fruit)), (fruit, words)
                assert sum(int(w.split()[0]) for w in words.split(", ")) == len(fruit)
                # taught for this run only: a real deck's enrolment is never written over
                assert not list((tmp_path / "data").rglob("halli-enrolment.npz"))
                page.click("#teach-close")
                until(lambda: daemon.get_json("/api/state")["sim_hand"]["held"] is None, 10,
                      "the hand puts the card down once the dialog is closed")
                assert daemon.get_json("/api/state")["teaching"] is None
                journal = daemon.get_json("/api/state")["journal"]
                until(lambda: daemon.get_json("/api/state")["journal"] > journal, 30,
                      "the simulated players play on")
            finally:
                browser.close()
    finally:
        daemon.stop()
    assert errors == []
