"""The arena as the arena editor shows it, on any QPainter: free squares, walls, and each start
as its suit's card with an arrow toward its facing. For the print poster (`GameEditor.paint_board`),
where no scene can be made (the command line has no widgets); the colours are the scene's."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QPainter, QPen, QPolygonF

from crashgrab.engine.crash_grid.model import ArenaLayout

from .scene import ANGLES, FREE, LINE, SUIT_COLOURS, WALL


def paint_arena(painter: QPainter, layout: ArenaLayout, cell: float) -> None:
    """One square = `cell` painter units, square (0, 0)'s top-left corner at the origin."""
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    painter.setPen(QPen(LINE, max(1.0, cell / 48)))
    for y in range(layout.height):
        for x in range(layout.width):
            painter.setBrush(QBrush(WALL if (x, y) in layout.walls else FREE))
            painter.drawRect(QRectF(x * cell, y * cell, cell, cell))
    painter.setPen(QPen(WALL, cell / 24))  # the arena's edge, firm: the poster is cut along it
    painter.setBrush(Qt.NoBrush)
    painter.drawRect(QRectF(0, 0, layout.width * cell, layout.height * cell))
    for start in layout.starts:
        colour = SUIT_COLOURS[start.suit]
        centre = QPointF((start.cell[0] + 0.5) * cell, (start.cell[1] + 0.5) * cell)
        painter.setPen(QPen(colour.darker(), max(1.0, cell / 48)))
        painter.setBrush(QBrush(colour))
        painter.drawRect(QRectF(centre.x() - cell * 0.3, centre.y() - cell * 0.38, cell * 0.6, cell * 0.76))
        painter.save()
        painter.translate(centre)
        painter.rotate(ANGLES[start.facing])
        painter.setPen(Qt.NoPen)
        painter.setBrush(QBrush(Qt.white))
        painter.drawPolygon(QPolygonF([QPointF(cell * 0.26, 0), QPointF(-cell * 0.1, -cell * 0.16),
                                       QPointF(-cell * 0.1, cell * 0.16)]))
        painter.restore()
    painter.restore()
