"""The arena as the generic board (engine/grid/model.py): what validation, the rules, the perimeter,
the pictures, the export and the playtest read.

An `ArenaLayout` is what a designer edits and saves; `arena_board` resolves it into a `Board`
whose cells are the arena's rectangle, with each wall a feature on its square and each start a
feature placed on the board carrying the typed settings its kind declares: its suit and its
facing (a facing setting, so it would turn with the board as any piece's facing does). Everything
past this module asks the board (`on_board`, `cells`, `cells_of_type`, `placed`) and the square
geometry (`GEOMETRY.step`, `turned`, `neighbours`), not the layout's fields.
"""
from __future__ import annotations

from typing import Iterable

from ..grid.model import Board, Feature
from ..grid.resolve import board_of_cells
from ..grid.square import SQUARE
from .model import ArenaLayout, Start
from .terms import Cell

GEOMETRY = SQUARE
QUARTER_TURN = GEOMETRY.rotations[1]  # a start or rider turned one step clockwise (the editor's R)
# The feature types and a start's settings (their kinds are declared in system.py).
START, WALL = "start", "wall"
SUIT, FACING = "suit", "facing"


def _row_major(cells: Iterable[Cell]) -> list[Cell]:
    return sorted(cells, key=lambda c: (c[1], c[0]))


def rectangle_board(width: int, height: int, features: Iterable[Feature] = ()) -> Board:
    """A board of every square of a width x height rectangle, with `features` placed on it."""
    cells = [(x, y) for y in range(height) for x in range(width)]
    board, _ = board_of_cells(cells, features, width=width, height=height, geometry=GEOMETRY)
    return board


def start_feature(start: Start) -> Feature:
    return Feature(START, start.x, start.y, settings={SUIT: start.suit, FACING: start.facing})


def arena_board(layout: ArenaLayout) -> Board:
    """The layout's board: the walls row by row, then the starts in the layout's order. A loaded
    layout has every wall and start inside its arena (layout_io refuses the rest)."""
    walls = [Feature(WALL, x, y) for x, y in _row_major(layout.walls)]
    return rectangle_board(layout.width, layout.height, walls + [start_feature(s) for s in layout.starts])


def starts(board: Board) -> tuple[Start, ...]:
    """The starts placed on the board, in the layout's order, read from their settings."""
    return tuple(Start(f.settings[SUIT], f.x, f.y, f.settings[FACING]) for f in board.placed if f.type == START)


def walls(board: Board) -> frozenset[Cell]:
    return frozenset(board.cells_of_type(WALL))


def wall_cells(board: Board) -> list[Cell]:
    """The walls row by row (as files, pictures and exports list them)."""
    return board.cells_of_type(WALL)
