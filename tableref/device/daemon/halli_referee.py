"""A recorded Halli Galli game refereed offline, through the daemon's own path.

Frames (each with its sensor time) and bell presses (each with its edge time) are fed in
time order to a `HalliSession` on an `OfflineBox`: the clock is moved to each input's time
first, so the arbiter's settle window, the wait for the camera frame at a press and the
bells' lock fall due exactly as they would have live. Each frame is read by the session's
own eyes (the recogniser, the seats), then the session's flip watcher, arbiter and the
engine do the rest. The result is the game log the daemon would have journalled.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from tableref.device.camera.base import Frame
from tableref.device.config import Config
from tableref.device.daemon.halli_session import HalliKit, HalliSession, Timing
from tableref.device.daemon.offline import OfflineBox
from tableref.games.halli import Event, Flip, GameState, Press, Ring, Start, event_to_json

Image = np.ndarray


@dataclass(frozen=True)
class FrameAt:
    """A recorded frame: its sensor time and how to load its image (loaded when fed)."""

    t_ns: int
    load: Callable[[], Image]


@dataclass(frozen=True)
class Refereed:
    events: list[Event]
    state: GameState

    def log(self) -> list[dict[str, Any]]:
        """The events in the game-log form, a flip's unread card and an unjudged ring's
        verdict written as null."""
        out = []
        for event in self.events:
            data = event_to_json(event)
            if isinstance(event, Flip):
                data.setdefault("card", None)
            elif isinstance(event, Ring):
                data.setdefault("right", None)
            out.append(data)
        return out


def referee(start: Start, frames: Iterable[FrameAt], presses: Iterable[Press],
            reader: Callable[[Image], Any] | None, config: Config | None = None,
            timing: Timing | None = None) -> Refereed:
    """Referee the recorded game: `frames` and `presses` each in any order."""
    box = OfflineBox(config, names=list(start.players), camera=True)
    timing = timing or Timing()
    session = HalliSession(box, HalliKit(reader=reader, timing=timing))
    box.start(session, list(start.players), event=start)
    # frames first at equal times: a frame taken at the press shows the table it judges
    inputs: list[tuple[int, int, FrameAt | Press]] = [(f.t_ns, 0, f) for f in frames]
    inputs += [(p.t_ns, 1, p) for p in presses]
    inputs.sort(key=lambda x: (x[0], x[1]))
    if inputs:
        box.clock.advance_to(inputs[0][0])
    for t_ns, _, item in inputs:
        box.clock.advance_to(t_ns)
        if isinstance(item, Press):
            session.press(item.player, item.t_ns)
        elif session.eyes is not None:
            sight, _jpeg = session.eyes.look(Frame(item.load(), t_ns, 0))
            session.seen(sight)
    # what was still pending (a wait for a frame that never came, the last lock) runs out
    settle_ns = round(box.config.bells.settle_ms * 1e6)
    box.clock.advance(settle_ns + round((timing.frame_wait_s + timing.lock_s) * 1e9) + 1)
    assert session.state is not None
    return Refereed(list(box.events), session.state)
