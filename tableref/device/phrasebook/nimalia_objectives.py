"""Nimalia's 22 objectives by name, each with a one-line description, and the words of the
colours, animals and terrains (merged into the `nimalia` section: `nimalia.obj5`,
`nimalia.obj5_text`, `nimalia.colour_blue`, `nimalia.animal_otter`, `nimalia.animals_otter`,
`nimalia.terrain_lake`)."""

from __future__ import annotations

_OBJECTIVES: dict[int, tuple[tuple[str, str], tuple[str, str], tuple[str, str]]] = {
    # id: ((en name, en line), (de name, de line), (fr name, fr line))
    1: (("Otters in company", "Next to each otter, 1 per animal in a group of 2 or more of "
         "one kind."),
        ("Otter in Gesellschaft", "Neben jedem Otter 1 pro Tier einer Gruppe von 2 oder mehr "
         "gleichen."),
        ("Loutres en compagnie", "Autour de chaque loutre, 1 par animal d'un groupe de 2 ou "
         "plus de la même espèce.")),
    2: (("Rivers to the lake", "2 per otter whose river reaches a lake."),
        ("Flüsse zum See", "2 pro Otter, dessen Fluss einen See erreicht."),
        ("Rivières vers le lac", "2 par loutre dont la rivière atteint un lac.")),
    3: (("Rain forests", "2 per rain forest area (one space is an area too)."),
        ("Regenwälder", "2 pro Regenwaldgebiet (auch ein einzelnes Feld)."),
        ("Forêts tropicales", "2 par zone de forêt tropicale (une case seule compte aussi).")),
    4: (("Gorillas by the lake", "2 per gorilla next to a lake."),
        ("Gorillas am See", "2 pro Gorilla neben einem See."),
        ("Gorilles au bord du lac", "2 par gorille à côté d'un lac.")),
    5: (("Great savanna", "2 per space of your largest savanna."),
        ("Große Savanne", "2 pro Feld deiner größten Savanne."),
        ("Grande savane", "2 par case de votre plus grande savane.")),
    6: (("Savannas of four", "6 per savanna area of exactly 4 spaces."),
        ("Vierer-Savannen", "6 pro Savanne aus genau 4 Feldern."),
        ("Savanes de quatre", "6 par savane d'exactement 4 cases.")),
    7: (("Ice fields", "4 per 2x2 block of ice floe (blocks may overlap)."),
        ("Eisfelder", "4 pro 2x2-Block Eisscholle (Blöcke dürfen sich überlappen)."),
        ("Banquises", "4 par bloc 2x2 de banquise (les blocs peuvent se chevaucher).")),
    8: (("Polar bear families", "A lone polar bear -1; a group of n bears +2n."),
        ("Eisbärfamilien", "Ein einzelner Eisbär -1; eine Gruppe von n Eisbären +2n."),
        ("Familles d'ours polaires", "Un ours polaire seul -1 ; un groupe de n ours +2n.")),
    9: (("The rarest terrain", "2 per space of the terrain you have least of."),
        ("Das seltenste Gelände", "2 pro Feld des Geländes, von dem du am wenigsten hast."),
        ("Le terrain le plus rare", "2 par case du terrain que vous avez le moins.")),
    10: (("Full square", "Your largest full square: 2x2 3, 3x3 5, 4x4 8, 5x5 13, 6x6 21."),
         ("Volles Quadrat", "Dein größtes volles Quadrat: 2x2 3, 3x3 5, 4x4 8, 5x5 13, "
          "6x6 21."),
         ("Carré complet", "Votre plus grand carré complet : 2x2 3, 3x3 5, 4x4 8, 5x5 13, "
          "6x6 21.")),
    11: (("Four terrains in a row", "3 per row holding all 4 terrains."),
         ("Vier Gelände in einer Reihe", "3 pro Reihe mit allen 4 Geländen."),
         ("Quatre terrains en ligne", "3 par ligne contenant les 4 terrains.")),
    12: (("Pairs side by side", "3 per run of exactly 2 same animals side by side."),
         ("Paare nebeneinander", "3 pro Paar aus genau 2 gleichen Tieren nebeneinander."),
         ("Paires côte à côte", "3 par paire d'exactement 2 animaux identiques côte à côte.")),
    13: (("Few giraffes", "No giraffe 8, one 5, two 3, three or more 0."),
         ("Wenige Giraffen", "Keine Giraffe 8, eine 5, zwei 3, drei oder mehr 0."),
         ("Peu de girafes", "Aucune girafe 8, une 5, deux 3, trois ou plus 0.")),
    14: (("Flamingos inside", "3 per flamingo not on the edge of your reserve."),
         ("Flamingos in der Mitte", "3 pro Flamingo, der nicht am Rand deines Reservats ist."),
         ("Flamants au centre", "3 par flamant qui n'est pas au bord de votre réserve.")),
    15: (("A long river", "Your longest river: 2 → 1, 3 → 3, 4 → 6, 5 → 10, 6 or more → 15."),
         ("Ein langer Fluss", "Dein längster Fluss: 2 → 1, 3 → 3, 4 → 6, 5 → 10, "
          "6 oder mehr → 15."),
         ("Une longue rivière", "Votre plus longue rivière : 2 → 1, 3 → 3, 4 → 6, 5 → 10, "
          "6 ou plus → 15.")),
    16: (("The longest river", "The longest river of all players: 1st 5, 2nd 2."),
         ("Der längste Fluss", "Der längste Fluss aller Spieler: 1. 5, 2. 2."),
         ("La plus longue rivière", "La plus longue rivière des joueurs : 1er 5, 2e 2.")),
    17: (("Pandas on the edge", "3 per panda on the edge of your reserve."),
         ("Pandas am Rand", "3 pro Panda am Rand deines Reservats."),
         ("Pandas en bordure", "3 par panda au bord de votre réserve.")),
    18: (("Gorillas, not pandas", "Most gorillas: 1st +5, 2nd +2. Most pandas: 1st -5, 2nd -2."),
         ("Gorillas statt Pandas", "Meiste Gorillas: 1. +5, 2. +2. Meiste Pandas: 1. -5, "
          "2. -2."),
         ("Gorilles plutôt que pandas", "Le plus de gorilles : 1er +5, 2e +2. Le plus de "
          "pandas : 1er -5, 2e -2.")),
    19: (("Lone penguins", "3 per column with exactly one penguin."),
         ("Einsame Pinguine", "3 pro Spalte mit genau einem Pinguin."),
         ("Manchots solitaires", "3 par colonne avec exactement un manchot.")),
    20: (("Fewest lions", "Fewest lions +3; everyone else -2."),
         ("Wenigste Löwen", "Wenigste Löwen +3; alle anderen -2."),
         ("Le moins de lions", "Le moins de lions +3 ; tous les autres -2.")),
    21: (("Crocodiles, not flamingos", "Most crocodiles: 1st 5, 2nd 2. Fewest flamingos: "
          "1st 5, 2nd 2."),
         ("Krokodile statt Flamingos", "Meiste Krokodile: 1. 5, 2. 2. Wenigste Flamingos: "
          "1. 5, 2. 2."),
         ("Crocodiles plutôt que flamants", "Le plus de crocodiles : 1er 5, 2e 2. Le moins de "
          "flamants : 1er 5, 2e 2.")),
    22: (("Crocodiles and giraffes", "2 per crocodile next to a giraffe."),
         ("Krokodile und Giraffen", "2 pro Krokodil neben einer Giraffe."),
         ("Crocodiles et girafes", "2 par crocodile à côté d'une girafe.")),
}

