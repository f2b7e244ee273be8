"""Nimalia through the daemon: photos uploaded, read, scored; the journal replays it."""

from __future__ import annotations

import asyncio
from pathlib import Path

import cv2
import numpy as np
import pytest

from tableref.device.config import parse_config
from tableref.device.daemon.app import Daemon
from tableref.device.daemon.equipment import Equipment
from tableref.device.daemon.nimalia_session import NimaliaKit, NimaliaSession
from tableref.device.sim.decks import nimalia_deck
from tableref.device.store import Store
from tableref.device.web.hub import HubError, snapshot_problems
from tableref.games.nimalia.reserve_json import reserve_from_data
from tableref.games.nimalia.scoring import score_objectives
from tableref.vision.nimalia.cards import space_json
from tableref.vision.nimalia.enrol import enrol_images
from tableref.vision.synth.nimalia_photo import CLEAN_SMALL, render_photo
from tableref.vision.synth.nimalia_reserve import random_reserve
from tests.nimalia.grow import grown

CONFIG = 'game = "nimalia"\n[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n' \
         '[voice]\nengine = "none"\n'


@pytest.fixture(scope="module")
def art() -> tuple[dict, dict, object]:  # type: ignore[type-arg]
    cards, images = nimalia_deck()  # the game's cards: rounds are checked
    return cards, images, enrol_images(cards, images)


def _photo(art: tuple, seed: int) -> tuple[bytes, list[dict]]:  # type: ignore[type-arg]
    cards, images, _ = art
    rng = np.random.default_rng(seed)
    style = CLEAN_SMALL
    photo = render_photo(images, cards, random_reserve(list(cards), rng, n_cards=3), rng, style)
    ok, buf = cv2.imencode(".png", photo.image)
    assert ok
    truth = [{"row": r, "col": c, **space_json(k)} for (r, c), k in sorted(photo.spaces.items())]
    return buf.tobytes(), truth


def _daemon(tmp: Path, art: tuple) -> Daemon:  # type: ignore[type-arg]
    equipment = Equipment(kits={"nimalia": NimaliaKit(enrolment=lambda: art[2])})
    return Daemon(parse_config(CONFIG), Store(tmp / "j.sqlite3"), equipment)


async def test_a_round_is_scored_from_photos_and_survives_a_restart(
    tmp_path: Path, art: tuple  # type: ignore[type-arg]
) -> None:
    d = _daemon(tmp_path, art)
    await d.start()
    snap = d.snapshot()
    assert snapshot_problems(snap) == []
    assert snap["nimalia"]["round"] == 1 and snap["nimalia"]["objectives"] == [5, 19]
    assert snap["nimalia"]["to_photograph"] == 0
    photos = [_photo(art, 11), _photo(art, 12)]
    await d.upload_reserve(0, photos[0][0], "image/png")
    assert d.snapshot()["nimalia"]["to_photograph"] == 1
    assert d.reserve_jpeg(0)
    await d.upload_reserve(1, photos[1][0], "image/png")
    nim = d.snapshot()["nimalia"]
    truth = [reserve_from_data({"spaces": t}) for _, t in photos]
    expected = score_objectives(truth, [5, 19])
    assert nim["round"] == 2 and nim["objectives"] == [19, 4]
    for seat in (0, 1):
        row = nim["scores"][seat]
        assert row["objectives"] == {str(s.objective.id): s.points[seat] for s in expected}
        assert row["total"] == expected[-1].totals[seat]
    assert d.said and d.said[-1][1].startswith("Round 1. Great savanna: Ann ")
    before = d.snapshot()
    await d.stop()
    d.store.close()
    again = _daemon(tmp_path, art)
    await again.start()
    after = again.snapshot()
    assert {k: after[k] for k in ("game", "players", "nimalia", "journal")} == \
        {k: before[k] for k in ("game", "players", "nimalia", "journal")}
    assert isinstance(again.session, NimaliaSession)
    await again.stop()
    again.store.close()


