"""The club's Pi loses power: the broker and the club page killed (kill -9) together, mid
evening, while a box plays on; a game ends while they are away. The box's journal keeps
the events; once the broker is back the box sends them at once, before the club page is up
again. The broker must still know the club page's session (its subscriptions) to keep them
for it: mosquitto writes its state only now and then (`autosave_interval`, 1800 s by
default), so hardware.md has the club's broker save it often. Here it saves every second
(the same setting, scaled down); with mosquitto's default the league misses the game."""

from __future__ import annotations

import time
from pathlib import Path

from mqtt_boxes import BoxProcess, ClubProcess, wait
from mqtt_broker import Mosquitto

AUTOSAVE = "autosave_interval 1\n"


def test_a_power_cut_of_the_clubs_pi_loses_no_game(tmp_path: Path) -> None:
    broker = Mosquitto(tmp_path, extra=AUTOSAVE)
    broker.start()
    club = ClubProcess(tmp_path, broker.port)
    box = BoxProcess(tmp_path, "t1", ["Ann", "Ben"], broker.port, seed=5)
    try:
        club.start()
        box.start()
        wait(lambda: [t["online"] for t in club.get("/api/club")["tables"]] == [True], 30,
             "the table on the club page")
        time.sleep(2.5)  # the broker has saved the club page's session since
        broker.kill()  # the power cut: no clean stop for either
        club.kill()
        box.play_a_game_out()  # refereed and journalled with the broker away
        history = box.get("/api/history")
        assert len(history) == 1 and history[0]["winner"] is not None
        broker.start()
        last = box.seqs()[-1]
        wait(lambda: box.acked() == (last, 1), 30, "the box to send everything")
        club.start()  # after the box: what it sent waited in the club page's session
        want = {p: (1, int(p == history[0]["winner"]), s)
                for p, s in zip(history[0]["players"], history[0]["scores"], strict=True)}

        def league() -> dict[str, tuple[int, int, int]]:
            games = club.get("/api/league")["games"]
            return {p["name"]: (p["games"], p["wins"], p["score"])
                    for g in games for p in g["players"]}

        wait(lambda: league() == want, 30, "the game in the league")
        assert club.get("/api/club")["league"]["games"] == {"finished": 1}
    finally:
        box.stop()
        club.stop()
        broker.stop()
