"""What every check reads about one board, worked out once per validation.

`moves` is the shared, cached standard analysis, or with movement upgrades an
`UpgradedMoves` of the same board, which answers the checks' questions under the same names.
"""
from __future__ import annotations

from functools import cached_property

from ...grid.model import Board, Cell
from ..moveanalysis import MoveAnalysis, row_major
from ..movegraph import move_analysis
from ..terms import CRASH_SITE
from .upgraded_moves import UpgradedMoves
from .upgrades import STANDARD, Movement


class BoardFacts:
    def __init__(self, board: Board, movement: Movement = STANDARD) -> None:
        self.board = board
        self.movement = movement
        self.moves: MoveAnalysis | UpgradedMoves = (
            move_analysis(board) if movement.standard else UpgradedMoves(board, movement))

    @property
    def distances(self) -> tuple[int, ...]:
        """The distances a move can start with (1-5 in the standard game)."""
        return self.movement.distances

    @cached_property
    def crash_sites(self) -> list[tuple[Cell, int | None]]:
        """(cell, number) of every Crash Site on the board, row by row."""
        board = self.board
        return sorted(((c, f.number) for c, f in board.features.items()
                       if f.type == CRASH_SITE and board.on_board(c)), key=lambda item: row_major(item[0]))

    @cached_property
    def accelerators(self) -> list[Cell]:
        return sorted(self.moves.bounces, key=row_major)

    @cached_property
    def sites_by_number(self) -> dict[int | None, list[Cell]]:
        by_number: dict[int | None, list[Cell]] = {}
        for cell, number in self.crash_sites:
            by_number.setdefault(number, []).append(cell)
        return by_number

    @cached_property
    def moves_from_sites(self) -> dict[Cell, dict[Cell, int]]:
        """Crash Site cell -> {rest cell: fewest moves from that site}."""
        return {cell: self.moves.moves_from(cell) for cell, _ in self.crash_sites}

    def off_neighbours(self, cell: Cell) -> int:
        """How many of the cell's four orthogonal neighbours are off the board (outside or a hole)."""
        return self.moves.off_neighbours[cell]

