"""What the box says of a device: never "stopped working" of one that never worked (it is
on the screen), and still when one that worked goes."""

from __future__ import annotations

from pathlib import Path

from daemon_proc_helper import until

from tableref.device.config import parse_config
from tableref.device.daemon.app import Daemon
from tableref.device.daemon.equipment import Equipment
from tableref.device.store import Store

CONFIG = '[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n[voice]\nengine = "none"\n'


async def test_a_device_that_never_worked_is_not_said_to_have_stopped(tmp_path: Path) -> None:
    d = Daemon(parse_config(CONFIG), Store(tmp_path / "j.sqlite3"),
               Equipment(audio_device="plughw:CARD=NoSuchCard"))
    await d.start()
    try:
        await until(lambda: d.health.known("audio") and d.health.known("camera"))
        assert not d.health.ok("audio") and not d.health.ok("camera")
        assert [text for _, text in d.said] == []
        d.health.report("camera", True, "found")  # the trouble shown is over: said
        d.health.report("camera", False, "unplugged")  # and now it did stop working
        assert [text for _, text in d.said] == ["The camera works again.",
                                                "The camera stopped working."]
    finally:
        await d.stop()
        d.store.close()
