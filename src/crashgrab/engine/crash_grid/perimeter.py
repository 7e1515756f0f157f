"""The arena's edge as a clockwise loop of squares, and which way is inward from it, read from the
board (board.py) and the square geometry: a square is on the edge when a side of it leads off the
board.

Position 0 is the first square of the board (the top-left corner); the loop runs along the top edge
to the right, down the right edge, left along the bottom edge and up the left edge, keeping the
outside on its left: 2 * (width + height) - 4 squares for a rectangle.
"""
from __future__ import annotations

from ..grid.model import Board
from .board import GEOMETRY
from .terms import Cell

# Left, ahead, right, back: the turns tried at each square of the walk, outside kept on the left.
_TURNS = (270, 0, 90, 180)


def perimeter(board: Board) -> list[Cell]:
    cells = board.cells()
    edge = {cell for cell in cells if on_edge(board, cell)}
    if not edge:
        return []
    loop = [next(c for c in cells if c in edge)]
    seen, heading = set(loop), GEOMETRY.directions[1]  # along the top edge first
    while True:
        here = loop[-1]
        for turn in _TURNS:
            direction = GEOMETRY.turned(heading, turn)
            there = GEOMETRY.step(here, direction)
            if there in edge and there not in seen:
                loop.append(there)
                seen.add(there)
                heading = direction
                break
        else:
            return loop


def on_edge(board: Board, cell: Cell) -> bool:
    return board.on_board(cell) and any(not board.on_board(n) for n in GEOMETRY.neighbours(cell))


def inward_facings(board: Board, cell: Cell) -> tuple[str, ...]:
    """The facings that point away from an edge the square lies on (two at a corner): the
    opposite of each side of it that leads off the board, clockwise from the top edge's."""
    if not board.on_board(cell):
        return ()
    off = [d for d in GEOMETRY.directions if not board.on_board(GEOMETRY.step(cell, d))]
    return tuple(GEOMETRY.opposite(d) for d in off)
