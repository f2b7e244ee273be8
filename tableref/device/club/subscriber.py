"""The club page on the broker: every table's `events`, `state` and `online`, QoS 1.

A persistent session (a fixed client id, clean_session off): while the club page is down
the broker keeps the events for it (as many as its `max_queued_messages`), so the league
misses no game. Messages are acknowledged by hand once applied (and, for the league, once
committed), in the order they came: a crash in between gets them again, and the league
takes them again without change.
"""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path

from tableref.device.club.league import LeagueError
from tableref.device.club.model import Club
from tableref.device.mqtt.client import Broker, LoopClient
from tableref.device.mqtt.payload import split_topic, topic

log = logging.getLogger("tableref.club")
TOPICS = [(topic("+", what), 1) for what in ("events", "state", "online")]


def client_id(league: Path) -> str:
    """One persistent session per league file."""
    digest = hashlib.sha256(str(league.resolve()).encode()).hexdigest()[:12]
    return f"tableref-club-{digest}"


class ClubClient(LoopClient):
    def __init__(self, broker: Broker, club: Club, league_path: Path) -> None:
        super().__init__(broker, client_id(league_path), clean_session=False, manual_ack=True)
        self.club = club

    def on_connected(self) -> None:
        self.client.subscribe(TOPICS)
        self.club.broker_state(True, "")

    def on_disconnected(self) -> None:
        self.club.broker_state(False, self.problem)

    def on_message(self, name: str, payload: bytes, mid: int, qos: int, retain: bool) -> None:
        where = split_topic(name)
        try:
            if where is not None:
                self.club.message(*where, payload)
        except LeagueError as err:  # not acknowledged: the broker sends it again
            log.error("club: %s", err)
            return
        if qos > 0:
            self.client.ack(mid, qos)
