"""The simulated table: hardware like any other, for a laptop, CI and the demo.

- `SimCamera` (camera.py) films the table: the project's renderer (vision/synth) draws the
  top cards into camera frames, which the real recogniser reads;
- `SimBells` (bells.py) are bells the simulated players press, opened by the daemon like
  the GPIO bells;
- `SimPlayers` (players.py) are the people at the table: they turn cards in turn, ring
  with human timing when asked (`[sim] bots`), gather the cards as the referee's verdicts
  say and start a new game when one is over. Like people they follow the game on the page
  (`Hub.subscribe`), and nothing else of the daemon;
- `SimNellyPlayers` (nelly_players.py) play a Nelly game by themselves: they press their
  buttons as the page says and report the turtles that fall;
- `simulated_table` (equip.py) puts them together as the daemon's equipment;
- `SimWorld` (world.py) is where every card really is; `SimTable` (table.py) keeps it in a
  file of its own beside the journal, so after a restart the table is as it was.

The game's events know nothing of all this: the deal's seed and the players' own actions
are the simulator's facts, kept in its file. This package is the only production code that
uses vision/synth (the renderer and the simulated decks' card art).
"""

from tableref.device.sim.bells import SimBells
from tableref.device.sim.camera import SimCamera
from tableref.device.sim.nelly_players import SimNellyPlayers
from tableref.device.sim.players import SimPlayers
from tableref.device.sim.table import SimTable
from tableref.device.sim.world import SimWorld

__all__ = ["SimBells", "SimCamera", "SimNellyPlayers", "SimPlayers", "SimTable", "SimWorld"]
