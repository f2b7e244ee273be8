"""What the box says in a Nelly game, in English and German, composed from the engine."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tableref.device import phrasebook
from tableref.device.phrasebook.common import NUMBERS
from tableref.device.voice.nelly_words import NellyWords, Said
from tableref.device.voice.sounds import NAMES as SOUNDS
from tableref.device.voice.tts import EspeakEngine, TtsCache
from tableref.games.nelly import GameState, Step, apply, parse_event_line
from tableref.games.nelly.sim import RandomPlay, random_game

NAMES = ["Ann", "Ben", "Cid"]


def said_after(lines: list[str], language: str = "en",
               names: list[str] = NAMES) -> list[Said]:
    words = NellyWords(language, names)
    state: GameState | None = None
    out = []
    for line in lines:
        step = apply(state, parse_event_line(line))
        out.append(words.after(state, step))
        state = step.state
    return out


START = '{"event": "start", "players": ["Ann", "Ben", "Cid"]}'
ROLL_RED = '{"event": "roll", "face": "red"}'


def spoken(said: Said) -> str:
    return " ".join(said.words)


def test_the_die_and_the_order_of_placing() -> None:
    start, roll = said_after([START, ROLL_RED])
    assert spoken(start) == "A new game of Nelly: Ann, Ben and Cid. Ann begins. Ann, throw the die!"
    assert roll.sounds == ("die",)
    assert spoken(roll) == "Red! Ann first: on the head or the back. Then Ben, then Cid."
    de = said_after([START, ROLL_RED], "de")
    assert spoken(de[0]).endswith("Ann fängt an. Ann, würfle!")
    assert spoken(de[1]) == "Rot! Ann zuerst: auf den Kopf oder den Rücken. Dann Ben, dann Cid."


def _round_two(counter: str) -> list[str]:
    return [START, ROLL_RED,
            '{"event": "place", "player": 0, "colour": "red", "on": "head"}',
            '{"event": "place", "player": 1, "colour": "red", "on": "back"}',
            '{"event": "place", "player": 2, "colour": "red", "on": "back"}',
            '{"event": "pass", "player": 0}',
            '{"event": "roll", "face": "yellow"}',
            f'{{"event": "feed", "player": 1, "counter": "{counter}"}}']


def test_each_step_of_a_round_says_what_comes_next() -> None:
    said = said_after(_round_two("crab"))
    assert [spoken(s) for s in said[2:]] == [
        "Ben, red on the back.",
        "Cid, red on the back.",
        "Ann, turn Nelly on to Ben!",
        "Nelly turns to Ben. Ben, throw the die!",
        "Yellow! Ben, feed Nelly: turn over one of your free water plants.",
        "Crab! Nelly dives: her head goes under water. The turtles on her head slide off: onto "
        "Ben's free water plants, the rest back into the box. Ben first: on the back, her head "
        "is under water. Then Cid, then Ann.",
    ]
    assert said[5].sounds == ("turn",) and said[7].sounds == ("pinch",)


def test_the_rotten_water_plant() -> None:
    rotten = said_after(_round_two("rotten"))[-1]
    assert rotten.sounds == ("fart",)
    assert spoken(rotten).startswith(
        "Rotten water plant! Ben places with the favoured hand, everyone else holds their nose"
    )
    assert "Ben first: on the head or the back." in spoken(rotten)  # the head holds only one
    de = said_after(_round_two("rotten"), "de")[-1]
    assert spoken(de).startswith("Faule Seerose! Ben setzt mit der Lieblingshand, alle anderen "
                                 "halten sich damit die Nase zu")


def test_falls_say_where_the_turtles_went() -> None:
    fell = '{"event": "fall", "player": 1, "turtles": {"red": 2}, "from_head": 1}'
    lines = [*_round_two("crab"), fell]
    fall = said_after(lines)[-1]
    assert fall.sounds == ("splash",)
    # Ben's one free plant went with the feed: both go back into the box
    assert spoken(fall) == ("Splash! Two red fell, back into the box: Ben has no free water "
                            "plant.")
    de = said_after(lines, "de")[-1]
    assert spoken(de).startswith("Platsch! Zwei rote sind heruntergefallen, zurück in die "
                                 "Schachtel")


def test_nobody_with_the_colour_and_a_winner() -> None:
    log = Path(__file__).parents[1] / "nelly" / "logs" / "four_players_to_the_end.jsonl"
    lines = log.read_text().splitlines()
    said = said_after(lines, names=["Ann", "Ben", "Cid", "Dee"])
    assert said[-1].sounds == ("fanfare",)
    assert spoken(said[-1]) == "Dee has placed the last turtle and wins!"
    # round 2, yellow: Ann has none, and she is told so once, with the order
    texts = [spoken(s) for s in said]
    assert sum("Ann has no yellow." in t for t in texts) == 1


def test_default_names_are_said_in_the_voice_s_language() -> None:
    said = said_after(['{"event": "start", "players": ["Player 1", "Player 2"]}'], "de",
                      names=["Player 1", "Player 2"])
    assert spoken(said[0]).startswith("Ein neues Spiel Nelly: Spieler 1 und Spieler 2.")


def test_every_language_has_every_phrase_with_the_same_fields() -> None:
    en = phrasebook.section("nelly", "en")
    for language in phrasebook.LANGUAGES:
        table = phrasebook.section("nelly", language)
        assert set(table) == set(en)
        for key in en:
            assert phrasebook.fields_of(table[key]) == phrasebook.fields_of(en[key]), key
        assert len(NUMBERS[language]) == 21  # up to all 20 turtles
    with pytest.raises(ValueError, match="no Nelly phrases for language 'it'"):
        NellyWords("it", NAMES)


class Recording(dict[str, phrasebook.Text]):
    """A phrase table that remembers which phrases were looked up."""

    used: set[str]

    def __getitem__(self, key: str) -> phrasebook.Text:
        self.used.add(key)
        return super().__getitem__(key)


# shown on the page, or said by the daemon's session (its questions), never by NellyWords
PAGE_ONLY = {"title", "ask_colour", "ask_spot", "ask_feed", "ask_fall", "wait_turn",
             "camera_said"} | {k for k in phrasebook.section("nelly", "en") if k.startswith((
                 "btn_", "presses_"))} | {
    "buttons_help", "head", "head_surfaced", "head_submerged", "on_back", "round", "die",
    "plants_left", "box_count", "bell", "favoured", "report_fall", "fall_who", "fall_head",
    "fall_send", "cancel", "camera_sees", "camera_fell", "camera_wrong", "zones",
    "zones_help", "zones_save", "zones_none", "no_counter", "unsure",
    "fewer", "more", "from_head", "acts", "no_turtles"}  # for screen readers, and words


@pytest.mark.parametrize("language", phrasebook.LANGUAGES)
def test_every_moment_of_many_games_has_words_and_every_phrase_is_used(language: str) -> None:
    table = Recording(phrasebook.section("nelly", language))
    table.used = set()
    rng = random.Random(1)
    for game in range(60):
        players = 2 + game % 3
        words = NellyWords(language, ["Ann", "Ben", "Cid", "Dee"][:players])
        words._t = table
        before: GameState | None = None
        step: Step
        for step in random_game(rng, players, play=RandomPlay(rng, wobble=0.15)):
            said = words.after(before, step)
            assert said.words and all(w.strip() for w in said.words)
            assert set(said.sounds) <= set(SOUNDS)
            assert not any("{" in w or "}" in w for w in said.words)
            before = step.state
    assert set(table) - table.used - PAGE_ONLY == set()


def test_the_german_words_are_spoken_by_espeak(tmp_path: Path) -> None:
    said = said_after(_round_two("rotten"), "de")[-1]
    clip = TtsCache(EspeakEngine("de"), tmp_path).render(said.words[0])
    assert clip.seconds > 3.0  # a long sentence, spoken
