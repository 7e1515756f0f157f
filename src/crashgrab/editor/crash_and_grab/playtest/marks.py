"""Marks on the board for what an event did, drawn from the event alone.

move: a trail from cell to cell; collision: a burst where the saucers met, with the push
distance; accelerator: an arrow out of the Accelerator in the direction taken; pickup: a
ring where the crewmember was; crash: a cross where the saucer left the board; place: a
ring on the Crash Site with the die roll. Events without a cell (bonus, boost, penalty,
transfer, probe, win) have no mark: the event log says them.

A mark's words ("push 2") are a separate `MarkLabel`, placed by the layer clear of
everything else. The latest step's label is dark with white text; an earlier step's is
pale with dark text (both opaque, so readable wherever they land).
"""
from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from .. import style
from crashgrab.engine.crash_and_grab.rules.events import Event
from crashgrab.engine.grid.geometry import Direction

from .labels import BoardLabel
from .pieces import piece_colour

MARKED_KINDS = ("move", "collision", "accelerator", "pickup", "crash", "place")
BURST = QColor("#e5484d")
PICKUP = QColor("#1a9e55")
PLACE = QColor("#b7791f")
# Label colours per kind: dark enough for white text (contrast 4.5:1 or more) and, as text, on
# their pale tint (`PALE_SHARE` of the colour on white) for the labels of earlier steps.
LABEL_COLOURS = {
    "collision": QColor("#b42318"),
    "crash": QColor("#b42318"),
    "accelerator": QColor("#8a4b00"),
    "pickup": QColor("#11703b"),
    "place": QColor("#7c5410"),
}
PALE_SHARE = 0.12


def _cell_rect(cell, size: float) -> QRectF:
    return QRectF(cell[0] * size, cell[1] * size, size, size)


class EventMark(QGraphicsItem):
    """One event's trail, burst or ring (under the pieces); `latest` draws it at full strength,
    older marks of the same action fade so the newest step stands out."""

    part = "shape"

    # Drawn round what they must not cover: a Crash Site's number (its disc and a hair of halo).
    CLEAR_KINDS = ("move", "accelerator")
    DISC_INSET = 0.11  # of a cell: the disc (inset 0.14) with its ring and a little air

    def __init__(self, event: Event, cell_size: float, latest: bool, keep_clear: tuple = ()) -> None:
        super().__init__()
        self.event, self.size, self.latest = event, cell_size, latest
        self.keep_clear = tuple(keep_clear)  # cells whose Crash Site disc a trail goes round (under, unseen)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setOpacity(1.0 if latest else 0.45)
        cells = [getattr(event, name) for name in ("origin", "to", "at", "into") if hasattr(event, name)]
        rect = QRectF()
        for cell in cells:
            if isinstance(cell, tuple):
                rect |= _cell_rect(cell, cell_size)
        self._rect = rect.adjusted(-cell_size * 0.5, -cell_size * 0.5, cell_size * 0.5, cell_size * 0.5)

    def boundingRect(self) -> QRectF:
        return self._rect

    def clear_area(self) -> QPainterPath:
        """Where this mark may draw: its rectangle less the Crash Site discs it passes over."""
        area = QPainterPath()
        area.addRect(self._rect)
        if self.event.kind in self.CLEAR_KINDS:
            for cell in self.keep_clear:
                rect = _cell_rect(cell, self.size)
                disc = QPainterPath()
                disc.addEllipse(rect.adjusted(*(d * self.size for d in (self.DISC_INSET, self.DISC_INSET,
                                                                         -self.DISC_INSET, -self.DISC_INSET))))
                area = area.subtracted(disc)
        return area

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.Antialiasing)
        paint = getattr(self, f"_paint_{self.event.kind}", None)
        if paint is not None:
            if self.keep_clear and self.event.kind in self.CLEAR_KINDS:
                painter.setClipPath(self.clear_area())
            paint(painter)

    # --- one painter per kind ---------------------------------------------------------------
    def _paint_move(self, painter: QPainter) -> None:
        event, size = self.event, self.size
        colour = QColor(piece_colour(event.saucer))
        colour.setAlphaF(0.75)
        start = _cell_rect(event.origin, size).center()
        end = _cell_rect(event.to, size).center()
        pen = style.outline_pen(colour, size * 0.13)
        painter.setPen(pen)
        painter.drawLine(start, end)
        _arrow_head(painter, start, end, size * 0.3, colour)

    def _paint_collision(self, painter: QPainter) -> None:
        event, size = self.event, self.size
        rect = _cell_rect(event.at, size)
        painter.setPen(QPen(QColor("white"), size * 0.04))
        painter.setBrush(BURST)
        painter.drawPolygon(_burst(rect.center(), size * 0.5, size * 0.32, 10))

    def _paint_accelerator(self, painter: QPainter) -> None:
        event, size = self.event, self.size
        rect = _cell_rect(event.at, size)
        dx, dy = Direction(event.direction).delta
        start = rect.center()
        end = start + QPointF(dx, dy) * size * 0.95
        painter.setPen(style.outline_pen(style.ACCELERATOR_RING, size * 0.14))
        painter.drawLine(start, end)
        _arrow_head(painter, start, end, size * 0.38, style.ACCELERATOR_RING)

    def _paint_pickup(self, painter: QPainter) -> None:
        rect = _cell_rect(self.event.at, self.size)
        _ring(painter, rect, PICKUP, self.size)

    def _paint_crash(self, painter: QPainter) -> None:
        event, size = self.event, self.size
        rect = _cell_rect(event.into, size)
        inner = rect.adjusted(size * 0.2, size * 0.2, -size * 0.2, -size * 0.2)
        painter.setPen(style.outline_pen(BURST, size * 0.13))
        painter.drawLine(inner.topLeft(), inner.bottomRight())
        painter.drawLine(inner.topRight(), inner.bottomLeft())

    def _paint_place(self, painter: QPainter) -> None:
        event, size = self.event, self.size
        rect = _cell_rect(event.at, size)
        _ring(painter, rect, PLACE, size)


