"""What the referee speaks with, in the language of the moment: the phrase table
(device/phrasebook) with the players' names, and the one sentence the daemon itself says
(a device lost and back). A game's own sentences (a Halli verdict, a Nimalia round) are
made by its session's modules from `phrases` and `words`."""

from __future__ import annotations

import re
from collections.abc import Sequence

from tableref.device import phrasebook
from tableref.device.voice.phrases import Phrases


class Speech:
    def __init__(self, language: str, names: Sequence[str]) -> None:
        self.language = language
        self.phrases = Phrases(language, list(names))
        self.words = self.phrases.words  # any phrase of the table, by its id

    def device(self, name: str, ok: bool) -> str:
        """"The camera stopped working." / "The camera works again." """
        kind = "back" if ok else "lost"
        pid = f"devices.{kind}_{re.sub(r'[^a-z0-9]+', '_', name, flags=re.I)}"
        if pid not in phrasebook.table():
            pid = f"devices.{kind}_other"
        return self.words(pid)
