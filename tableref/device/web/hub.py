"""The contract between the daemon and the web page: what the page may read and ask.

The daemon implements `Hub`; `tableref.device.web.app.create_app(hub, ...)` serves it. The
web layer holds no game state of its own: every handler reads `snapshot()` or forwards a
request to one of the async methods, and turns `HubError` into a 400 naming the problem
(`HubUnavailable`, the box's own trouble such as a full disk, into a 503).

## The snapshot (`GET /api/state`, and each live update)
A JSON-ready dict (only str, int, float, bool, None, lists and dicts). Keys:

```
{
  "seq": 17,                      # increases by one (or more) at every change
  "game": "halli",                # one of "games"
  "game_id": 12,                  # the game's id in the journal (history, `journal export`)
  "journal": 5,                   # this game's events in the journal (1: only its start)
  "games": [                      # the games the box referees (device/daemon/games.py)
    {"name": "halli", "title": "Halli Galli Extreme", "players": [2, 6]}
  ],
  "language": "en",               # "en" | "de" | "fr" (device/phrasebook)
  "players": [                    # seat order, clockwise
    {"seat": 0, "name": "Ann", "colour": "#e53935", "out": false}
  ],
  "teaching": {"asking": "monkey"},  # what the page's teaching asks to be held under
                                  # the camera (a card code or "fruit"), or null
  "devices": [                    # what works right now; shown on screen when not ok
    {"name": "camera", "ok": true, "message": ""},
    {"name": "journal unopened", "ok": false, "message": "cannot open the journal ...",
     "hint": "no_access"}         # hint (optional): which trouble, for the page's words
  ],
  "halli": {                      # null unless game == "halli"
    "piles": [                    # one per seat
      {"seat": 0, "top": "BBL", "pile": 3, "stack": 20, "holding": 23}
    ],                            # top: card code or null; holding: stack + pile
    "bell": 0,                    # cards under the bell
    "turn": 1,                    # seat index whose turn it is, or null
    "locked": false,              # bells locked while a verdict is judged
    "over": false,
    "winner": null,               # seat index or null
    "message": "",                # e.g. a card turned out of turn, not counted
    "options": {"elephant_alone_rings": false, "play_to_the_end": false},
    "final_round": false,         # two left of three or more: the next ring ends the game
    "end": null,                  # once over: {"rule": "final_ring" | "last_player",
                                  #   "holding": [23, 49]} (cards each seat holds)
    "rings": [{"seat": 0, "right": 2, "wrong": 1, "unjudged": 0}],   # this game's, per seat
    "taught": ["elephant", "monkey"],  # the cards the box was taught (its enrolment)
    "zones": [{"seat": 0, "x": 0.5, "y": 0.8}],  # where each seat's pile lies in the
                                  # camera's view (fractions of its width and height)
    "missed": 1,                  # times a ringable table passed unrung (a card turned)
    "last_missed": {"cards": ["BBL", "BBL", "P"], "reasons": ["two identical cards (BBL)"]},
    "last_verdict": {             # null before the first ring
      "seq": 3,                   # verdict number, increases at every ring
      "player": 2,                # seat that rang first
      "right": true,
      "text": "Cid is right: two identical cards",  # what the voice said
      "reasons": ["two identical cards"],
      "margin_ms": 41.5,          # first press ahead of the second by, or null if alone
      "second": 0,                # seat that rang second, or null
      "seen": ["BBL", "BBL", null],   # each seat's top card the ring was judged on
      "taken": 4,                 # cards taken (0 when wrong, but in the final round)
      "taker": 2,                 # seat that took them: the ringer, or after a wrong ring
                                  # in the final round the other player; null if nobody
      "reaction_ms": {"2": 612.0, "0": 653.5}   # seat -> press time minus the time the
                                  # card that made the ring right appeared; only seats
                                  # that pressed in this round; {} when the ring was wrong
    }
  },
  "nimalia": {                    # null unless game == "nimalia"
    "round": 1,                   # 1..5
    "objectives": [5, 19],        # objective ids in play this round
    "all_objectives": [5, 19, 4, 16],  # the game's four: blue, green, yellow, red
    "catalogue": [{"id": 1, "colour": "yellow", "leaves": 2, "ranked": false}, ...],  # all 22
    "schedule": [{"round": 1, "objectives": [5, 19]}, ...],  # the round card, rounds 1..5
    "to_photograph": 0,           # seat whose reserve is wanted next, or null
    "read": [0],                  # seats whose reserve was read this round (optional)
    "waiting": [1],               # seats whose reserve is still missing this round
    "so_far": [                   # this round's points of each reserve already in, for the
      {"seat": 0, "points": {"5": 6, "19": 3}, "waits": []}  # objectives scored alone;
    ],                            # "waits": the ranked ones, scored once all are in
    "scores": [                   # one per seat; objectives of the last round scored
      {"seat": 0, "objectives": {"4": 6, "5": 2}, "round_total": 8, "total": 14,
       "photo": true}             # photo: an annotated reserve photo is available
    ],
    "sheet": [                    # every round scored: points per objective, sum, total;
      {"round": 1, "objectives": [5, 19], "rows": [{"seat": 0, "points": {"5": 6},
       "round_total": 6, "total": 6}], "ranked": {"16": [{"what": "river", "most": true,
       "values": [4, 2], "first": [0], "second": [], "no_second": "players",
       "pays": [5, 2, 0]}]}}      # ranked objectives explained (games/nimalia/sheet.py)
    ],
    "result": null,               # at the end: {"best", "tied", "most_of_one", "winners"}
    "pending": [                  # photos with unsure spaces, to settle (POST /api/report)
      {"seat": 0, "sure": 11, "unsure": [{"n": 1, "row": 1, "col": 2, "reason": "...",
       "guess": {"terrain": "lake", "animal": "flamingo", "river": null},
       "box": [0.41, 0.38, 0.06, 0.07]}]}  # box: x, y, w, h as shares of the photo
    ],
    "doubts": [                   # reserves read that do not follow from the player's of
      {"seat": 1, "legal": false, # the round before by three legal placements: held until
       "placed": [{"card": 9, "row": 0, "col": 4, "turn": 0}, ...],  # kept ("accept") or
       "problems": [{"card": 9, "rule": "cover"}]}  # retaken (POST /api/report); card null:
    ],                            # hidden whole by later cards / no one card to blame
    "placed": [                   # this round's reserves read: the cards found placed
      {"seat": 0, "legal": true, "placed": [...], "problems": []}  # (as `nimalia check`)
    ],
    "kept": [{"seat": 1, "broken": [{"card": 9, "rule": "cover"}]}],  # kept against the rules
    "zones_waiting": [{"seat": 0, "seen": 2}],  # zones photographed by themselves with a
                                  # card of the round unseen (`seen` new cards): kept once
                                  # the zone stays still (device/daemon/nimalia_session.py)
    "advice": [                   # the adviser's answer to each player who asked this round
      {"seat": 0, "cards": [17, 23, 41], "round": 2, "state": "done",  # or "thinking",
       "error": "", "advice": [{"card": 17, "row": 0, "col": 2, "turn": 90, "points": 14,
       "later": 6,                # the later rounds' objectives on the reserve then
       "objectives": [{"id": 19, "points": 6, "gain": 3}, ...],  # "failed" (error says why)
       "plan": [{"card": 17, "row": 1, "col": 2, "turn": 90}, ...],  # rows, cols of the
       "cells": [{"row": 0, "col": 0, "space": "li", "n": 0}, ...]}]}  # reserve as it will
    ],                            # be; n: which card of the plan shows there (0: old)
    "deck": ["cr li pa or\\", ...],  # the 60 cards (TL TR BL BR), daemon/nimalia_advice.py
    "zones": null,                # the table camera's zone per player ({"zones": [...]})
    "over": false,                # optional; with "winner": seat index or null
    "message": ""                 # e.g. why the last photo could not be read
  },
  "nelly": {                      # null unless game == "nelly"
    ...                           # the spec's `tableref nelly replay --json` state: players
                                  # (name, turtles by colour, plants, free_plants), nelly,
                                  # box, round, turn, face, expect, favoured_hand, over, winner
    "details": {...},             # GameState.details_json(): expect with colour and head,
                                  # to_place, placed, fed, nelly_turtles, counters_turned...
    "prompt": "Ann, throw the die!",   # what to do now, in the language of the moment
    "said": ["Red!", "..."],      # the words of the last event
    "buttons": {"player": 0, "kind": "spot", "colour": "red",   # what the button of the
                "one": "placed on the back", "two": "placed on the head"},  # player the box
                                  # waits for means now (null: nobody's); three presses
                                  # or a long press: turtles fell (nelly_buttons.py)
    "colours": ["red", "yellow"], # what the placer the box waits for may place
    "fall_asked": null,           # the seat asked on the page which turtles fell
    "pressing": {"0": 2},         # press patterns under way: seat -> presses so far
    "hold_s": 1.0,                # a press held this long is a long press (nelly_gestures)
    "message": "",                # why the last report or press was refused
    "camera": {"counter": false, "zones": null, "frame": [1280, 720], "readings": {},
               "unsure": [], "problem": "",
               "disagreements": [{"player": 0, "camera": {"red": 2, ...},
                                  "box": {"red": 1, ...}, "more": {"red": 1, ...} | null}]}
  },
  "sim": {"flips": 30, "tops": ["BBL", null]},  # only with the simulated table: the
                                  # table as it really is (the referee sees it by camera)
  "mqtt": {"broker": "club-pi.local:1883", "connected": true, "problem": "",
           "waiting": 0}          # only with [mqtt]: the club's broker, events not yet sent
}
Each game of "games" has its key ("halli", "nimalia", ...): null unless it is the one played.
```
The app adds `"access": {"pin": "1234" | null, "lan": bool, "url": "http://192.168.1.20:8080/"
| null}` for loopback clients only (the kiosk screen shows the PIN and the address phones
use); the hub does not need to know about it.

## History (`GET /api/history`)
A list of finished games and of abandoned ones (left unfinished after their start), newest
first: `{"id": 4, "game": "halli", "started": "2026-11-30T10:15:00+00:00", "ended": "...",
"players": ["Ann", "Ben"], "scores": [30, 42], "winner": "Ben", "status": "finished",
"rings": {"0": {"right": 2, "wrong": 1}}}` (winner null on a draw; status "finished" or
"abandoned", scores [] when abandoned; rings per seat, {} for a game without bells).

## Settings (`POST /api/settings`)
A partial dict, applied at once (starting a new game when game or players change):
`{"game": "nimalia", "language": "de", "players": [{"name": "Ann", "colour": "#e53935"}]}`;
`{"new_game": true}` starts a new game with the same settings.
Bad settings raise `HubError` naming the key and the problem.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any, Protocol, runtime_checkable

from tableref.device.phrasebook import Phrased


class HubError(Phrased):
    """A request the hub refuses; the message names the problem and is shown to the user
    (with a phrase of the table, in the page's language: phrasebook.Phrased)."""


class HubUnavailable(HubError):
    """A request the box cannot carry out now through no fault of the client (the disk is
    full, the journal cannot be written): answered 503, the message says what is wrong."""


@runtime_checkable
class Hub(Protocol):
    """What the daemon offers the web page. All methods are called on the event loop."""

    def snapshot(self) -> dict[str, Any]:
        """The whole visible state (schema in the module docstring). Must not block."""
        ...

    def subscribe(self) -> AsyncIterator[dict[str, Any]]:
        """Snapshots as they change, starting with the current one.

        One iterator per client; closing it (or cancelling the consumer) unsubscribes. A slow
        client may skip intermediate snapshots, never the latest.
        """
        ...

    async def press_bell(self, player: int) -> None:
        """A bell pressed on the page or with a key (the daemon stamps the time on arrival).

        Raises HubError for a seat that does not exist or a game that has no bells.
        """
        ...

    async def upload_reserve(self, player: int, data: bytes, content_type: str) -> None:
        """A photo of `player`'s Nimalia reserve (JPEG or PNG bytes, already size-checked).

        Recognises and scores it; the result appears in the next snapshot. Raises HubError
        when the game is not Nimalia, the seat does not exist or the photo cannot be read.
        """
        ...

    async def photograph_reserve(self, player: int) -> None:
        """Score `player`'s Nimalia reserve from the table camera's latest frame.

        Raises HubError as `upload_reserve` does, and when there is no camera frame.
        """
        ...

    async def teach(self, card: str | None) -> dict[str, Any]:
        """Teach the box the game's card `card` (a card code: "monkey", "BBL") from the card
        held under the table camera (the next frame), or with None only read it. Returns
        `{"taught": code | null, "read_back": what the held card reads as now | null,
        "read": [codes]}`;
        raises HubError when there is no camera picture or no card to teach in it."""
        ...

    async def teaching(self, asking: str | None) -> None:
        """What the page's teaching dialog asks to be held under the camera now: a card code
        ("monkey"), "fruit" for any fruit card, or None (nothing: the dialog closed). In the
        snapshot as `teaching` for whoever holds the cards up (on the simulated table, its
        hand: device/sim/hand.py); it lapses by itself after a while."""
        ...

    def teach_cards(self) -> dict[str, Any]:
        """The game's cards to teach from phone photos (Nimalia): `{"wanted": [ids],
        "taught": [ids], "next": id | null, "cards": {id: [[space, space], [space, space]]},
        "enrolled": bool}`; HubError for a game that has none."""
        ...

    async def teach_photo(self, card: int | None, data: bytes) -> dict[str, Any]:
        """Teach card `card` from a phone photo of it alone on the table (the state as
        `teach_cards`, with `"learnt": id`), or with None read the photographed card back
        (`{"read_back": id | null, "spaces": [[space, ...], ...] | null}`); HubError saying
        what is wrong with the photo (no card alone, another card, no enrolment yet)."""
        ...

    async def apply_settings(self, settings: dict[str, Any]) -> None:
        """Change game, players or language; raises HubError naming the bad key."""
        ...

    async def report(self, data: dict[str, Any]) -> None:
        """What the players tell the box on the page for the game being played (`POST
        /api/report`; Nelly: an event of its log). Raises HubError naming the problem
        (a game that takes no reports, an impossible event)."""
        ...

    def history(self) -> list[dict[str, Any]]:
        """Finished games, newest first (schema in the module docstring)."""
        ...

    def camera_jpeg(self) -> bytes | None:
        """The latest camera frame with what was recognised drawn on it, or None."""
        ...

    def replay_jpeg(self) -> bytes | None:
        """The camera frame of the last verdict's first press (its instant replay), or None
        (no camera then, or no verdict yet). The cards it was judged on are the verdict's
        `seen`, drawn on it by the page with each seat's `zones`."""
        ...

    def reserve_jpeg(self, player: int) -> bytes | None:
        """`player`'s last Nimalia reserve photo, annotated with what was recognised, or None."""
        ...


_SNAPSHOT_KEYS = ("seq", "game", "language", "players", "devices", "halli", "nimalia")


def snapshot_problems(snap: dict[str, Any]) -> list[str]:
    """What is wrong with a snapshot against the schema above (empty when it is fine).

    Checks the structure the page relies on, so a test can hold any hub to the contract.
    """
    problems = [f"missing key {k!r}" for k in _SNAPSHOT_KEYS if k not in snap]
    if problems:
        return problems
    if snap["game"] not in ("halli", "nimalia", "nelly"):
        problems.append(f"game {snap['game']!r} is not halli, nimalia or nelly")
    players = snap["players"]
    if not isinstance(players, list):
        return [*problems, "players is not a list"]
    for i, p in enumerate(players):
        for key in ("seat", "name", "colour"):
            if key not in p:
                problems.append(f"players[{i}] has no {key!r}")
    halli = snap["halli"]
    if snap["game"] == "halli":
        if not isinstance(halli, dict):
            return [*problems, "game is halli but halli is not a dict"]
        for key in ("piles", "bell", "turn", "over", "winner", "last_verdict"):
            if key not in halli:
                problems.append(f"halli has no {key!r}")
        for i, pile in enumerate(halli.get("piles", [])):
            for key in ("seat", "top", "pile", "stack"):
                if key not in pile:
                    problems.append(f"halli.piles[{i}] has no {key!r}")
        verdict = halli.get("last_verdict")
        if verdict is not None:
            for key in ("seq", "player", "right", "text", "margin_ms", "reaction_ms"):
                if key not in verdict:
                    problems.append(f"halli.last_verdict has no {key!r}")
    nimalia = snap["nimalia"]
    if snap["game"] == "nimalia":
        if not isinstance(nimalia, dict):
            return [*problems, "game is nimalia but nimalia is not a dict"]
        for key in ("round", "objectives", "to_photograph", "scores"):
            if key not in nimalia:
                problems.append(f"nimalia has no {key!r}")
        for i, row in enumerate(nimalia.get("scores", [])):
            for key in ("seat", "objectives", "total"):
                if key not in row:
                    problems.append(f"nimalia.scores[{i}] has no {key!r}")
    nelly = snap.get("nelly")
    if snap["game"] == "nelly":
        if not isinstance(nelly, dict):
            return [*problems, "game is nelly but nelly is not a dict"]
        for key in ("players", "nelly", "box", "round", "turn", "face", "expect", "over",
                    "winner", "prompt", "buttons", "camera"):
            if key not in nelly:
                problems.append(f"nelly has no {key!r}")
    return problems
