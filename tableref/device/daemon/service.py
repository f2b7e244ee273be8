"""`tableref run`: build the daemon's parts, serve the page, tell systemd, stop cleanly."""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tableref.device.config import Config
from tableref.device.daemon.app import Daemon
from tableref.device.daemon.devices import BellHealthSink, BellSink
from tableref.device.daemon.notify import Notifier
from tableref.device.daemon.parts import Parts
from tableref.device.paths import data_dir
from tableref.device.store import Store

log = logging.getLogger("tableref.service")
SIM_RENDER_SEED = 7  # the simulated table's look (table, light, card art)
JOURNAL_FILE = "journal.sqlite3"


@dataclass
class RunOptions:
    sim: bool
    host: str
    port: int
    journal: Path | None = None


def on_a_pi() -> bool:
    try:
        return "Raspberry Pi" in Path("/proc/device-tree/model").read_text(errors="replace")
    except OSError:
        return False


def wants_sim(config: Config, forced: bool) -> bool:
    source = config.camera.source
    return forced or source == "sim" or (source == "auto" and not on_a_pi())


def build_parts(config: Config, sim: bool) -> Parts:
    """The camera, recogniser and renderer for this machine (hardware opened later)."""
    from tableref.device.camera.sources import Picamera2Source, source_for
    from tableref.device.daemon.halli_eyes import HalliEyes, sim_enrolment
    from tableref.vision.halli.enrol import Enrolment
    from tableref.vision.halli.recognise import Recogniser

    parts = Parts()
    if sim:
        from tableref.vision.synth.halli_scene import render_table

        def render(tops: tuple[str | None, ...], hand: int | None, _: Any) -> Any:
            return render_table(tops, seed=SIM_RENDER_SEED, hand_at=hand)

        parts.render = render
        parts.eyes = HalliEyes(Recogniser(sim_enrolment(SIM_RENDER_SEED)))
    else:
        source = config.camera.source
        parts.camera = Picamera2Source() if source == "auto" else source_for(source)
        parts.eyes = HalliEyes(Recogniser(Enrolment.load(data_dir())))
    parts.nimalia_enrolment = nimalia_enrolment_loader(sim)
    if config.bells.source == "bellbox" or not sim or config.bells.pin_factory != "auto":
        parts.open_bells = bells_opener(config)
    if config.voice.engine != "none":
        from tableref.device.voice import Voice, VoiceError

        try:
            parts.speaker = Voice(config)
            parts.audio_device = config.voice.device
        except VoiceError as err:
            log.error("voice: %s", err)
    return parts


def bells_opener(config: Config) -> Callable[[BellSink, BellHealthSink], Any]:
    """Opens the bells `[bells] source` names (GPIO buttons or the Pico bell box) for the
    daemon: each press's edge time (the box's ticks mapped onto the monotonic clock) goes to
    the daemon's press sink, which arbitrates; the bell box's losses and returns go to the
    health sink. Both sinks are called on the bells' own threads."""

    def open_bells(press: BellSink, health: BellHealthSink) -> Any:
        from tableref.device.bellbox import open_bells as open_any

        return open_any(config, on_press=lambda p: press(p.player, p.t_ns), on_health=health)

    return open_bells


SIM_NIMALIA_ART_SEED = 3  # the project's drawn Nimalia cards the simulated table uses


def nimalia_enrolment_loader(sim: bool) -> Callable[[], Any]:
    """Loads the user's Nimalia enrolment once (the data dir); with the simulated table and
    no enrolment, the project's own drawn card art is enrolled instead."""
    cache: list[Any] = []

    def load() -> Any:
        if cache:
            return cache[0]
        from tableref.vision.nimalia.enrol import enrol_images, load_enrolment

        try:
            enrolment = load_enrolment(data_dir())
        except ValueError:
            if not sim:
                raise
            from tableref.vision.synth.nimalia_art import draw_cards, synthetic_cards

            cards = synthetic_cards(seed=SIM_NIMALIA_ART_SEED)
            enrolment = enrol_images(cards, draw_cards(cards, seed=SIM_NIMALIA_ART_SEED))
        cache.append(enrolment)
        return enrolment

    return load


async def serve(config: Config, options: RunOptions, parts: Parts) -> int:
    from aiohttp import web

    from tableref.device.web.app import create_app
    from tableref.device.web.auth import generate_pin, is_loopback
    from tableref.device.web.limits import start_web

    notifier = Notifier()
    journal = options.journal or data_dir() / JOURNAL_FILE
    store = Store(journal)
    daemon = Daemon(config, store, parts, sim=options.sim)
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
        warm = getattr(parts.speaker, "warm", None)
        if warm is not None:  # render the fixed phrases behind the running daemon
            daemon.spawn(asyncio.to_thread(warm))
        if notifier.watchdog_s:
            daemon.spawn(_watchdog(notifier, notifier.watchdog_s))
        await stop.wait()
        notifier.stopping()
    finally:
        if runner is not None:
            await runner.cleanup()
        await daemon.stop()
        store.close()
        close = getattr(parts.speaker, "close", None)
        if close is not None:
            close()
    return 0


async def _watchdog(notifier: Notifier, period_s: float) -> None:
    """Ping systemd while the loop is alive; a stuck loop stops the pings."""
    while True:
        notifier.watchdog()
        await asyncio.sleep(period_s / 3)
