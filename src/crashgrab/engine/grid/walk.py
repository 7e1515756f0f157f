"""Stepping a piece along a direction on a Board, one cell at a time.

Generic movement helpers: nothing here knows what a cell holds or what a game does when
a piece enters it. A game walks `steps(...)` and decides at each entered cell whether
the walk goes on (that is in the game's own rules engine).
"""
from __future__ import annotations

from typing import Iterator, NamedTuple

from .geometry import Direction
from .model import Board, Cell


class Step(NamedTuple):
    """One cell entered during a walk."""

    number: int        # 1 for the first cell entered
    origin: Cell       # the cell the piece leaves
    cell: Cell         # the cell the piece enters
    remaining: int     # spaces still to go after entering `cell`
    on_board: bool     # False for a hole or a cell outside the board


def steps(board: Board, start: Cell, direction: Direction, distance: int) -> Iterator[Step]:
    """The cells entered walking `distance` spaces from `start`, nearest first.

    The walk does not stop by itself at the edge: every entered cell is yielded with
    `on_board`, so the caller decides what leaving the board means.
    """
    if distance < 0:
        raise ValueError(f"distance must be 0 or more, not {distance}")
    dx, dy = direction.delta
    x, y = start
    on_board = board.cell_tiles.__contains__
    for number in range(1, distance + 1):
        origin = (x, y)
        x, y = x + dx, y + dy
        yield Step(number, origin, (x, y), distance - number, on_board((x, y)))


def path(start: Cell, direction: Direction, distance: int) -> list[Cell]:
    """The cells a straight walk enters, ignoring the board."""
    dx, dy = direction.delta
    return [(start[0] + dx * n, start[1] + dy * n) for n in range(1, distance + 1)]


def orthogonally_adjacent(a: Cell, b: Cell) -> bool:
    """True when the two cells share a side (a cell is not adjacent to itself)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def direction_between(a: Cell, b: Cell) -> Direction | None:
    """The direction of a single step from `a` to the neighbouring cell `b`, if they are neighbours."""
    delta = (b[0] - a[0], b[1] - a[1])
    for direction in Direction:
        if direction.delta == delta:
            return direction
    return None
