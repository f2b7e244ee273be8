"""Fuzzing the parsers of what comes from outside: the config, Halli Galli game events and
Nimalia reserve files. Whatever they are given, they answer with a value or their own named
error (ConfigError, HalliError, NimaliaError), never another exception."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tableref.device.config import ConfigError, config_from_dict, parse_config
from tableref.games.halli import HalliError
from tableref.games.halli.events import event_from_json, parse_event_line
from tableref.games.nimalia import NimaliaError, reserve_from_json
from tableref.games.nimalia.reserve_json import reserve_from_data

FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_CONFIG_KEYS = ["game", "language", "players", "bells", "voice", "camera", "web", "halli",
                "sim", "name", "colour", "button_pin", "led_pin", "pin_factory", "bounce_ms",
                "settle_ms", "source", "serial_port", "engine", "voice", "speed", "device",
                "host", "port", "names", "elephant_alone_rings", "play_to_the_end", "flip_s",
                "fps", "bots", "reaction_ms", "max_flips", "seed", "hands", "patience_s", "x"]
_WORDS = ["halli", "nimalia", "nelly", "en", "de", "auto", "mock", "none", "gpio", "bellbox",
          "Ann", " Ann ", "ann", "#e53935", "sim", "", "x" * 30, "a\x07b", "127.0.0.1"]

scalars = st.one_of(
    st.sampled_from(_WORDS), st.text(max_size=12), st.booleans(),
    st.integers(-5, 70_000), st.integers(), st.floats(allow_nan=True), st.none(),
)
values: st.SearchStrategy[Any] = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=7),
        st.dictionaries(st.sampled_from(_CONFIG_KEYS), inner, max_size=6),
    ),
    max_leaves=10,
)
players = st.lists(st.dictionaries(st.sampled_from(["name", "colour", "button_pin", "led_pin",
                                                    "x"]), values, max_size=4), max_size=8)
configs = st.fixed_dictionaries({}, optional={k: values for k in _CONFIG_KEYS[:9]}).flatmap(
    lambda d: st.one_of(st.just(d), players.map(lambda p: {**d, "players": p})))


@FUZZ
@given(configs)
def test_the_config_checker_names_every_problem(data: dict[str, Any]) -> None:
    try:
        config = config_from_dict(data)
    except ConfigError as err:
        assert str(err)
        return
    names = [p.name for p in config.players]
    assert len({n.casefold() for n in names}) == len(names)  # no two names alike
    assert all(n == n.strip() and 0 < len(n) <= 24 for n in names)


@FUZZ
@given(st.text(max_size=300))
def test_any_text_is_a_config_or_a_config_error(text: str) -> None:
    with contextlib.suppress(ConfigError):
        parse_config(text)


_EVENT_KEYS = ["event", "players", "cards", "options", "player", "card", "right", "t_ns",
               "x", "seed"]
events = st.one_of(
    values,
    st.dictionaries(st.sampled_from(_EVENT_KEYS), st.one_of(
        values, st.sampled_from(["start", "flip", "ring", "BBL", "pig", "elephant"]),
        st.lists(st.sampled_from(["Ann", "Ben", "", 3]), max_size=7)), max_size=6),
)


@FUZZ
@given(events)
def test_a_game_event_is_read_or_refused_by_name(data: Any) -> None:
    try:
        event_from_json(data)
    except HalliError as err:
        assert str(err)


@FUZZ
@given(st.one_of(st.text(max_size=200), events.map(json.dumps)))
def test_an_event_line_is_read_or_refused_by_name(line: str) -> None:
    with contextlib.suppress(HalliError):
        parse_event_line(line)


_SPACE_KEYS = ["row", "col", "terrain", "animal", "river", "x"]
spaces = st.dictionaries(st.sampled_from(_SPACE_KEYS), st.one_of(
    st.integers(-2, 8), st.sampled_from(["savanna", "ice", "forest", "desert", "water", "lion",
                                         "bear", "none", "river", "N", "NE", ""]), values),
    max_size=6)
reserves = st.one_of(values, st.fixed_dictionaries({"spaces": st.lists(spaces, max_size=12)}),
                     st.dictionaries(st.sampled_from(["spaces", "x"]), values, max_size=2))


@FUZZ
@given(reserves)
def test_a_reserve_is_read_or_refused_by_name(data: Any) -> None:
    try:
        reserve_from_data(data)
    except NimaliaError as err:
        assert str(err)


@FUZZ
@given(st.one_of(st.text(max_size=200), reserves.map(json.dumps)))
def test_a_reserve_file_is_read_or_refused_by_name(text: str) -> None:
    with contextlib.suppress(NimaliaError):
        reserve_from_json(text)


def test_nesting_and_huge_numbers_are_named_errors() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    for parse, error in ((reserve_from_json, NimaliaError), (parse_event_line, HalliError)):
        for text in (deep, '{"spaces": ' + "9" * 5000 + "}"):
            try:
                parse(text)
            except error as err:
                assert "JSON" in str(err)
            else:
                raise AssertionError(f"{parse.__name__} accepted {text[:20]}")
    try:
        parse_config("a = " + "[" * 100_000)
    except ConfigError as err:
        assert "nested too deeply" in str(err)


# -- every game's events, and a journal's games folded ------------------------------------
# What the daemon resumes after a restart is the fold of a journal's events: whatever a
# damaged or hand-edited journal holds, each game's reader and engine answer with an event,
# a step, or their own named error (the daemon then starts a new game), never another one.
_SEATS = st.integers(-1, 6)
_HALLI = st.one_of(
    st.fixed_dictionaries({"event": st.just("flip"), "player": _SEATS}, optional={
        "card": st.sampled_from(["BBL", "pig", "elephant", "monkey", "PPPPP", "X", ""]),
        "t_ns": st.integers(-5, 10**12), "inferred": st.booleans(),
        "misread": st.sampled_from(["BBL", "S"])}),
    st.fixed_dictionaries({"event": st.just("ring"), "player": _SEATS}, optional={
        "t_ns": st.integers(-5, 10**12), "right": st.booleans(), "judged": st.booleans(),
        "presses": st.lists(st.fixed_dictionaries({"player": _SEATS,
                                                   "t_ns": st.integers(0, 10**12)},
                                                  optional={"late": st.booleans()}),
                            max_size=4)}),
    st.fixed_dictionaries({"event": st.just("late"), "player": _SEATS,
                           "t_ns": st.integers(0, 10**12)}),
    st.fixed_dictionaries({"event": st.just("start"),
                           "players": st.lists(st.sampled_from(["Ann", "Ben", "ann "]),
                                               max_size=4)}),
    events,
)
_NELLY = st.one_of(
    st.fixed_dictionaries({"event": st.just("roll"), "face": st.sampled_from(
        ["all", "yellow", "orange", "red", "heron", "plants", "blue"])}),
    st.fixed_dictionaries({"event": st.just("feed"), "player": _SEATS,
                           "counter": st.sampled_from(["crab", "rotten", "x"])}),
    st.fixed_dictionaries({"event": st.just("place"), "player": _SEATS,
                           "colour": st.sampled_from(["red", "yellow", "orange"]),
                           "on": st.sampled_from(["head", "back", "tail"])}),
    st.fixed_dictionaries({"event": st.just("fall"), "player": _SEATS,
                           "turtles": st.dictionaries(st.sampled_from(["red", "yellow",
                                                                       "orange", "blue"]),
                                                      st.integers(-1, 4), max_size=3)},
                          optional={"from_head": st.integers(-1, 5)}),
    st.fixed_dictionaries({"event": st.sampled_from(["heron", "plants", "pass"]),
                           "player": _SEATS}),
    values,
)
_NIMALIA = st.one_of(
    st.fixed_dictionaries({"event": st.just("reserve"), "player": _SEATS,
                           "spaces": st.lists(spaces, max_size=6)},
                          optional={"photo": st.booleans(), "told": st.lists(
                              st.lists(st.integers(-1, 3), min_size=2, max_size=2),
                              max_size=3)}),
    st.fixed_dictionaries({"event": st.just("score"), "round": st.integers(-1, 6)}),
    st.fixed_dictionaries({"event": st.just("start"), "players": st.lists(
        st.sampled_from(["Ann", "Ben", 3]), max_size=5)}, optional={
        "objectives": st.lists(st.integers(-1, 30), max_size=5)}),
    values,
)


@FUZZ
@given(st.lists(_HALLI, max_size=25))
def test_a_halli_journal_folds_or_is_refused_by_name(datas: list[Any]) -> None:
    from tableref.games.halli import Start, apply

    state = apply(None, Start(("Ann", "Ben", "Cid"))).state
    for data in datas:
        try:
            state = apply(state, event_from_json(data)).state
        except HalliError as err:
            assert str(err)


@FUZZ
@given(st.lists(_NELLY, max_size=25))
def test_a_nelly_journal_folds_or_is_refused_by_name(datas: list[Any]) -> None:
    from tableref.games.nelly import NellyError, Start, apply, event_from_json

    state = apply(None, Start(("Ann", "Ben"))).state
    for data in datas:
        try:
            state = apply(state, event_from_json(data)).state
        except NellyError as err:
            assert str(err)


@FUZZ
@given(st.lists(_NIMALIA, max_size=8))
def test_a_nimalia_event_is_read_or_refused_by_name(datas: list[Any]) -> None:
    from tableref.games.nimalia.events import event_from_json as nimalia_event

    for data in datas:
        try:
            nimalia_event(data)
        except NimaliaError as err:
            assert str(err)