async def test_a_bad_photo_is_refused_naming_the_problem(
    tmp_path: Path, art: tuple  # type: ignore[type-arg]
) -> None:
    d = _daemon(tmp_path, art)
    await d.start()
    with pytest.raises(HubError, match="not a JPEG or PNG"):
        await d.upload_reserve(0, b"not an image", "image/jpeg")
    empty = cv2.imencode(".png", np.full((300, 400, 3), 90, np.uint8))[1].tobytes()
    with pytest.raises(HubError, match="Ann: no Nimalia reserve in this photo"):
        await d.upload_reserve(0, empty, "image/png")
    assert "no Nimalia reserve" in d.snapshot()["nimalia"]["message"]
    with pytest.raises(HubError, match="no such seat"):
        await d.upload_reserve(5, empty, "image/png")
    with pytest.raises(HubError, match="no bells"):
        await d.press_bell(0)
    await d.stop()
    d.store.close()


@pytest.mark.parametrize(("language", "not_image", "no_reserve", "nothing_waits"), [
    ("de", "Ann: Die Datei ist kein lesbares JPEG- oder PNG-Bild",
     "Ann: Auf diesem Foto ist kein Nimalia-Reservat", "Ben: Kein Foto wartet"),
    ("fr", "Ann : le fichier n'est pas une image JPEG ou PNG lisible",
     "Ann : aucune réserve Nimalia sur cette photo", "Ben : aucune photo n'attend"),
])
async def test_a_photo_refused_says_why_in_the_pages_language(
    tmp_path: Path, art: tuple, language: str, not_image: str,  # type: ignore[type-arg]
    no_reserve: str, nothing_waits: str
) -> None:
    equipment = Equipment(kits={"nimalia": NimaliaKit(enrolment=lambda: art[2])})
    config = parse_config(CONFIG.replace('game = "nimalia"',
                                         f'game = "nimalia"\nlanguage = "{language}"'))
    d = Daemon(config, Store(tmp_path / "j.sqlite3"), equipment)
    await d.start()
    try:
        with pytest.raises(HubError, match=not_image):
            await d.upload_reserve(0, b"not an image", "image/jpeg")
        empty = cv2.imencode(".png", np.full((300, 400, 3), 90, np.uint8))[1].tobytes()
        with pytest.raises(HubError, match=no_reserve) as err:
            await d.upload_reserve(0, empty, "image/png")
        assert "look like" not in str(err.value)  # the English details are in the log
        assert d.snapshot()["nimalia"]["message"] == str(err.value)
        with pytest.raises(HubError, match=nothing_waits):
            await d.report({"action": "retake", "player": 1})
    finally:
        await d.stop()
        d.store.close()


async def test_a_reserve_under_the_table_camera_is_scored(
    tmp_path: Path, art: tuple  # type: ignore[type-arg]
) -> None:
    from tableref.device.camera.sources import FolderSource

    data, truth = _photo(art, 11)
    folder = tmp_path / "cam"
    folder.mkdir()
    (folder / "frame.png").write_bytes(data)
    equipment = Equipment(camera=FolderSource(folder, fps=20),
                          kits={"nimalia": NimaliaKit(enrolment=lambda: art[2])})
    d = Daemon(parse_config(CONFIG), Store(tmp_path / "j.sqlite3"), equipment)
    await d.start()
    try:
        for _ in range(200):
            if d.last_frame is not None:
                break
            await asyncio.sleep(0.02)
        await d.photograph_reserve(0)
        assert d.snapshot()["nimalia"]["read"] == [0]
        events = d.store.events(d.game_id)
        assert events[-1]["event"] == "reserve" and events[-1]["spaces"] == truth
    finally:
        await d.stop()
        d.store.close()


