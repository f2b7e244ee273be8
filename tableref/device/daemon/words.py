"""What the daemon says: verdicts and scores as sentences in the configured language."""

from __future__ import annotations

from typing import Protocol


class _Ring(Protocol):
    player: int
    right: bool | None
    taker: int | None
    won: int
    over: bool
    winner: int | None


_EN = {
    "first": "{name} was first",
    "by": ", by {ms} milliseconds",
    "right": "Right! {taker} takes {n} cards.",
    "wrong": "Sorry, {name}!",
    "nojudge": "No camera: the players decide.",
    "over": "Game over. {name} wins!",
    "draw": "Game over. It is a draw.",
    "scores": "Round {round}.",
    "score": "{name}: {points} points, total {total}.",
    "device_lost": "The {device} stopped working.",
    "device_back": "The {device} works again.",
}
_DE = {
    "first": "{name} war zuerst",
    "by": ", um {ms} Millisekunden",
    "right": "Richtig! {taker} bekommt {n} Karten.",
    "wrong": "Schade, {name}!",
    "nojudge": "Keine Kamera: die Spieler entscheiden.",
    "over": "Spielende. {name} gewinnt!",
    "draw": "Spielende. Unentschieden.",
    "scores": "Runde {round}.",
    "score": "{name}: {points} Punkte, insgesamt {total}.",
    "device_lost": "{device} funktioniert nicht mehr.",
    "device_back": "{device} funktioniert wieder.",
}


class Words:
    def __init__(self, language: str = "en") -> None:
        self.language = language
        self._t = _DE if language == "de" else _EN

    def verdict(self, players: list[str], ring: _Ring, margin_ms: float | None) -> str:
        t = self._t
        text = t["first"].format(name=players[ring.player])
        if margin_ms is not None:
            text += t["by"].format(ms=round(margin_ms))
        text += ". "
        if ring.right is None:
            text += t["nojudge"]
        elif ring.right:
            taker = players[ring.taker if ring.taker is not None else ring.player]
            text += t["right"].format(taker=taker, n=ring.won)
        else:
            text += t["wrong"].format(name=players[ring.player])
        if ring.over:
            text += " " + (t["over"].format(name=players[ring.winner])
                           if ring.winner is not None else t["draw"])
        return text

    def scores(self, round_no: int, rows: list[tuple[str, int, int]]) -> str:
        t = self._t
        parts = [t["scores"].format(round=round_no)]
        parts += [t["score"].format(name=n, points=p, total=tot) for n, p, tot in rows]
        return " ".join(parts)

    def device(self, name: str, ok: bool) -> str:
        return self._t["device_back" if ok else "device_lost"].format(device=name)
