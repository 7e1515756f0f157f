"""RoboRally's vocabulary: the element types of cells and edges, their settings, and how cells
are written. Cells are [x, y] (column from the left, row from the top), squares of
engine/grid/square.py; directions north, east, south, west."""
from __future__ import annotations

from ..grid.square import SQUARE

Cell = tuple[int, int]
Edge = tuple[Cell, str]  # a cell and one of its sides

DIRECTIONS: tuple[str, ...] = SQUARE.directions
# Cell elements (a cell without one is plain factory floor).
FLOOR = "floor"
CELL_TYPES: tuple[str, ...] = ("pit", "conveyor", "gear", "repair", "oil", "portal", "crusher", "flamethrower")
# Edge elements: sit on one side of a cell.
EDGE_TYPES: tuple[str, ...] = ("wall", "laser", "pusher", "door")
# Edge elements mounted on a wall (firing or pushing into their cell): the wall is implied.
ON_A_WALL: tuple[str, ...] = ("laser", "pusher")
# The factory element pieces of the expansion, placed on empty spaces of a course.
PIECE_TYPES: tuple[str, ...] = ("portal", "crusher", "flamethrower", "door")
TURNS: tuple[str, ...] = ("left", "right")
PROGRAM_STEPS: tuple[int, ...] = (1, 2, 3, 4, 5)
MAX_BOARD_SIDE = 16
MAX_CHECKPOINTS = 8
MAX_STARTS = 8
PLAYERS: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8)
SQUARE_MM = 25.0  # a square of the printed factory boards (docs/roborally.md)
FACTORY_SIDE = 12  # a factory board is 12 x 12 squares; smaller boards (a start strip) are not one
# The structural findings and their default severities (docs/findings.md, "RoboRally"; validation.py).
FINDING_CODES: dict[str, str] = {
    "board-overlap": "error", "course-split": "warning", "off-course": "error", "checkpoint-count": "error",
    "checkpoint-on-pit": "error", "checkpoint-on-crusher": "warning", "start-count": "error",
    "start-hazard": "error", "piece-not-empty": "error", "portal-unpaired": "error", "conveyor-loop": "info",
    "laser-on-checkpoint": "info",
    # The shortest-program checks (rules/routes.py), run when the course has no structural error.
    "checkpoint-unreachable": "error", "start-unfair": "warning",
}


def cell_text(cell: Cell) -> str:
    return f"[{cell[0]},{cell[1]}]"


def edge_text(cell: Cell, side: str) -> str:
    return f"{cell_text(cell)} {side}"


def edge_key(cell: Cell, side: str) -> Edge:
    """The one name of an edge, whichever of its two cells names it ([3,4] east is [4,4] west)."""
    return SQUARE.edge_key(cell, side)


def life_points(players: int, boards: int) -> int:
    """The seed's table (Setup, step 5): 3 with 2-4 players and 1-4 boards, one more with 5 or
    more players, one more with 5 or more boards."""
    return 3 + (players >= 5) + (boards >= 5)
