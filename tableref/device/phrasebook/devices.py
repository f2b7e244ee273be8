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
    # -- on the screen: what is wrong, in plain words, and what to do about it ---------------
    "problem_camera": {"en": "The camera is not working.",
                       "de": "Die Kamera funktioniert nicht.",
                       "fr": "La caméra ne fonctionne pas."},
    "todo_camera": {"en": "You can play on: the bells still say who was first, you judge the "
                          "cards. Check the camera's cable; the box tries again by itself.",
                    "de": "Ihr könnt weiterspielen: Die Glocken sagen weiter, wer zuerst war, "
                          "die Karten beurteilt ihr selbst. Prüft das Kabel der Kamera; die "
                          "Box versucht es von selbst wieder.",
                    "fr": "Vous pouvez continuer : les sonnettes disent toujours qui était "
                          "premier, c'est vous qui jugez les cartes. Vérifiez le câble de la "
                          "caméra ; le boîtier réessaie tout seul."},
    # a game's own "what to do" where the general one does not fit (devices.js looks for
    # devices.todo_<device>_<game> first)
    "todo_camera_nelly": {"en": "You can play on: the box goes by your buttons and what you "
                                "tell it. Check the camera's cable; the box tries again by "
                                "itself.",
                          "de": "Ihr könnt weiterspielen: Die Box richtet sich nach euren "
                                "Knöpfen und dem, was ihr meldet. Prüft das Kabel der Kamera; "
                                "die Box versucht es von selbst wieder.",
                          "fr": "Vous pouvez continuer : le boîtier suit vos boutons et ce "
                                "que vous lui dites. Vérifiez le câble de la caméra ; le "
                                "boîtier réessaie tout seul."},
    "todo_camera_nimalia": {"en": "You can play on: photograph each reserve with a phone and "
                                  "upload it instead. Check the camera's cable; the box tries "
                                  "again by itself.",
                            "de": "Ihr könnt weiterspielen: Fotografiert jede Reserve mit "
                                  "einem Handy und ladet das Foto hoch. Prüft das Kabel der "
                                  "Kamera; die Box versucht es von selbst wieder.",
                            "fr": "Vous pouvez continuer : photographiez chaque réserve avec "
                                  "un téléphone et envoyez la photo. Vérifiez le câble de la "
                                  "caméra ; le boîtier réessaie tout seul."},
    "problem_bells": {"en": "The bells are not working.",
                      "de": "Die Glocken funktionieren nicht.",
                      "fr": "Les sonnettes ne fonctionnent pas."},
    "todo_bells": {"en": "Ring with the buttons on this screen (or keys 1 to 6) meanwhile. "
                         "Check the bell box's cable; the box tries again by itself.",
                   "de": "Läutet solange mit den Knöpfen auf diesem Bildschirm (oder den "
                         "Tasten 1 bis 6). Prüft das Kabel der Glockenbox; die Box versucht "
                         "es von selbst wieder.",
                   "fr": "En attendant, sonnez avec les boutons de cet écran (ou les touches "
                         "1 à 6). Vérifiez le câble du boîtier des sonnettes ; le boîtier "
                         "réessaie tout seul."},
    "problem_audio": {"en": "No sound.", "de": "Kein Ton.", "fr": "Pas de son."},
    "todo_audio": {"en": "The box cannot speak, so every verdict is shown here. Plug in a "
                         "speaker or check its cable: the box notices by itself.",
                   "de": "Die Box kann nicht sprechen, deshalb steht jedes Urteil hier. "
                         "Schließt einen Lautsprecher an oder prüft sein Kabel: Die Box merkt "
                         "es von selbst.",
                   "fr": "Le boîtier ne peut pas parler, chaque verdict s'affiche donc ici. "
                         "Branchez un haut-parleur ou vérifiez son câble : le boîtier s'en "
                         "aperçoit tout seul."},
    "problem_journal": {"en": "The game cannot be saved.",
                        "de": "Das Spiel kann nicht gespeichert werden.",
                        "fr": "La partie ne peut pas être enregistrée."},
    "todo_journal": {"en": "The box's memory card is full or failing. Free some space (old "
                           "photos, old logs): the game goes on once it can be saved.",
                     "de": "Die Speicherkarte der Box ist voll oder defekt. Macht etwas Platz "
                           "frei (alte Fotos, alte Protokolle): Das Spiel geht weiter, sobald "
                           "es gespeichert werden kann.",
                     "fr": "La carte mémoire du boîtier est pleine ou défaillante. Libérez de "
                           "la place (anciennes photos, anciens journaux) : la partie reprend "
                           "dès qu'elle peut être enregistrée."},
    "problem_journal_repaired": {"en": "The game record was damaged and has been repaired.",
                                 "de": "Das Spielprotokoll war beschädigt und wurde "
                                       "repariert.",
                                 "fr": "Le journal des parties était endommagé et a été "
                                       "réparé."},
    "todo_journal_repaired": {"en": "Nothing to do: the games that could be read were kept, "
                                    "and the damaged file was put aside.",
                              "de": "Nichts zu tun: Die lesbaren Spiele wurden behalten, die "
                                    "beschädigte Datei wurde beiseitegelegt.",
                              "fr": "Rien à faire : les parties lisibles ont été gardées et "
                                    "le fichier endommagé mis de côté."},
    "problem_journal_resumed": {"en": "The last game could not be taken up again.",
                                "de": "Das letzte Spiel konnte nicht fortgesetzt werden.",
                                "fr": "La dernière partie n'a pas pu être reprise."},
    "todo_journal_resumed": {"en": "Nothing to do: a new game has started, and the last one "
                                   "is kept in the history as abandoned.",
                             "de": "Nichts zu tun: Ein neues Spiel hat begonnen, das letzte "
                                   "bleibt als abgebrochen im Verlauf.",
                             "fr": "Rien à faire : une nouvelle partie a commencé, et la "
                                   "dernière reste dans l'historique comme abandonnée."},
    # the journal cannot be opened at all: no game until it can (devices.js picks the todo
    # of its hint: the cause the file system shows, store.unopenable)
    "journal_unopened": {"en": "game record", "de": "Spielprotokoll", "fr": "journal de partie"},
    "lost_journal_unopened": {"en": "The game record cannot be opened.",
                              "de": "Das Spielprotokoll lässt sich nicht öffnen.",
                              "fr": "Le journal de partie ne peut pas être ouvert."},
    "back_journal_unopened": {"en": "The game record opens again: the game starts.",
                              "de": "Das Spielprotokoll lässt sich wieder öffnen: Das Spiel "
                                    "beginnt.",
                              "fr": "Le journal de partie s'ouvre à nouveau : la partie "
                                    "commence."},
    "problem_journal_unopened": {"en": "The box cannot open its game record, so no game can "
                                       "be played.",
                                 "de": "Die Box kann ihr Spielprotokoll nicht öffnen, deshalb "
                                       "kann kein Spiel laufen.",
                                 "fr": "Le boîtier ne peut pas ouvrir son journal de partie : "
                                       "aucune partie ne peut être jouée."},
    "todo_journal_unopened": {"en": "This needs whoever set up the box: the details below name "
                                    "the file and the reason. The box tries again by itself "
                                    "every few seconds, and the game starts once it can.",
                              "de": "Das muss die Person beheben, die die Box eingerichtet "
                                    "hat: Die Einzelheiten unten nennen die Datei und den "
                                    "Grund. Die Box versucht es alle paar Sekunden von selbst "
                                    "wieder, und das Spiel beginnt, sobald es geht.",
                              "fr": "Il faut la personne qui a installé le boîtier : les "
                                    "détails ci-dessous indiquent le fichier et la raison. Le "
                                    "boîtier réessaie tout seul toutes les quelques secondes, "
                                    "et la partie commence dès que possible."},
    "todo_journal_unopened_not_a_file": {
        "en": "A folder (or something else) is where the box keeps its game record. Whoever "
              "set up the box: move it away (the details below name it). The box tries again "
              "by itself every few seconds.",
        "de": "Wo die Box ihr Spielprotokoll ablegt, liegt ein Ordner (oder etwas anderes). "
              "Wer die Box eingerichtet hat: bitte wegräumen (die Einzelheiten unten nennen "
              "ihn). Die Box versucht es alle paar Sekunden von selbst wieder.",
        "fr": "Un dossier (ou autre chose) se trouve là où le boîtier garde son journal de "
              "partie. La personne qui a installé le boîtier doit le déplacer (les détails "
              "ci-dessous le nomment). Le boîtier réessaie tout seul toutes les quelques "
              "secondes."},
    "todo_journal_unopened_read_only": {
        "en": "The memory card can be read but not written: it may be failing or "
              "write-protected. Restart the box; if this stays, the card needs replacing. The "
              "box tries again by itself every few seconds.",
        "de": "Die Speicherkarte lässt sich lesen, aber nicht beschreiben: Sie ist vielleicht "
              "defekt oder schreibgeschützt. Startet die Box neu; bleibt es so, muss die Karte "
              "ersetzt werden. Die Box versucht es alle paar Sekunden von selbst wieder.",
        "fr": "La carte mémoire peut être lue mais pas écrite : elle est peut-être défaillante "
              "ou protégée en écriture. Redémarrez le boîtier ; si cela reste, il faut "
              "remplacer la carte. Le boîtier réessaie tout seul toutes les quelques "
              "secondes."},
    "todo_journal_unopened_no_access": {
        "en": "The box is not allowed to write in its data folder (the details below name "
              "it). Whoever set up the box: make the folder writable for the box again, for "
              "example by running its installer again. The box tries again by itself every "
              "few seconds.",
        "de": "Die Box darf in ihrem Datenordner nicht schreiben (die Einzelheiten unten "
              "nennen ihn). Wer die Box eingerichtet hat: den Ordner wieder für die Box "
              "beschreibbar machen, zum Beispiel indem das Installationsprogramm noch einmal "
              "läuft. Die Box versucht es alle paar Sekunden von selbst wieder.",
        "fr": "Le boîtier n'a pas le droit d'écrire dans son dossier de données (les détails "
              "ci-dessous le nomment). La personne qui a installé le boîtier doit le rendre à "
              "nouveau accessible en écriture, par exemple en relançant l'installation. Le "
              "boîtier réessaie tout seul toutes les quelques secondes."},
    "todo_journal_unopened_busy": {
        "en": "Another tableref program on this box is using the game record. Stop it, or "
              "restart the box: this one starts the game as soon as the record is free.",
        "de": "Ein anderes tableref-Programm auf dieser Box benutzt das Spielprotokoll. "
              "Beendet es oder startet die Box neu: Diese beginnt das Spiel, sobald das "
              "Protokoll frei ist.",
        "fr": "Un autre programme tableref de ce boîtier utilise le journal de partie. "
              "Arrêtez-le ou redémarrez le boîtier : celui-ci commence la partie dès que le "
              "journal est libre."},
    "problem_other": {"en": "Something on the box is not working.",
                      "de": "Etwas an der Box funktioniert nicht.",
                      "fr": "Quelque chose ne fonctionne pas sur le boîtier."},
    "todo_other": {"en": "The details below are for whoever looks after the box.",
                   "de": "Die Einzelheiten unten sind für die Person, die die Box betreut.",
                   "fr": "Les détails ci-dessous sont pour la personne qui s'occupe du "
                         "boîtier."},
    "teach_no_camera": {"en": "The box has no camera picture to learn from: check the "
                              "camera, then try again.",
                        "de": "Die Box hat kein Kamerabild zum Lernen: Prüft die Kamera und "
                              "versucht es noch einmal.",
                        "fr": "Le boîtier n'a pas d'image de la caméra pour apprendre : "
                              "vérifiez la caméra, puis réessayez."},
    "photo_no_camera": {"en": "The box has no camera picture to read the reserve from: "
                              "upload a photo instead.",
                        "de": "Die Box hat kein Kamerabild, um die Auslage zu lesen: Ladet "
                              "stattdessen ein Foto hoch.",
                        "fr": "Le boîtier n'a pas d'image de la caméra pour lire la réserve : "
                              "envoyez plutôt une photo."},
    "details": {"en": "Details", "de": "Einzelheiten", "fr": "Détails"},
    "got_it": {"en": "OK, got it", "de": "OK, verstanden", "fr": "OK, compris"},
    "chip": {"en": "Problem: {what}", "de": "Problem: {what}", "fr": "Problème : {what}"},
}
