"""Halli Galli: what the referee says at a ring, and the game's part of the page.

Fields: {name}, {names} (already joined), {n} (a count: chooses the plural form), {ms}
(whole milliseconds), {card} / {cards} (card codes as read, e.g. BBL, said as fruit in
words by daemon/halli_words.said), {why} (a reason already in words).
"""

from __future__ import annotations

PHRASES = {
    "title": {"en": "Halli Galli Extreme", "de": "Halli Galli Extreme",
              "fr": "Halli Galli Extreme"},
    # -- spoken at a ring (device/voice/phrases.py composes them into segments) ----------------
    "first": {"en": "{name} was first,", "de": "{name} war zuerst,",
              "fr": "{name} a sonné en premier,"},
    # ... when no margin follows (nobody else rang, or no margin given)
    "first_alone": {"en": "{name} was first.", "de": "{name} war zuerst.",
                    "fr": "{name} a sonné en premier."},
    "first_tie": {"en": "{names} at the same moment! {name} goes first.",
                  "de": "{names} gleichzeitig! {name} gilt als erster.",
                  "fr": "{names} en même temps ! {name} passe en premier."},
    "by_ms": {"en": {"one": "by {n} millisecond.", "other": "by {n} milliseconds."},
              "de": {"one": "um {n} Millisekunde.", "other": "um {n} Millisekunden."},
              "fr": {"one": "de {n} milliseconde.", "other": "de {n} millisecondes."}},
    "less_than_ms": {"en": "by less than a millisecond.",
                     "de": "um weniger als eine Millisekunde.",
                     "fr": "de moins d'une milliseconde."},
    "right": {"en": "Right!", "de": "Richtig!", "fr": "Bien vu !"},
    "wrong": {"en": "Sorry, {name}!", "de": "Schade, {name}!", "fr": "Dommage, {name} !"},
    "takes": {"en": {"one": "{name} takes {n} card.", "other": "{name} takes {n} cards."},
              "de": {"one": "{name} bekommt {n} Karte.", "other": "{name} bekommt {n} Karten."},
              "fr": {"one": "{name} prend {n} carte.", "other": "{name} prend {n} cartes."}},
    "out": {"en": "{name} is out.", "de": "{name} ist raus.", "fr": "{name} sort du jeu."},
    "nojudge": {"en": "No camera: you decide.", "de": "Keine Kamera: ihr entscheidet.",
                "fr": "Pas de caméra : à vous de juger."},
    "unread": {"en": "I could not see the cards, you decide.",
               "de": "Ich konnte die Karten nicht sehen, ihr entscheidet.",
               "fr": "Je n'ai pas pu voir les cartes, à vous de juger."},
    # the spec's final-round rule (halli-galli.md, "End of a game") in one sentence
    "final_round": {"en": "Final round: the next ring ends the game (a wrong ring gives the "
                          "cards to the other player), then whoever holds the most cards "
                          "wins.",
                    "de": "Letzte Runde: Das nächste Läuten beendet das Spiel (wer falsch "
                          "läutet, gibt die Karten dem anderen Spieler), dann gewinnt, wer "
                          "die meisten Karten hat.",
                    "fr": "Dernière manche : la prochaine sonnerie termine la partie (sur "
                          "une mauvaise sonnerie, l'autre joueur prend les cartes), puis "
                          "celui qui a le plus de cartes gagne."},
    # -- why a ring was right or wrong (from the verdict's triggers and vetoes) ----------------
    "reason_identical": {"en": "two identical cards ({card})",
                         "de": "zwei gleiche Karten ({card})",
                         "fr": "deux cartes identiques ({card})"},
    "reason_elephant": {"en": "an elephant and no strawberry",
                        "de": "ein Elefant und keine Erdbeere",
                        "fr": "un éléphant et pas de fraise"},
    "reason_monkey": {"en": "a monkey and no lime", "de": "ein Affe und keine Limette",
                      "fr": "un singe et pas de citron vert"},
    "reason_pig": {"en": "a pig", "de": "ein Schwein", "fr": "un cochon"},
    "reason_elephant_alone": {"en": "an elephant and no fruit card",
                              "de": "ein Elefant und keine Obstkarte",
                              "fr": "un éléphant et aucune carte de fruits"},
    "reason_monkey_alone": {"en": "a monkey and no fruit card",
                            "de": "ein Affe und keine Obstkarte",
                            "fr": "un singe et aucune carte de fruits"},
    "veto_elephant_strawberry": {"en": "an elephant with a strawberry ({cards}): no ring",
                                 "de": "ein Elefant mit einer Erdbeere ({cards}): nicht "
                                       "läuten",
                                 "fr": "un éléphant avec une fraise ({cards}) : on ne sonne "
                                       "pas"},
    "veto_monkey_lime": {"en": "a monkey with a lime ({cards}): no ring",
                         "de": "ein Affe mit einer Limette ({cards}): nicht läuten",
                         "fr": "un singe avec un citron vert ({cards}) : on ne sonne pas"},
    "no_trigger": {"en": "nothing on the table to ring for",
                   "de": "nichts auf dem Tisch, wofür man läuten darf",
                   "fr": "rien sur la table qui justifie de sonner"},
    "why_unread": {"en": "I could not see the cards at the bell: only who was first counts",
                   "de": "Ich konnte die Karten beim Läuten nicht sehen: es zählt nur, wer "
                         "zuerst war",
                   "fr": "Je n'ai pas pu voir les cartes au moment de sonner : seul compte "
                         "qui était premier"},
    # the players settle a ring the box could not judge (the page's two buttons)
    "settled_right": {"en": "You decided: {name} was right.",
                      "de": "Ihr habt entschieden: {name} hatte recht.",
                      "fr": "Vous avez décidé : {name} avait raison."},
    "settled_wrong": {"en": "You decided: {name} was wrong.",
                      "de": "Ihr habt entschieden: {name} lag falsch.",
                      "fr": "Vous avez décidé : {name} s'est trompé(e)."},
    # ... or the box settles it on what the players did next (halli_aftermath)
    "seen_right": {"en": "I saw {name} take the cards: {name} was right.",
                   "de": "Ich habe gesehen, wie {name} die Karten nahm: {name} hatte recht.",
                   "fr": "J'ai vu {name} prendre les cartes : {name} avait raison."},
    "seen_wrong": {"en": "I saw {name}'s cards go under the bell: {name} was wrong.",
                   "de": "Ich habe gesehen, wie {name}s Karten unter die Glocke kamen: "
                         "{name} lag falsch.",
                   "fr": "J'ai vu les cartes de {name} passer sous la sonnette : {name} "
                         "s'est trompé(e)."},
    "why_seen": {"en": "I could not see the cards at the bell: I saw what you did next",
                 "de": "Ich konnte die Karten beim Läuten nicht sehen: ich habe gesehen, was "
                       "ihr danach getan habt",
                 "fr": "Je n'ai pas pu voir les cartes : j'ai vu ce que vous avez fait ensuite"},
    "why_settled": {"en": "I could not see the cards: you decided",
                    "de": "Ich konnte die Karten nicht sehen: ihr habt entschieden",
                    "fr": "Je n'ai pas pu voir les cartes : vous avez décidé"},
    "settle_ask": {"en": "Was {name} right to ring?", "de": "Hat {name} zu Recht geläutet?",
                   "fr": "Sonnette de {name} : bien vu ?"},
    "settle_wrong_out": {"en": "Wrong would be {name}'s second wrong ring in a row: {name} "
                                "would be out.",
                         "de": "Falsch wäre {name}s zweites falsches Läuten in Folge: {name} "
                               "wäre raus.",
                         "fr": "Raté serait la deuxième erreur de suite de {name} : {name} "
                               "sortirait du jeu."},
    "settle_wrong_ends": {"en": "Final round: wrong gives the cards to the other player and "
                                "ends the game.",
                          "de": "Letzte Runde: Falsch gibt die Karten dem anderen Spieler und "
                                "beendet das Spiel.",
                          "fr": "Dernier tour : raté donne les cartes à l'autre joueur et "
                                "termine la partie."},
    "settle_right": {"en": "Right", "de": "Richtig", "fr": "Bien vu"},
    "settle_wrong": {"en": "Wrong", "de": "Falsch", "fr": "Raté"},
    "err_settle_deciding": {"en": "Someone rang again: wait for that verdict.",
                            "de": "Es wurde wieder geläutet: wartet auf dieses Urteil.",
                            "fr": "Quelqu'un a sonné à nouveau : attendez ce verdict."},
    "err_nothing_to_settle": {
        "en": "There is no ring to settle: only the last one can be, when I could not see "
              "the cards and no card was turned since.",
        "de": "Es gibt kein Läuten zu entscheiden: nur das letzte, wenn ich die Karten nicht "
              "sehen konnte und seither keine Karte umgedreht wurde.",
        "fr": "Il n'y a pas de sonnerie à trancher : seulement la dernière, quand je n'ai pas "
              "pu voir les cartes et qu'aucune carte n'a été retournée depuis."},
    "why_no_camera": {"en": "no camera: only who was first counts",
                      "de": "keine Kamera: es zählt nur, wer zuerst war",
                      "fr": "pas de caméra : seul compte qui était premier"},
    # -- messages on the page -------------------------------------------------------------
    "learning_table": {"en": "Learning the empty table: keep your hands off it for a moment.",
                       "de": "Ich lerne den leeren Tisch: bitte kurz die Hände weg.",
                       "fr": "J'apprends la table vide : ne touchez à rien un instant."},
    "misread": {"en": "{name}'s card was read as {card}, which cannot come next from their "
                      "stack: it counts as an unknown card.",
                "de": "Die Karte von {name} wurde als {card} gelesen, die nicht aus dem Stapel "
                      "kommen kann: sie zählt als unbekannte Karte.",
                "fr": "La carte de {name} a été lue comme {card}, qui ne peut pas venir de "
                      "sa pile : elle compte comme une carte inconnue."},
    "not_counted": {"en": "A card turned by {name} was not counted: {why}",
                    "de": "Eine Karte von {name} wurde nicht gezählt: {why}",
                    "fr": "Une carte retournée par {name} n'a pas été comptée : {why}"},
    "passed_over": {"en": "The game went on without {name}: counted as {n} card(s) turned "
                          "unseen.",
                    "de": "Das Spiel ging ohne {name} weiter: gezählt als {n} ungesehen "
                          "umgedrehte Karte(n).",
                    "fr": "La partie a continué sans {name} : compté comme {n} carte(s) "
                          "retournée(s) sans être vue(s)."},
    "not_their_turn": {"en": "it was not their turn", "de": "außer der Reihe umgedreht",
                       "fr": "ce n'était pas son tour"},
    # -- the page: the table ----------------------------------------------------------------
    "ring_key": {"en": "Ring ({n})", "de": "Läuten ({n})", "fr": "Sonner ({n})"},
    "ring_label": {"en": "Ring the bell for {name} (key {n})",
                   "de": "Glocke für {name} läuten (Taste {n})",
                   "fr": "Sonner pour {name} (touche {n})"},
    "face_up": {"en": "on the table", "de": "auf dem Tisch", "fr": "sur la table"},
    "face_down": {"en": "in hand", "de": "in der Hand", "fr": "en main"},
    "under_bell": {"en": "Under the bell", "de": "Unter der Glocke",
                   "fr": "Sous la sonnette"},
    "keys_hint": {"en": "Keys 1 to 6 ring the bells.", "de": "Die Tasten 1 bis 6 läuten.",
                  "fr": "Les touches 1 à 6 font sonner."},
    "waiting": {"en": "Ring when it's right!", "de": "Läuten, wenn es passt!",
                "fr": "Sonnez au bon moment !"},
    "locked": {"en": "The bell rang: judging…", "de": "Es hat geläutet: wird geprüft…",
               "fr": "La sonnette a retenti : on vérifie…"},
    "verdict_right": {"en": "right!", "de": "richtig!", "fr": "bien vu !"},
    "verdict_wrong": {"en": "wrong!", "de": "falsch!", "fr": "raté !"},
    "verdict_first": {"en": "first!", "de": "zuerst!", "fr": "premier !"},
    "first_by": {"en": "first by {ms} ms over {name}", "de": "{ms} ms vor {name}",
                 "fr": "{ms} ms devant {name}"},
    "alone": {"en": "nobody else rang", "de": "sonst hat niemand geläutet",
              "fr": "personne d'autre n'a sonné"},
    "reaction": {"en": "Reaction", "de": "Reaktion", "fr": "Réaction"},
    "your_turn": {"en": "your turn", "de": "du bist dran", "fr": "à toi"},
    "out_badge": {"en": "out", "de": "raus", "fr": "éliminé"},
    "empty_pile": {"en": "no card", "de": "keine Karte", "fr": "pas de carte"},
    "card_back": {"en": "a card face down", "de": "eine verdeckte Karte",
                  "fr": "une carte face cachée"},
    "unknown_card": {"en": "a card not read", "de": "eine nicht erkannte Karte",
                     "fr": "une carte non lue"},
    # -- the end of a game ------------------------------------------------------------------
    "end_final": {"en": "Only two players were left, so the next ring ended the game: whoever "
                        "holds the most cards wins.",
                  "de": "Es waren nur noch zwei Spieler übrig, also hat das nächste Läuten das "
                        "Spiel beendet: Wer die meisten Karten hat, gewinnt.",
                  "fr": "Il ne restait que deux joueurs, donc la sonnerie suivante a terminé "
                        "la partie : celui qui a le plus de cartes gagne."},
    "end_last": {"en": "Everyone else is out: {name} is the last player left.",
                 "de": "Alle anderen sind raus: {name} ist als Letzte(r) übrig.",
                 "fr": "Tous les autres sont éliminés : {name} est le dernier joueur en "
                       "jeu."},
    # the last ring, repeated on the winner screen: who rang, right or wrong, who took what
    "end_ring_right": {"en": "Last ring: {name} was right.",
                       "de": "Zuletzt geläutet: {name}, richtig.",
                       "fr": "Dernière sonnerie : {name}, bien vu."},
    "end_ring_wrong": {"en": "Last ring: {name} was wrong.",
                       "de": "Zuletzt geläutet: {name}, falsch.",
                       "fr": "Dernière sonnerie : {name}, raté."},
    "end_ring_first": {"en": "Last ring: {name} was first (the cards could not be judged).",
                       "de": "Zuletzt geläutet: {name} war zuerst (die Karten konnten nicht "
                             "beurteilt werden).",
                       "fr": "Dernière sonnerie : {name} était premier (les cartes n'ont pas "
                             "pu être jugées)."},
    "end_took": {"en": {"one": "{name} took {n} card.", "other": "{name} took {n} cards."},
                 "de": {"one": "{name} hat {n} Karte bekommen.",
                        "other": "{name} hat {n} Karten bekommen."},
                 "fr": {"one": "{name} a pris {n} carte.", "other": "{name} a pris {n} cartes."}},
    # a wrong ring in the final round gives the cards to the other player
    "end_took_other": {"en": {"one": "A wrong ring in the final round: {name} took the card.",
                              "other": "A wrong ring in the final round: {name} took the {n} "
                                       "cards."},
                       "de": {"one": "Falsch geläutet in der letzten Runde: {name} hat die "
                                     "Karte bekommen.",
                              "other": "Falsch geläutet in der letzten Runde: {name} hat die "
                                       "{n} Karten bekommen."},
                       "fr": {"one": "Une mauvaise sonnerie au dernier tour : {name} a pris "
                                     "la carte.",
                              "other": "Une mauvaise sonnerie au dernier tour : {name} a pris "
                                       "les {n} cartes."}},
    "play_again": {"en": "Play again", "de": "Noch einmal spielen", "fr": "Rejouer"},
    "change_players": {"en": "Change players", "de": "Spieler ändern",
                       "fr": "Changer de joueurs"},
    "h_player": {"en": "Player", "de": "Spieler", "fr": "Joueur"},
    "h_cards": {"en": "Cards", "de": "Karten", "fr": "Cartes"},
    "h_right": {"en": "Right rings", "de": "Richtig geläutet", "fr": "Bonnes sonneries"},
    "h_wrong": {"en": "Wrong rings", "de": "Falsch geläutet", "fr": "Mauvaises sonneries"},
    "missed": {"en": {"one": "{n} chance missed", "other": "{n} chances missed"},
               "de": {"one": "{n} Chance verpasst", "other": "{n} Chancen verpasst"},
               "fr": {"one": "{n} occasion manquée", "other": "{n} occasions manquées"}},
    # -- the camera beside the game, the instant replay ----------------------------------------
    "camera_open": {"en": "The camera picture: tap to enlarge",
                    "de": "Das Kamerabild: zum Vergrößern tippen",
                    "fr": "L'image de la caméra : touchez pour agrandir"},
    "replay": {"en": "See the ring", "de": "Läuten ansehen", "fr": "Revoir la sonnerie"},
    "replay_alt": {"en": "The table at the moment of the first press",
                   "de": "Der Tisch im Moment des ersten Drückens",
                   "fr": "La table au moment du premier appui"},
    "replay_of": {"en": "The table when {name} rang", "de": "Der Tisch, als {name} läutete",
                  "fr": "La table quand {name} a sonné"},
    "no_replay": {"en": "No picture of this ring: the camera had none at that moment.",
                  "de": "Kein Bild von diesem Läuten: Die Kamera hatte in dem Moment keines.",
                  "fr": "Pas d'image de cette sonnerie : la caméra n'en avait pas à ce "
                        "moment."},
    "close": {"en": "Close", "de": "Schließen", "fr": "Fermer"},
    # -- teaching the box your cards (the guided enrolment) ------------------------------------
    "teach_title": {"en": "Teach the box your cards", "de": "Der Box eure Karten beibringen",
                    "fr": "Apprendre vos cartes au boîtier"},
    "teach_needed": {"en": {"one": "The box does not know one of your animal cards yet.",
                            "other": "The box does not know {n} of your animal cards yet."},
                     "de": {"one": "Die Box kennt eine eurer Tierkarten noch nicht.",
                            "other": "Die Box kennt {n} eurer Tierkarten noch nicht."},
                     "fr": {"one": "Le boîtier ne connaît pas encore une de vos cartes "
                                   "animaux.",
                            "other": "Le boîtier ne connaît pas encore {n} de vos cartes "
                                     "animaux."}},
    "teach_animal": {"en": "Hold the {card} card under the camera, alone, flat and in the "
                           "middle, then press Teach.",
                     "de": "Halte die Karte {card} allein, flach und in der Mitte unter die "
                           "Kamera und drücke dann auf Beibringen.",
                     "fr": "Tenez la carte {card} sous la caméra, seule, à plat et au "
                           "milieu, puis appuyez sur Apprendre."},
    "teach_fruits": {"en": "Now hold one card of each fruit under the camera, one after the "
                           "other, and press Read: the box says what it sees.",
                     "de": "Halte jetzt nacheinander eine Karte jeder Obstsorte unter die "
                           "Kamera und drücke auf Lesen: Die Box sagt, was sie sieht.",
                     "fr": "Tenez maintenant une carte de chaque fruit sous la caméra, l'une "
                           "après l'autre, et appuyez sur Lire : le boîtier dit ce qu'il "
                           "voit."},
    "teach_done": {"en": "Done: the box knows your cards.",
                   "de": "Fertig: Die Box kennt eure Karten.",
                   "fr": "C'est fait : le boîtier connaît vos cartes."},
    "teach_sim_hand": {"en": "This is the simulated table: a simulated hand holds each card "
                             "under its camera for you.",
                       "de": "Das ist der simulierte Tisch: Eine simulierte Hand hält jede "
                             "Karte für euch unter seine Kamera.",
                       "fr": "C'est la table simulée : une main simulée tient chaque carte "
                             "sous sa caméra pour vous."},
    "teach_go": {"en": "Teach", "de": "Beibringen", "fr": "Apprendre"},
    "teach_read": {"en": "Read", "de": "Lesen", "fr": "Lire"},
    "teach_next": {"en": "Next", "de": "Weiter", "fr": "Suivant"},
    "teach_ok": {"en": "Learnt: the box now reads the {card}.",
                 "de": "Gelernt: Die Box erkennt jetzt die Karte {card}.",
                 "fr": "Appris : le boîtier reconnaît maintenant la carte {card}."},
    "teach_unsure": {"en": "Taught, but the box does not read the {card} back yet: hold it "
                           "flatter, in better light, and press Teach again.",
                     "de": "Beigebracht, aber die Box erkennt die Karte {card} noch nicht "
                           "sicher: Halte sie flacher, in besserem Licht, und drücke noch "
                           "einmal auf Beibringen.",
                     "fr": "Appris, mais le boîtier ne reconnaît pas encore la carte {card} : "
                           "tenez-la plus à plat, sous une meilleure lumière, et appuyez de "
                           "nouveau sur Apprendre."},
    "teach_none": {"en": "The box sees no {card} card: hold it alone, flat, in the middle "
                         "under the camera.",
                   "de": "Die Box sieht keine Karte {card}: Halte sie allein, flach und in "
                         "der Mitte unter die Kamera.",
                   "fr": "Le boîtier ne voit pas de carte {card} : tenez-la seule, à plat, "
                         "au milieu sous la caméra."},
    "teach_reads": {"en": "The box reads: {card}.", "de": "Die Box liest: {card}.",
                    "fr": "Le boîtier lit : {card}."},
    "teach_nothing": {"en": "The box sees no card: hold one flat under the camera.",
                      "de": "Die Box sieht keine Karte: Halte eine flach unter die Kamera.",
                      "fr": "Le boîtier ne voit aucune carte : tenez-en une à plat sous la "
                            "caméra."},
    "teach_no_reader": {"en": "This box reads no cards, so there is nothing to teach it.",
                        "de": "Diese Box liest keine Karten, also gibt es nichts "
                              "beizubringen.",
                        "fr": "Ce boîtier ne lit pas les cartes : il n'y a rien à lui "
                              "apprendre."},
    "teach_no_card": {"en": "The box sees no card: hold it alone, flat, in the middle under "
                            "the camera.",
                      "de": "Die Box sieht keine Karte: Halte sie allein, flach und in der "
                            "Mitte unter die Kamera.",
                      "fr": "Le boîtier ne voit aucune carte : tenez-la seule, à plat, au "
                            "milieu sous la caméra."},
    "teach_only_fruit": {"en": "The box sees only fruit cards: hold the animal card alone, "
                               "flat, in the middle under the camera.",
                         "de": "Die Box sieht nur Obstkarten: Halte die Tierkarte allein, "
                               "flach und in der Mitte unter die Kamera.",
                         "fr": "Le boîtier ne voit que des cartes de fruits : tenez la carte "
                               "animal seule, à plat, au milieu sous la caméra."},
    # -- cards in words (screen readers, titles) --------------------------------------------
    "fruit_B": {"en": {"one": "{n} banana", "other": "{n} bananas"},
                "de": {"one": "{n} Banane", "other": "{n} Bananen"},
                "fr": {"one": "{n} banane", "other": "{n} bananes"}},
    "fruit_P": {"en": {"one": "{n} plum", "other": "{n} plums"},
                "de": {"one": "{n} Pflaume", "other": "{n} Pflaumen"},
                "fr": {"one": "{n} prune", "other": "{n} prunes"}},
    "fruit_S": {"en": {"one": "{n} strawberry", "other": "{n} strawberries"},
                "de": {"one": "{n} Erdbeere", "other": "{n} Erdbeeren"},
                "fr": {"one": "{n} fraise", "other": "{n} fraises"}},
    "fruit_L": {"en": {"one": "{n} lime", "other": "{n} limes"},
                "de": {"one": "{n} Limette", "other": "{n} Limetten"},
                "fr": {"one": "{n} citron vert", "other": "{n} citrons verts"}},
    "elephant": {"en": "elephant", "de": "Elefant", "fr": "éléphant"},
    "monkey": {"en": "monkey", "de": "Affe", "fr": "singe"},
    "pig": {"en": "pig", "de": "Schwein", "fr": "cochon"},
}