async def test_objectives_from_the_config_and_the_page_and_the_sheet_as_photos_come_in(
    tmp_path: Path, art: tuple  # type: ignore[type-arg]
) -> None:
    config = parse_config(CONFIG + '[nimalia]\nobjectives = [3, 8, 15, 20]\n')
    equipment = Equipment(kits={"nimalia": NimaliaKit(enrolment=lambda: art[2])})
    d = Daemon(config, Store(tmp_path / "j.sqlite3"), equipment)
    await d.start()
    try:
        nim = d.snapshot()["nimalia"]
        assert nim["all_objectives"] == [3, 8, 15, 20]
        assert [s["objectives"] for s in nim["schedule"]] == [[3, 8], [8, 15], [3, 20],
                                                             [8, 15, 20], [3, 15, 20]]
        assert {c["id"]: (c["colour"], c["leaves"]) for c in nim["catalogue"]}[15] == \
            ("yellow", 3)
        with pytest.raises(HubError, match=r"nimalia.objectives: .*two faces"):
            await d.apply_settings({"nimalia": {"objectives": [3, 8, 15, 16]}})
        await d.apply_settings({"nimalia": {"objectives": [9, 12, 1, 18]}})  # a new game
        nim = d.snapshot()["nimalia"]
        assert nim["all_objectives"] == [9, 12, 1, 18] and nim["objectives"] == [9, 12]
        await d.apply_settings({"nimalia": {"objectives": "random"}, "new_game": True})
        assert d.store.events(d.game_id)[0]["objectives"] == \
            d.snapshot()["nimalia"]["all_objectives"]
        await d.apply_settings({"nimalia": {"objectives": "first_game"}})
        nim = d.snapshot()["nimalia"]
        assert nim["all_objectives"] == [5, 19, 4, 16] and nim["waiting"] == [0, 1]

        # round 1 (5, 19): Ann's points are shown once her photo is in, Ben is waited for
        photos = [_photo(art, 11), _photo(art, 12)]
        truth = [reserve_from_data({"spaces": t}) for _, t in photos]
        await d.upload_reserve(0, photos[0][0], "image/png")
        nim = d.snapshot()["nimalia"]
        assert nim["waiting"] == [1]
        assert nim["so_far"] == [{"seat": 0, "waits": [], "points": {
            str(s.objective.id): s.points[0] for s in score_objectives(truth[:1], [5, 19])}}]
        await d.upload_reserve(1, photos[1][0], "image/png")
        # round 2..5 with the same reserves (told by the session directly, as a settled
        # photo would be): the sheet keeps every round, the ranked 16 explained
        session = d.session
        assert isinstance(session, NimaliaSession)
        for _ in range(4):
            session.reserve_read(0, truth[0], photo=False)
            session.reserve_read(1, truth[1], photo=False)
        nim = d.snapshot()["nimalia"]
        assert snapshot_problems(d.snapshot()) == []
        assert nim["over"] and [r["round"] for r in nim["sheet"]] == [1, 2, 3, 4, 5]
        totals = (0, 0)
        for entry in nim["sheet"]:
            expected = score_objectives(truth, entry["objectives"], start=totals)
            totals = expected[-1].totals
            assert [r["total"] for r in entry["rows"]] == list(totals)
            assert [r["points"] for r in entry["rows"]] == [
                {str(s.objective.id): s.points[seat] for s in expected} for seat in (0, 1)]
        assert set(nim["sheet"][2]["ranked"]) == {"16"}
        assert nim["sheet"][2]["ranked"]["16"][0]["no_second"] == "players"
        assert nim["result"]["best"] == max(totals)
        said = d.said[-1][1]
        assert said.startswith("Round 5.") and ("wins" in said or "share the win" in said)
    finally:
        await d.stop()
        d.store.close()


def _unsure_photo(art: tuple) -> tuple[bytes, list[dict], tuple[int, int]]:  # type: ignore[type-arg]
    from tests.nimalia.unsure import unsure_photo

    image, truth, pos = unsure_photo(*art)
    return cv2.imencode(".png", image)[1].tobytes(), truth, pos


