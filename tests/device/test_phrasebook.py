"""The one phrase table: complete in every language, the same fields everywhere, and every
phrase the code asks for is in it (Python and the page alike)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tableref.device import phrasebook

ROOT = Path(__file__).resolve().parents[2] / "tableref"
STATIC = ROOT / "device" / "web" / "static"


def test_every_phrase_has_every_language_with_the_same_fields() -> None:
    table = phrasebook.table()
    assert len(table) > 150
    for pid, texts in table.items():
        assert set(texts) == set(phrasebook.LANGUAGES), pid
        en = phrasebook.fields_of(texts["en"])
        for lang, text in texts.items():
            assert phrasebook.fields_of(text) == en, (pid, lang)
            forms = text.values() if isinstance(text, dict) else [text]
            if isinstance(text, dict):
                assert set(text) == {"one", "other"}, (pid, lang)
            for form in forms:
                assert form.strip() and "{}" not in form, (pid, lang)
                assert re.sub(r"\{\w+\}", "", form).count("{") == 0, (pid, lang)


def test_counted_phrases_choose_their_form_by_the_language_s_rule() -> None:
    assert phrasebook.text("halli.takes", "en", name="Ann", n=1) == "Ann takes 1 card."
    assert phrasebook.text("halli.takes", "en", name="Ann", n=0) == "Ann takes 0 cards."
    assert phrasebook.text("halli.takes", "fr", name="Ann", n=0) == "Ann prend 0 carte."
    assert phrasebook.text("halli.takes", "de", name="Ann", n=2) == "Ann bekommt 2 Karten."
    with pytest.raises(phrasebook.PhraseError, match="needs the field 'n'"):
        phrasebook.text("halli.takes", "en", name="Ann")
    with pytest.raises(phrasebook.PhraseError, match="needs the field 'name'"):
        phrasebook.text("halli.wrong", "en")
    with pytest.raises(phrasebook.PhraseError, match=r"no phrase 'halli\.nope'"):
        phrasebook.text("halli.nope", "en")
    with pytest.raises(phrasebook.PhraseError, match="no phrases for language 'xx'"):
        phrasebook.Words("xx")


def _ids_asked_for() -> dict[str, set[str]]:
    """Every literal phrase id in the code: words("x.y"), t("x.y"), data-t="x.y", and the
    ids a module names as ("x.y", {...}) pairs."""
    found: dict[str, set[str]] = {}
    sections = "|".join(phrasebook.SECTIONS)
    literal = re.compile(rf"""["'`]((?:{sections})\.[a-z_0-9]+)["'`]""")
    files = [*ROOT.rglob("*.py"), *STATIC.glob("*.js"), *STATIC.glob("*.html")]
    for path in files:
        if "phrasebook" in path.parts:
            continue
        for pid in literal.findall(path.read_text()):
            found.setdefault(pid, set()).add(path.name)
    return found


def test_every_phrase_the_code_asks_for_is_in_the_table() -> None:
    asked = _ids_asked_for()
    assert len(asked) > 60  # the scan finds the code's phrases
    missing = {pid: files for pid, files in asked.items() if pid not in phrasebook.table()}
    assert missing == {}


def test_the_page_has_no_words_of_its_own() -> None:
    """Nothing typed twice: the page's HTML holds phrase ids, never English text."""
    html = (STATIC / "index.html").read_text()
    body = html.split("<body>", 1)[1]
    text = re.sub(r"<!--.*?-->", "", body, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    assert text.split() == []
