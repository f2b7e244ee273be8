"""Nimalia: the scores said after each round, and the game's part of the page.

Fields: {name}, {n} (a round, or a count), {id} (an objective's number), {points},
{total}, {each} (the players' points, already joined).
"""

from __future__ import annotations

from tableref.device.phrasebook import nimalia_objectives

PHRASES = {
    "title": {"en": "Nimalia", "de": "Nimalia", "fr": "Nimalia"},
    # -- spoken when a round is scored (daemon/nimalia_session.py) ------------------------
    "round_said": {"en": "Round {n}.", "de": "Runde {n}.", "fr": "Manche {n}."},
    "objective_said": {"en": "{objective}: {each}.", "de": "{objective}: {each}.",
                       "fr": "{objective} : {each}."},
    "tie_said": {"en": "{names} tie on {total} points.",
                 "de": "{names} haben gleich viele Punkte: {total}.",
                 "fr": "{names} sont à égalité avec {total} points."},
    "tiebreak_said": {"en": "{name} has the most animals of one kind: {n}.",
                      "de": "{name} hat die meisten Tiere einer Art: {n}.",
                      "fr": "{name} a le plus d'animaux d'une même espèce : {n}."},
    "shared_said": {"en": "{names} share the win.", "de": "{names} teilen sich den Sieg.",
                    "fr": "{names} partagent la victoire."},
    "points_said": {"en": "{name} {points}", "de": "{name} {points}", "fr": "{name} {points}"},
    "score_said": {"en": "{name}: {points} points, total {total}.",
                   "de": "{name}: {points} Punkte, insgesamt {total}.",
                   "fr": "{name} : {points} points, total {total}."},
    # -- the page ---------------------------------------------------------------------------
    "round": {"en": "Round {n}", "de": "Runde {n}", "fr": "Manche {n}"},
    "photograph": {"en": "Photograph the reserve of {name}",
                   "de": "Fotografiere das Reservat von {name}",
                   "fr": "Photographiez la réserve de {name}"},
    "in_play": {"en": "Objectives this round", "de": "Ziele dieser Runde",
                "fr": "Objectifs de cette manche"},
    "objective": {"en": "#{id}", "de": "#{id}", "fr": "n°{id}"},
    "this_round": {"en": "Round", "de": "Runde", "fr": "Manche"},
    "total": {"en": "Total", "de": "Gesamt", "fr": "Total"},
    "photo": {"en": "Photo", "de": "Foto", "fr": "Photo"},
    "next": {"en": "next", "de": "jetzt", "fr": "à suivre"},
    "read": {"en": "read", "de": "gelesen", "fr": "lue"},
    "reserve_of": {"en": "Reserve of", "de": "Reservat von", "fr": "Réserve de"},
    "upload": {"en": "Score this photo", "de": "Dieses Foto werten",
               "fr": "Compter cette photo"},
    "photograph_btn": {"en": "Use the table camera", "de": "Tischkamera verwenden",
                       "fr": "Utiliser la caméra de la table"},
    "uploading": {"en": "Scoring…", "de": "Wird gewertet…", "fr": "Calcul en cours…"},
    "scored": {"en": "Scored.", "de": "Gewertet.", "fr": "Compté."},
    # the photo field's own words (the browser's would be in its own language)
    "pick_photo": {"en": "Take or choose a photo", "de": "Foto aufnehmen oder wählen",
                   "fr": "Prendre ou choisir une photo"},
    "no_photo_picked": {"en": "No photo chosen yet", "de": "Noch kein Foto gewählt",
                        "fr": "Aucune photo choisie"},
    "choose_photo": {"en": "Choose a photo first.", "de": "Wähle zuerst ein Foto.",
                     "fr": "Choisissez d'abord une photo."},
    "reserve_alt": {"en": "The photo of {name}'s reserve, with what was read",
                    "de": "Das Foto des Reservats von {name}, mit dem Erkannten",
                    "fr": "La photo de la réserve de {name}, avec ce qui a été lu"},
    # -- the objectives (nimalia_objectives.py has their names) ------------------------------
    "objectives_title": {"en": "This game's objectives", "de": "Die Ziele dieses Spiels",
                         "fr": "Les objectifs de cette partie"},
    "leaves": {"en": {"one": "{n} leaf", "other": "{n} leaves"},
               "de": {"one": "{n} Blatt", "other": "{n} Blätter"},
               "fr": {"one": "{n} feuille", "other": "{n} feuilles"}},
    "ranked": {"en": "compared between players", "de": "im Vergleich der Spieler",
               "fr": "comparé entre joueurs"},
    "schedule": {"en": "Scored in", "de": "Gewertet in", "fr": "Compté en"},
    "choose": {"en": "Choose the objectives", "de": "Ziele wählen",
               "fr": "Choisir les objectifs"},
    "choice_first_game": {"en": "First game (4, 5, 16, 19)", "de": "Erstes Spiel (4, 5, 16, 19)",
                          "fr": "Première partie (4, 5, 16, 19)"},
    "choice_random": {"en": "Random, one of each colour", "de": "Zufällig, eines je Farbe",
                      "fr": "Au hasard, un de chaque couleur"},
    "choice_hand": {"en": "By hand", "de": "Von Hand", "fr": "À la main"},
    "new_with": {"en": "New game with these objectives", "de": "Neues Spiel mit diesen Zielen",
                 "fr": "Nouvelle partie avec ces objectifs"},
    "confirm_new": {"en": "Start a new game with these objectives? This game's scores stay "
                          "unfinished.",
                    "de": "Ein neues Spiel mit diesen Zielen beginnen? Dieses Spiel bleibt "
                          "unvollendet.",
                    "fr": "Commencer une nouvelle partie avec ces objectifs ? Celle-ci reste "
                          "inachevée."},
    "started": {"en": "A new game has started with these objectives.",
                "de": "Ein neues Spiel mit diesen Zielen hat begonnen.",
                "fr": "Une nouvelle partie a commencé avec ces objectifs."},
    # -- the score sheet ---------------------------------------------------------------------
    "sheet": {"en": "Score sheet", "de": "Punkteblatt", "fr": "Feuille de score"},
    "sum": {"en": "Σ", "de": "Σ", "fr": "Σ"},
    "waiting": {"en": "Waiting for the photo of {names}", "de": "Es fehlt das Foto von {names}",
                "fr": "En attente de la photo de {names}"},
    "so_far": {"en": "so far", "de": "bisher", "fr": "pour l'instant"},
    "waits_all": {"en": "once all photos are in", "de": "wenn alle Fotos da sind",
                  "fr": "quand toutes les photos seront là"},
    "rank_river": {"en": "Longest river", "de": "Längster Fluss", "fr": "Rivière la plus longue"},
    "rank_most": {"en": "Most {what}", "de": "Meiste {what}", "fr": "Le plus de {what}"},
    "rank_fewest": {"en": "Fewest {what}", "de": "Wenigste {what}", "fr": "Le moins de {what}"},
    "rank_first": {"en": "1st {names}: {points}", "de": "1. {names}: {points}",
                   "fr": "1er {names} : {points}"},
    "rank_second": {"en": "2nd {names}: {points}", "de": "2. {names}: {points}",
                    "fr": "2e {names} : {points}"},
    "rank_others": {"en": "everyone else: {points}", "de": "alle anderen: {points}",
                    "fr": "tous les autres : {points}"},
    "no_second_tied": {"en": "1st place is shared, so no 2nd place",
                       "de": "Platz 1 ist geteilt, daher kein Platz 2",
                       "fr": "1re place partagée, donc pas de 2e place"},
    "no_second_players": {"en": "no 2nd place with 2 players",
                          "de": "kein Platz 2 bei 2 Spielern",
                          "fr": "pas de 2e place à 2 joueurs"},
    "wins_with": {"en": "{name} wins with {total} points",
                  "de": "{name} gewinnt mit {total} Punkten",
                  "fr": "{name} gagne avec {total} points"},
    "tie_on": {"en": "{names} tie on {total} points",
               "de": "{names} haben gleich viele Punkte: {total}",
               "fr": "{names} sont à égalité avec {total} points"},
    "tie_most": {"en": "most animals of one kind: {each}",
                 "de": "meiste Tiere einer Art: {each}",
                 "fr": "le plus d'animaux d'une espèce : {each}"},
    "shared": {"en": "{names} share the win", "de": "{names} teilen sich den Sieg",
               "fr": "{names} partagent la victoire"},
    # -- settling a photo's unsure spaces ---------------------------------------------------
    "unsure": {"en": {"one": "{name}: {n} space is unsure. Tap what it shows, or retake the "
                             "photo.",
                      "other": "{name}: {n} spaces are unsure. Tap what each shows, or retake "
                               "the photo."},
               "de": {"one": "{name}: {n} Feld ist unsicher. Tippe an, was es zeigt, oder "
                             "mache das Foto neu.",
                      "other": "{name}: {n} Felder sind unsicher. Tippe an, was jedes zeigt, "
                               "oder mache das Foto neu."},
               "fr": {"one": "{name} : {n} case est incertaine. Touchez ce qu'elle montre, ou "
                             "reprenez la photo.",
                      "other": "{name} : {n} cases sont incertaines. Touchez ce que chacune "
                               "montre, ou reprenez la photo."}},
    "space_n": {"en": "Space {n}", "de": "Feld {n}", "fr": "Case {n}"},
    "guess": {"en": "looks like: {what}", "de": "sieht aus wie: {what}",
              "fr": "ressemble à : {what}"},
    "pick_animal": {"en": "Which animal?", "de": "Welches Tier?", "fr": "Quel animal ?"},
    "pick_terrain": {"en": "Which terrain?", "de": "Welches Gelände?", "fr": "Quel terrain ?"},
    "pick_river": {"en": "Which way does the river run?", "de": "Wie verläuft der Fluss?",
                   "fr": "Dans quel sens va la rivière ?"},
    "no_card": {"en": "no card here", "de": "keine Karte hier", "fr": "pas de carte ici"},
    "told": {"en": "told: {what}", "de": "gesagt: {what}", "fr": "dit : {what}"},
    "settle": {"en": "Score with what I said", "de": "Mit meinen Angaben werten",
               "fr": "Compter avec mes réponses"},
    "retake": {"en": "Retake the photo", "de": "Foto neu machen", "fr": "Reprendre la photo"},
    "still_unsure": {"en": {"one": "{n} space still to tell", "other": "{n} spaces still to tell"},
                     "de": {"one": "noch {n} Feld anzugeben", "other": "noch {n} Felder anzugeben"},
                     "fr": {"one": "encore {n} case à dire", "other": "encore {n} cases à dire"}},
    # -- a reserve that does not follow from the round before (check.py) --------------------
    "doubt": {"en": "{name}: this reserve does not follow from last round's by three cards "
                    "placed by the rules: {why}. Was a space read wrong? Retake the photo, or "
                    "keep the reserve as it is.",
              "de": "{name}: Dieses Reservat folgt nicht mit drei regelgerecht gelegten "
                    "Karten aus dem der letzten Runde: {why}. Wurde ein Feld falsch gelesen? "
                    "Mache das Foto neu, oder behalte das Reservat, wie es ist.",
              "fr": "{name} : cette réserve ne découle pas de celle de la manche précédente "
                    "par trois cartes posées selon les règles : {why}. Une case a-t-elle été "
                    "mal lue ? Reprenez la photo, ou gardez la réserve telle quelle."},
    "rule_cover": {"en": "{which} covers no space of the reserve",
                   "de": "{which} deckt kein Feld des Reservats ab",
                   "fr": "{which} ne couvre aucune case de la réserve"},
    "rule_under": {"en": "{which} was slid under cards already placed",
                   "de": "{which} wurde unter schon gelegte Karten geschoben",
                   "fr": "{which} a été glissée sous des cartes déjà posées"},
    "rule_window": {"en": "{which} takes the reserve past 6 by 6 spaces",
                    "de": "{which} macht das Reservat größer als 6 mal 6 Felder",
                    "fr": "{which} fait dépasser la réserve de 6 sur 6 cases"},
    "rule_unexplained": {"en": "no three cards laid on last round's reserve show what the "
                               "photo shows",
                         "de": "keine drei Karten, auf das Reservat der letzten Runde gelegt, "
                               "zeigen, was das Foto zeigt",
                         "fr": "aucune combinaison de trois cartes posées sur la réserve de la "
                               "manche précédente ne montre ce que montre la photo"},
    "rule_apart": {"en": "a card lies apart from the reserve, touching none of it (framed on "
                         "the photo): a card placed covers a space of the reserve; if it is "
                         "no card of the reserve, keep the reserve as it is",
                   "de": "eine Karte liegt abseits des Reservats und berührt es nicht (auf dem "
                         "Foto umrahmt): Eine gelegte Karte deckt ein Feld des Reservats ab; "
                         "gehört sie nicht zum Reservat, behalte es, wie es ist",
                   "fr": "une carte est posée à l'écart de la réserve, sans la toucher "
                         "(encadrée sur la photo) : une carte posée couvre une case de la "
                         "réserve ; si elle n'en fait pas partie, gardez la réserve telle "
                         "quelle"},
    "card_n": {"en": "card {n}", "de": "Karte {n}", "fr": "la carte {n}"},
    "card_hidden": {"en": "a card hidden by later ones", "de": "eine von späteren verdeckte Karte",
                    "fr": "une carte cachée par les suivantes"},
    "keep": {"en": "Keep it as it is", "de": "So behalten", "fr": "La garder telle quelle"},
    "placed": {"en": "Cards placed this round", "de": "In dieser Runde gelegte Karten",
               "fr": "Cartes posées cette manche"},
    "placed_one": {"en": "{which} at row {row}, col {col}, turned {turn}°",
                   "de": "{which} in Zeile {row}, Spalte {col}, um {turn}° gedreht",
                   "fr": "{which} ligne {row}, colonne {col}, tournée de {turn}°"},
    "placed_hidden": {"en": "{which} at row {row}, col {col}",
                      "de": "{which} in Zeile {row}, Spalte {col}",
                      "fr": "{which} ligne {row}, colonne {col}"},
    "kept_against": {"en": "kept against the rules", "de": "gegen die Regeln behalten",
                     "fr": "gardée malgré les règles"},
    # -- the placement adviser -----------------------------------------------------------
    "advise_title": {"en": "Where to place your cards", "de": "Wohin mit deinen Karten",
                     "fr": "Où poser vos cartes"},
    "advise_help": {"en": "Pick the cards in your hand: the box shows the best places for them "
                          "on your reserve as it was at the start of this round, for this "
                          "round's objectives (compared objectives as if you played alone). "
                          "Rows and columns count from the top-left space of the reserve once "
                          "the cards are down.",
                    "de": "Wähle die Karten auf deiner Hand: Die Box zeigt die besten Plätze "
                          "dafür in deinem Reservat, wie es zu Beginn dieser Runde war, für die "
                          "Ziele dieser Runde (Vergleichsziele, als spieltest du allein). Zeilen "
                          "und Spalten zählen vom Feld oben links des Reservats, wenn die Karten "
                          "liegen.",
                    "fr": "Choisissez les cartes de votre main : la boîte montre les meilleures "
                          "places dans votre réserve telle qu'elle était au début de cette "
                          "manche, pour les objectifs de cette manche (les objectifs comparés "
                          "comme si vous jouiez seul). Lignes et colonnes comptent depuis la "
                          "case en haut à gauche de la réserve une fois les cartes posées."},
    "advise_pick": {"en": "Tap the animals a card shows, then the card.",
                    "de": "Tippe die Tiere einer Karte an, dann die Karte.",
                    "fr": "Touchez les animaux d'une carte, puis la carte."},
    "advise_more": {"en": "{n} cards: tap another animal", "de": "{n} Karten: tippe ein weiteres "
                    "Tier an", "fr": "{n} cartes : touchez un autre animal"},
    "advise_go": {"en": "Advise me", "de": "Beraten", "fr": "Me conseiller"},
    "advise_thinking": {"en": "Thinking…", "de": "Überlege…", "fr": "Je réfléchis…"},
    "advise_failed": {"en": "No advice: {why}", "de": "Kein Rat: {why}",
                      "fr": "Pas de conseil : {why}"},
    "advise_points": {"en": "{points} points this round once the hand is down",
                      "de": "{points} Punkte in dieser Runde, wenn die Hand liegt",
                      "fr": "{points} points cette manche une fois la main posée"},
    "advise_later": {"en": "{n} for the later rounds' objectives as the reserve stands",
                     "de": "{n} für die Ziele der späteren Runden, wie das Reservat dann liegt",
                     "fr": "{n} pour les objectifs des manches suivantes, la réserve telle "
                           "quelle"},
    # -- the table camera: each player's zone ----------------------------------------------
    "zones": {"en": "Table camera: each player's zone",
              "de": "Tischkamera: die Zone jedes Spielers",
              "fr": "Caméra de la table : la zone de chaque joueur"},
    "zones_help": {"en": "Choose a player, then drag a box around their reserve on the camera "
                         "picture. \"Use the table camera\" then photographs that zone only, and "
                         "the box photographs it by itself once the cards placed in it stop "
                         "moving and no hand is over it.",
                   "de": "Wähle einen Spieler und ziehe auf dem Kamerabild einen Rahmen um sein "
                         "Reservat. \"Tischkamera verwenden\" fotografiert dann nur diese Zone, "
                         "und die Box fotografiert sie von selbst, sobald die gelegten Karten "
                         "ruhen und keine Hand darüber ist.",
                   "fr": "Choisissez un joueur, puis tracez un cadre autour de sa réserve sur "
                         "l'image de la caméra. « Utiliser la caméra de la table » ne "
                         "photographie alors que cette zone, et la boîte la photographie "
                         "d'elle-même dès que les cartes posées ne bougent plus et qu'aucune "
                         "main n'est au-dessus."},
    "zone_moving": {"en": "moving", "de": "in Bewegung", "fr": "en mouvement"},
    "zone_still": {"en": "still", "de": "ruhig", "fr": "immobile"},
    "zone_crossed": {"en": "a hand over it", "de": "eine Hand darüber", "fr": "une main dessus"},
    "zone_changed": {"en": "photographing", "de": "wird fotografiert", "fr": "photo en cours"},
    "zone_waits": {"en": {"one": "{name}: {n} new card seen. The box photographs the zone "
                                 "again when the next cards are down (or press \"Use the "
                                 "table camera\").",
                          "other": "{name}: {n} new cards seen. The box photographs the zone "
                                   "again when the next card is down."},
                   "de": {"one": "{name}: {n} neue Karte gesehen. Die Box fotografiert die "
                                 "Zone wieder, wenn die nächsten Karten liegen (oder drücke "
                                 "\"Tischkamera verwenden\").",
                          "other": "{name}: {n} neue Karten gesehen. Die Box fotografiert die "
                                   "Zone wieder, wenn die nächste Karte liegt."},
                   "fr": {"one": "{name} : {n} nouvelle carte vue. La boîte photographie la "
                                 "zone à nouveau quand les cartes suivantes sont posées (ou "
                                 "appuyez sur « Utiliser la caméra de la table »).",
                          "other": "{name} : {n} nouvelles cartes vues. La boîte photographie "
                                   "la zone à nouveau quand la carte suivante est posée (ou "
                                   "appuyez sur « Utiliser la caméra de la table »)."}},
    "zones_save": {"en": "Save the zones", "de": "Zonen speichern", "fr": "Enregistrer les zones"},
    "zones_saved": {"en": "Zones saved.", "de": "Zonen gespeichert.", "fr": "Zones enregistrées."},
    # -- a photo that cannot be scored (the daemon's refusals, shown on the page) ----------
    "err_not_image": {"en": "{name}: the file is not a JPEG or PNG image that can be decoded. "
                            "Take the photo again.",
                      "de": "{name}: Die Datei ist kein lesbares JPEG- oder PNG-Bild. Mache das "
                            "Foto neu.",
                      "fr": "{name} : le fichier n'est pas une image JPEG ou PNG lisible. "
                            "Reprenez la photo."},
    "err_too_large": {"en": "{name}: the photo is too large: at most {megapixels} megapixels "
                            "and {side} pixels a side.",
                      "de": "{name}: Das Foto ist zu groß: höchstens {megapixels} Megapixel und "
                            "{side} Pixel je Seite.",
                      "fr": "{name} : la photo est trop grande : au plus {megapixels} "
                            "mégapixels et {side} pixels de côté."},
    "err_no_reserve": {"en": "{name}: no Nimalia reserve in this photo. Photograph the whole "
                             "reserve from above.",
                       "de": "{name}: Auf diesem Foto ist kein Nimalia-Reservat. Fotografiere "
                             "das ganze Reservat von oben.",
                       "fr": "{name} : aucune réserve Nimalia sur cette photo. Photographiez "
                             "toute la réserve par-dessus."},
    "err_no_grid": {"en": "{name}: no Nimalia reserve found in this photo: its spaces cannot "
                          "be made out. Photograph the whole reserve from above.",
                    "de": "{name}: Auf diesem Foto wurde kein Nimalia-Reservat gefunden: seine "
                          "Felder sind nicht zu erkennen. Fotografiere das ganze Reservat von "
                          "oben.",
                    "fr": "{name} : aucune réserve Nimalia trouvée sur cette photo : ses cases "
                          "ne se distinguent pas. Photographiez toute la réserve par-dessus."},
    "err_breaks_rules": {"en": "{name}: the reserve read breaks the rules ({why}). Retake the "
                               "photo.",
                         "de": "{name}: Das gelesene Reservat verstößt gegen die Regeln "
                               "({why}). Mache das Foto neu.",
                         "fr": "{name} : la réserve lue enfreint les règles ({why}). Reprenez "
                               "la photo."},
    "err_game_over": {"en": "The game is over: start a new one in the settings.",
                      "de": "Das Spiel ist vorbei: Beginne in den Einstellungen ein neues.",
                      "fr": "La partie est finie : commencez-en une nouvelle dans les "
                            "réglages."},
    "err_no_enrolment": {"en": "The box knows no Nimalia cards yet: teach it your cards with "
                               "\u201cTeach the box your cards\u201d (a few phone photos).",
                         "de": "Die Box kennt noch keine Nimalia-Karten: Bringt sie ihr mit "
                               "\u201eDer Box eure Karten beibringen\u201c bei (ein paar Fotos "
                               "mit dem Handy).",
                         "fr": "Le boîtier ne connaît encore aucune carte Nimalia : "
                               "apprenez-lui vos cartes avec « Apprendre vos cartes au "
                               "boîtier » (quelques photos au téléphone)."},
    # teaching the box the cards from phone photos (the page's guided enrolment)
    "teach_title": {"en": "Teach the box your cards", "de": "Der Box eure Karten beibringen",
                    "fr": "Apprendre vos cartes au boîtier"},
    "teach_intro": {"en": "The box learns your cards from a few photos: find each card drawn "
                          "here in your deck, lay it alone and flat on the table and "
                          "photograph it from above.",
                    "de": "Die Box lernt eure Karten aus ein paar Fotos: Sucht jede hier "
                          "gezeigte Karte in eurem Stapel, legt sie allein und flach auf den "
                          "Tisch und fotografiert sie von oben.",
                    "fr": "Le boîtier apprend vos cartes à partir de quelques photos : "
                          "trouvez dans votre paquet chaque carte dessinée ici, posez-la seule "
                          "et à plat sur la table et photographiez-la d'en haut."},
    "teach_run_only": {"en": "This is the simulated table: what is taught here is kept until "
                             "the box stops, never over the cards of a real deck.",
                       "de": "Das ist der simulierte Tisch: Was hier gelernt wird, bleibt, bis "
                             "die Box anhält, nie über den Karten eines echten Stapels.",
                       "fr": "C'est la table simulée : ce qui est appris ici est gardé jusqu'à "
                             "l'arrêt du boîtier, jamais à la place des cartes d'un vrai "
                             "paquet."},
    "teach_card": {"en": "Card {i} of {n}: find this card",
                   "de": "Karte {i} von {n}: Sucht diese Karte",
                   "fr": "Carte {i} sur {n} : trouvez cette carte"},
    "teach_space": {"en": "{animal} ({terrain})", "de": "{animal} ({terrain})",
                    "fr": "{animal} ({terrain})"},
    "teach_where": {"en": "{tl}, {tr} at the top; {bl}, {br} at the bottom",
                    "de": "oben {tl}, {tr}; unten {bl}, {br}",
                    "fr": "en haut {tl}, {tr} ; en bas {bl}, {br}"},
    "teach_shoot": {"en": "Photograph this card", "de": "Diese Karte fotografieren",
                    "fr": "Photographier cette carte"},
    "teach_reading": {"en": "The box is looking at the photo…",
                      "de": "Die Box sieht sich das Foto an …",
                      "fr": "Le boîtier regarde la photo…"},
    "teach_learnt": {"en": "Learnt: the box saw this card's terrains where they belong.",
                     "de": "Gelernt: Die Box hat die Landschaften dieser Karte an ihrem Platz "
                           "gesehen.",
                     "fr": "Appris : le boîtier a vu les terrains de cette carte à leur "
                           "place."},
    "teach_progress": {"en": "{k} of {n} cards taught", "de": "{k} von {n} Karten gelernt",
                       "fr": "{k} cartes apprises sur {n}"},
    "teach_no_card": {"en": "The box sees no single card on this photo: lay the card alone "
                            "and flat on a plain table, all of it in view, and photograph it "
                            "from above.",
                      "de": "Die Box sieht auf diesem Foto keine einzelne Karte: Legt die "
                            "Karte allein und flach auf einen einfarbigen Tisch, ganz im Bild, "
                            "und fotografiert sie von oben.",
                      "fr": "Le boîtier ne voit pas une carte seule sur cette photo : posez "
                            "la carte seule et à plat sur une table unie, tout entière dans "
                            "l'image, et photographiez-la d'en haut."},
    "teach_other_card": {"en": "This is not the card drawn here (its terrains are not where "
                               "that card has them): find that card and photograph it.",
                         "de": "Das ist nicht die hier gezeigte Karte (ihre Landschaften "
                               "liegen nicht dort, wo sie bei dieser Karte liegen): Sucht diese "
                               "Karte und fotografiert sie.",
                         "fr": "Ce n'est pas la carte dessinée ici (ses terrains ne sont pas "
                               "là où cette carte les a) : trouvez cette carte et "
                               "photographiez-la."},
    "teach_not_asked": {"en": "Card {n} is not one of the cards asked for.",
                        "de": "Karte {n} gehört nicht zu den gesuchten Karten.",
                        "fr": "La carte {n} ne fait pas partie des cartes demandées."},
    "teach_unavailable": {"en": "This box cannot learn cards from photos.",
                          "de": "Diese Box kann keine Karten aus Fotos lernen.",
                          "fr": "Ce boîtier ne peut pas apprendre de cartes à partir de "
                                "photos."},
    "teach_not_kept": {"en": "The box could not keep the photo (is its memory card full?): "
                             "try again.",
                       "de": "Die Box konnte das Foto nicht speichern (ist ihre Speicherkarte "
                             "voll?): Versucht es noch einmal.",
                       "fr": "Le boîtier n'a pas pu garder la photo (sa carte mémoire est-elle "
                             "pleine ?) : réessayez."},
    "teach_known": {"en": "The box knows your cards. Photograph any card to check that it "
                          "reads it.",
                    "de": "Die Box kennt eure Karten. Fotografiert irgendeine Karte, um zu "
                          "prüfen, dass sie sie liest.",
                    "fr": "Le boîtier connaît vos cartes. Photographiez n'importe quelle "
                          "carte pour vérifier qu'il la lit."},
    "teach_check": {"en": "Photograph any card", "de": "Irgendeine Karte fotografieren",
                    "fr": "Photographier une carte"},
    "teach_reads": {"en": "The box reads {where}: that is card {n} of the game.",
                    "de": "Die Box liest {where}: Das ist Karte {n} des Spiels.",
                    "fr": "Le boîtier lit {where} : c'est la carte {n} du jeu."},
    "teach_reads_no_card": {"en": "The box reads {where}, which is no card of the game: "
                                  "photograph it again, flat and in good light.",
                            "de": "Die Box liest {where}, das ist keine Karte des Spiels: "
                                  "Fotografiert sie noch einmal, flach und bei gutem Licht.",
                            "fr": "Le boîtier lit {where}, ce qui n'est aucune carte du jeu : "
                                  "reprenez la photo, à plat et bien éclairée."},
    "teach_reads_unsure": {"en": "The box is not sure of every space of this card: "
                                 "photograph it again, flat and in good light.",
                           "de": "Die Box ist sich nicht bei jedem Feld dieser Karte sicher: "
                                 "Fotografiert sie noch einmal, flach und bei gutem Licht.",
                           "fr": "Le boîtier n'est pas sûr de chaque case de cette carte : "
                                 "reprenez la photo, à plat et bien éclairée."},
    "err_changed": {"en": "The game changed while the photo was read: take it again.",
                    "de": "Das Spiel hat sich geändert, während das Foto gelesen wurde: Mache "
                          "es neu.",
                    "fr": "La partie a changé pendant la lecture de la photo : reprenez-la."},
    "err_zone": {"en": "{name}: the zone is not inside the camera picture: set it again.",
                 "de": "{name}: Die Zone liegt nicht im Kamerabild: Lege sie neu fest.",
                 "fr": "{name} : la zone n'est pas dans l'image de la caméra : "
                       "tracez-la à nouveau."},
    "err_encode": {"en": "The camera picture cannot be read: try again.",
                   "de": "Das Kamerabild kann nicht gelesen werden: Versuche es noch einmal.",
                   "fr": "L'image de la caméra ne peut pas être lue : réessayez."},
    "err_nothing_waits": {"en": "{name}: no photo waits to be settled or kept.",
                          "de": "{name}: Kein Foto wartet auf Angaben.",
                          "fr": "{name} : aucune photo n'attend de réponses."},

    **nimalia_objectives.PHRASES,
}