async def test_an_unsure_space_is_told_by_the_player_and_never_guessed(
    tmp_path: Path, art: tuple  # type: ignore[type-arg]
) -> None:
    d = _daemon(tmp_path, art)
    await d.start()
    try:
        data, truth, pos = _unsure_photo(art)
        await d.upload_reserve(0, data, "image/png")  # not refused: a question
        nim = d.snapshot()["nimalia"]
        assert snapshot_problems(d.snapshot()) == []
        assert nim["read"] == [] and "1 space is unsure" in nim["message"]
        [pending] = nim["pending"]
        assert pending["seat"] == 0 and pending["sure"] == len(truth) - 1
        [unsure] = pending["unsure"]
        assert (unsure["n"], unsure["row"], unsure["col"]) == (1, *pos)
        x, y, w, h = unsure["box"]
        assert 0 <= x < 1 and 0 <= y < 1 and 0 < w < 0.5 and 0 < h < 0.5
        assert d.reserve_jpeg(0)  # the photo with the space marked
        assert [e["event"] for e in d.store.events(d.game_id)] == ["start"]  # nothing scored

        real = next(t for t in truth if (t["row"], t["col"]) == pos)
        told = {k: real[k] for k in ("row", "col", "animal")}
        if real["animal"] == "otter":
            told |= {"terrain": real["terrain"], "river": real["river"]}
        for bad, why in (([], "space 1 .* is still unsure"),
                         ([{**told, "animal": "unicorn"}], "'unicorn' is not a animal"),
                         ([{**told, "row": pos[0] + 9}], "was not unsure"),
                         ([{"row": pos[0], "col": pos[1], "animal": "otter",
                            "terrain": "lake", "river": "/"}], "otter cannot stand on lake"),
                         ([{"row": pos[0], "col": pos[1], "animal": "otter"}], "say which")):
            with pytest.raises(HubError, match=why):
                await d.report({"action": "settle", "player": 0, "spaces": bad})
        with pytest.raises(HubError, match="no photo waits"):
            await d.report({"action": "settle", "player": 1, "spaces": [told]})
        with pytest.raises(HubError, match="not 'dance'"):
            await d.report({"action": "dance", "player": 0})
        await d.report({"action": "settle", "player": 0, "spaces": [told]})
        nim = d.snapshot()["nimalia"]
        assert nim["pending"] == [] and nim["read"] == [0] and nim["message"] == ""
        event = d.store.events(d.game_id)[-1]
        assert event["event"] == "reserve" and event["spaces"] == truth
        assert event["told"] == [list(pos)]

        # a second unsure photo, given up: nothing recorded, the photo may be retaken
        await d.upload_reserve(1, data, "image/png")
        assert [p["seat"] for p in d.snapshot()["nimalia"]["pending"]] == [1]
        await d.report({"action": "retake", "player": 1})
        assert d.snapshot()["nimalia"]["pending"] == []
        assert d.snapshot()["nimalia"]["read"] == [0]
    finally:
        await d.stop()
        d.store.close()


async def test_a_photo_of_the_halli_table_says_there_is_no_reserve(
    tmp_path: Path, art: tuple  # type: ignore[type-arg]
) -> None:
    from tableref.vision.synth.halli_scene import render_table

    d = _daemon(tmp_path, art)
    await d.start()
    try:
        frame = render_table(["BB", "PLL", "SSS", None], seed=4)
        data = cv2.imencode(".png", np.ascontiguousarray(frame[..., :3]))[1].tobytes()
        with pytest.raises(HubError, match="Ann: no Nimalia reserve in this photo") as err:
            await d.upload_reserve(0, data, "image/png")
        assert "PEN" not in str(err.value) and "?" not in str(err.value)
        assert d.snapshot()["nimalia"]["pending"] == []
    finally:
        await d.stop()
        d.store.close()


