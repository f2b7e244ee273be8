"""The club page: every table of a club live, and its league (`tableref club`).

It subscribes to the boxes' topics on the club's broker (device/mqtt: the format),
shows each table's state as it changes (model.py, games.py), marks a table whose box went
offline, and keeps the league from the `events` stream alone (league.py), dropping the
duplicates QoS 1 may deliver. subscriber.py is the MQTT side, web.py and static/ the page.
"""
