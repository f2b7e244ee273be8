"""Nimalia: the scores said after each round, and the game's part of the page.

Fields: {name}, {n} (a round, or a count), {id} (an objective's number), {points},
{total}, {each} (the players' points, already joined).
"""

from __future__ import annotations

PHRASES = {
    "title": {"en": "Nimalia", "de": "Nimalia", "fr": "Nimalia"},
    # -- spoken when a round is scored (daemon/speech.py) -------------------------------------
    "round_said": {"en": "Round {n}.", "de": "Runde {n}.", "fr": "Manche {n}."},
    "objective_said": {"en": "Objective {id}: {each}.", "de": "Ziel {id}: {each}.",
                       "fr": "Objectif {id} : {each}."},
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
    "choose_photo": {"en": "Choose a photo first.", "de": "Wähle zuerst ein Foto.",
                     "fr": "Choisissez d'abord une photo."},
    "reserve_alt": {"en": "The photo of {name}'s reserve, with what was read",
                    "de": "Das Foto des Reservats von {name}, mit dem Erkannten",
                    "fr": "La photo de la réserve de {name}, avec ce qui a été lu"},
}