async def test_the_table_camera_photographs_each_players_zone(
    tmp_path: Path, art: tuple  # type: ignore[type-arg]
) -> None:
    """Two reserves side by side under the table camera: with a zone per player set once
    on the page, each player's reserve is read from their zone alone."""
    from tableref.device.camera.sources import FolderSource
    from tableref.device.daemon.nelly_count import ZoneStore

    (left, left_truth), (right, right_truth) = _photo(art, 11), _photo(art, 12)
    both = np.hstack([cv2.imdecode(np.frombuffer(x, np.uint8), cv2.IMREAD_COLOR)
                      for x in (left, right)])
    folder = tmp_path / "cam"
    folder.mkdir()
    cv2.imwrite(str(folder / "frame.png"), both)
    h, w = both.shape[:2]
    zones = ZoneStore(tmp_path / "zones.json")
    kit = NimaliaKit(enrolment=lambda: art[2], zones=zones)
    equipment = Equipment(camera=FolderSource(folder, fps=20), kits={"nimalia": kit})
    d = Daemon(parse_config(CONFIG), Store(tmp_path / "j.sqlite3"), equipment)
    await d.start()
    try:
        for _ in range(200):
            if d.last_frame is not None and d.camera_jpeg() is not None:
                break
            await asyncio.sleep(0.02)
        assert d.camera_jpeg()  # the camera view, the zones drawn on it
        for bad, why in (({"zones": [{"player": 2, "polygon": [[0, 0], [9, 0], [9, 9]]}]},
                          "not a seat"), ({"zone": []}, "expected")):
            with pytest.raises(HubError, match=why):
                await d.report({"zones": bad})
        half = w // 2
        await d.report({"zones": {"zones": [
            {"player": 0, "polygon": [[0, 0], [half, 0], [half, h], [0, h]]},
            {"player": 1, "polygon": [[half, 0], [w, 0], [w, h], [half, h]]}]}})
        assert d.snapshot()["nimalia"]["zones"]["zones"][1]["player"] == 1
        assert zones.load() == d.snapshot()["nimalia"]["zones"]  # kept in the data dir
        await d.photograph_reserve(1)
        assert d.store.events(d.game_id)[-1]["spaces"] == right_truth
        await d.photograph_reserve(0)
        assert d.store.events(d.game_id)[-2]["spaces"] == left_truth
        assert d.snapshot()["nimalia"]["round"] == 2
    finally:
        await d.stop()
        d.store.close()
    # the zones are there for the next game, and after a restart
    again = NimaliaSession(object(), NimaliaKit(zones=zones))  # type: ignore[arg-type]
    assert again.zones == zones.load()


def _round_photos(art: tuple, seed: int, rounds: int  # type: ignore[type-arg]
                  ) -> list[tuple[bytes, list[dict]]]:  # type: ignore[type-arg]
    """Photos of one player's reserve at the end of rounds 1..`rounds`, each round three
    more of the game's cards laid by the placement rules."""
    cards, images, _ = art
    rng = np.random.default_rng(seed)
    laid = random_reserve(list(cards), rng, n_cards=3)
    out = []
    for n in range(rounds):
        if n:
            laid = grown(laid, np.random.default_rng([seed, n]))
        photo = render_photo(images, cards, laid, np.random.default_rng([seed, n, 1]),
                             CLEAN_SMALL)
        truth = [{"row": r, "col": c, **space_json(k)}
                 for (r, c), k in sorted(photo.spaces.items())]
        out.append((cv2.imencode(".png", photo.image)[1].tobytes(), truth))
    return out


