"""The die: six faces, equally likely, thrown with a random source the caller injects.

```
throw(random.Random(7))        # the same face for the same seed (tests, replays)
throw(random.SystemRandom())   # the box's die at the table
```
"""

from __future__ import annotations

from typing import Protocol

from tableref.games.nelly.events import Roll
from tableref.games.nelly.material import FACES, Face


class RandomSource(Protocol):
    """What the die needs of a random source (`random.Random` and `SystemRandom` have it)."""

    def randrange(self, stop: int, /) -> int: ...


def throw(rng: RandomSource) -> Face:
    return FACES[rng.randrange(len(FACES))]


def roll(rng: RandomSource) -> Roll:
    """The roll event of one throw."""
    return Roll(throw(rng))
