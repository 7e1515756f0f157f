"""The square grid as a `system.Geometry`: named directions, quarter turns, unit cells.

Board units: cell (x, y) is the unit square with top-left corner (x, y); y grows downward.
"""
from __future__ import annotations

import math
from typing import Iterable

from .edges import canonical_edge, polygon_bounds
from .geometry import ROTATIONS, Direction, quarter_turns

Cell = tuple[int, int]
Point = tuple[float, float]


_DELTAS: dict[str, Cell] = {d.value: d.delta for d in Direction}  # north, east, south, west


class SquareGeometry:
    name = "square"
    directions: tuple[str, ...] = tuple(d.value for d in Direction)
    rotations: tuple[int, ...] = ROTATIONS

    def step(self, cell: Cell, direction: str, distance: int = 1) -> Cell:
        delta = _DELTAS.get(direction)  # by name, not through the enum: a board's checks step a lot
        if delta is None:
            raise ValueError(f"{direction!r} is not a square direction; use one of {', '.join(self.directions)}")
        return cell[0] + delta[0] * distance, cell[1] + delta[1] * distance

    def turned(self, direction: str, rotation: int) -> str:
        return Direction(direction).turned(rotation).value

    def opposite(self, direction: str) -> str:
        return Direction(direction).opposite.value

    def neighbours(self, cell: Cell) -> list[Cell]:
        x, y = cell
        return [(x + dx, y + dy) for dx, dy in _DELTAS.values()]

    def distance(self, a: Cell, b: Cell) -> int:
        """Orthogonal steps between two cells (Manhattan distance)."""
        return abs(a[0] - b[0]) + abs(a[1] - b[1])

    def rotate_cell(self, cell: Cell, rotation: int, centre: Cell = (0, 0)) -> Cell:
        """Where `cell` lands when the board turns clockwise by `rotation` degrees about the
        cell `centre` (y grows downward, so a clockwise quarter turn maps (dx, dy) to (-dy, dx))."""
        dx, dy = cell[0] - centre[0], cell[1] - centre[1]
        for _ in range(quarter_turns(rotation)):
            dx, dy = -dy, dx
        return centre[0] + dx, centre[1] + dy

    def direction_angle(self, direction: str) -> float:
        """Degrees clockwise from east on screen (y down): east 0, south 90, west 180, north 270."""
        return (self.directions.index(direction) * 90.0 + 270.0) % 360.0

    def edge_key(self, cell: Cell, direction: str) -> tuple[Cell, str]:
        return canonical_edge(self, cell, direction)

    def bounds(self, cells: Iterable[Cell]) -> tuple[float, float, float, float]:
        return polygon_bounds(self, cells)

    def cell_polygon(self, cell: Cell) -> list[Point]:
        x, y = cell
        return [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]

    def cell_centre(self, cell: Cell) -> Point:
        return cell[0] + 0.5, cell[1] + 0.5

    def cell_at(self, point: Point) -> Cell:
        return math.floor(point[0]), math.floor(point[1])

    def edge(self, cell: Cell, direction: str) -> tuple[Point, Point]:
        """The side of `cell` toward `direction`, clockwise (north: top-left to top-right)."""
        corners = self.cell_polygon(cell)
        index = self.directions.index(direction)
        return corners[index], corners[(index + 1) % 4]

    def edge_at(self, point: Point, tolerance: float = 0.15) -> tuple[Cell, str] | None:
        """The cell side within `tolerance` of `point` (the cell containing it names it), if any."""
        cell = self.cell_at(point)
        fx, fy = point[0] - cell[0], point[1] - cell[1]
        distances = {"north": fy, "east": 1 - fx, "south": 1 - fy, "west": fx}
        direction = min(distances, key=lambda d: distances[d])
        return (cell, direction) if distances[direction] <= tolerance else None


SQUARE = SquareGeometry()
