"""The second held-out family of whole games ("held-out-2"), for measuring only.

Conditions the project had never rendered when it was made: the table tops of
`halli_unseen_surfaces` (cork, denim, a large-check oilcloth, terrazzo, dark figured walnut,
a cream or pale pink damask), one a game in turn from `HELDOUT2_SEED`; five or six players
with smaller cards (95-125 px high: a bigger table seen from higher up); a camera tilted up
to 6 degrees; 6-8 frames a second; light of 2700-6500 K in dimmer rooms (level 0.4-0.75);
more sensor noise (4.5-7) and lower JPEG quality (55-80), drawn per game from its seed.
Never tune on these games: once a decision has been taken on their figures, the family is
worn and a new one should be drawn.
"""

from __future__ import annotations

import numpy as np

from tableref.vision.synth.halli_game import GameConditions
from tableref.vision.synth.halli_unseen_surfaces import HELDOUT2_SURFACES

HELDOUT2_SEED = 7_700_000  # the family's first seed; its games are the seeds from here
# the order the table tops come in: the lightest cloth first, so that four games see it
ORDER = ("damask", "oilcloth", "walnut", "cork", "denim", "terrazzo")
assert sorted(ORDER) == sorted(HELDOUT2_SURFACES)


def heldout2_conditions(seed: int) -> GameConditions:
    """How game `seed` of the family is played and filmed (module docstring)."""
    rng = np.random.default_rng([seed, 7])
    return GameConditions(
        players=int(rng.choice([5, 6])),
        surfaces=(ORDER[(seed - HELDOUT2_SEED) % len(ORDER)],),
        card_height=(95.0, 125.0),
        fps=round(float(rng.uniform(6.0, 8.0)), 2),
        kelvin=(2700.0, 6500.0),
        level=(0.4, 0.75),
        noise=round(float(rng.uniform(4.5, 7.0)), 2),
        jpeg=int(rng.integers(55, 81)),
        tilt_deg=6.0,
    )
