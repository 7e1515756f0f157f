"""A key to a board's symbols, in a strip above the board, for any game's editor: the game gives
its entries (a name and a function drawing the symbol into a square), the strip lays them out in
a row; it never covers a cell, at any zoom, and it can be hidden or moved like any panel."""
from __future__ import annotations

from typing import Callable, Sequence

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QWidget

from . import style

SYMBOL = 20.0
GAP = 16.0
TEXT = QColor("#27303b")

PaintSymbol = Callable[[QPainter, QRectF], None]


class LegendStrip(QWidget):
    def __init__(self, entries: Sequence[tuple[str, PaintSymbol]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("legend")
        self.setFont(style.font(12))
        self.entries = list(entries)

    def texts(self) -> list[str]:
        return [text for text, _ in self.entries]

    def entry_rects(self) -> list[tuple[str, QRectF, QRectF]]:
        """(text, symbol rect, text rect) of each entry, left to right."""
        metrics = self.fontMetrics()
        x, top = 8.0, (self.height() - SYMBOL) / 2
        rects = []
        for text, _ in self.entries:
            symbol = QRectF(x, top, SYMBOL, SYMBOL)
            label = QRectF(symbol.right() + 5, 0, metrics.horizontalAdvance(text) + 2, self.height())
            rects.append((text, symbol, label))
            x = label.right() + GAP
        return rects

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        rects = self.entry_rects()
        return QSize(int(rects[-1][2].right()) + 8 if rects else 0, int(SYMBOL) + 10)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(0, int(SYMBOL) + 10)

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        for (text, paint), (_, symbol, label) in zip(self.entries, self.entry_rects()):
            painter.save()
            paint(painter, symbol)
            painter.restore()
            painter.setPen(TEXT)
            painter.setFont(self.font())
            painter.drawText(label, Qt.AlignVCenter | Qt.AlignLeft, text)
        painter.end()
