"""History as the page shows it: finished and abandoned games (marked so), with each seat's
rings counted from the journal."""

from __future__ import annotations

from pathlib import Path

from tableref.device.store import Store


def test_abandoned_games_are_in_the_history_with_their_rings(tmp_path: Path) -> None:
    with Store(tmp_path / "j.sqlite3") as store:
        first = store.start_game("halli", ["Ann", "Ben"])
        store.append(first, {"event": "start", "players": ["Ann", "Ben"]})
        store.append(first, {"event": "flip", "player": 0, "card": "BBL"})
        store.append(first, {"event": "ring", "player": 1, "t_ns": 5, "right": False})
        store.append(first, {"event": "ring", "player": 0, "t_ns": 9, "right": True})
        store.append(first, {"event": "ring", "player": 0, "t_ns": 12, "right": True})
        untouched = store.start_game("halli", ["Ann", "Ben"])  # abandons the first
        store.append(untouched, {"event": "start", "players": ["Ann", "Ben"]})
        third = store.start_game("nimalia", ["Ann", "Ben"])  # abandons one never played
        store.finish_game(third, [30, 20], "Ann")
        assert [h["id"] for h in store.history()] == [third]  # finished only, as before
        hist = store.history(abandoned=True)
        assert [(h["id"], h["status"]) for h in hist] == [(third, "finished"),
                                                          (first, "abandoned")]
        assert hist[1]["rings"] == {"0": {"right": 2}, "1": {"wrong": 1}}
        assert hist[0]["rings"] == {}


async def test_the_players_set_up_on_the_page_are_there_after_a_restart(tmp_path: Path) -> None:
    from tableref.device.config import parse_config
    from tableref.device.daemon.app import Daemon
    from tableref.device.daemon.equipment import Equipment

    config = parse_config('[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n'
                          '[voice]\nengine = "none"\n')
    first = Daemon(config, Store(tmp_path / "j.sqlite3"), Equipment())
    await first.start()
    try:
        await first.apply_settings({"language": "de", "players": [
            {"name": "Oma", "colour": "#8e24aa"}, {"name": "Lea"}, {"name": "Tim"}]})
        game_id = first.game_id
        first.store.finish_game(game_id, [1, 2, 3], None)  # over: no game to resume
    finally:
        await first.stop()
        first.store.close()
    again = Daemon(config, Store(tmp_path / "j.sqlite3"), Equipment())
    await again.start()
    try:
        snap = again.snapshot()
        assert [p["name"] for p in snap["players"]] == ["Oma", "Lea", "Tim"]
        assert snap["players"][0]["colour"] == "#8e24aa" and snap["language"] == "de"
        assert again.game_id != game_id  # a new game, with the players of the page
    finally:
        await again.stop()
        again.store.close()
    # a damaged settings file is not taken: the config's players, and the box starts
    (tmp_path / "settings.json").write_text('{"players": [{"name": ""}]}')
    third = Daemon(config, Store(tmp_path / "j.sqlite3"), Equipment())
    assert [p.name for p in third.settings.players] == ["Ann", "Ben"]
    third.store.close()


def test_the_replay_is_the_frame_of_the_press(tmp_path: Path) -> None:
    """The instant replay: the last frame taken at or before the first press (else the
    nearest), none when the camera had nothing near that moment; JPEG when asked."""
    import cv2
    import numpy as np

    from tableref.device.camera.base import Frame
    from tableref.device.config import parse_config
    from tableref.device.daemon.app import Daemon
    from tableref.device.daemon.equipment import Equipment

    d = Daemon(parse_config('[voice]\nengine = "none"\n'), Store(tmp_path / "j.sqlite3"),
               Equipment())
    try:
        ms = 1_000_000
        for i, t in enumerate((100, 133, 166, 200)):
            d._frames.append(Frame(np.full((48, 64, 3), i * 60, np.uint8), t * ms, i))
        d.keep_replay(150 * ms)
        assert d._replay is not None and d._replay.t_ns == 133 * ms
        jpeg = d.replay_jpeg()
        assert jpeg is not None
        image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
        assert abs(int(image.mean()) - 60) <= 2  # that frame's picture
        d.keep_replay(90 * ms)  # before every frame kept: the nearest
        assert d._replay is not None and d._replay.t_ns == 100 * ms
        d.keep_replay(9000 * ms)  # the camera had nothing near then: no replay
        assert d.replay_jpeg() is None
    finally:
        d.store.close()
