"""The sentences the referee speaks (in segments, see device/voice/phrases.py): verdicts,
scores, devices lost and back, all from the phrase table (device/phrasebook)."""

from __future__ import annotations

from collections.abc import Sequence

from tableref.device import phrasebook
from tableref.device.voice.phrases import Phrases
from tableref.games.halli import Outcome


class Speech:
    def __init__(self, language: str, names: Sequence[str]) -> None:
        self.language = language
        self.phrases = Phrases(language, list(names))
        self.words = self.phrases.words  # any phrase of the table: words("halli.right")

    def verdict(self, ring: Outcome, margin_ms: float | None, tied: Sequence[int] = (),
                unread: bool = False) -> list[str]:
        """"Ann was first," "by 23 milliseconds." "Right!" "Ann takes 14 cards." ...

        A ring that could not be judged says who was first and why the players decide:
        no camera, or (`unread`) a visible card that was not read."""
        p = self.phrases
        player = ring.player
        assert player is not None
        if ring.right is None:
            why = self.words("halli.unread" if unread else "halli.nojudge")
            out = [*p.verdict(player, False, margin_ms, None, tied)[:-1], why]
        elif not ring.right and ring.taker not in (None, player):
            # the final round: a wrong ring gives the other player the cards
            out = p.verdict(player, False, margin_ms, None, tied)
            out.append(p.takes(ring.taker, ring.won))
        else:
            out = p.verdict(player, bool(ring.right), margin_ms,
                            ring.won if ring.right else None, tied)
        out += [p.out(w.player) for w in ring.went_out]
        if ring.over:
            out.append(p.wins(ring.winner))
        return out

    def scores(self, round_no: int, rows: list[tuple[str, int, int]],
               objectives: dict[int, list[int]] | None = None) -> list[str]:
        """"Round 1." "Great savanna: Ann 6, Ben 2." ... "Ann: 9 points, total 9." ..."""
        w = self.words
        out = [w("nimalia.round_said", n=round_no)]
        for oid, points in (objectives or {}).items():
            each = ", ".join(w("nimalia.points_said", name=n, points=p)
                             for (n, _, _), p in zip(rows, points, strict=True))
            out.append(w("nimalia.objective_said", objective=w(f"nimalia.obj{oid}"), each=each))
        out += [w("nimalia.score_said", name=n, points=pts, total=tot) for n, pts, tot in rows]
        return out

    def device(self, name: str, ok: bool) -> str:
        """"The camera stopped working." / "The camera works again." """
        kind = "back" if ok else "lost"
        pid = f"devices.{kind}_{name}"
        if pid not in phrasebook.table():
            pid = f"devices.{kind}_other"
        return self.words(pid)