async def test_a_round_that_does_not_follow_from_the_last_is_asked_about(
    tmp_path: Path, art: tuple  # type: ignore[type-arg]
) -> None:
    d = _daemon(tmp_path, art)
    await d.start()
    try:
        ann = _round_photos(art, 11, 2)
        ben = _round_photos(art, 12, 2)
        await d.upload_reserve(0, ann[0][0], "image/png")
        nim = d.snapshot()["nimalia"]
        [found] = nim["placed"]  # round 1: the three cards found, legal
        assert found["seat"] == 0 and found["legal"] and found["problems"] == []
        assert len(found["placed"]) == 3
        await d.upload_reserve(1, ben[0][0], "image/png")
        assert d.snapshot()["nimalia"]["round"] == 2
        assert d.snapshot()["nimalia"]["placed"] == []  # a new round

        # Ann's reserve of round 2 is Ben's of round 1: cards were lifted
        await d.upload_reserve(0, ben[0][0], "image/png")
        nim = d.snapshot()["nimalia"]
        assert snapshot_problems(d.snapshot()) == []
        assert nim["read"] == [] and nim["to_photograph"] == 0
        [doubt] = nim["doubts"]
        assert doubt["seat"] == 0 and not doubt["legal"]
        assert [p["rule"] for p in doubt["problems"]] == ["unexplained"]
        assert nim["message"].startswith("Ann: this reserve does not follow from last round's")
        assert [e["event"] for e in d.store.events(d.game_id)][-1] == "score"  # nothing new
        with pytest.raises(HubError, match="no photo waits"):
            await d.report({"action": "settle", "player": 0, "spaces": []})
        with pytest.raises(HubError, match="no photo waits"):
            await d.report({"action": "accept", "player": 1})
        await d.report({"action": "retake", "player": 0})
        assert d.snapshot()["nimalia"]["doubts"] == [] and d.snapshot()["nimalia"]["read"] == []

        # again, and kept as it is: recorded with the rule it breaks
        await d.upload_reserve(0, ben[0][0], "image/png")
        await d.report({"action": "accept", "player": 0})
        nim = d.snapshot()["nimalia"]
        assert nim["doubts"] == [] and nim["read"] == [0] and nim["message"] == ""
        assert nim["kept"] == [{"seat": 0, "broken": [{"card": None, "rule": "unexplained"}]}]
        event = d.store.events(d.game_id)[-1]
        assert event["spaces"] == ben[0][1]
        assert event["broken"] == [{"card": None, "rule": "unexplained"}]

        # a better photo of the real reserve replaces it, and follows from round 1
        await d.upload_reserve(0, ann[1][0], "image/png")
        nim = d.snapshot()["nimalia"]
        assert nim["kept"] == [] and nim["doubts"] == []
        [found] = nim["placed"]
        assert found["seat"] == 0 and found["legal"] and len(found["placed"]) == 3
        event = d.store.events(d.game_id)[-1]
        assert event["spaces"] == ann[1][1] and "broken" not in event
    finally:
        await d.stop()
        d.store.close()


async def test_a_card_beside_the_reserve_is_named_in_the_pages_language(
    tmp_path: Path, art: tuple  # type: ignore[type-arg]
) -> None:
    cards, images, _ = art
    config = parse_config(CONFIG.replace('game = "nimalia"',
                                         'game = "nimalia"\nlanguage = "de"'))
    d = Daemon(config, Store(tmp_path / "j.sqlite3"),
               Equipment(kits={"nimalia": NimaliaKit(enrolment=lambda: art[2])}))
    await d.start()
    try:
        from tableref.vision.synth.nimalia_reserve import Placement as Laid

        # round 1: cards 1, 2 and 3; card 3 lies beside card 2, covering none of its spaces
        laid = [Laid(1, 2, 2, 0), Laid(2, 3, 3, 0), Laid(3, 2, 5, 0)]
        photo = render_photo(images, cards, laid, np.random.default_rng(5), CLEAN_SMALL)
        await d.upload_reserve(0, cv2.imencode(".png", photo.image)[1].tobytes(), "image/png")
        nim = d.snapshot()["nimalia"]
        [doubt] = nim["doubts"]
        assert [(p["card"], p["rule"]) for p in doubt["problems"]] == [(3, "cover")]
        assert "Karte 3 deckt kein Feld des Reservats ab" in nim["message"], nim["message"]
    finally:
        await d.stop()
        d.store.close()


