"""The camera's count weighed against the players' reports, on a simulated Nelly table: how
often the box asks about nothing, how many falls nobody reported it catches, and how fast.

Random games (games/nelly/sim.RandomPlay) are played into the daemon's own Nelly session;
the camera films the table as it really is (vision/synth's Nelly table), each frame 0.1 s
after the last, through the session's eyes (the real counter, vision/nelly, with the
still-table skip) and its reconciler, as live. The table changes before the box hears of
it, as at a real table: a placed turtle is off its player's plants, and turtles that fell
lie on the mover's free plants (red first, the rest in the box), for `--lag` frames before
the press that tells the box; then `--frames` frames after every event. A share
(`--forget`) of the falls that land on the mover's free plants is not reported: those
turtles lie there until the camera's question is answered ("yes: they fell"), or for
`--patience` events, after which the players report it themselves (a miss). A fall the
camera asks about while the players are still pressing to tell it is answered "yes" too
(told-asked). Any other question is a false question (answered "the box is right").
Nothing of the reconciler is fitted to these scenes: its constants (a reading counts after
3 alike frames; one turtle fewer of a colour a seat still to place may place is a placement
under way) are design choices. The tables are the simulated camera's (render_nelly_table:
an even, neutral light), easier than bench/nelly_turtles.py's scenes; with --hands, the
placer's hand (of a lighter or darker skin) moves over their zone in the first half of the
`--lag` frames and is gone before the press. Prints, per kind of table:

    table  games events  false-q/100ev  unreported caught  told-asked  frames-to-ask  ...

Usage: bench/nelly_reconcile.py [--games 6] [--seed 1] [--frames 8] [--lag 8]
                                [--tables cloth,light] [--hands 0.3]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field

from tableref.device.camera.base import Frame
from tableref.device.config import Config, PlayerConfig
from tableref.device.daemon.nelly_count import NellyEyes
from tableref.device.daemon.nelly_session import NellyKit, NellySession, vision_counter
from tableref.device.daemon.offline import OfflineBox
from tableref.games.nelly import COLOURS, Fall, Place, Turtles
from tableref.games.nelly.sim import NAMES, RandomPlay
from tableref.vision.nelly.zones import default_zones, zones_to_json
from tableref.vision.synth.nelly_scene import render_nelly_table


@dataclass
class Figures:
    games: int = 0
    events: int = 0
    false_questions: int = 0
    unreported: int = 0
    caught: int = 0
    to_ask: list[int] = field(default_factory=list)
    told_asked: int = 0  # falls the camera asked about before the players told them
    unsure_frames: int = 0
    frames: int = 0
    hand_frames: int = 0  # frames with a hand over a zone


def _landed(fall: Fall, room: int) -> Turtles:
    """The turtles of a fall that find a free plant, red first (the rest go to the box)."""
    landed = {}
    for colour in COLOURS:
        landed[colour] = min(fall.turtles[colour], max(0, room))
        room -= landed[colour]
    return Turtles.of(landed)


def play(table: str, seed: int, frames_per_event: int, lag: int, forget: float,
         patience: int, figures: Figures, hands: float = 0.0) -> None:
    rng = random.Random(seed)
    n = 2 + seed % 3
    names = list(NAMES[:n])
    config = Config(players=tuple(PlayerConfig(i, name) for i, name in enumerate(names)))
    box = OfflineBox(config, camera=True)
    session = NellySession(box, NellyKit(rng=rng, counter=vision_counter()))
    box.start(session, names)
    session.report({"zones": zones_to_json(default_zones(n))})
    eyes = session.eyes
    assert isinstance(eyes, NellyEyes)
    moves = RandomPlay(rng, wobble=0.08)
    pending: tuple[Fall, int, int] | None = None  # the fall not told, event no, frame no
    clock = {"t_ns": 0, "frame": 0}
    figures.games += 1

    def film(truth: list[Turtles], frames: int, telling: Fall | None = None,
             hand: tuple[int, float] | None = None) -> bool:
        """`frames` frames of the table as it is; the questions answered as the players
        would. True when the fall being told was asked about (and so recorded). `hand`:
        (seat, skin tone) of a hand moving over that seat's zone in the first half of the
        frames, gone in the second."""
        nonlocal pending
        state = session.state
        assert state is not None
        contents = [t.to_json() for t in truth]
        counts = [p.plants for p in state.players]
        image, _ = render_nelly_table(contents, counts, seed=seed, table=table)
        for k in range(frames):
            clock["t_ns"] += 100_000_000
            clock["frame"] += 1
            if hand is not None and k < frames // 2:
                figures.hand_frames += 1
                image, _ = render_nelly_table(contents, counts, seed=seed, table=table,
                                              hand_at=hand[0], hand_seed=clock["frame"],
                                              hand_tone=hand[1])
            elif hand is not None and k == frames // 2:
                image, _ = render_nelly_table(contents, counts, seed=seed, table=table)
            sight, _jpeg = eyes.look(Frame(image, clock["t_ns"], clock["frame"]))
            figures.frames += 1
            figures.unsure_frames += any(z.unsure for z in sight.zones)
            session.seen(sight)
            for ask in session.reconciler.to_json():
                seat, more = ask["player"], ask["more"]
                state = session.state
                assert state is not None
                room = state.players[seat].free_plants
                if telling is not None and seat == telling.player and more == _landed(
                        telling, room).to_json():
                    figures.told_asked += 1  # seen before the players told it: "yes"
                    box.record(telling)
                    return True
                fall = pending[0] if pending is not None else None
                if fall is not None and seat == fall.player and more == _landed(
                        fall, room).to_json():
                    figures.caught += 1
                    figures.to_ask.append(clock["frame"] - pending[2])  # type: ignore[index]
                    box.record(fall)
                    pending = None
                else:
                    figures.false_questions += 1
                    session.report({"camera": "dismiss", "player": seat})
        return False

    def table_now() -> list[Turtles]:
        state = session.state
        assert state is not None
        truth = [p.turtles for p in state.players]
        if pending is not None:
            seat = pending[0].player
            room = state.players[seat].free_plants
            truth[seat] = truth[seat] + _landed(pending[0], room)
        return truth

    while session.state is not None and not session.state.over:
        state = session.state
        event = moves.next_event(state)
        if isinstance(event, Fall):
            if pending is not None:
                continue  # one untold fall at a time
            lands = event.turtles.total <= state.players[event.player].free_plants
            if lands and rng.random() < forget:
                pending = (event, figures.events, clock["frame"])
                figures.unreported += 1
                event = None  # type: ignore[assignment]
        if lag and isinstance(event, Place | Fall):
            # the table changes first: the turtle is on Nelly (or the fallen ones on the
            # plants) for `lag` frames before the press that tells the box
            truth = table_now()
            if isinstance(event, Place):
                truth[event.player] = truth[event.player] - Turtles.one(event.colour)
            else:
                truth[event.player] = truth[event.player] + _landed(
                    event, state.players[event.player].free_plants)
            hand = (event.player, rng.uniform(0.45, 1.0)) if rng.random() < hands else None
            if film(truth, lag, event if isinstance(event, Fall) else None, hand):
                event = None  # type: ignore[assignment]
                figures.events += 1
        if event is not None:
            box.record(event)
            figures.events += 1
        state = session.state
        if state is None or state.over:
            break
        film(table_now(), frames_per_event)
        if pending is not None and figures.events - pending[1] > patience:
            box.record(pending[0])  # nobody saw it ask: the players tell it themselves
            pending = None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--frames", type=int, default=8, help="frames per event (0.1 s each)")
    parser.add_argument("--lag", type=int, default=8,
                        help="frames a placed or fallen turtle is seen before it is told")
    parser.add_argument("--forget", type=float, default=0.5)
    parser.add_argument("--patience", type=int, default=6, help="events an untold fall waits")
    parser.add_argument("--tables", default="cloth,light,pattern,wood")
    parser.add_argument("--hands", type=float, default=0.0,
                        help="chance that the placer's hand moves over their zone while the "
                             "turtle is placed (lighter to darker skin), gone before the press")
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.1f} (2 cores shared)")
    print(f"{'table':8} {'games':>5} {'events':>6} {'false-q/100ev':>13} "
          f"{'unreported caught':>17} {'told-asked':>10} {'frames-to-ask med/max':>21} "
          f"{'unsure frames':>13} {'':>10} "
          f"{'ms/frame med/p95':>16}")
    for table in args.tables.split(","):
        figures = Figures()
        ms: list[float] = []
        start = time.perf_counter()
        for g in range(args.games):
            play(table, args.seed + g, args.frames, args.lag, args.forget, args.patience,
                 figures, args.hands)
        del start
        # the counter's own times, from the eyes of the last game only would be too few:
        # time one frame per event of a short replay instead
        ms = _count_times(table, args.seed)
        asks = figures.to_ask
        med = f"{statistics.median(asks):.0f}/{max(asks)}" if asks else "-"
        q = 100 * figures.false_questions / max(1, figures.events)
        print(f"{table:8} {figures.games:>5} {figures.events:>6} {q:>13.2f} "
              f"{f'{figures.caught}/{figures.unreported}':>17} {figures.told_asked:>10} "
              f"{med:>21} "
              f"{f'{figures.unsure_frames}/{figures.frames}':>13} "
              f"{f'({figures.hand_frames} hand)':>10} "
              f"{statistics.median(ms):>7.1f}/{sorted(ms)[int(0.95 * (len(ms) - 1))]:<8.1f}")
    return 0


def _count_times(table: str, seed: int, n: int = 12) -> list[float]:
    """ms per 1280x720 frame for the counter on this table (different contents each)."""
    from tableref.vision.nelly import count_turtles

    rng = random.Random(seed)
    out = []
    for i in range(n):
        turtles = [Turtles(rng.randint(0, 3), rng.randint(0, 3), rng.randint(0, 3)).to_json()
                   for _ in range(3)]
        image, zones = render_nelly_table(turtles, [9, 9, 9], seed=seed + i, table=table)
        start = time.perf_counter()
        count_turtles(image, zones)
        out.append((time.perf_counter() - start) * 1000)
    return out


if __name__ == "__main__":
    sys.exit(main())
