"""The box on the club's MQTT broker: the journal published, the page's state retained.

With `[mqtt]` in the config (config.py) the daemon publishes, under `tableref/<table>/`:

- `events`: every journal event, in journal order, QoS 1, not retained; and after the last
  event of a game, its end (finished with the result, or abandoned).
- `state`: the kiosk page's snapshot (schema in device/web/hub.py), retained, at every
  change; coalesced: while one is unacknowledged only the latest waits behind it.
- `online`: retained `true` while the box is connected; the last will sets `false`, and a
  clean stop publishes `false` itself.

The journal is the outbox (outbox.py): the broker's acknowledgement (PUBACK) of each event
moves a position kept in the journal's SQLite file (table `mqtt_outbox`), in order. While
the broker is away the game goes on; on reconnect, and after a restart or a `kill -9`, the
events after that position are sent in order. A subscriber may still see an event twice
(QoS 1: a PUBACK lost, or a crash between a PUBACK and the durable write): every message
carries a stable id, and subscribers drop what they have seen (tableref club does).

## Payloads (UTF-8 JSON)
An event (`kind` "event"):
```
{"v": 1, "kind": "event", "table": "table3", "box": "3f9c0a1e", "seq": 118,
 "id": "3f9c0a1e:118", "at": "2026-11-30T19:04:11+00:00",
 "game": {"id": 7, "name": "halli", "players": ["Ann", "Ben"],
          "started": "2026-11-30T19:01:02+00:00"},
 "event": {"event": "ring", "player": 1, "t_ns": 123456789}}
```
`seq` is the journal's sequence number (increasing across games), `event` the journal
record as written (the game's own event vocabulary; null if the row is unreadable), `box`
names the journal: a new journal (or one that lost its tail in a repair) starts a new
`box`, so (`table`, `box`, `seq`) never names two events.

The end of a game (`kind` "end"), right after the game's last event, with the seq of that
event:
```
{"v": 1, "kind": "end", "table": "table3", "box": "3f9c0a1e", "seq": 131,
 "id": "3f9c0a1e:131:end", "at": "2026-11-30T19:20:40+00:00", "game": {...as above...},
 "status": "finished", "scores": [31, 41], "winner": "Ben"}
```
`status` "finished" (scores per player, in `game.players` order: cards held in Halli Galli,
points in Nimalia; `winner` null on a draw) or "abandoned" (a new game was started first;
scores and winner null).

Order and duplicates: per (`table`, `box`) messages come in the order of the key
(`seq`, `kind` "event" before "end"); a message whose key is not above the highest seen is
a duplicate. The box hands new events to the broker only after the ones of an earlier
connection are acknowledged, so the order holds across reconnects.

The state (retained): `{"v": 1, "table": ..., "box": ..., "at": ..., "state": {snapshot}}`.
"""
