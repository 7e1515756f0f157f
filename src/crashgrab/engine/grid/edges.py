"""Canonical cell edges and cell bounds for any geometry.

A side between two cells has two names, one from each cell (`[3, 4] east` is `[4, 4] west`).
`canonical_edge` picks one so a board stores an edge once: the name whose direction lies in the
first half of the geometry's clockwise directions (square: north, east; hex: east, southeast,
southwest), which is always one of the two names since opposite directions lie half a turn apart.
"""
from __future__ import annotations

from typing import Iterable, Protocol

Cell = tuple[int, int]
Point = tuple[float, float]


class _Shape(Protocol):
    directions: tuple[str, ...]

    def step(self, cell: Cell, direction: str, distance: int = 1) -> Cell: ...

    def opposite(self, direction: str) -> str: ...

    def cell_polygon(self, cell: Cell) -> list[Point]: ...


def canonical_edge(geometry: _Shape, cell: Cell, direction: str) -> tuple[Cell, str]:
    """The one name of the side of `cell` toward `direction`, the same from either of its cells."""
    if geometry.directions.index(direction) < len(geometry.directions) // 2:
        return (cell[0], cell[1]), direction
    return geometry.step(cell, direction), geometry.opposite(direction)


def polygon_bounds(geometry: _Shape, cells: Iterable[Cell]) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) in board units of every cell's polygon; zeros for no cells."""
    points = [p for cell in cells for p in geometry.cell_polygon(cell)]
    if not points:
        return 0.0, 0.0, 0.0, 0.0
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)
