"""One card's two readings, the network's and the hand-written reader's, made one.

The two readers fail differently: the network was trained on the project's drawn cards and
can be sure of a card art it never saw, the hand-written reader counts fruit shapes and
gives up under glare, shadow or a hand. A card is taken only where they do not contradict
each other: both say the same, or one reads it and the other cannot tell. Where both read
it differently the card is "unknown" (never a guess between them).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tableref.vision.halli.recognise import SeenCard


def agree(plain: SeenCard, net: SeenCard) -> SeenCard | None:
    """The card both readings allow: `net` may be of kind "junk" (the network is sure the
    outline is no card); None when it is and the hand-written reader found no card either."""
    if net.kind == "junk":
        return None if plain.kind == "unknown" else _unknown(net)
    if plain.kind == "unknown" or _same(plain, net):
        return net  # the network's card also names an enrolled animal
    if net.kind == "unknown":
        return plain
    return _unknown(net)


def _same(a: SeenCard, b: SeenCard) -> bool:
    if a.kind != b.kind:
        return False
    return a.kind != "fruit" or a.code == b.code


def _unknown(card: SeenCard) -> SeenCard:
    return replace(card, kind="unknown", code=None, fruits=None)
