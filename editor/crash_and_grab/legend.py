"""A key to the board's symbols, in a strip above the board: it never covers a cell, at any zoom,
in Playtest or in a small window, and it can be hidden (View › Show Legend) or moved like any panel."""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QWidget

from crashgrab.engine.crash_and_grab.terms import ACCELERATOR, CRASH_SITE

from . import style
from .board_painter import paint_empty_slot_symbol, paint_feature, paint_hole, paint_tile_label

SYMBOL = 20.0
GAP = 18.0


def legend_entries(painter: QPainter) -> list[tuple[str, Callable[[QRectF], None]]]:
    return [("Crash Site", lambda r: paint_feature(painter, r, CRASH_SITE, 7)),
            ("Accelerator", lambda r: paint_feature(painter, r, ACCELERATOR)),
            ("Hole (off the board)", lambda r: paint_hole(painter, r)),
            ("Empty slot (a tile goes here)", lambda r: paint_empty_slot_symbol(painter, r)),
            ("Tile 3, side A", lambda r: paint_tile_label(painter, QRectF(r.left() - 10, r.center().y(),
                                                                          r.width() + 20, 0), "3A", 40.0))]


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
        for text in ("Crash Site", "Accelerator", "Hole (off the board)", "Empty slot (a tile goes here)",
                     "Tile 3, side A"):
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
