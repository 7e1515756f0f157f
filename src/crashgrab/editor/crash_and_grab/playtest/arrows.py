"""The arrows round an Accelerator, shown while the board waits for the owner to choose a
direction, and the question that goes with them.

Each arrow is a wedge on the edge between the Accelerator and the cell it points to, and a
frame round that whole cell, the arrow's hit target (a cell wide, readable at any zoom), in
the choice colour (style.CHOICE, no feature's, severity's or the focus colour). Both keep
clear of the saucer's letter and of a Crash Site or Accelerator next door: the frame is a band
along the cell's edges, inside the 12% a feature leaves free. The frames are dashed; the one
chosen with the arrow keys is solid, over twice as thick, with its wedge inverted, so it reads
apart by shape as well as by shade. A click anywhere on the cell it points to, or on the wedge,
chooses it (`arrow_at`); the arrow keys mark one as `chosen` and Enter answers it (the
controller does both).
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
WEDGE_BASE, WEDGE_TIP, WEDGE_HALF_WIDTH = 0.27, 0.58, 0.25
# The target's frame: a band along the cell's edges from FRAME_OUTER to FRAME_INNER of a cell in,
# short of a feature (a Crash Site's disc with its ring starts 0.12 in, an Accelerator's diamond too)
# and of a saucer standing there (0.09 in).
FRAME_OUTER, FRAME_INNER = 0.02, 0.085
FRAME_PLAIN = 0.025  # an arrow not chosen: a dashed line this thick, on the band's outer side
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

    def frame_band(self) -> QPainterPath:
        """The target cell's frame when chosen: the band along its edges, its middle left open."""
        outer, inner = QPainterPath(), QPainterPath()
        d_out, d_in = FRAME_OUTER * self.size, FRAME_INNER * self.size
        outer.addRoundedRect(self.target.adjusted(d_out, d_out, -d_out, -d_out), self.size * 0.1, self.size * 0.1)
        inner.addRect(self.target.adjusted(d_in, d_in, -d_in, -d_in))  # square: never further in than d_in
        return outer.subtracted(inner)

    def boundingRect(self) -> QRectF:
        return self.wedge.boundingRect() | self.target

    def shape(self) -> QPainterPath:
        """What the arrow paints (and takes clicks on): its wedge and its target's frame."""
        path = QPainterPath()
        path.addPolygon(self.wedge)
        path.closeSubpath()
        return path.united(self.frame_band())

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
        # Everything is drawn inside `shape()`: the band and the wedge, clipped to themselves.
        painter.setClipPath(self.shape())
        size = self.size
        if self.chosen:  # solid and thick, a white wedge in a thick rim: apart by shape, not shade
            painter.fillPath(self.frame_band(), style.CHOICE_ACTIVE)
            pen, fill = QPen(style.CHOICE_ACTIVE, size * 0.12), QColor("white")
        else:
            band = QPen(style.CHOICE_ACTIVE if self.hovered else style.CHOICE, FRAME_PLAIN * size, Qt.DashLine)
            band.setDashPattern([3, 2])
            painter.setPen(band)
            painter.setBrush(Qt.NoBrush)
            d = (FRAME_OUTER + FRAME_PLAIN / 2) * size
            painter.drawRoundedRect(self.target.adjusted(d, d, -d, -d), size * 0.09, size * 0.09)
            pen = QPen(QColor("white"), size * 0.05)
            fill = style.CHOICE_ACTIVE if self.hovered else style.CHOICE
        pen.setJoinStyle(Qt.RoundJoin)
        painter.setPen(pen)
        painter.setBrush(fill)
        painter.drawPolygon(self.wedge)


class ChoicePrompt(BoardLabel):
    """The question over the Accelerator: "red: which way?"; once an arrow is chosen with the keys,
    the choice beside that arrow's target: "west · Stars? Enter". The layer places it."""

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
