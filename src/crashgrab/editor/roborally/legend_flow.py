"""The studio's legend strip (editor/legend.py), its entries wrapped into as many rows as its
width needs: RoboRally has more symbols than one row of a small window holds. Above the board
on a wide window; a tab of the side column on a narrow one (window.py)."""
from __future__ import annotations

from PySide6.QtCore import QRectF, QSize

from ..legend import GAP, SYMBOL, LegendStrip

ROW = SYMBOL + 8


class LegendFlow(LegendStrip):
    def entry_rects(self) -> list[tuple[str, QRectF, QRectF]]:
        return self._rects(self.width())

    def _rects(self, width: int) -> list[tuple[str, QRectF, QRectF]]:
        metrics = self.fontMetrics()
        x, row = 8.0, 0
        rects = []
        for text, _ in self.entries:
            needed = SYMBOL + 5 + metrics.horizontalAdvance(text) + 2
            if x > 8.0 and x + needed > width - 4:
                x, row = 8.0, row + 1
            top = 5 + row * ROW
            symbol = QRectF(x, top, SYMBOL, SYMBOL)
            label = QRectF(symbol.right() + 5, top - 4, metrics.horizontalAdvance(text) + 2, SYMBOL + 8)
            rects.append((text, symbol, label))
            x = label.right() + GAP
        return rects

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt's name)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt's name)
        rects = self._rects(width)
        return int(rects[-1][1].bottom()) + 6 if rects else ROW

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        width = max(self.width(), 800)  # before it is laid out: as a strip above the board
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(120, ROW + 4)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.refit()

    def set_entries(self, entries) -> None:
        """Other symbols (the board editor's, the course's): as many rows as they need now."""
        self.entries = list(entries)
        self.refit()
        self.update()

    def refit(self) -> None:
        height = self.heightForWidth(self.width())
        if height != self.minimumHeight():  # every row in view, and no more room than the rows
            self.setMinimumHeight(height)
            self.setMaximumHeight(height)
