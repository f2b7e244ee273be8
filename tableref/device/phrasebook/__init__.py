"""The one phrase table: every word the box says or shows, in every language it speaks.

The voice, the daemon's announcements and messages, and the kiosk page all take their words
from here; nothing is typed twice. A phrase has an id, `"<section>.<name>"`, and a text per
language with format fields in braces:

    from tableref.device import phrasebook
    phrasebook.text("halli.wrong", "de", name="Ann")       # "Schade, Ann!"
    phrasebook.text("halli.takes", "en", name="Ben", n=14)  # "Ben takes 14 cards."
    words = phrasebook.Words("fr"); words("halli.right")    # "Bien vu !"

A text is a string, or a plural dict `{"one": ..., "other": ...}` chosen by the field `n`
(the count; the rule of each language: `plural`, the same as the browser's
`Intl.PluralRules`). Fields are plain `{name}`: no format specs, so the page fills them the
same way (`static/app.js`, `t()`). A missing field is an error here and in the tests.

## Sections (one module each, in this package)
`common` (names, numbers, "and"), `page` (the kiosk page's own words: tabs, settings,
history, dialogs), `devices` (a device's trouble and what to do about it), `halli`,
`nimalia`, `nelly` (each game's announcements and its part of the page). A section module
holds `PHRASES = {"name": {"en": ..., "de": ..., "fr": ...}}`; its ids are prefixed with the
module's name. Every phrase has every language of `LANGUAGES`, with the same fields, and
a test holds the table to that (tests/device/test_phrasebook.py).

## Messages for people (errors the page shows)
A refusal the page shows (`Refused`, `SettingsError`, `HubError`) is a `Phrased`: raised as
`Refused.said("page.err_over")` or `HubError.said("page.name_taken", name="Ann")` its
English text is the phrase's, and the web layer sends the phrase id and fields along
(`{"error": ..., "phrase": ..., "fields": {...}}`), so the page says it in its own language
(`static/lib.js`, `api`). Passed on from one kind to another with `HubError.like(err)`.

## How a game's phrases plug in
A new game `foo` adds `phrasebook/foo.py` with its `PHRASES` and its name to `SECTIONS`
below. Its session speaks `box.speech.words("foo.something", ...)`; its page view
(`static/foo.js`) shows `core.t("foo.something", {...})`: the page loads the whole table of
the snapshot's language from `GET /api/phrases?lang=xx` (`{"lang": "xx", "plural": ...,
"phrases": {id: text}}`), so a phrase added here is on the page with no other change.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping
from functools import cache
from typing import Any

Text = str | dict[str, str]  # a string, or plural forms {"one": ..., "other": ...}

LANGUAGES: tuple[str, ...] = ("en", "de", "fr")
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "fr": "Français"}  # each in itself
SECTIONS: tuple[str, ...] = ("common", "page", "devices", "halli", "nimalia", "nelly")
_FIELD = re.compile(r"\{(\w*)\}")


class PhraseError(KeyError):
    """An unknown phrase id or language, or a phrase missing one of its fields."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "phrase error"


@cache
def table() -> dict[str, dict[str, Text]]:
    """Every phrase: id -> language -> text."""
    out: dict[str, dict[str, Text]] = {}
    for section in SECTIONS:
        module = importlib.import_module(f"{__name__}.{section}")
        phrases: Mapping[str, dict[str, Text]] = module.PHRASES
        for name, texts in phrases.items():
            out[f"{section}.{name}"] = texts
    return out


def check_language(language: str) -> str:
    if language not in LANGUAGES:
        raise PhraseError(f"no phrases for language {language!r} (one of "
                          f"{', '.join(LANGUAGES)})")
    return language


def plural(language: str, n: int) -> str:
    """"one" or "other" for the count `n` (French counts 0 and 1 as one, as Intl does)."""
    if language == "fr":
        return "one" if n in (0, 1) else "other"
    return "one" if n == 1 else "other"


def raw(pid: str, language: str) -> Text:
    """The phrase's text (plural dict as it is) in `language`."""
    check_language(language)
    try:
        return table()[pid][language]
    except KeyError:
        raise PhraseError(f"no phrase {pid!r}") from None


def fill(template: str, fields: Mapping[str, Any]) -> str:
    def one(m: re.Match[str]) -> str:
        key = m.group(1)
        if key not in fields:
            raise PhraseError(f"phrase {template!r} needs the field {key!r}")
        return str(fields[key])

    return _FIELD.sub(one, template)


def text(pid: str, language: str, **fields: Any) -> str:
    """Phrase `pid` in `language` with its fields filled (plurals chosen by `n`)."""
    got = raw(pid, language)
    if isinstance(got, dict):
        if "n" not in fields:
            raise PhraseError(f"phrase {pid!r} is counted: it needs the field 'n'")
        got = got[plural(language, int(fields["n"]))]
    return fill(got, fields)


def section(name: str, language: str) -> dict[str, Text]:
    """One section's phrases in `language`, by their short name (without "name.")."""
    check_language(language)
    prefix = name + "."
    return {pid[len(prefix):]: texts[language] for pid, texts in table().items()
            if pid.startswith(prefix)}


def for_page(language: str) -> dict[str, Any]:
    """What `GET /api/phrases?lang=` serves: every phrase in `language`."""
    check_language(language)
    return {"lang": language, "languages": dict(LANGUAGE_NAMES),
            "phrases": {pid: texts[language] for pid, texts in table().items()}}


def fields_of(t: Text) -> set[str]:
    """The format fields a text uses (all plural forms together)."""
    forms = t.values() if isinstance(t, dict) else (t,)
    return {f for form in forms for f in _FIELD.findall(form)}


class Phrased(ValueError):
    """A refusal said for people: its message in English, and `phrase` (an id of the
    table, with its `fields`) for saying it in any language. Without a phrase it is a plain
    message (for a program's mistakes, such as JSON the page never sends)."""

    def __init__(self, message: str, *, phrase: str | None = None,
                 fields: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.phrase = phrase
        self.fields: dict[str, Any] = dict(fields or {})

    @classmethod
    def said(cls, pid: str, **fields: Any) -> Any:
        """The refusal of phrase `pid` (its English text the message)."""
        return cls(text(pid, "en", **fields), phrase=pid, fields=fields)

    @classmethod
    def like(cls, err: BaseException) -> Any:
        """`err` passed on as this kind, its phrase kept."""
        if isinstance(err, Phrased):
            return cls(str(err), phrase=err.phrase, fields=err.fields)
        return cls(str(err))

    def for_page(self) -> dict[str, Any]:
        """The phrase part of the error answer: {} when there is none."""
        return {} if self.phrase is None else {"phrase": self.phrase, "fields": self.fields}


class Words:
    """The phrases of one language: `words("halli.right")`, `words("halli.takes", n=3, ...)`."""

    def __init__(self, language: str) -> None:
        self.language = check_language(language)

    def __call__(self, pid: str, **fields: Any) -> str:
        return text(pid, self.language, **fields)

    def player(self, n: int) -> str:
        """The default name of seat n-1 ("Player 3", "Spieler 3")."""
        return text("common.player", self.language, n=n)

    def join(self, items: list[str]) -> str:
        """"Ann, Ben and Cid"."""
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + f" {self('common.and')} " + items[-1]

    def number(self, n: int) -> str:
        """A small number in words ("two", "zwei", "deux"), digits from 21 on."""
        from tableref.device.phrasebook.common import NUMBERS

        words = NUMBERS[self.language]
        return words[n] if 0 <= n < len(words) else str(n)
