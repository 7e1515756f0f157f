"""The four clickable arrows round an Accelerator, shown while the board waits for the
owner to choose a direction, and the question above them.

The arrows only draw themselves and say which direction they stand for; the playtest
controller finds the arrow under a click (`arrow_at`) and answers the choice.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from crashgrab.editor import style
from crashgrab.engine.grid.geometry import Direction
from crashgrab.engine.grid.model import Cell

ARROW_FILL = QColor("#1f6feb")
ARROW_HOVER = QColor("#0b4fbf")


class DirectionArrow(QGraphicsItem):
    """A fat arrow in the cell next to the Accelerator, pointing away from it."""

    def __init__(self, at: Cell, direction: str, cell_size: float, label: str) -> None:
        super().__init__()
        self.at, self.direction, self.size, self.label = at, direction, cell_size, label
        self.hovered = False
        dx, dy = Direction(direction).delta
        self.cell = (at[0] + dx, at[1] + dy)
        self._rect = QRectF(self.cell[0] * cell_size, self.cell[1] * cell_size, cell_size, cell_size)
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.PointingHandCursor)
        self.setToolTip(f"Go {label}")

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-2, -2, 2, 2)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self._rect)
        return path

    def hoverEnterEvent(self, event) -> None:
        self.hovered = True
        self.update()

    def hoverLeaveEvent(self, event) -> None:
        self.hovered = False
        self.update()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.Antialiasing)
        size, rect = self.size, self._rect
        painter.save()
        painter.translate(rect.center())
        painter.rotate({"north": 0, "east": 90, "south": 180, "west": 270}[self.direction])
        half = size * 0.42
        arrow = QPolygonF([QPointF(0, -half), QPointF(half, 0), QPointF(half * 0.42, 0), QPointF(half * 0.42, half),
                           QPointF(-half * 0.42, half), QPointF(-half * 0.42, 0), QPointF(-half, 0)])
        painter.setPen(QPen(QColor("white"), size * 0.06, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
        painter.setBrush(ARROW_HOVER if self.hovered else ARROW_FILL)
        painter.drawPolygon(arrow)
        painter.restore()


class ChoicePrompt(QGraphicsItem):
    """The question over the Accelerator: "red: which way?"."""

    def __init__(self, at: Cell, text: str, cell_size: float) -> None:
        super().__init__()
        self.text, self.size = text, cell_size
        self.setAcceptedMouseButtons(Qt.NoButton)
        centre = QPointF((at[0] + 0.5) * cell_size, (at[1] + 0.5) * cell_size)
        self._rect = QRectF(0, 0, cell_size * 2.6, cell_size * 0.42)
        self._rect.moveCenter(centre + QPointF(0, -cell_size * 1.75))  # above the north arrow

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.Antialiasing)
        painter.setPen(QPen(QColor("white"), 2))
        painter.setBrush(style.LABEL_BACK)
        painter.drawRoundedRect(self._rect, self._rect.height() / 2, self._rect.height() / 2)
        painter.setPen(QColor("white"))
        painter.setFont(style.font(self.size * 0.22, bold=True))
        painter.drawText(self._rect, Qt.AlignCenter, self.text)


def arrow_at(scene: QGraphicsScene, pos: QPointF) -> DirectionArrow | None:
    for item in scene.items(pos):
        if isinstance(item, DirectionArrow):
            return item
    return None
