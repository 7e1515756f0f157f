"""Analysis drawn over the board, each a QGraphicsItem the View menu turns on and off.

They only draw what the engine computed: edge exposure from the validation metrics, the
accelerator graph and one-move reachability from `crashgrab.engine.crash_and_grab.validation.overlays`.
"""
from __future__ import annotations

from typing import Iterable, Mapping

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from crashgrab.engine.grid.model import Cell

from . import style
from .board_painter import marker_margin, marker_rects

MAX_OFF_MOVES = 20  # 4 directions x distances 1-5
LINK_COLOUR = QColor("#5b21b6")
LOOP_COLOUR = style.SEVERITY_COLOURS["error"]
REACH_COLOUR = QColor("#0e9f6e")
ORIGIN_COLOUR = QColor("#0b7a55")


class _Overlay(QGraphicsItem):
    def __init__(self, width: int, height: int, cell: float) -> None:
        super().__init__()
        self.cell = cell
        self._rect = QRectF(0, 0, width * cell, height * cell)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setAcceptHoverEvents(False)

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-self.cell, -self.cell, self.cell, self.cell)

    def cell_rect(self, cell: Cell) -> QRectF:
        return QRectF(cell[0] * self.cell, cell[1] * self.cell, self.cell, self.cell)

    def cell_centre(self, cell: Cell) -> QPointF:
        return self.cell_rect(cell).center()


class ExposureOverlay(_Overlay):
    """Each rest cell tinted by how many of its 20 moves (4 directions x 1-5) crash."""

    def __init__(self, width: int, height: int, cell: float, exposure_cells: Iterable[Mapping]) -> None:
        super().__init__(width, height, cell)
        self.off_moves: dict[Cell, int] = {(c["x"], c["y"]): c["off_moves"] for c in exposure_cells}

    @staticmethod
    def colour(off_moves: int) -> QColor:
        """White (no move crashes) through yellow and orange to red (most moves crash)."""
        t = max(0.0, min(1.0, off_moves / (MAX_OFF_MOVES * 0.75)))
        hue = 0.15 * (1 - t)  # 54 degrees (yellow) down to 0 (red)
        return QColor.fromHsvF(hue, 0.08 + 0.62 * t, 1.0)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setFont(style.font(self.cell * 0.2, bold=True))
        for cell, count in self.off_moves.items():
            rect = self.cell_rect(cell)
            # Multiply tints the paper and leaves the printed features readable.
            painter.setCompositionMode(QPainter.CompositionMode_Multiply)
            painter.fillRect(rect, self.colour(count))
            painter.setCompositionMode(QPainter.CompositionMode_SourceOver)
            if count:
                painter.setPen(QColor("#7a1d0b") if count > 8 else QColor("#6b4a00"))
                painter.drawText(rect.adjusted(0, 0, -3, -1), Qt.AlignRight | Qt.AlignBottom, str(count))


class AcceleratorOverlay(_Overlay):
    """Arrows from Accelerator to Accelerator for a move of `distance`; loops in red."""

    def __init__(self, width: int, height: int, cell: float, distance: int,
                 links: Iterable[tuple[Cell, Cell]], loop_groups: Iterable[frozenset]) -> None:
        super().__init__(width, height, cell)
        self.distance = distance
        self.links = list(links)
        self.loop_groups = [frozenset(g) for g in loop_groups]

    def in_loop(self, a: Cell, b: Cell) -> bool:
        return any(a in group and b in group for group in self.loop_groups)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.Antialiasing)
        for group in self.loop_groups:
            for cell in group:
                painter.setPen(QPen(LOOP_COLOUR, self.cell / 14))
                painter.setBrush(Qt.NoBrush)
                painter.drawEllipse(self.cell_rect(cell).adjusted(3, 3, -3, -3))
        both_ways = {(a, b) for a, b in self.links if (b, a) in self.links}
        for a, b in self.links:
            colour = LOOP_COLOUR if self.in_loop(a, b) else LINK_COLOUR
            bend = 0.22 if (a, b) in both_ways else 0.0
            draw_arrow(painter, self.cell_centre(a), self.cell_centre(b), colour, self.cell, bend)
        painter.setPen(Qt.NoPen)