async def test_a_card_laid_apart_from_the_reserve_is_asked_about_never_left_out(
    tmp_path: Path, art: tuple  # type: ignore[type-arg]
) -> None:
    """The reader reads the reserve; a card lying apart from it (touching none of it) is
    not read: the reserve is held with the card framed on the photo, and the players keep
    it (a loose card, no card of the reserve) or place the card and retake."""
    cards, images, _ = art
    from tableref.vision.synth.nimalia_reserve import Placement as Laid
    from tableref.vision.synth.nimalia_reserve import visible

    laid = random_reserve(list(cards), np.random.default_rng(21), n_cards=3)
    spare = next(c for c in cards if c not in {p.card_id for p in laid})
    apart = Laid(spare, min(p.row for p in laid), max(p.col for p in laid) + 3, 0)
    photo = render_photo(images, cards, [*laid, apart], np.random.default_rng(22),
                         CLEAN_SMALL)
    truth = [{"row": r, "col": c, **space_json(k)}
             for (r, c), k in sorted(visible(cards, laid).items())]
    config = parse_config(CONFIG.replace('game = "nimalia"',
                                         'game = "nimalia"\nlanguage = "de"'))
    d = Daemon(config, Store(tmp_path / "j.sqlite3"),
               Equipment(kits={"nimalia": NimaliaKit(enrolment=lambda: art[2])}))
    await d.start()
    try:
        await d.upload_reserve(0, cv2.imencode(".png", photo.image)[1].tobytes(), "image/png")
        nim = d.snapshot()["nimalia"]
        assert nim["read"] == [] and nim["placed"] == []
        [doubt] = nim["doubts"]
        assert doubt["problems"] == [{"card": None, "rule": "apart"}]
        assert "eine Karte liegt abseits des Reservats" in nim["message"], nim["message"]
        assert [e["event"] for e in d.store.events(d.game_id)] == ["start"]
        await d.report({"action": "accept", "player": 0})  # a loose card: kept as read
        event = d.store.events(d.game_id)[-1]
        assert event["spaces"] == truth
        assert event["broken"] == [{"card": None, "rule": "apart"}]
        assert d.snapshot()["nimalia"]["kept"] == [
            {"seat": 0, "broken": [{"card": None, "rule": "apart"}]}]
    finally:
        await d.stop()
        d.store.close()


async def test_the_adviser_answers_on_the_page_for_the_reserve_at_the_rounds_start(
    tmp_path: Path, art: tuple  # type: ignore[type-arg]
) -> None:
    from tableref.games.nimalia.advise import advise

    d = _daemon(tmp_path, art)
    await d.start()
    try:
        nim = d.snapshot()["nimalia"]
        assert len(nim["deck"]) == 60 and nim["deck"][0] == "cr li pa or\\"
        for bad, why in (([], "1 to 3 card ids"), ([1, 2, 3, 4], "1 to 3 card ids"),
                         ([61], "card 61: card ids are 1..60"), ([5, 5], "twice")):
            with pytest.raises(HubError, match=why):
                await d.report({"action": "advise", "player": 0, "cards": bad})
        ann = _round_photos(art, 11, 1)
        await d.upload_reserve(0, ann[0][0], "image/png")
        await d.upload_reserve(1, _photo(art, 12)[0], "image/png")
        assert d.snapshot()["nimalia"]["round"] == 2
        await d.report({"action": "advise", "player": 0, "cards": [30, 40, 50]})
        [asked] = d.snapshot()["nimalia"]["advice"]
        assert (asked["seat"], asked["cards"], asked["round"]) == (0, [30, 40, 50], 2)
        for _ in range(1500):
            [asked] = d.snapshot()["nimalia"]["advice"]
            if asked["state"] != "thinking":
                break
            await asyncio.sleep(0.02)
        assert asked["state"] == "done", asked
        assert snapshot_problems(d.snapshot()) == []
        reserve = reserve_from_data({"spaces": ann[0][1]})
        expected = advise(reserve, [30, 40, 50], [19, 4], top=3)
        assert [a["points"] for a in asked["advice"]] == [a.value.points for a in expected]
        best = asked["advice"][0]
        assert best["plan"][0]["card"] == best["card"]
        assert sorted(p["card"] for p in best["plan"]) == [30, 40, 50]
        assert {o["id"] for o in best["objectives"]} == {19, 4}
        assert sum(o["points"] for o in best["objectives"]) == best["points"]
        shown = [c for c in best["cells"] if c["n"]]  # the hand's spaces still showing
        assert {c["n"] for c in shown} <= {1, 2, 3} and len(best["cells"]) >= len(ann[0][1])
        # a new round forgets the advice
        await d.upload_reserve(0, _round_photos(art, 11, 2)[1][0], "image/png")
        await d.upload_reserve(1, _round_photos(art, 12, 2)[1][0], "image/png")
        assert d.snapshot()["nimalia"]["advice"] == []
    finally:
        await d.stop()
        d.store.close()


