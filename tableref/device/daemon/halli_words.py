"""A Halli ring in words: the verdict the referee says, and why the ring was right or
wrong, as phrases of the table (device/phrasebook/halli.py).

The engine's verdict names its triggers and vetoes; the cards behind them (the pair, the
fruit with a strawberry) come from the cards it judged. A reason is kept as a phrase id and
its fields (cards as codes), and put in words in the language of the moment (`said`: "two
identical cards (2 bananas, 1 lime)", never "BBL"), so the page shows it in the language
chosen after the ring too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from tableref.device.phrasebook import Words
from tableref.device.voice.phrases import Phrases
from tableref.games.halli import Card, Outcome
from tableref.games.halli.cards import FruitCard
from tableref.games.halli.verdict import Trigger, Verdict, Veto

Phrase = tuple[str, dict[str, Any]]  # an id of the phrase table and its fields


def verdict_said(p: Phrases, ring: Outcome, margin_ms: float | None,
                 tied: Sequence[int] = (), unread: bool = False) -> list[str]:
    """"Ann was first," "by 23 milliseconds." "Right!" "Ann takes 14 cards." ...

    A ring that could not be judged says who was first and why the players decide:
    no camera, or (`unread`) a visible card that was not read."""
    player = ring.player
    assert player is not None
    if ring.right is None:
        why = p.words("halli.unread" if unread else "halli.nojudge")
        return [*p.verdict(player, False, margin_ms, None, tied)[:-1], why]
    return p.verdict(player, ring.right, margin_ms, None, tied) + moved_said(p, ring)


def moved_said(p: Phrases, ring: Outcome) -> list[str]:
    """What a judged ring moved: who takes the cards, who is out, who wins. "Takes 0
    cards" is left out when the ringer was right: no card was counted on the table (no
    camera); a wrong ring of the final round always says the other player takes them."""
    player = ring.player
    out = []
    if ring.taker is not None and (ring.won or ring.taker != player):
        out.append(p.takes(ring.taker, ring.won))
    out += [p.out(w.player) for w in ring.went_out]
    if ring.over:
        out.append(p.wins(ring.winner))
    return out

_TRIGGER = {
    Trigger.ELEPHANT: "halli.reason_elephant",
    Trigger.MONKEY: "halli.reason_monkey",
    Trigger.PIG: "halli.reason_pig",
    Trigger.ELEPHANT_ALONE: "halli.reason_elephant_alone",
    Trigger.MONKEY_ALONE: "halli.reason_monkey_alone",
}


def reasons(judged: Verdict, cards: Sequence[Card]) -> list[Phrase]:
    """The verdict's reasons: its vetoes first when it forbids the ring, then its triggers."""
    fruits = [c for c in cards if isinstance(c, FruitCard)]
    pairs = sorted(c.code for c, n in Counter(fruits).items() if n > 1)
    triggers: list[Phrase] = []
    for trigger in judged.triggers:
        if trigger is Trigger.IDENTICAL:
            continue
        triggers.append((_TRIGGER[trigger], {}))
    triggers[:0] = [("halli.reason_identical", {"card": code}) for code in pairs]
    vetoes: list[Phrase] = []
    for veto in judged.vetoes:
        if veto is Veto.ELEPHANT_STRAWBERRY:
            codes = sorted({c.code for c in fruits if c.strawberry})
            vetoes.append(("halli.veto_elephant_strawberry", {"cards": codes}))
        else:
            codes = sorted({c.code for c in fruits if c.lime})
            vetoes.append(("halli.veto_monkey_lime", {"cards": codes}))
    if judged.ring:
        return triggers
    if vetoes:
        return vetoes + triggers
    return [("halli.no_trigger", {})]


FRUIT_ORDER = "BPSL"  # bananas, plums, strawberries, limes: as the page says a card


def card_words(words: Words, code: str) -> str:
    """A fruit card in words: "BBL" -> "2 bananas, 1 lime" (as static/halli_cards.js)."""
    counts = Counter(code)
    if not code or set(code) - set(FRUIT_ORDER):
        return code
    return ", ".join(words(f"halli.fruit_{f}", n=counts[f]) for f in FRUIT_ORDER if counts[f])


def said(words: Words, phrases: Sequence[Phrase]) -> list[str]:
    """The reasons in words; a field `card` (a code) or `cards` (codes) said as fruit."""
    out = []
    for pid, fields in phrases:
        shown = dict(fields)
        if isinstance(shown.get("card"), str):
            shown["card"] = card_words(words, shown["card"])
        if isinstance(shown.get("cards"), list):
            shown["cards"] = "; ".join(card_words(words, c) for c in shown["cards"])
        out.append(words(pid, **shown))
    return out
