"""Words every part of the box uses: default names, "and", small numbers in words."""

from __future__ import annotations

PHRASES = {
    "player": {"en": "Player {n}", "de": "Spieler {n}", "fr": "Joueur {n}"},
    "and": {"en": "and", "de": "und", "fr": "et"},
    "seat": {"en": "seat {n}", "de": "Platz {n}", "fr": "place {n}"},
    "wins": {"en": "{name} wins!", "de": "{name} gewinnt!", "fr": "{name} gagne !"},
    "draw": {"en": "A draw!", "de": "Unentschieden!", "fr": "Égalité !"},
}

NUMBERS = {
    "en": ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
           "eighteen", "nineteen", "twenty"),
    "de": ("keine", "eine", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun",
           "zehn", "elf", "zwölf", "dreizehn", "vierzehn", "fünfzehn", "sechzehn", "siebzehn",
           "achtzehn", "neunzehn", "zwanzig"),
    "fr": ("aucune", "une", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf",
           "dix", "onze", "douze", "treize", "quatorze", "quinze", "seize", "dix-sept",
           "dix-huit", "dix-neuf", "vingt"),
}
