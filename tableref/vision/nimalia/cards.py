"""The card vocabulary and the CARDS.json form (`../shared/data/nimalia-cards/cards.json`).

A card is 2x2 spaces `[[TL, TR], [BL, BR]]`; each space has a terrain, an animal and, for
otters, a river `/` or `\\` as drawn on the unturned card.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

TERRAINS = ("savanna", "rain_forest", "ice_floe", "lake")
ANIMALS = (
    "lion",
    "giraffe",
    "crocodile",
    "flamingo",
    "polar_bear",
    "penguin",
    "panda",
    "gorilla",
    "otter",
)
RIVERS = ("/", "\\")
# the two animals other than the otter that live on each terrain
RESIDENTS = {
    "savanna": ("lion", "giraffe"),
    "rain_forest": ("panda", "gorilla"),
    "ice_floe": ("polar_bear", "penguin"),
    "lake": ("crocodile", "flamingo"),
}
OTTER_TERRAINS = ("savanna", "rain_forest", "ice_floe")


class CardsError(ValueError):
    """A CARDS.json file that cannot be used; the message names the problem."""


@dataclass(frozen=True, slots=True)
class SpaceKind:
    """What a space shows: terrain, animal and river ('' when none)."""

    terrain: str
    animal: str
    river: str = ""

    def turned(self, quarter_turns: int) -> SpaceKind:
        """This space on a card turned by `quarter_turns` * 90 degrees clockwise."""
        if not self.river or quarter_turns % 2 == 0:
            return self
        return SpaceKind(self.terrain, self.animal, "\\" if self.river == "/" else "/")

    def as_json(self) -> dict[str, str]:
        out = {"terrain": self.terrain, "animal": self.animal}
        if self.river:
            out["river"] = self.river
        return out


def space_problem(kind: SpaceKind) -> str | None:
    """Why a space cannot exist under the game's rules, or None."""
    if kind.terrain not in TERRAINS:
        return f"unknown terrain {kind.terrain!r}"
    if kind.animal not in ANIMALS:
        return f"unknown animal {kind.animal!r}"
    if kind.animal == "otter":
        if kind.terrain not in OTTER_TERRAINS:
            return f"an otter cannot stand on {kind.terrain}"
        if kind.river not in RIVERS:
            return "an otter space must carry a river '/' or '\\'"
    else:
        if kind.animal not in RESIDENTS[kind.terrain]:
            return f"a {kind.animal} cannot stand on {kind.terrain}"
        if kind.river:
            return f"a river on a {kind.animal} space"
    return None


Card = tuple[tuple[SpaceKind, SpaceKind], tuple[SpaceKind, SpaceKind]]


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
            for c, space in enumerate(row):
                if not isinstance(space, dict):
                    raise CardsError(f"{where} (id {card_id}) space [{r}][{c}]: not an object")
                kind = SpaceKind(
                    str(space.get("terrain", "")),
                    str(space.get("animal", "")),
                    str(space.get("river", "")),
                )
                problem = space_problem(kind)
                if problem:
                    raise CardsError(f"{where} (id {card_id}) space [{r}][{c}]: {problem}")
                kinds.append(kind)
        cards[card_id] = ((kinds[0], kinds[1]), (kinds[2], kinds[3]))
    if not cards:
        raise CardsError(f"{name}: no cards")
    return cards


def cards_json(cards: dict[int, Card]) -> dict[str, object]:
    """The CARDS.json form of `cards`."""
    return {
        "cards": [
            {"id": i, "spaces": [[s.as_json() for s in row] for row in card]}
            for i, card in sorted(cards.items())
        ]
    }