_WORDS = {
    "colour_blue": ("blue", "blau", "bleu"),
    "colour_green": ("green", "grün", "vert"),
    "colour_yellow": ("yellow", "gelb", "jaune"),
    "colour_red": ("red", "rot", "rouge"),
    "animal_lion": ("lion", "Löwe", "lion"),
    "animal_giraffe": ("giraffe", "Giraffe", "girafe"),
    "animal_crocodile": ("crocodile", "Krokodil", "crocodile"),
    "animal_flamingo": ("flamingo", "Flamingo", "flamant"),
    "animal_polar_bear": ("polar bear", "Eisbär", "ours polaire"),
    "animal_penguin": ("penguin", "Pinguin", "manchot"),
    "animal_panda": ("panda", "Panda", "panda"),
    "animal_gorilla": ("gorilla", "Gorilla", "gorille"),
    "animal_otter": ("otter", "Otter", "loutre"),
    "animals_lion": ("lions", "Löwen", "lions"),
    "animals_giraffe": ("giraffes", "Giraffen", "girafes"),
    "animals_crocodile": ("crocodiles", "Krokodile", "crocodiles"),
    "animals_flamingo": ("flamingos", "Flamingos", "flamants"),
    "animals_polar_bear": ("polar bears", "Eisbären", "ours polaires"),
    "animals_penguin": ("penguins", "Pinguine", "manchots"),
    "animals_panda": ("pandas", "Pandas", "pandas"),
    "animals_gorilla": ("gorillas", "Gorillas", "gorilles"),
    "animals_otter": ("otters", "Otter", "loutres"),
    "terrain_savanna": ("savanna", "Savanne", "savane"),
    "terrain_rain_forest": ("rain forest", "Regenwald", "forêt tropicale"),
    "terrain_ice_floe": ("ice floe", "Eisscholle", "banquise"),
    "terrain_lake": ("lake", "See", "lac"),
}

PHRASES: dict[str, dict[str, str]] = {}
for _id, ((en, en_line), (de, de_line), (fr, fr_line)) in _OBJECTIVES.items():
    PHRASES[f"obj{_id}"] = {"en": en, "de": de, "fr": fr}
    PHRASES[f"obj{_id}_text"] = {"en": en_line, "de": de_line, "fr": fr_line}
for _key, (_en, _de, _fr) in _WORDS.items():
    PHRASES[_key] = {"en": _en, "de": _de, "fr": _fr}
