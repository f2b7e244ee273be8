"""`tableref club`: the subscriber, the model and the page, until SIGTERM or Ctrl-C."""

from __future__ import annotations

import asyncio
import logging
import signal

from tableref.device.club.league import League
from tableref.device.club.model import Club
from tableref.device.club.subscriber import ClubClient
from tableref.device.club.web import create_club_app
from tableref.device.mqtt.client import Broker
from tableref.device.web.limits import start_web

log = logging.getLogger("tableref.club")


async def serve_club(broker: Broker, league: League, host: str, port: int) -> int:
    club = Club(league, broker.address)
    client = ClubClient(broker, club, league.path)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    runner = await start_web(create_club_app(club), host, port)
    try:
        client.start()
        log.info("club page on http://%s:%d/ (broker %s, league %s)", host, port,
                 broker.address, league.path)
        await stop.wait()
    finally:
        await runner.cleanup()
        await client.close()
    return 0