def draw_arrow(painter: QPainter, start: QPointF, end: QPointF, colour: QColor, cell: float, bend: float) -> None:
    """An arrow between two cell centres, trimmed clear of their symbols; `bend` shifts it to the
    left of travel so a pair going both ways splits apart."""
    line = QLineF(start, end)
    length = line.length()
    if length == 0:
        return
    ux, uy = line.dx() / length, line.dy() / length
    nx, ny = -uy, ux
    shift = QPointF(nx, ny) * bend * cell
    trim = cell * 0.3
    a = start + QPointF(ux, uy) * trim + shift
    b = end - QPointF(ux, uy) * trim + shift
    painter.setPen(QPen(colour, cell / 16, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
    painter.setBrush(Qt.NoBrush)
    painter.drawLine(QLineF(a, b))
    head = cell * 0.2
    back = b - QPointF(ux, uy) * head
    painter.setBrush(colour)
    painter.setPen(Qt.NoPen)
    painter.drawPolygon(QPolygonF([b, back + QPointF(nx, ny) * head * 0.55, back - QPointF(nx, ny) * head * 0.55]))


class ReachabilityOverlay(_Overlay):
    """Cells one card's move from `origin` reaches, shaded by the shortest card distance."""

    def __init__(self, width: int, height: int, cell: float, origin: Cell, reached: Mapping[Cell, int]) -> None:
        super().__init__(width, height, cell)
        self.origin = origin
        self.reached = dict(reached)

    @staticmethod
    def colour(distance: int) -> QColor:
        colour = QColor(REACH_COLOUR)
        colour.setAlphaF(max(0.12, 0.62 - 0.1 * (distance - 1)))
        return colour

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.Antialiasing)
        painter.setFont(style.font(self.cell * 0.22, bold=True))
        for cell, distance in self.reached.items():
            rect = self.cell_rect(cell)
            painter.fillRect(rect, self.colour(distance))
            painter.setPen(QColor("#064e3b"))
            painter.drawText(rect.adjusted(3, 1, 0, 0), Qt.AlignLeft | Qt.AlignTop, str(distance))
        rect = self.cell_rect(self.origin).adjusted(2, 2, -2, -2)
        painter.setPen(QPen(ORIGIN_COLOUR, self.cell / 12, Qt.SolidLine))
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(rect)
        path = QPainterPath()  # a small saucer mark on the starting cell
        centre = rect.center()
        path.addEllipse(centre, rect.width() * 0.18, rect.width() * 0.08)
        painter.fillPath(path, ORIGIN_COLOUR)


class CellHighlight(_Overlay):
    """The cells of the selected finding: the rest of the board dimmed, the cells outlined in the
    focus colour, which is no feature's colour (the severity shows in the Findings list)."""

    def __init__(self, width: int, height: int, cell: float, cells: Iterable[Cell], severity: str,
                 path: Iterable[Cell] = (), caption: str = "") -> None:
        super().__init__(width, height, cell)
        self.cells = tuple(cells)
        self.severity = severity
        self.path = tuple(tuple(c) for c in path)  # a loop's cells in the order a saucer bounces round
        self.caption = caption  # said under the board, left of the bottom marker

    def caption_rect(self) -> QRectF:
        south = marker_rects(self._rect, self.cell)["south"]
        return QRectF(self._rect.left(), self._rect.bottom() + 2, south.left() - self._rect.left() - self.cell * 0.15,
                      marker_margin(self.cell) - 4)

    def boundingRect(self) -> QRectF:
        return super().boundingRect() | self.caption_rect()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.Antialiasing)
        veil = QPainterPath()
        veil.addRect(self._rect)
        holes = QPainterPath()
        for cell in self.cells:
            holes.addRect(self.cell_rect(cell))
        painter.fillPath(veil.subtracted(holes), style.FOCUS_VEIL)
        painter.setBrush(Qt.NoBrush)
        painter.setPen(QPen(style.FOCUS_HALO, self.cell / 6))  # a light halo keeps it clear on dark cells
        for cell in self.cells:
            painter.drawRoundedRect(self.cell_rect(cell).adjusted(3, 3, -3, -3), 5, 5)
        painter.setPen(QPen(style.FOCUS, self.cell / 12))
        for cell in self.cells:
            painter.drawRoundedRect(self.cell_rect(cell).adjusted(3, 3, -3, -3), 5, 5)
        for a, b in zip(self.path, self.path[1:] + self.path[:1]) if len(self.path) > 1 else ():
            draw_arrow(painter, self.cell_centre(a), self.cell_centre(b), style.FOCUS, self.cell, 0.22)
        if self.caption:
            rect = self.caption_rect()
            painter.setPen(style.FOCUS)
            painter.setFont(style.font(min(self.cell * 0.24, rect.height() / 2.6), bold=True))
            painter.drawText(rect, Qt.AlignLeft | Qt.AlignVCenter | Qt.TextWordWrap, self.caption)

    def cells_rect(self) -> QRectF:
        rect = QRectF()
        for cell in self.cells:
            rect = rect.united(self.cell_rect(cell))
        return rect
