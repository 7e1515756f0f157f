"""The three player-count templates: the board size and the slots tiles snap into."""
from __future__ import annotations

from dataclasses import dataclass

from ..grid.geometry import ROTATIONS
from ..grid.model import Cell, Placement, TileSet

FLAT = (0, 180)
STANDING = (90, 270)


@dataclass(frozen=True)
class Slot:
    name: str
    x: int
    y: int
    roles: tuple[str, ...]
    rotations: tuple[int, ...] = ROTATIONS

    @property
    def origin(self) -> Cell:
        return self.x, self.y

    def refusal(self, tileset: TileSet, placement: Placement) -> str | None:
        """Why this slot does not take the placement, or None when it does."""
        tile = tileset.get(placement.tile)
        if tile is None:
            return None  # reported as unknown-tile elsewhere
        if tile.kind not in self.roles:
            return (f"the {self.name} slot takes {' or '.join(_ROLE_WORDS[r] for r in self.roles)}, "
                    f"not tile {tile.id} ({_ROLE_WORDS.get(tile.kind, tile.kind)})")
        if placement.rotation not in self.rotations:
            allowed = " or ".join(str(r) for r in self.rotations)
            return f"the {self.name} slot takes tile {tile.id} at rotation {allowed}, not {placement.rotation}"
        return None


_ROLE_WORDS = {
    "core": "a core tile (1-4)",
    "arm5": "a 4x1 arm tile (5-8)",
    "centre5": "the 1x1 centre tile (9)",
    "arm6": "a 4x2 arm tile (10-13)",
    "centre6": "the 2x2 centre tile (14)",
    "custom": "a custom tile",
}


@dataclass(frozen=True)
class Template:
    id: str
    title: str
    width: int
    height: int
    slots: tuple[Slot, ...]

    def slot_at(self, cell: Cell) -> Slot | None:
        for slot in self.slots:
            if slot.origin == cell:
                return slot
        return None

    def slot_for(self, placement: Placement) -> Slot | None:
        return self.slot_at((placement.x, placement.y))


def _cores(far: int) -> tuple[Slot, ...]:
    return (
        Slot("north-west core", 0, 0, ("core",)),
        Slot("north-east core", far, 0, ("core",)),
        Slot("south-west core", 0, far, ("core",)),
        Slot("south-east core", far, far, ("core",)),
    )


def _cross(arm: str, centre: str, mid: int, far: int) -> tuple[Slot, ...]:
    return (
        Slot("north arm", mid, 0, (arm,), STANDING),
        Slot("west arm", 0, mid, (arm,), FLAT),
        Slot("east arm", far, mid, (arm,), FLAT),
        Slot("south arm", mid, far, (arm,), STANDING),
        Slot("centre", mid, mid, (centre,)),
    )


TEMPLATES: dict[str, Template] = {
    "2-4": Template("2-4", "2-4 players (up to 4 saucers)", 8, 8, _cores(4)),
    "5": Template("5", "5 saucers", 9, 9, _cores(5) + _cross("arm5", "centre5", 4, 5)),
    "6": Template("6", "6 saucers", 10, 10, _cores(6) + _cross("arm6", "centre6", 4, 6)),
}


def template_for_players(players: int) -> Template:
    """The template for a player count 2-6; 2 players fly two saucers each."""
    if players in (2, 3, 4):
        return TEMPLATES["2-4"]
    if players in (5, 6):
        return TEMPLATES[str(players)]
    raise ValueError(f"Crash & Grab is played by 2 to 6 players, not {players}")
