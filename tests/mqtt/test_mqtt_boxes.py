"""Real boxes (`tableref run --sim` with `[mqtt]`) on a real Mosquitto: the last will of a
killed box, and a box killed and restarted while the broker is away."""

from __future__ import annotations

import json
from pathlib import Path

from mqtt_boxes import BoxProcess, wait
from mqtt_broker import Listener, Mosquitto, event_ids


def test_the_will_says_a_killed_box_is_offline(tmp_path: Path) -> None:
    broker = Mosquitto(tmp_path)
    broker.start()
    listener = Listener(broker.port, "tableref/+/online")
    box = BoxProcess(tmp_path, "t1", ["Ann", "Ben"], broker.port)
    try:
        box.start()
        wait(lambda: listener.on("tableref/t1/online") == [b"true"], 30, "online")
        box.kill()  # kill -9: no clean stop, no `false` of its own
        wait(lambda: listener.on("tableref/t1/online")[-1:] == [b"false"], 30, "the will")
        box.start()
        wait(lambda: listener.on("tableref/t1/online")[-1:] == [b"true"], 30, "online again")
        box.stop()  # a clean stop says `false` itself
        wait(lambda: listener.on("tableref/t1/online")[-1:] == [b"false"], 30, "offline")
        assert "lost the broker" not in box.log()
    finally:
        box.stop()
        listener.close()
        broker.stop()


def test_a_box_killed_and_restarted_with_the_broker_away(tmp_path: Path) -> None:
    """The game goes on without the broker, through a kill -9; when the broker is back,
    every journal event arrives, in order, each sent once."""
    broker = Mosquitto(tmp_path)
    broker.start()
    # a persistent session: the broker keeps what comes while the listener reconnects
    listener = Listener(broker.port, "tableref/t1/events", client_id="kill-test", clean=False)
    box = BoxProcess(tmp_path, "t1", ["Ann", "Ben", "Cid"], broker.port, seed=11)
    try:
        wait(listener.connected.is_set, 10, "the listener")
        box.start()
        box.ring(0)
        wait(lambda: box.acked() == (box.seqs()[-1], 0), 30, "all acknowledged")
        broker.stop()
        box.ring(1)  # refereed and journalled, the broker away
        box.kill()
        box.start()  # the broker still away: the game is resumed from the journal
        box.ring(2)
        held = box.seqs()
        assert box.acked() is not None and box.acked()[0] < held[-1]
        broker.start()
        box_id = json.loads(listener.on("tableref/t1/events")[0])["box"]
        want = [f"{box_id}:{seq}" for seq in held]
        wait(lambda: event_ids(listener, "t1", redelivered=False) == want, 60,
             "every event in order, once")
        wait(lambda: box.acked() == (held[-1], 0), 30, "the position on disk")
        rings = [json.loads(p)["event"] for p in listener.on("tableref/t1/events")]
        assert [e["player"] for e in rings if e["event"] == "ring"] == [0, 1, 2]
    finally:
        box.stop()
        listener.close()
        broker.stop()


def test_a_hung_broker_never_stops_the_game(tmp_path: Path) -> None:
    """The broker hangs (SIGSTOP: its sockets open, nothing answered) for longer than the
    keep-alive: the box referees on (its loop never waits on the network), then, the broker
    back, every event arrives in order and the table is online."""
    broker = Mosquitto(tmp_path)
    broker.start()
    listener = Listener(broker.port, client_id="hung-test", clean=False)
    box = BoxProcess(tmp_path, "t1", ["Ann", "Ben", "Cid"], broker.port, seed=3)
    try:
        wait(listener.connected.is_set, 10, "the listener")
        box.start()
        box.ring(0)
        wait(lambda: box.acked() == (box.seqs()[-1], 0), 30, "all acknowledged")
        broker.freeze()
        box.ring(1)  # each verdict is said while the broker hangs
        box.ring(2)
        wait(lambda: box.get("/api/state")["mqtt"]["connected"] is False, 40,
             "the box to give the hung broker up (keep-alive)")
        box.ring(1)
        broker.thaw()
        held = box.seqs()
        box_id = json.loads(listener.on("tableref/t1/events")[0])["box"]
        want = [f"{box_id}:{seq}" for seq in held]
        wait(lambda: list(dict.fromkeys(event_ids(listener, "t1"))) == want, 60,
             "every event in order")
        wait(lambda: box.acked() == (held[-1], 0), 30, "the position on disk")
        wait(lambda: box.get("/api/state")["mqtt"]["connected"], 30, "connected again")
        late = Listener(broker.port, "tableref/t1/online")
        try:
            wait(lambda: late.on("tableref/t1/online") == [b"true"], 10, "online, retained")
        finally:
            late.close()
    finally:
        box.stop()
        listener.close()
        if broker.proc is not None:
            broker.thaw()
        broker.stop()
