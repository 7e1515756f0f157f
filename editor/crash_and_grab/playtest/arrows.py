"""The arrows round an Accelerator, shown while the board waits for the owner to choose a
direction, and the question that goes with them.

Each arrow is a small wedge on the edge between the Accelerator and the cell it points
to, in the choice colour (style.CHOICE, no feature's, severity's or the focus colour), so
it covers neither the saucer's letter nor a Crash Site or Accelerator next door. A click
anywhere on the cell it points to, or on the wedge, chooses it (`arrow_at`); the arrow
keys mark one as `chosen` and Enter answers it (the controller does both).
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from .. import style
from crashgrab.engine.grid.geometry import Direction
from crashgrab.engine.grid.model import Cell

from .labels import BoardLabel

# The wedge, in cells from the Accelerator's centre along its direction: its base on the saucer's
# rim (the letter on its dome ends at 0.21), its tip short of a saucer next door (from 0.59) and of a
# Crash Site disc (from 0.62).
WEDGE_BASE, WEDGE_TIP, WEDGE_HALF_WIDTH = 0.27, 0.58, 0.23
ANGLES = {"north": 0, "east": 90, "south": 180, "west": 270}


class DirectionArrow(QGraphicsItem):
    """One direction the saucer may take; `cell` is the cell it points to."""

    def __init__(self, at: Cell, direction: str, cell_size: float, label: str) -> None:
        super().__init__()
        self.at, self.direction, self.size, self.label = at, direction, cell_size, label
        self.hovered = False
        self.chosen = False  # picked with the arrow keys, waiting for Enter
        dx, dy = Direction(direction).delta
        self.cell = (at[0] + dx, at[1] + dy)
        self.target = QRectF(self.cell[0] * cell_size, self.cell[1] * cell_size, cell_size, cell_size)
        centre = QPointF((at[0] + 0.5) * cell_size, (at[1] + 0.5) * cell_size)
        turn = QTransform().translate(centre.x(), centre.y()).rotate(ANGLES[direction])
        base, tip, half = WEDGE_BASE * cell_size, WEDGE_TIP * cell_size, WEDGE_HALF_WIDTH * cell_size
        self.wedge = turn.map(QPolygonF([QPointF(0, -tip), QPointF(half, -base), QPointF(-half, -base)]))
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.PointingHandCursor)
        self.setToolTip(f"Go {label}")

    def boundingRect(self) -> QRectF:
        return self.wedge.boundingRect()

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(self.wedge)
        return path

    def hits(self, pos: QPointF) -> bool:
        return self.target.contains(pos) or self.wedge.containsPoint(pos, Qt.OddEvenFill)

    def set_chosen(self, chosen: bool) -> None:
        self.chosen = chosen
        self.update()

    def hoverEnterEvent(self, event) -> None:
        self.hovered = True
        self.update()

    def hoverLeaveEvent(self, event) -> None:
        self.hovered = False
        self.update()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.Antialiasing)
        # The pen lies inside the wedge (the path is stroked at half width, then filled over), so
        # nothing is drawn outside the bounding rectangle the layer keeps labels clear of.
        # The arrow chosen with the keys is drawn inverted (white, in a thick choice-coloured rim), so
        # it reads apart from the others without relying on a shade.
        if self.chosen:
            pen, fill = QPen(style.CHOICE_ACTIVE, self.size * 0.12), QColor("white")
        else:
            pen = QPen(QColor("white"), self.size * 0.05)
            fill = style.CHOICE_ACTIVE if self.hovered else style.CHOICE
        pen.setJoinStyle(Qt.RoundJoin)
        painter.setPen(pen)
        painter.setBrush(fill)
        painter.setClipPath(self.shape())
        painter.drawPolygon(self.wedge)


class ChoicePrompt(BoardLabel):
    """The question over the Accelerator: "red: which way?"; the layer places it."""

    def __init__(self, at: Cell, text: str, cell_size: float) -> None:
        super().__init__(text, cell_size, style.LABEL_BACK, style.LABEL_TEXT, border=style.CHOICE)
        self.cell = at


def arrow_at(scene: QGraphicsScene, pos: QPointF) -> DirectionArrow | None:
    """The arrow a click at `pos` chooses: on its wedge or on the cell it points to."""
    arrows = [item for item in scene.items() if isinstance(item, DirectionArrow)]
    for arrow in arrows:
        if arrow.wedge.containsPoint(pos, Qt.OddEvenFill):
            return arrow
    return next((arrow for arrow in arrows if arrow.hits(pos)), None)
