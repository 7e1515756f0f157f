"""The arena's edge as a clockwise loop of squares, and which way is inward from it.

Position 0 is the top-left corner; the loop runs along the top edge to the right, down the
right edge, left along the bottom edge and up the left edge: 2 * (width + height) - 4 squares.
"""
from __future__ import annotations

from .terms import Cell


def perimeter(width: int, height: int) -> list[Cell]:
    top = [(x, 0) for x in range(width)]
    right = [(width - 1, y) for y in range(1, height)]
    bottom = [(x, height - 1) for x in range(width - 2, -1, -1)]
    left = [(0, y) for y in range(height - 2, 0, -1)]
    return top + right + bottom + left


def on_edge(cell: Cell, width: int, height: int) -> bool:
    x, y = cell
    return 0 <= x < width and 0 <= y < height and (x in (0, width - 1) or y in (0, height - 1))


def inward_facings(cell: Cell, width: int, height: int) -> tuple[str, ...]:
    """The facings that point away from an edge the square lies on (two at a corner)."""
    x, y = cell
    facings = []
    if y == 0:
        facings.append("south")
    if x == width - 1:
        facings.append("west")
    if y == height - 1:
        facings.append("north")
    if x == 0:
        facings.append("east")
    return tuple(facings)
