"""The simulated table as the daemon's equipment: one camera, one set of bells, the players
of every game (each plays only its own game, and is idle otherwise), and a hand that holds
up the cards the page's teaching asks for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tableref.device.config import Config
from tableref.device.sim.bells import SimBells
from tableref.device.sim.camera import SimCamera
from tableref.device.sim.hand import SimHand
from tableref.device.sim.nelly_players import SimNellyPlayers
from tableref.device.sim.nelly_table import SimNellyTable
from tableref.device.sim.players import SimPlayers
from tableref.device.sim.table import SimTable

SIM_TABLE_FILE = "sim_table.json"  # the simulated table's cards, beside the journal


def simulated_table(config: Config, state_dir: Path | None = None
                    ) -> tuple[SimCamera, SimBells, list[Any]]:
    """The camera filming the simulated table, its bells, and its players (followers);
    the table keeps its cards in `state_dir` (beside the journal)."""
    table = SimTable(None if state_dir is None else state_dir / SIM_TABLE_FILE)
    nelly = SimNellyTable()  # drawn instead of the cards while Nelly is played
    camera = SimCamera(table, fps=config.sim.fps, nelly=nelly)
    bells = SimBells()
    players = [SimPlayers(config.sim, table, bells),
               SimNellyPlayers(config.sim, bells, table=nelly), SimHand(table)]
    return camera, bells, players
