"""The arena as the arena editor shows it, on any QPainter: free squares, walls, and each start
as its suit's card with its symbol and an arrow toward its facing. For the print poster
(`GameEditor.paint_board`), where no scene can be made (the command line has no widgets); the
drawing is the scene's (marks.py)."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPen

from crashgrab.engine.crash_grid.board import arena_board, starts, walls
from crashgrab.engine.crash_grid.model import ArenaLayout

from .marks import WALL, paint_card, paint_square


def paint_arena(painter: QPainter, layout: ArenaLayout, cell: float) -> None:
    """One square = `cell` painter units, square (0, 0)'s top-left corner at the origin; the
    arena read from its board (engine/crash_grid/board.py)."""
    board = arena_board(layout)
    wall_squares = walls(board)
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    for x, y in board.cells():
        paint_square(painter, QRectF(x * cell, y * cell, cell, cell), (x, y) in wall_squares, max(1.0, cell / 48))
    painter.setPen(QPen(WALL, cell / 24))  # the arena's edge, firm: the poster is cut along it
    painter.setBrush(Qt.NoBrush)
    painter.drawRect(QRectF(0, 0, board.width * cell, board.height * cell))
    for start in starts(board):
        paint_card(painter, QPointF((start.cell[0] + 0.5) * cell, (start.cell[1] + 0.5) * cell), cell,
                   start.suit, start.facing)
    painter.restore()
