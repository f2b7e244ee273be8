"""What the box says in a Nelly game (composed by `device/voice/nelly_words.py`).

Fields: {name}, {next} (a player's name), {names} (a list already joined), {where},
{colour}, {what}, {kept}, {boxed}, {fell} (pieces composed by nelly_words), {w} (a number
in words, `Words.number`), {n} (the count that chooses a plural form).
"""

from __future__ import annotations

PHRASES = {
    "title": {"en": "Nelly", "de": "Nelly", "fr": "Nelly"},
    "start": {"en": "A new game of Nelly: {names}. {name} begins.",
              "de": "Ein neues Spiel Nelly: {names}. {name} fängt an.",
              "fr": "Une nouvelle partie de Nelly : {names}. {name} commence."},
    "roll": {"en": "{name}, throw the die!", "de": "{name}, würfle!",
             "fr": "{name}, lance le dé !"},
    "face_all": {"en": "All colours: everyone chooses!", "de": "Alle Farben: jeder wählt!",
                 "fr": "Toutes les couleurs : chacun choisit !"},
    "face_red": {"en": "Red!", "de": "Rot!", "fr": "Rouge !"},
    "face_yellow": {"en": "Yellow!", "de": "Gelb!", "fr": "Jaune !"},
    "face_orange": {"en": "Orange!", "de": "Orange!", "fr": "Orange !"},
    "face_heron": {"en": "Heron!", "de": "Reiher!", "fr": "Héron !"},
    "face_plants": {"en": "Water plants!", "de": "Seerosen!", "fr": "Nénuphars !"},
    "colour_red": {"en": "red", "de": "Rot", "fr": "rouge"},
    "colour_yellow": {"en": "yellow", "de": "Gelb", "fr": "jaune"},
    "colour_orange": {"en": "orange", "de": "Orange", "fr": "orange"},
    "colour_any": {"en": "any colour", "de": "eine Farbe deiner Wahl",
                   "fr": "la couleur de ton choix"},
    "count_red": {"en": "{w} red", "de": "{w} rote",
                  "fr": {"one": "{w} rouge", "other": "{w} rouges"}},
    "count_yellow": {"en": "{w} yellow", "de": "{w} gelbe",
                     "fr": {"one": "{w} jaune", "other": "{w} jaunes"}},
    "count_orange": {"en": "{w} orange", "de": "{w} orange",
                     "fr": {"one": "{w} orange", "other": "{w} orange"}},
    "feed": {"en": "{name}, feed Nelly: turn over one of your free water plants.",
             "de": "{name}, füttere Nelly: dreh eine deiner freien Seerosen um.",
             "fr": "{name}, nourris Nelly : retourne un de tes nénuphars libres."},
    "order_first": {"en": "{name} first: {where}.", "de": "{name} zuerst: {where}.",
                    "fr": "{name} d'abord : {where}."},
    "order_only": {"en": "{name}: {where}.", "de": "{name}: {where}.",
                   "fr": "{name} : {where}."},
    "order_then": {"en": "Then {names}.", "de": "Dann {names}.", "fr": "Puis {names}."},
    "then_join": {"en": ", then ", "de": ", dann ", "fr": ", puis "},
    "head_or_back": {"en": "on the head or the back", "de": "auf den Kopf oder den Rücken",
                     "fr": "sur la tête ou sur le dos"},
    "back": {"en": "on the back", "de": "auf den Rücken", "fr": "sur le dos"},
    "back_under": {"en": "on the back, her head is under water",
                   "de": "auf den Rücken, ihr Kopf ist unter Wasser",
                   "fr": "sur le dos, sa tête est sous l'eau"},
    "back_full": {"en": "on the back, her head is full",
                  "de": "auf den Rücken, ihr Kopf ist voll",
                  "fr": "sur le dos, sa tête est pleine"},
    "place": {"en": "{name}, {colour} {where}.", "de": "{name}, {colour} {where}.",
              "fr": "{name}, {colour} {where}."},
    "has_none": {"en": "{name} has no {colour}.", "de": "{name} hat kein {colour}.",
                 "fr": "{name} n'a pas de {colour}."},
    "nobody": {"en": "Nobody has {colour} left.", "de": "Niemand hat noch {colour}.",
               "fr": "Plus personne n'a de {colour}."},
    "heron": {"en": "{name}, move the heron to another free hole on Nelly's back.",
              "de": "{name}, setz den Reiher in ein anderes freies Loch auf Nellys Rücken.",
              "fr": "{name}, déplace le héron dans un autre trou libre sur le dos de Nelly."},
    "plants": {"en": "{name}, put one free water plant back in the box, unturned.",
               "de": "{name}, leg eine freie Seerose zurück in die Schachtel, ohne sie "
                     "umzudrehen.",
               "fr": "{name}, remets un nénuphar libre dans la boîte, sans le retourner."},
    "no_free_plant": {"en": "{name} has no free water plant.",
                      "de": "{name} hat keine freie Seerose.",
                      "fr": "{name} n'a pas de nénuphar libre."},
    "pass": {"en": "{name}, turn Nelly on to {next}!",
             "de": "{name}, dreh Nelly weiter zu {next}!",
             "fr": "{name}, tourne Nelly vers {next} !"},
    "turns_to": {"en": "Nelly turns to {name}.", "de": "Nelly dreht sich zu {name}.",
                 "fr": "Nelly se tourne vers {name}."},
    "crab_dives": {"en": "Crab! Nelly dives: her head goes under water.",
                   "de": "Krebs! Nelly taucht ab: ihr Kopf geht unter Wasser.",
                   "fr": "Crabe ! Nelly plonge : sa tête passe sous l'eau."},
    "crab_surfaces": {"en": "Crab! Nelly comes up: her head is above the water again.",
                      "de": "Krebs! Nelly taucht auf: ihr Kopf ist wieder über Wasser.",
                      "fr": "Crabe ! Nelly remonte : sa tête est de nouveau hors de l'eau."},
    "slide": {"en": "The turtles on her head slide off: onto {name}'s free water plants, the "
                    "rest back into the box.",
              "de": "Die Schildkröten auf ihrem Kopf rutschen herunter: auf die freien "
                    "Seerosen von {name}, der Rest zurück in die Schachtel.",
              "fr": "Les tortues sur sa tête glissent : sur les nénuphars libres de {name}, "
                    "le reste dans la boîte."},
    "rotten": {"en": "Rotten water plant! {name} places with the favoured hand, everyone "
                     "else holds their nose with it and places with the other hand.",
               "de": "Faule Seerose! {name} setzt mit der Lieblingshand, alle anderen halten "
                     "sich damit die Nase zu und setzen mit der anderen Hand.",
               "fr": "Nénuphar pourri ! {name} pose avec sa main préférée, tous les autres "
                     "se bouchent le nez avec elle et posent avec l'autre main."},
    "fell_one": {"en": "fell", "de": "ist heruntergefallen", "fr": "est tombée"},
    "fell_many": {"en": "fell", "de": "sind heruntergefallen", "fr": "sont tombées"},
    "fall_kept": {"en": "Splash! {what} {fell}, onto {name}'s free water plants.",
                  "de": "Platsch! {what} {fell}, auf die freien Seerosen von {name}.",
                  "fr": "Plouf ! {what} {fell}, sur les nénuphars libres de {name}."},
    "fall_boxed": {"en": "Splash! {what} {fell}, back into the box: {name} has no free water "
                         "plant.",
                   "de": "Platsch! {what} {fell}, zurück in die Schachtel: {name} hat keine "
                         "freie Seerose.",
                   "fr": "Plouf ! {what} {fell}, dans la boîte : {name} n'a pas de nénuphar "
                         "libre."},
    "fall_split": {"en": "Splash! {what} {fell}: {kept} onto {name}'s free water plants, "
                         "{boxed} back into the box.",
                   "de": "Platsch! {what} {fell}: {kept} auf die freien Seerosen von {name}, "
                         "{boxed} zurück in die Schachtel.",
                   "fr": "Plouf ! {what} {fell} : {kept} sur les nénuphars libres de {name}, "
                         "{boxed} dans la boîte."},
    "wins": {"en": "{name} has placed the last turtle and wins!",
             "de": "{name} hat die letzte Schildkröte gesetzt und gewinnt!",
             "fr": "{name} a posé la dernière tortue et gagne !"},
    "placeholder": {"en": "Nelly is coming to this screen soon.",
                    "de": "Nelly kommt bald auf diesen Bildschirm.",
                    "fr": "Nelly arrive bientôt sur cet écran."},
}
