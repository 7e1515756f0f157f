"""A key to the board's symbols, in a strip above the board: it never covers a cell, at any zoom,
in Playtest or in a small window, and it can be hidden (View › Show Legend) or moved like any panel."""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QWidget

from crashgrab.engine.crash_and_grab.terms import ACCELERATOR, CRASH_SITE

from .. import style
from ..board_painter import paint_empty_slot_symbol, paint_feature, paint_hole, paint_tile_label

SYMBOL = 20.0
GAP = 13.0
TEXTS = ("Crash Site", "Accelerator", "Hole (off the board)", "Empty slot", "Tile 3, side A",
         "Core, arm, centre tile", "Direction marker")


def paint_tile_tints(painter: QPainter, rect: QRectF) -> None:
    """The papers that tell the kinds of tile apart: core, arm (of either cross), centre."""
    third = rect.width() / 3
    for index, role in enumerate(("core", "arm5", "centre5")):
        painter.fillRect(QRectF(rect.left() + index * third, rect.top(), third, rect.height()), style.PAPER[role])
    painter.setPen(QPen(style.TILE_BORDER, 1.2))
    painter.setBrush(Qt.NoBrush)
    painter.drawRect(rect.adjusted(0.5, 0.5, -0.5, -0.5))


def paint_marker_pill(painter: QPainter, rect: QRectF) -> None:
    """A direction marker as the board shows it: a dark pill whose arrow points off the board."""
    pill = QRectF(rect.left(), rect.center().y() - rect.height() * 0.3, rect.width(), rect.height() * 0.6)
    painter.setPen(Qt.NoPen)
    painter.setBrush(style.MARKER_BACK)
    painter.drawRoundedRect(pill, pill.height() / 2, pill.height() / 2)
    c, r = pill.center(), pill.height() / 2
    painter.setPen(style.outline_pen(QColor("#9fb3c8"), 1.4))
    painter.setBrush(Qt.NoBrush)
    painter.drawPolyline(QPolygonF([c + QPointF(-r * 0.6, r * 0.3), c + QPointF(0, -r * 0.4),
                                    c + QPointF(r * 0.6, r * 0.3)]))


def legend_entries(painter: QPainter) -> list[tuple[str, Callable[[QRectF], None]]]:
    return [("Crash Site", lambda r: paint_feature(painter, r, CRASH_SITE, 7)),
            ("Accelerator", lambda r: paint_feature(painter, r, ACCELERATOR)),
            ("Hole (off the board)", lambda r: paint_hole(painter, r)),
            ("Empty slot", lambda r: paint_empty_slot_symbol(painter, r)),
            ("Tile 3, side A", lambda r: paint_tile_label(painter, QRectF(r.left() - 10, r.center().y(),
                                                                          r.width() + 20, 0), "3A", 40.0)),
            ("Core, arm, centre tile", lambda r: paint_tile_tints(painter, r)),
            ("Direction marker", lambda r: paint_marker_pill(painter, r))]


TIPS = {
    "Empty slot": "A template slot waiting for a tile: plain, with a dashed outline (a hole is hatched)",
    "Tile 3, side A": "The tab on a tile's top edge: its number and the side showing (A or B)",
    "Core, arm, centre tile": "The paper tells the kinds of tile apart: cream for the core tiles 1-4, blue for "
                              "the arms of the 5- and 6-saucer crosses, green for their centres",
    "Direction marker": "Sun, Asteroids, Meteor and Stars, one on each side; the arrow points off the board",
}


class LegendStrip(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("legend")
        self.setFont(style.font(12))

    def entry_rects(self) -> list[tuple[str, QRectF, QRectF]]:
        """(text, symbol rect, text rect) of each entry, left to right."""
        metrics = self.fontMetrics()
        x, top = 8.0, (self.height() - SYMBOL) / 2
        rects = []
        for text in TEXTS:
            symbol = QRectF(x, top, SYMBOL, SYMBOL)
            label = QRectF(symbol.right() + 6, 0, metrics.horizontalAdvance(text) + 2, self.height())
            rects.append((text, symbol, label))
            x = label.right() + GAP
        return rects

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        rects = self.entry_rects()
        return QSize(int(rects[-1][2].right()) + 8, int(SYMBOL) + 12)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(0, int(SYMBOL) + 12)

    def event(self, event) -> bool:
        if event.type() == event.Type.ToolTip:  # each entry explains itself
            from PySide6.QtWidgets import QToolTip
            for text, symbol, label in self.entry_rects():
                if (symbol | label).contains(QPointF(event.pos())):
                    QToolTip.showText(event.globalPos(), TIPS.get(text, text), self)
                    return True
            QToolTip.hideText()
            return True
        return super().event(event)

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        draw = dict(legend_entries(painter))
        for text, symbol, label in self.entry_rects():
            draw[text](symbol)
            painter.setPen(QColor("#27303b"))
            painter.setFont(self.font())
            painter.drawText(label, Qt.AlignVCenter | Qt.AlignLeft, text)
        painter.end()
