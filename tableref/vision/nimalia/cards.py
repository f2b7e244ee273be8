"""The cards an enrolment is made of, in the game's own vocabulary, and the CARDS.json form
(`../shared/data/nimalia-cards/cards.json`).

A space is the game's `Space` (tableref.games.nimalia.model: terrain, animal, river) and a
card its 2x2 face `[[TL, TR], [BL, BR]]` as printed; the names below are the game's too, in
the order the classifier indexes them. Nothing about the cards is defined here twice.
"""

from __future__ import annotations

import json
from pathlib import Path

from tableref.games.nimalia.cards import Face
from tableref.games.nimalia.model import Animal, River, Space, Terrain, home_terrains

Card = Face
TERRAINS: tuple[Terrain, ...] = tuple(Terrain)
ANIMALS: tuple[Animal, ...] = tuple(Animal)
RIVERS: tuple[River, ...] = tuple(River)
# the two animals other than the otter that live on each terrain
RESIDENTS: dict[Terrain, tuple[Animal, ...]] = {
    t: tuple(a for a in Animal if a is not Animal.OTTER and t in home_terrains(a))
    for t in Terrain
}
OTTER_TERRAINS: tuple[Terrain, ...] = tuple(
    t for t in Terrain if t in home_terrains(Animal.OTTER))


class CardsError(ValueError):
    """A CARDS.json file that cannot be used; the message names the problem."""


def space(terrain: str, animal: str, river: str | None = None) -> Space:
    """The space of these names (the classifier's readings; '' or None: no river).
    ValueError names an unknown one; whether the space can exist is `Space.problem()`."""
    for kind, name in ((Terrain, terrain), (Animal, animal)):
        if name not in set(kind):
            raise ValueError(f"unknown {kind.__name__.lower()} {name!r}")
    if river and river not in set(River):
        raise ValueError(f"unknown river {river!r}")
    return Space(Terrain(terrain), Animal(animal), River(river) if river else None)


def space_json(kind: Space) -> dict[str, str]:
    """A space as the reserve file writes it (terrain, animal, river when there is one)."""
    out = {"terrain": kind.terrain.value, "animal": kind.animal.value}
    if kind.river is not None:
        out["river"] = kind.river.value
    return out


def load_cards(path: Path) -> dict[int, Card]:
    """Read a CARDS.json file: {"cards": [{"id": n, "spaces": [[TL, TR], [BL, BR]]}, ...]}."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as err:
        raise CardsError(f"{path}: cannot read ({err.strerror})") from err
    except json.JSONDecodeError as err:
        raise CardsError(f"{path}: not JSON (line {err.lineno}: {err.msg})") from err
    except UnicodeDecodeError as err:
        raise CardsError(f"{path}: not UTF-8 text ({err.reason})") from err
    except ValueError as err:  # Python refuses integers of more than 4300 digits
        raise CardsError(f"{path}: not JSON ({err})") from err
    except RecursionError:
        raise CardsError(f"{path}: not JSON that tableref reads (nested too deeply)") from None
    return parse_cards(data, str(path))


def parse_cards(data: object, name: str = "CARDS.json") -> dict[int, Card]:
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise CardsError(f'{name}: expected an object with a "cards" list')
    cards: dict[int, Card] = {}
    for index, entry in enumerate(data["cards"]):
        where = f"{name}: cards[{index}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), int):
            raise CardsError(f'{where}: expected an object with an integer "id"')
        card_id = entry["id"]
        if card_id in cards:
            raise CardsError(f"{where}: card id {card_id} appears twice")
        rows = entry.get("spaces")
        if not (
            isinstance(rows, list)
            and len(rows) == 2
            and all(isinstance(r, list) and len(r) == 2 for r in rows)
        ):
            raise CardsError(f'{where} (id {card_id}): "spaces" must be [[TL, TR], [BL, BR]]')
        kinds = []
        for r, row in enumerate(rows):
            for c, raw in enumerate(row):
                at = f"{where} (id {card_id}) space [{r}][{c}]"
                if not isinstance(raw, dict):
                    raise CardsError(f"{at}: not an object")
                try:
                    kind = space(str(raw.get("terrain", "")), str(raw.get("animal", "")),
                                 str(raw.get("river") or ""))
                except ValueError as err:
                    raise CardsError(f"{at}: {err}") from None
                problem = kind.problem()
                if problem:
                    raise CardsError(f"{at}: {problem}")
                kinds.append(kind)
        cards[card_id] = ((kinds[0], kinds[1]), (kinds[2], kinds[3]))
    if not cards:
        raise CardsError(f"{name}: no cards")
    return cards


def cards_json(cards: dict[int, Card]) -> dict[str, object]:
    """The CARDS.json form of `cards`."""
    return {
        "cards": [
            {"id": i, "spaces": [[space_json(s) for s in row] for row in card]}
            for i, card in sorted(cards.items())
        ]
    }
