"""What the box says in a Nelly game: data only, one dict per language keyed by phrase id.

Format fields: {name}, {next} (a player's name), {names} (a list already joined), {where},
{colour}, {what}, {kept}, {boxed}, {fell} (composed by `nelly_words`), {n} (a number word).
Kept apart from the code so that the one phrase table (#15) can take it over as it is.
"""

from __future__ import annotations

NUMBERS = {
    "en": ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
           "eighteen", "nineteen", "twenty"),
    "de": ("keine", "eine", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun",
           "zehn", "elf", "zwölf", "dreizehn", "vierzehn", "fünfzehn", "sechzehn", "siebzehn",
           "achtzehn", "neunzehn", "zwanzig"),
}

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "start": "A new game of Nelly: {names}. {name} begins.",
        "and": "and",
        "roll": "{name}, throw the die!",
        "face_all": "All colours: everyone chooses!",
        "face_red": "Red!",
        "face_yellow": "Yellow!",
        "face_orange": "Orange!",
        "face_heron": "Heron!",
        "face_plants": "Water plants!",
        "colour_red": "red",
        "colour_yellow": "yellow",
        "colour_orange": "orange",
        "colour_any": "any colour",
        "count_red": "{n} red",
        "count_yellow": "{n} yellow",
        "count_orange": "{n} orange",
        "feed": "{name}, feed Nelly: turn over one of your free water plants.",
        "order_first": "{name} first: {where}.",
        "order_only": "{name}: {where}.",
        "order_then": "Then {names}.",
        "then_join": ", then ",
        "head_or_back": "on the head or the back",
        "back": "on the back",
        "back_under": "on the back, her head is under water",
        "back_full": "on the back, her head is full",
        "place": "{name}, {colour} {where}.",
        "has_none": "{name} has no {colour}.",
        "nobody": "Nobody has {colour} left.",
        "heron": "{name}, move the heron to another free hole on Nelly's back.",
        "plants": "{name}, put one free water plant back in the box, unturned.",
        "no_free_plant": "{name} has no free water plant.",
        "pass": "{name}, turn Nelly on to {next}!",
        "turns_to": "Nelly turns to {name}.",
        "crab_dives": "Crab! Nelly dives: her head goes under water.",
        "crab_surfaces": "Crab! Nelly comes up: her head is above the water again.",
        "slide": "The turtles on her head slide off: onto {name}'s free water plants, the "
                 "rest back into the box.",
        "rotten": "Rotten water plant! {name} places with the favoured hand, everyone else "
                  "holds their nose with it and places with the other hand.",
        "fell_one": "fell",
        "fell_many": "fell",
        "fall_kept": "Splash! {what} {fell}, onto {name}'s free water plants.",
        "fall_boxed": "Splash! {what} {fell}, back into the box: {name} has no free water "
                      "plant.",
        "fall_split": "Splash! {what} {fell}: {kept} onto {name}'s free water plants, {boxed} "
                      "back into the box.",
        "wins": "{name} has placed the last turtle and wins!",
    },
    "de": {
        "start": "Ein neues Spiel Nelly: {names}. {name} fängt an.",
        "and": "und",
        "roll": "{name}, würfle!",
        "face_all": "Alle Farben: jeder wählt!",
        "face_red": "Rot!",
        "face_yellow": "Gelb!",
        "face_orange": "Orange!",
        "face_heron": "Reiher!",
        "face_plants": "Seerosen!",
        "colour_red": "Rot",
        "colour_yellow": "Gelb",
        "colour_orange": "Orange",
        "colour_any": "eine Farbe deiner Wahl",
        "count_red": "{n} rote",
        "count_yellow": "{n} gelbe",
        "count_orange": "{n} orange",
        "feed": "{name}, füttere Nelly: dreh eine deiner freien Seerosen um.",
        "order_first": "{name} zuerst: {where}.",
        "order_only": "{name}: {where}.",
        "order_then": "Dann {names}.",
        "then_join": ", dann ",
        "head_or_back": "auf den Kopf oder den Rücken",
        "back": "auf den Rücken",
        "back_under": "auf den Rücken, ihr Kopf ist unter Wasser",
        "back_full": "auf den Rücken, ihr Kopf ist voll",
        "place": "{name}, {colour} {where}.",
        "has_none": "{name} hat kein {colour}.",
        "nobody": "Niemand hat noch {colour}.",
        "heron": "{name}, setz den Reiher in ein anderes freies Loch auf Nellys Rücken.",
        "plants": "{name}, leg eine freie Seerose zurück in die Schachtel, ohne sie "
                  "umzudrehen.",
        "no_free_plant": "{name} hat keine freie Seerose.",
        "pass": "{name}, dreh Nelly weiter zu {next}!",
        "turns_to": "Nelly dreht sich zu {name}.",
        "crab_dives": "Krebs! Nelly taucht ab: ihr Kopf geht unter Wasser.",
        "crab_surfaces": "Krebs! Nelly taucht auf: ihr Kopf ist wieder über Wasser.",
        "slide": "Die Schildkröten auf ihrem Kopf rutschen herunter: auf die freien Seerosen "
                 "von {name}, der Rest zurück in die Schachtel.",
        "rotten": "Faule Seerose! {name} setzt mit der Lieblingshand, alle anderen halten "
                  "sich damit die Nase zu und setzen mit der anderen Hand.",
        "fell_one": "ist heruntergefallen",
        "fell_many": "sind heruntergefallen",
        "fall_kept": "Platsch! {what} {fell}, auf die freien Seerosen von {name}.",
        "fall_boxed": "Platsch! {what} {fell}, zurück in die Schachtel: {name} hat keine "
                      "freie Seerose.",
        "fall_split": "Platsch! {what} {fell}: {kept} auf die freien Seerosen von {name}, "
                      "{boxed} zurück in die Schachtel.",
        "wins": "{name} hat die letzte Schildkröte gesetzt und gewinnt!",
    },
}
