"""Crash!'s vocabulary: players, cars, directions and how hexes are written.

Hexes are axial [q, r] (engine/grid/hex.py): q grows to the east, r to the south-east.
"""
from __future__ import annotations

from ..grid.hex import DIRECTIONS, HEX, Cell

PLAYERS: tuple[str, ...] = ("p1", "p2")
CARS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
FACINGS: tuple[str, ...] = DIRECTIONS
VARIANTS: tuple[str, ...] = ("standard", "german")
TURN_RULINGS: tuple[str, ...] = ("any", "one_side")
DICE_PER_TURN = 3
HEX_MM = 30.0  # a hex printed at game scale, across its flats (docs/crash.md)

__all__ = ["CARS", "Cell", "DICE_PER_TURN", "FACINGS", "HEX", "HEX_MM", "PLAYERS", "TURN_RULINGS", "VARIANTS",
           "ahead", "cell_text", "other_player"]


def other_player(player: str) -> str:
    return "p2" if player == "p1" else "p1"


def cell_text(cell: Cell | None) -> str:
    return "out of the game" if cell is None else f"[{cell[0]},{cell[1]}]"


def ahead(cell: Cell, facing: str) -> Cell:
    return HEX.step(cell, facing)


# Finding code -> default severity (docs/findings.md, "Crash!"); validation.py reports them.
FINDING_CODES: dict[str, str] = {
    "start-count": "error", "off-board": "error", "shared-hex": "error", "junkyard-count": "error",
    "junkyard-nearer": "error", "junkyard-unreachable": "error",
    "facing-away": "warning", "faces-off-board": "warning", "unbalanced": "warning",
}