# --- small drawing helpers ---------------------------------------------------------------------
def _arrow_head(painter: QPainter, start: QPointF, end: QPointF, length: float, colour: QColor) -> None:
    line = QLineF(start, end)
    if line.length() == 0:
        return
    angle = math.atan2(line.dy(), line.dx())
    left = end - QPointF(math.cos(angle - 0.5), math.sin(angle - 0.5)) * length
    right = end - QPointF(math.cos(angle + 0.5), math.sin(angle + 0.5)) * length
    painter.setPen(Qt.NoPen)
    painter.setBrush(colour)
    painter.drawPolygon(QPolygonF([end, left, right]))


def _burst(centre: QPointF, outer: float, inner: float, points: int) -> QPolygonF:
    polygon = QPolygonF()
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi * i / points - math.pi / 2
        polygon.append(centre + QPointF(math.cos(angle), math.sin(angle)) * radius)
    return polygon


def _ring(painter: QPainter, rect: QRectF, colour: QColor, size: float) -> None:
    painter.setPen(QPen(colour, size * 0.09, Qt.DashLine))
    painter.setBrush(Qt.NoBrush)
    painter.drawEllipse(rect.adjusted(size * 0.04, size * 0.04, -size * 0.04, -size * 0.04))


def label_words(event: Event) -> tuple[tuple[int, int], str] | None:
    """(cell, words) of an event's label, or None for a mark without words."""
    if event.kind == "collision":
        return event.at, f"push {event.push_distance}"
    if event.kind == "accelerator":
        return event.at, f"{event.direction} {event.distance}"
    if event.kind == "pickup":
        return event.at, "pick up"
    if event.kind == "crash":
        return event.into, "crash"
    if event.kind == "place":
        return event.at, f"die {event.roll}" + (f"\u2192{event.site}" if event.site != event.roll else "")
    return None


def pale(colour: QColor) -> QColor:
    return QColor(*(round(255 * (1 - PALE_SHARE) + value * PALE_SHARE)
                    for value in (colour.red(), colour.green(), colour.blue())))


class MarkLabel(BoardLabel):
    """An event's words on the board: the latest step's dark with white text, an earlier
    step's pale with the kind's colour as text and border."""

    part = "tag"

    def __init__(self, event: Event, cell: tuple[int, int], text: str, cell_size: float, latest: bool) -> None:
        colour = LABEL_COLOURS[event.kind]
        if latest:
            super().__init__(text, cell_size, colour, QColor("white"), border=QColor("white"))
        else:
            super().__init__(text, cell_size, pale(colour), colour, border=colour)
        self.event, self.cell, self.latest = event, cell, latest
        self.colour = colour
