"""`tableref run`: build the daemon's equipment, serve the page, tell systemd, stop cleanly."""

from __future__ import annotations

import asyncio
import logging
import signal
from dataclasses import dataclass
from pathlib import Path

from tableref.device.config import Config
from tableref.device.daemon.app import Daemon
from tableref.device.daemon.equipment import BellOpener, Bells, Equipment
from tableref.device.daemon.health import BellHealthSink, BellSink
from tableref.device.daemon.notify import Notifier
from tableref.device.paths import data_dir
from tableref.device.store import Store

log = logging.getLogger("tableref.service")
JOURNAL_FILE = "journal.sqlite3"


@dataclass
class RunOptions:
    sim: bool
    host: str
    port: int
    journal: Path | None = None

    @property
    def journal_path(self) -> Path:
        return self.journal or data_dir() / JOURNAL_FILE


def on_a_pi() -> bool:
    try:
        return "Raspberry Pi" in Path("/proc/device-tree/model").read_text(errors="replace")
    except OSError:
        return False


def wants_sim(config: Config, forced: bool) -> bool:
    source = config.camera.source
    return forced or source == "sim" or (source == "auto" and not on_a_pi())


def build_equipment(config: Config, sim: bool, state_dir: Path | None = None) -> Equipment:
    """The devices for this machine (opened later, by the daemon) and each game's kit.

    With the simulated table its camera films it, its players press its bells (unless the
    config names real bells), and it keeps its cards in `state_dir` (beside the journal)."""
    from tableref.device.daemon.games import GAMES

    eq = Equipment()
    if sim:
        from tableref.device.sim.equip import simulated_table

        eq.camera, bells, players = simulated_table(config, state_dir)
        eq.followers.extend(players)
        eq.open_bells = bells.open
    else:
        from tableref.device.camera.sources import Picamera2Source, source_for

        source = config.camera.source
        eq.camera = Picamera2Source() if source == "auto" else source_for(source)
    if config.bells.source == "bellbox" or not sim or config.bells.pin_factory != "auto":
        eq.open_bells = bells_opener(config)
    eq.kits = {g.name: g.default_kit(config, sim) for g in GAMES}
    if config.voice.engine != "none":
        from tableref.device.voice import Voice, VoiceError

        try:
            eq.speaker = Voice(config)
            eq.audio_device = config.voice.device
        except VoiceError as err:
            log.error("voice: %s", err)
    return eq


def bells_opener(config: Config) -> BellOpener:
    """Opens the bells `[bells] source` names (GPIO buttons or the Pico bell box) for the
    daemon: each press's edge time (the box's ticks mapped onto the monotonic clock) goes to
    the daemon's press sink, where the game's arbiter weighs it with every other bell; the
    bell box's losses and returns go to the health sink, each release (how long a button was
    held) to the release sink. The sinks are called on the bells' own threads."""

    def open_bells(press: BellSink, health: BellHealthSink, release: BellSink) -> Bells:
        from tableref.device.bells.bellbox import open_bells as open_any

        return open_any(config, on_press=lambda p: press(p.player, p.t_ns),
                        on_release=lambda r: release(r.player, r.t_ns), on_health=health)

    return open_bells


async def serve(config: Config, options: RunOptions, equipment: Equipment) -> int:
    from aiohttp import web

    from tableref.device.web.app import create_app
    from tableref.device.web.auth import generate_pin, is_loopback
    from tableref.device.web.limits import start_web

    notifier = Notifier()
    journal = options.journal_path
    store = Store(journal, opened=False)  # opened by the daemon, which says if it cannot be
    if config.mqtt is not None:  # the club's broker: the journal and the state published
        from tableref.device.mqtt.publisher import Publisher

        mqtt = config.mqtt
        equipment.journal_followers.append(lambda opened: Publisher(mqtt, opened))
    daemon = Daemon(config, store, equipment)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    lan = not is_loopback(options.host) and options.host != "localhost"
    pin = generate_pin() if lan else None
    app = create_app(daemon, pin=pin, lan=lan, names=config.web.names)
    runner: web.AppRunner | None = None
    try:
        await daemon.start()
        runner = await start_web(app, options.host, options.port)
        log.info("serving http://%s:%d/ (journal %s%s)", options.host, options.port, journal,
                 ", simulated table" if options.sim else "")
        notifier.ready(f"refereeing {daemon.settings.game}")
        speaker = equipment.speaker
        if speaker is not None:  # render the fixed phrases behind the running daemon
            daemon.spawn(asyncio.to_thread(speaker.warm))
        if notifier.watchdog_s:
            daemon.spawn(_watchdog(notifier, notifier.watchdog_s))
        await stop.wait()
        notifier.stopping()
    finally:
        if runner is not None:
            await runner.cleanup()
        await daemon.stop()
        store.close()
        if equipment.speaker is not None:
            equipment.speaker.close()
    return 0


async def _watchdog(notifier: Notifier, period_s: float) -> None:
    """Ping systemd while the loop is alive; a stuck loop stops the pings."""
    while True:
        notifier.watchdog()
        await asyncio.sleep(period_s / 3)
