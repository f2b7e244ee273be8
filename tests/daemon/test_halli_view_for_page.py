"""What the Halli session's view tells the page beyond the table: each seat's rings, the
chances nobody rang for, the final round and how the game ended; all of it the fold of the
journal's events, so a restart shows the same."""

from __future__ import annotations

from test_daemon_halli_session import MS, Table


def test_a_ringable_table_passed_unrung_is_a_chance_missed() -> None:
    t = Table()
    t.seen(100 * MS, ("BBL", None, None))
    t.seen(200 * MS, ("BBL", "BBL", None))  # two identical cards: ring!
    t.seen(300 * MS, ("BBL", "BBL", "P"))  # still ringable: not missed yet
    assert t.session.view()["missed"] == 0
    t.seen(400 * MS, ("S", "BBL", "P"))  # the pair is gone, nobody rang
    view = t.session.view()
    assert view["missed"] == 1
    assert view["last_missed"]["cards"] == ["BBL", "BBL", "P"]
    # the cards in words, never as codes
    assert view["last_missed"]["reasons"] == ["two identical cards (2 bananas, 1 lime)"]
    assert t.replayed().view()["last_missed"] == view["last_missed"]


def test_a_chance_taken_is_not_missed_and_rings_are_counted_per_seat() -> None:
    t = Table()
    t.seen(100 * MS, ("BBL", None, None))
    t.press(1, 150 * MS)  # nothing to ring for
    t.seen(160 * MS, ("BBL", None, None))
    t.at(2000 * MS)
    t.seen(2100 * MS, ("BBL", None, "pig"))  # after the wrong ring, P2's turn
    t.press(0, 2300 * MS)
    t.seen(2310 * MS, ("BBL", None, "pig"))
    t.at(4000 * MS)
    view = t.session.view()
    assert view["missed"] == 0
    rings = {r["seat"]: (r["right"], r["wrong"]) for r in view["rings"]}
    assert rings == {0: (1, 0), 1: (0, 1), 2: (0, 0)}
    assert t.replayed().view()["rings"] == view["rings"]


def test_the_end_of_a_game_says_which_rule_ended_it() -> None:
    t = Table(players=2, cards=[36, 1])
    t.seen(100 * MS, ("BBL", None))
    t.seen(200 * MS, ("BBL", "P"))
    assert t.session.view()["end"] is None
    t.seen(300 * MS, ("S", "P"))  # P1's turn comes with no card left: out, P0 wins
    view = t.session.view()
    assert view["over"] and view["winner"] == 0
    assert view["end"] == {"rule": "last_player",
                           "holding": [p["holding"] for p in view["piles"]]}
    assert view["piles"][0]["holding"] == 36 and view["piles"][1]["holding"] == 1


def test_the_final_round_is_shown_and_its_ring_ends_the_game() -> None:
    t = Table(players=3, cards=[35, 36, 1])
    t.seen(100 * MS, ("BBL", None, None))
    t.seen(200 * MS, ("BBL", "P", None))
    t.seen(300 * MS, ("BBL", "P", "S"))
    t.seen(400 * MS, ("L", "P", "S"))
    assert not t.session.view()["final_round"]
    t.seen(500 * MS, ("L", "L", "S"))  # P2's turn with no card left: out, two are left
    view = t.session.view()
    assert view["final_round"] and not view["over"]
    t.press(1, 600 * MS)
    t.seen(610 * MS, ("L", "L", "S"))
    view = t.session.view()
    assert view["over"] and not view["final_round"]
    assert view["end"]["rule"] == "final_ring"
    holding = view["end"]["holding"]
    assert view["winner"] == max(range(3), key=lambda s: holding[s])


def test_a_wrong_ring_in_the_final_round_names_the_other_player_as_the_taker() -> None:
    t = Table(players=3, cards=[35, 36, 1])
    t.seen(100 * MS, ("BBL", None, None))
    t.seen(200 * MS, ("BBL", "P", None))
    t.seen(300 * MS, ("BBL", "P", "S"))
    t.seen(400 * MS, ("L", "P", "S"))
    t.seen(500 * MS, ("L", "BB", "S"))  # P2 is out: the final round, nothing to ring for
    assert t.session.view()["final_round"]
    t.press(0, 600 * MS)  # wrong: P1 takes the cards, as if P1 had rung right
    t.seen(610 * MS, ("L", "BB", "S"))
    verdict = t.session.view()["last_verdict"]
    assert verdict["player"] == 0 and verdict["right"] is False
    assert verdict["taker"] == 1 and verdict["taken"] > 0
    assert t.replayed().view()["last_verdict"]["taker"] == 1


def test_the_reasons_say_the_cards_as_fruit_in_every_language() -> None:
    from tableref.device.daemon.halli_words import said
    from tableref.device.phrasebook import Words

    why = [("halli.reason_identical", {"card": "BBL"}),
           ("halli.veto_monkey_lime", {"cards": ["L", "PPL"]})]
    assert said(Words("de"), why) == [
        "zwei gleiche Karten (2 Bananen, 1 Limette)",
        "ein Affe mit einer Limette (1 Limette; 2 Pflaumen, 1 Limette): nicht läuten"]
    assert said(Words("fr"), why)[0] == "deux cartes identiques (2 bananes, 1 citron vert)"
