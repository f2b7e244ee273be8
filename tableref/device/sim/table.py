"""The simulated table's memory: which game its cards are dealt for, the deal's seed and
what its players did (turned a card, gathered after a verdict), in a file of its own.

A real table keeps its cards where they lie when the box restarts; this one rebuilds them
from the file (deal from the seed, then every action again). The file is rewritten whole
and atomically after each action, so a kill leaves the old table or the new one.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tableref.device.sim.world import SimWorld

log = logging.getLogger("tableref.sim")


class SimTable:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self.world: SimWorld | None = None
        self.game_id = 0
        self.verdicts = 0  # the referee's verdicts the players have followed
        self.flips = 0  # cards the players turned in this game
        # a card held up over the bell by the simulated hand (teaching the box), or None;
        # not kept in the file: a real hand lets go when the box restarts
        self.held: str | None = None
        self._actions: list[list[Any]] = []
        self._header: dict[str, Any] = {}
        if path is not None:
            self._load(path)

    def deal(self, game_id: int, players: list[str], options: Mapping[str, bool],
             seed: int) -> SimWorld:
        """Gather everything and deal a new game."""
        self.world = SimWorld(players, seed, options)
        self.game_id, self.verdicts, self.flips = game_id, 0, 0
        self._header = {"game_id": game_id, "players": players, "options": dict(options),
                        "seed": seed}
        self._actions = []
        self._save()
        return self.world

    def flip(self, seat: int) -> None:
        assert self.world is not None
        self.world.flip(seat)
        self.flips += 1
        self._actions.append(["flip", seat])
        self._save()

    def follow_verdict(self, seq: int, player: int, right: bool | None) -> None:
        """The referee's verdict number `seq`: the cards go where it says (a ring that was
        not judged moves nothing)."""
        assert self.world is not None
        if right is not None:
            self.world.ring(player, right)
        self.verdicts = seq
        self._actions.append(["verdict", seq, player, right])
        self._save()

    # -- the file ---------------------------------------------------------------------
    def _save(self) -> None:
        if self.path is None:
            return
        tmp = self.path.with_name(self.path.name + ".tmp")
        try:
            tmp.write_text(json.dumps({**self._header, "actions": self._actions}))
            os.replace(tmp, self.path)
        except OSError as err:  # a full disk: the table goes on, it is saved at the next move
            logging.getLogger("tableref.sim").warning("cannot save the simulated table: %s",
                                                      err)

    def _load(self, path: Path) -> None:
        try:
            data = json.loads(path.read_text())
            world = SimWorld(list(data["players"]), int(data["seed"]), data["options"])
            flips = verdicts = 0
            for action in data["actions"]:
                if action[0] == "flip":
                    world.flip(int(action[1]))
                    flips += 1
                else:
                    _, seq, player, right = action
                    if right is not None:
                        world.ring(int(player), bool(right))
                    verdicts = int(seq)
        except FileNotFoundError:
            return
        except (OSError, ValueError, KeyError, TypeError, IndexError) as err:
            log.warning("simulated table: %s cannot be read (%s): a new deal", path, err)
            return
        self.world, self.flips, self.verdicts = world, flips, verdicts
        self.game_id = int(data["game_id"])
        self._header = {k: data[k] for k in ("game_id", "players", "options", "seed")}
        self._actions = list(data["actions"])
