"""The sentences the referee speaks (in segments, see device/voice/phrases.py): verdicts,
scores, devices lost and back. Built on the voice's phrases plus the few below."""

from __future__ import annotations

from collections.abc import Sequence

from tableref.device.voice.phrases import Phrases
from tableref.games.halli import Outcome

_EXTRA = {
    "en": {
        "nojudge": "No camera: you decide.",
        "unread": "A card was not read: you decide.",
        "device_lost": "The {device} stopped working.",
        "device_back": "The {device} works again.",
        "round": "Round {round}.",
        "score": "{name}: {points} points, total {total}.",
        "objective": "Objective {id}:",
        "points": "{name} {points}",
    },
    "de": {
        "nojudge": "Keine Kamera: ihr entscheidet.",
        "unread": "Eine Karte wurde nicht erkannt: ihr entscheidet.",
        "device_lost": "{device} funktioniert nicht mehr.",
        "device_back": "{device} funktioniert wieder.",
        "round": "Runde {round}.",
        "score": "{name}: {points} Punkte, insgesamt {total}.",
        "objective": "Ziel {id}:",
        "points": "{name} {points}",
    },
}


class Speech:
    def __init__(self, language: str, names: Sequence[str]) -> None:
        self.language = language
        self.phrases = Phrases(language, list(names))
        self._t = _EXTRA.get(language, _EXTRA["en"])

    def verdict(self, ring: Outcome, margin_ms: float | None, tied: Sequence[int] = (),
                unread: bool = False) -> list[str]:
        """"Ann was first," "by 23 milliseconds." "Right!" "Ann takes 14 cards." ...

        A ring that could not be judged says who was first and why the players decide:
        no camera, or (`unread`) a visible card that was not read."""
        p = self.phrases
        player = ring.player
        assert player is not None
        if ring.right is None:
            why = self._t["unread" if unread else "nojudge"]
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
        """"Round 1." "Objective 5: Ann 6, Ben 2." ... "Ann: 9 points, total 9." ..."""
        t = self._t
        out = [t["round"].format(round=round_no)]
        for oid, points in (objectives or {}).items():
            each = ", ".join(t["points"].format(name=n, points=p)
                             for (n, _, _), p in zip(rows, points, strict=True))
            out.append(f"{t['objective'].format(id=oid)} {each}.")
        out += [t["score"].format(name=n, points=pts, total=tot) for n, pts, tot in rows]
        return out

    def device(self, name: str, ok: bool) -> str:
        return self._t["device_back" if ok else "device_lost"].format(device=name)