async def test_a_tie_on_points_goes_to_the_most_animals_of_one_kind_and_is_said(
    tmp_path: Path, art: tuple  # type: ignore[type-arg]
) -> None:
    # 5, 19, 4 score nothing on lakes alone; 16 (no river anywhere) pays both 5 in rounds
    # 3, 4, 5: a tie on 15, which Ann's 4 crocodiles win against Ben's 2 of a kind
    lake = {"terrain": "lake"}
    ann = reserve_from_data({"spaces": [{"row": r, "col": c, **lake, "animal": "crocodile"}
                                        for r in (0, 1) for c in (0, 1)]})
    ben = reserve_from_data({"spaces": [{"row": r, "col": c, **lake,
                                         "animal": "crocodile" if c else "flamingo"}
                                        for r in (0, 1) for c in (0, 1)]})
    d = _daemon(tmp_path, art)
    await d.start()
    try:
        session = d.session
        assert isinstance(session, NimaliaSession)
        for _ in range(5):
            session.reserve_read(0, ann, photo=False)
            session.reserve_read(1, ben, photo=False)
        nim = d.snapshot()["nimalia"]
        assert nim["over"] and nim["winner"] == 0
        assert nim["result"] == {"best": 15, "tied": [0, 1], "most_of_one": [4, 2],
                                 "winners": [0]}
        assert d.said[-1][1].endswith("Ann and Ben tie on 15 points. Ann has the most "
                                      "animals of one kind: 4. Ann wins!")
    finally:
        await d.stop()
        d.store.close()


async def test_a_zone_photographed_by_itself_waits_for_the_rounds_last_card(
    tmp_path: Path, art: tuple  # type: ignore[type-arg]
) -> None:
    cards, images, _ = art
    rng = np.random.default_rng(41)
    laid = random_reserve(list(cards), rng, n_cards=3)
    two, three = (render_photo(images, cards, laid[:n], np.random.default_rng(42),
                               CLEAN_SMALL).image for n in (2, 3))
    d = _daemon(tmp_path, art)
    await d.start()
    try:
        session = d.session
        assert isinstance(session, NimaliaSession)
        await session.camera_photo(0, two, auto=True)  # Ann stopped after her second card
        nim = d.snapshot()["nimalia"]
        assert nim["read"] == [] and nim["doubts"] == []
        assert nim["message"].startswith("Ann: 2 new cards seen. The box photographs the "
                                         "zone again")
        await session.camera_photo(0, three, auto=True)  # her third: the round's reserve
        assert d.snapshot()["nimalia"]["read"] == [0]
        # asked for on the page, two cards are what the player says the round is
        await session.camera_photo(1, two)
        assert d.snapshot()["nimalia"]["round"] == 2
    finally:
        await d.stop()
        d.store.close()
