"""The box's devices in words: what is lost, what is back, and what to do about it.

Fields: {device} is never used: each device has its own sentences, so that every language
can put its article and capital where they belong.
"""

from __future__ import annotations

PHRASES = {
    "camera": {"en": "camera", "de": "Kamera", "fr": "caméra"},
    "bells": {"en": "bells", "de": "Glocken", "fr": "sonnettes"},
    "audio": {"en": "sound", "de": "Ton", "fr": "son"},
    "journal": {"en": "game record", "de": "Spielprotokoll", "fr": "journal de partie"},
    "lost_camera": {"en": "The camera stopped working.",
                    "de": "Die Kamera funktioniert nicht mehr.",
                    "fr": "La caméra ne fonctionne plus."},
    "back_camera": {"en": "The camera works again.", "de": "Die Kamera funktioniert wieder.",
                    "fr": "La caméra fonctionne à nouveau."},
    "lost_bells": {"en": "The bells stopped working.",
                   "de": "Die Glocken funktionieren nicht mehr.",
                   "fr": "Les sonnettes ne fonctionnent plus."},
    "back_bells": {"en": "The bells work again.", "de": "Die Glocken funktionieren wieder.",
                   "fr": "Les sonnettes fonctionnent à nouveau."},
    "lost_audio": {"en": "The sound stopped working.",
                   "de": "Der Ton funktioniert nicht mehr.",
                   "fr": "Le son ne fonctionne plus."},
    "back_audio": {"en": "The sound works again.", "de": "Der Ton funktioniert wieder.",
                   "fr": "Le son fonctionne à nouveau."},
    "lost_journal": {"en": "The game can no longer be saved.",
                     "de": "Das Spiel kann nicht mehr gespeichert werden.",
                     "fr": "La partie ne peut plus être enregistrée."},
    "back_journal": {"en": "The game is saved again.",
                     "de": "Das Spiel wird wieder gespeichert.",
                     "fr": "La partie est de nouveau enregistrée."},
    "lost_other": {"en": "Something stopped working.",
                   "de": "Etwas funktioniert nicht mehr.",
                   "fr": "Quelque chose ne fonctionne plus."},
    "back_other": {"en": "Everything works again.", "de": "Alles funktioniert wieder.",
                   "fr": "Tout fonctionne à nouveau."},
}
