"""A live Halli Galli game on the simulated table: the referee sees only camera frames
(rendered, then read by the real recogniser) and bell presses, and keeps the same count
of every player's cards as the simulated table really holds."""

from __future__ import annotations

import contextlib
import json
from dataclasses import replace
from pathlib import Path

from daemon_proc_helper import until

from tableref.device.config import SimConfig, parse_config
from tableref.device.daemon.app import Daemon
from tableref.device.daemon.halli_session import HalliSession, Timing
from tableref.device.daemon.service import build_equipment
from tableref.device.sim import SimPlayers
from tableref.device.store import Store

HANG_S = 180.0  # only a referee that lost the table waits this long
PATIENCE_S = 30.0  # a busy machine's referee counts a card within seconds

CONFIG = ('[[players]]\nname = "Ann"\n[[players]]\nname = "Ben"\n[[players]]\nname = "Cid"\n'
          '[voice]\nengine = "none"\n')


async def test_the_referee_follows_the_simulated_table(tmp_path: Path) -> None:
    config = parse_config(CONFIG)
    config = replace(config, sim=SimConfig(flip_s=0.5, fps=20, bots=True, reaction_ms=200,
                                           seed=99, patience_s=PATIENCE_S))
    equipment = build_equipment(config, sim=True, state_dir=tmp_path)
    # no deadline decides anything here, so a busy machine only makes the game slower: a
    # ring is judged on the first frame taken at or after its press, however late it
    # comes, and the players turn a card only once the page counts the last one
    equipment.kits["halli"].timing = Timing(lock_s=0.2, frame_wait_s=HANG_S)
    players = equipment.followers[0]
    assert isinstance(players, SimPlayers)
    d = Daemon(config, Store(tmp_path / "j.sqlite3"), equipment)
    await d.start()
    try:
        session = d.session
        assert isinstance(session, HalliSession)
        with contextlib.suppress(AssertionError):  # a referee that lost the table: below
            await until(lambda: session.verdicts >= 2 and players.table.flips >= 20, HANG_S)
        # stop the players, let the camera catch up, then compare referee and table
        players.paused = True
        world = players.table.world
        assert world is not None

        def story() -> str:  # what the referee journalled and what the table's players did
            return "\n".join(
                [json.dumps(e) for e in d.store.events(d.game_id)]
                + [json.dumps(a) for a in json.loads((tmp_path / "sim_table.json").read_text())[
                    "actions"]])

        def caught_up() -> bool:
            halli = d.snapshot()["halli"]
            return not session.locked and halli["bell"] == len(world.bell) and all(
                (pile["pile"], pile["stack"]) == (len(world.piles[s]), len(world.stacks[s]))
                for s, pile in enumerate(halli["piles"]))

        with contextlib.suppress(AssertionError):  # a referee that lost the table: below
            await until(caught_up, HANG_S)
        halli = d.snapshot()["halli"]
        for seat, pile in enumerate(halli["piles"]):
            assert pile["pile"] == len(world.piles[seat]), (seat, story())
            assert pile["stack"] == len(world.stacks[seat]), (seat, story())
            assert pile["top"] == (world.piles[seat][-1] if world.piles[seat] else None)
        assert halli["bell"] == len(world.bell)
        assert halli["message"] == ""
        assert session.verdicts >= 2 and players.table.flips >= 20, story()
        verdict = halli["last_verdict"]
        # the bots ring only when it is right: a ring is never judged wrong; it may be
        # unsure (right null) when no frame read round the press showed the pile without
        # the turning hand over it (a busy machine reads fewer frames)
        rings = [e for e in d.store.events(d.game_id) if e["event"] == "ring"]
        assert all(r.get("right") is not False for r in rings), story
        assert verdict["right"] in (True, None)
        assert verdict["reaction_ms"].get(str(verdict["player"]), 1) > 0
        # the simulated table keeps its own facts beside the journal, not in it
        assert (tmp_path / "sim_table.json").exists()
        kinds = {e["event"] for e in d.store.events(d.game_id)}
        assert kinds <= {"start", "flip", "ring", "late"}
    finally:
        await d.stop()
        d.store.close()
