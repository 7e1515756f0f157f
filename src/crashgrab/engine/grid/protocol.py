"""The `Geometry` protocol: how the cells of a board sit together, for any grid (square, hex).

Cell math (`step`, `distance`, `rotate_cell`, `edge_key`) is kept apart from drawing (`cell_polygon`,
`cell_centre`, `cell_at`, `edge`, `edge_at`, `bounds`, `direction_angle`), which speak in board units;
a view scales board units to pixels. `grid.square.SQUARE` and `grid.hex.HEX` implement it.
"""
from __future__ import annotations

from typing import Iterable, Protocol, runtime_checkable

Cell = tuple[int, int]
# Edge: (cell, direction), one side of a cell; `geometry.edge_key` names it the same from either cell.
Point = tuple[float, float]  # board units: a cell of a square grid is 1 x 1, (0, 0) its top-left corner;
# a hex grid's unit is the hex radius (grid/hex.py)


@runtime_checkable
class Geometry(Protocol):
    """How cells of a board sit together: names, not numbers, for directions.

    Square grids use `grid.square.SQUARE`; a hex grid implements the same members.
    """

    name: str                       # "square", "hex"
    directions: tuple[str, ...]     # clockwise, e.g. ("north", "east", "south", "west")
    rotations: tuple[int, ...]      # degrees a piece may turn, clockwise, e.g. (0, 90, 180, 270)

    def step(self, cell: Cell, direction: str, distance: int = 1) -> Cell: ...

    def turned(self, direction: str, rotation: int) -> str: ...

    def opposite(self, direction: str) -> str: ...

    def neighbours(self, cell: Cell) -> list[Cell]: ...

    def cell_polygon(self, cell: Cell) -> list[Point]: ...

    def cell_centre(self, cell: Cell) -> Point: ...

    def cell_at(self, point: Point) -> Cell: ...

    def edge(self, cell: Cell, direction: str) -> tuple[Point, Point]: ...

    def edge_at(self, point: Point, tolerance: float = 0.15) -> tuple[Cell, str] | None: ...

    def distance(self, a: Cell, b: Cell) -> int: ...

    def rotate_cell(self, cell: Cell, rotation: int, centre: Cell = (0, 0)) -> Cell: ...

    def direction_angle(self, direction: str) -> float: ...

    def edge_key(self, cell: Cell, direction: str) -> tuple[Cell, str]: ...

    def bounds(self, cells: Iterable[Cell]) -> tuple[float, float, float, float]: ...
