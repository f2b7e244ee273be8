"""What the referee says at a ring, composed from the phrase table (`device/phrasebook`).

A verdict is a list of short segments, so that the fixed ones (a player's "was first",
"Right!", "Sorry, Ann!") can be rendered ahead of time and start playing at once while the
segments with numbers in them are rendered behind them.
"""

from __future__ import annotations

import re
from collections.abc import Container, Sequence

from tableref.device import phrasebook

LANGUAGES = phrasebook.LANGUAGES
_DEFAULT_NAME = re.compile(r"Player (\d+)")
_CLAUSE_END = re.compile(r"(?<=[.,!?;:])\s+")


def segments_of(text: str, known: Container[str] = ()) -> list[str]:
    """Cut text into the pieces to render: runs of clauses that are `known` (already
    rendered: "Ann was first," "Right!") stand alone, so a sentence that starts like one
    said before starts playing at once; other clauses are kept together up to the end of
    their sentence, or up to the next known run."""
    clauses = [c for c in (p.strip() for p in _CLAUSE_END.split(text)) if c]
    out: list[str] = []
    i = 0
    while i < len(clauses):
        j = _known_run(clauses, i, known)
        if j == i:  # unknown: up to the sentence's end or the next known run
            j = i + 1
            while (
                j < len(clauses)
                and not clauses[j - 1].endswith((".", "!", "?"))
                and _known_run(clauses, j, known) == j
            ):
                j += 1
        out.append(" ".join(clauses[i:j]))
        i = j
    return out


def _known_run(clauses: list[str], i: int, known: Container[str]) -> int:
    """The end of the longest run of clauses from `i` that is known as a whole (or `i`)."""
    for j in range(len(clauses), i, -1):
        if " ".join(clauses[i:j]) in known:
            return j
    return i


class Phrases:
    """The phrases of one language for the players' names (in seat order)."""

    def __init__(self, language: str, names: Sequence[str]) -> None:
        try:
            self.words = phrasebook.Words(language)
        except phrasebook.PhraseError as err:
            raise ValueError(str(err)) from None
        self.language = language
        self.names = tuple(self._spoken_name(name) for name in names)

    def _spoken_name(self, name: str) -> str:
        # the config's default names ("Player 3") are said in the voice's language
        m = _DEFAULT_NAME.fullmatch(name.strip())
        return self.words.player(int(m.group(1))) if m else name

    def name(self, player: int) -> str:
        if 0 <= player < len(self.names):
            return self.names[player]
        return self.words.player(player + 1)

    def first(self, player: int, alone: bool = False) -> str:
        """"Ann was first," before the margin; "Ann was first." (`alone`) with none."""
        return self.words("halli.first_alone" if alone else "halli.first",
                          name=self.name(player))

    def first_tie(self, tied: Sequence[int]) -> str:
        names = [self.name(p) for p in tied]
        return self.words("halli.first_tie", names=self.words.join(names), name=names[0])

    def by_ms(self, ms: float) -> str:
        whole = round(ms)
        if whole < 1:
            return self.words("halli.less_than_ms")
        return self.words("halli.by_ms", n=whole)

    def right(self) -> str:
        return self.words("halli.right")

    def wrong(self, player: int) -> str:
        return self.words("halli.wrong", name=self.name(player))

    def takes(self, player: int, cards: int) -> str:
        return self.words("halli.takes", name=self.name(player), n=cards)

    def out(self, player: int) -> str:
        return self.words("halli.out", name=self.name(player))

    def wins(self, player: int | None) -> str:
        if player is None:
            return self.words("common.draw")
        return self.words("common.wins", name=self.name(player))

    def verdict(
        self,
        player: int,
        right: bool,
        margin_ms: float | None = None,
        cards: int | None = None,
        tied: Sequence[int] = (),
    ) -> list[str]:
        """The segments of a verdict: "Ann was first," "by 23 milliseconds." "Right!"
        "Ann takes 14 cards." A wrong ring ends with "Sorry, Ann!". Parts with no value
        given are left out; `tied` (more than one player) says the tie first."""
        margin = margin_ms is not None and len(tied) <= 1
        segments = [self.first_tie(tied) if len(tied) > 1 else self.first(player, not margin)]
        if margin_ms is not None and len(tied) <= 1:
            segments.append(self.by_ms(margin_ms))
        if right:
            segments.append(self.right())
            if cards is not None:
                segments.append(self.takes(player, cards))
        else:
            segments.append(self.wrong(player))
        return segments

    def fixed(self) -> list[str]:
        """The phrases worth rendering ahead of time: every one with no number in it."""
        out = [self.right(), self.words("common.draw"), self.words("halli.less_than_ms")]
        for player in range(len(self.names)):
            out += [self.first(player), self.first(player, alone=True), self.wrong(player),
                    self.out(player), self.wins(player)]
        return out
