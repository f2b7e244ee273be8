"""The kiosk page's own words (the core: tabs, settings, history, the PIN, dialogs).

Each game's part of the page has its words in the game's section (`halli.*`, ...).
Fields: {name}, {n}, {game}, {s} (seconds), {url}.
"""

from __future__ import annotations

PHRASES = {
    "tab_game": {"en": "Game", "de": "Spiel", "fr": "Partie"},
    "tab_camera": {"en": "Camera", "de": "Kamera", "fr": "Caméra"},
    "tab_history": {"en": "History", "de": "Verlauf", "fr": "Historique"},
    "tab_settings": {"en": "Settings", "de": "Einstellungen", "fr": "Réglages"},
    "game": {"en": "Game", "de": "Spiel", "fr": "Jeu"},
    "language": {"en": "Language", "de": "Sprache", "fr": "Langue"},
    "players": {"en": "Players", "de": "Spieler", "fr": "Joueurs"},
    "add_player": {"en": "Add a player", "de": "Spieler hinzufügen",
                   "fr": "Ajouter un joueur"},
    "remove": {"en": "Remove", "de": "Entfernen", "fr": "Retirer"},
    "remove_player": {"en": "Remove {name}", "de": "{name} entfernen", "fr": "Retirer {name}"},
    "name": {"en": "Name", "de": "Name", "fr": "Nom"},
    "name_of": {"en": "Name of player {n}", "de": "Name von Spieler {n}",
                "fr": "Nom du joueur {n}"},
    "colour_of": {"en": "Colour of player {n}", "de": "Farbe von Spieler {n}",
                  "fr": "Couleur du joueur {n}"},
    "save": {"en": "Save and start", "de": "Speichern und starten",
             "fr": "Enregistrer et commencer"},
    "new_game": {"en": "New game, same players", "de": "Neues Spiel, gleiche Spieler",
                 "fr": "Nouvelle partie, mêmes joueurs"},
    "name_empty": {"en": "Player {n} needs a name.", "de": "Spieler {n} braucht einen Namen.",
                   "fr": "Le joueur {n} a besoin d'un nom."},
    "name_long": {"en": "The name of player {n} is too long: 24 letters at most.",
                  "de": "Der Name von Spieler {n} ist zu lang: höchstens 24 Zeichen.",
                  "fr": "Le nom du joueur {n} est trop long : 24 caractères au plus."},
    "name_taken": {"en": "Two players are called {name}: give one of them another name.",
                   "de": "Zwei Spieler heißen {name}: Gebt einem von ihnen einen anderen "
                         "Namen.",
                   "fr": "Deux joueurs s'appellent {name} : donnez un autre nom à l'un "
                         "d'eux."},
    "player_count": {"en": "{game} is for {min} to {max} players, not {n}.",
                     "de": "{game} ist für {min} bis {max} Spieler, nicht für {n}.",
                     "fr": "{game} se joue de {min} à {max} joueurs, pas {n}."},
    "name_bad": {"en": "The name of player {n} must be 1 to 24 letters, without control "
                       "characters.",
                 "de": "Der Name von Spieler {n} muss 1 bis 24 Zeichen lang sein, ohne "
                       "Steuerzeichen.",
                 "fr": "Le nom du joueur {n} doit faire de 1 à 24 caractères, sans "
                       "caractères de contrôle."},
    # -- the box's refusals, said on the page (phrasebook.Phrased) ------------------------
    "err_no_game": {"en": "No game is being played: choose one in the settings.",
                    "de": "Es läuft kein Spiel: Wählt eines in den Einstellungen.",
                    "fr": "Aucune partie en cours : choisissez-en une dans les réglages."},
    "err_over": {"en": "The game is over: start a new one in the settings.",
                 "de": "Das Spiel ist vorbei: Startet ein neues in den Einstellungen.",
                 "fr": "La partie est finie : lancez-en une nouvelle dans les réglages."},
    "err_not_started": {"en": "The game has not started yet.",
                        "de": "Das Spiel hat noch nicht begonnen.",
                        "fr": "La partie n'a pas encore commencé."},
    "err_no_journal": {"en": "The box cannot open its game record: no game until it can.",
                       "de": "Die Box kann ihr Spielprotokoll nicht öffnen: Kein Spiel, bis "
                             "das geht.",
                       "fr": "Le boîtier ne peut pas ouvrir son journal de partie : pas de "
                             "partie avant que ce soit possible."},
    "err_new_game_unsaved": {"en": "The new game cannot start yet: the box cannot save it. "
                                   "It starts once it can be saved.",
                             "de": "Das neue Spiel kann noch nicht beginnen: Die Box kann "
                                   "es nicht speichern. Es beginnt, sobald das wieder geht.",
                             "fr": "La nouvelle partie ne peut pas encore commencer : le "
                                   "boîtier ne peut pas l'enregistrer. Elle commence dès "
                                   "que c'est possible."},
    "saved": {"en": "Saved.", "de": "Gespeichert.", "fr": "Enregistré."},
    "started": {"en": "A new game has started.", "de": "Ein neues Spiel hat begonnen.",
                "fr": "Une nouvelle partie a commencé."},
    "live": {"en": "live", "de": "verbunden", "fr": "en direct"},
    "reconnecting": {"en": "reconnecting…", "de": "verbinde neu…", "fr": "reconnexion…"},
    "no_camera": {"en": "No camera picture yet.", "de": "Noch kein Kamerabild.",
                  "fr": "Pas encore d'image de la caméra."},
    "camera_alt": {"en": "The table as the camera sees it, with the cards it read",
                   "de": "Der Tisch, wie die Kamera ihn sieht, mit den erkannten Karten",
                   "fr": "La table vue par la caméra, avec les cartes lues"},
    # -- the PIN (phones on the LAN) --------------------------------------------------------
    "pin": {"en": "PIN", "de": "PIN", "fr": "PIN"},
    "pin_needed": {"en": "Enter the PIN shown on the table's screen.",
                   "de": "Gib die PIN ein, die auf dem Bildschirm am Tisch steht.",
                   "fr": "Entrez le PIN affiché sur l'écran de la table."},
    "pin_ok": {"en": "OK", "de": "OK", "fr": "OK"},
    "wrong_pin": {"en": "Wrong PIN. Look at the table's screen and try again.",
                  "de": "Falsche PIN. Schau auf den Bildschirm am Tisch und versuch es noch "
                        "einmal.",
                  "fr": "PIN incorrect. Regardez l'écran de la table et réessayez."},
    "pin_locked": {"en": "Too many wrong PINs: wait a minute, then try again.",
                   "de": "Zu viele falsche PINs: warte eine Minute und versuch es dann noch "
                         "einmal.",
                   "fr": "Trop de PIN incorrects : attendez une minute, puis réessayez."},
    "pin_local": {"en": "This box only answers its own screen.",
                  "de": "Diese Box antwortet nur ihrem eigenen Bildschirm.",
                  "fr": "Ce boîtier ne répond qu'à son propre écran."},
    "phone_at": {"en": "Phones: {url}", "de": "Handys: {url}", "fr": "Téléphones : {url}"},
    # -- history ----------------------------------------------------------------------------
    "h_date": {"en": "Date", "de": "Datum", "fr": "Date"},
    "h_game": {"en": "Game", "de": "Spiel", "fr": "Jeu"},
    "h_players": {"en": "Players", "de": "Spieler", "fr": "Joueurs"},
    "h_player": {"en": "Player", "de": "Spieler", "fr": "Joueur"},
    "h_scores": {"en": "Scores", "de": "Punkte", "fr": "Scores"},
    "h_winner": {"en": "Winner", "de": "Sieger", "fr": "Gagnant"},
    "h_rings": {"en": "Rings (right / wrong)", "de": "Geläutet (richtig / falsch)",
                "fr": "Sonneries (bonnes / mauvaises)"},
    "abandoned": {"en": "not finished", "de": "nicht beendet", "fr": "non terminée"},
    "no_history": {"en": "No finished games yet.", "de": "Noch keine beendeten Spiele.",
                   "fr": "Aucune partie terminée pour l'instant."},
    "over": {"en": "Game over", "de": "Spiel vorbei", "fr": "Partie terminée"},
    "winner": {"en": "{name} wins!", "de": "{name} gewinnt!", "fr": "{name} gagne !"},
    "draw": {"en": "Draw", "de": "Unentschieden", "fr": "Égalité"},
    # -- questions before something cannot be undone ------------------------------------------
    "confirm_yes": {"en": "Yes", "de": "Ja", "fr": "Oui"},
    "confirm_no": {"en": "No, go back", "de": "Nein, zurück", "fr": "Non, retour"},
    "confirm_discard": {"en": "A game is being played. Stop it and start a new one? The game "
                              "stays in the history as not finished.",
                        "de": "Es läuft gerade ein Spiel. Abbrechen und ein neues beginnen? "
                              "Das Spiel bleibt als nicht beendet im Verlauf.",
                        "fr": "Une partie est en cours. L'arrêter et en commencer une "
                              "nouvelle ? Elle reste dans l'historique comme non terminée."},
    "discard_yes": {"en": "Yes, new game", "de": "Ja, neues Spiel",
                    "fr": "Oui, nouvelle partie"},
    # -- errors the page itself sees ---------------------------------------------------------
    "busy": {"en": "The box is busy: try again in a moment.",
             "de": "Die Box ist beschäftigt: versuch es gleich noch einmal.",
             "fr": "Le boîtier est occupé : réessayez dans un instant."},
    "offline": {"en": "The box does not answer: is it on?",
                "de": "Die Box antwortet nicht: ist sie eingeschaltet?",
                "fr": "Le boîtier ne répond pas : est-il allumé ?"},
}
