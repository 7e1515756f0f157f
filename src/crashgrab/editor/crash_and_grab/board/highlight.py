"""A finding drawn over the board: its cells outlined in its severity's colour with a caption, and a
loop's route as numbered steps (a cerulean dash over a dark core, so it reads apart from the
Accelerator graph's arrows).
"""
from __future__ import annotations

from typing import Iterable

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF

from crashgrab.engine.grid.model import Cell

from .. import style
from ..marker_painter import marker_margin, marker_rects
from .overlays import ROUTE_COLOUR, ROUTE_CORE, ROUTE_DASHES, _Overlay


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
        self.route_steps = route_steps(self.path, self.cell_centre, cell)

    def caption_rect(self) -> QRectF:
        south = marker_rects(self._rect, self.cell)["south"]
        return QRectF(self._rect.left(), self._rect.bottom() + 2, south.left() - self._rect.left() - self.cell * 0.15,
                      marker_margin(self.cell) - 4)

    def boundingRect(self) -> QRectF:
        rect = super().boundingRect() | self.caption_rect()
        margin = self.cell * 0.3  # the badges and the line's width
        for step in self.route_steps:
            rect |= step.line.boundingRect().adjusted(-margin, -margin, margin, margin)
            rect |= QRectF(step.badge, step.badge).adjusted(-margin, -margin, margin, margin)
        return rect

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
        paint_route(painter, self.route_steps, self.cell)
        if self.caption:
            rect = self.caption_rect()
            painter.setPen(style.FOCUS)
            painter.setFont(style.font(min(self.cell * 0.24, rect.height() / 2.6), bold=True))
            painter.drawText(rect, Qt.AlignLeft | Qt.AlignVCenter | Qt.TextWordWrap, self.caption)

    def cells_rect(self) -> QRectF:
        rect = QRectF()
        for cell in self.cells:
            rect = rect.united(self.cell_rect(cell))
        for step in self.route_steps:
            rect = rect.united(step.line.boundingRect())
        return rect


class RouteStep:
    """One bounce of a loop's route: a curved arrow from `start` to `end`, numbered at its apex."""

    def __init__(self, number: int, start: Cell, end: Cell, line: QPainterPath, badge: QPointF) -> None:
        self.number, self.start, self.end, self.line, self.badge = number, start, end, line, badge


def route_steps(route: tuple[Cell, ...], centre, cell: float) -> list[RouteStep]:
    """The steps round a closed route, each an arc bulging to the left of travel: two Accelerators
    side by side get a lens of two clear arcs, a step back along a line its own arc, and a pair
    passed twice the same way a wider arc the second time."""
    if len(route) < 2:
        return []
    steps, seen = [], {}
    for number, (a, b) in enumerate(zip(route, route[1:] + route[:1]), 1):
        times = seen[(a, b)] = seen.get((a, b), -1) + 1
        p, q = centre(a), centre(b)
        line = QLineF(p, q)
        length = max(line.length(), 1.0)
        normal = QPointF(line.dy() / length, -line.dx() / length)  # left of travel, y pointing down
        apex_offset = max(cell * 0.8, length * 0.2) * (1 + 0.5 * times)  # side by side still a clear arc
        control = (p + q) / 2 + normal * apex_offset * 2  # a quadratic's apex lies half way to it
        clear = cell * 0.44  # outside the Accelerator's disc at either end
        points = []
        for i in range(65):
            t = i / 64
            point = p * (1 - t) ** 2 + control * 2 * t * (1 - t) + q * t * t
            if QLineF(point, p).length() > clear and QLineF(point, q).length() > clear:
                points.append(point)
        path = QPainterPath()
        if len(points) >= 2:
            path.moveTo(points[0])
            for point in points[1:]:
                path.lineTo(point)
        steps.append(RouteStep(number, a, b, path, (p + q) / 2 + normal * apex_offset))
    return steps


def paint_route(painter: QPainter, steps: list[RouteStep], cell: float) -> None:
    width = cell / 13
    for step in steps:  # a dark core, then the dashes over it: a two-tone line, never a solid one
        painter.strokePath(step.line, QPen(ROUTE_CORE, width * 1.9, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
    dashes = QPen(ROUTE_COLOUR, width, Qt.CustomDashLine, Qt.FlatCap, Qt.RoundJoin)
    dashes.setDashPattern(ROUTE_DASHES)
    for step in steps:
        painter.strokePath(step.line, dashes)
        count = step.line.elementCount()
        if count >= 2:
            tip = QPointF(step.line.elementAt(count - 1).x, step.line.elementAt(count - 1).y)
            before = step.line.pointAtPercent(max(0.0, 1 - cell * 0.25 / max(step.line.length(), 1.0)))
            _arrow_head(painter, before, tip, cell * 0.24)
    radius, font = cell * 0.2, style.font(cell * 0.26, bold=True)
    painter.setFont(font)
    for step in steps:
        painter.setPen(QPen(ROUTE_COLOUR, width * 0.8))
        painter.setBrush(ROUTE_CORE)
        painter.drawEllipse(step.badge, radius, radius)
        painter.setPen(QColor("white"))
        painter.drawText(QRectF(step.badge.x() - radius, step.badge.y() - radius, 2 * radius, 2 * radius),
                         Qt.AlignCenter, str(step.number))


def _arrow_head(painter: QPainter, before: QPointF, tip: QPointF, size: float) -> None:
    line = QLineF(before, tip)
    length = max(line.length(), 1e-6)
    ux, uy = line.dx() / length, line.dy() / length
    back = tip - QPointF(ux, uy) * size
    side = QPointF(-uy, ux) * size * 0.55
    painter.setPen(QPen(ROUTE_CORE, size * 0.18, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
    painter.setBrush(ROUTE_COLOUR)
    painter.drawPolygon(QPolygonF([tip, back + side, back - side]))
