"""Square-grid directions for the rules, as plain tables (the route search runs them millions of times).

Course coordinates: x is the column from the left, y the row from the top (north is y - 1),
as engine.grid.square.SQUARE has them.
"""
from __future__ import annotations

Cell = tuple[int, int]

DIRECTIONS: tuple[str, ...] = ("north", "east", "south", "west")
_DELTA = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
OPPOSITE = {"north": "south", "east": "west", "south": "north", "west": "east"}
RIGHT = {"north": "east", "east": "south", "south": "west", "west": "north"}
LEFT = {v: k for k, v in RIGHT.items()}
# A side of a robot (Shield, Turret) as a turn from its facing.
SIDES: tuple[str, ...] = ("front", "right", "back", "left")


def step(cell: Cell, direction: str, distance: int = 1) -> Cell:
    dx, dy = _DELTA[direction]
    return cell[0] + dx * distance, cell[1] + dy * distance


def turned(direction: str, quarter_turns: int) -> str:
    """`direction` turned clockwise by `quarter_turns` (negative: anticlockwise)."""
    return DIRECTIONS[(DIRECTIONS.index(direction) + quarter_turns) % 4]


def side_direction(facing: str, side: str) -> str:
    """The compass direction of a robot's `side` ("front", "right", "back", "left")."""
    return turned(facing, SIDES.index(side))


def edge(cell: Cell, direction: str) -> tuple[Cell, Cell]:
    """The edge between `cell` and its neighbour in `direction`, the same whichever cell names it."""
    other = step(cell, direction)
    return (cell, other) if cell <= other else (other, cell)


def cell_text(cell: Cell | None) -> str:
    return "off the course" if cell is None else f"[{cell[0]},{cell[1]}]"
