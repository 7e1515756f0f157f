"""A status bar whose messages never run into its permanent labels, with a log of them all.

A long message is elided at a word boundary with "…" to fit the space left of the permanent
widgets (the full text is the tool tip and stays in `currentMessage()`), and every message is
kept in `MessageLog`, shown by View › Panels › Messages.
"""
from __future__ import annotations

import time

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QListWidget, QStatusBar, QWidget

ELLIPSIS = "\u2026"
LOG_LIMIT = 500


def elide_words(text: str, metrics: QFontMetrics, width: int) -> str:
    """`text` if it fits in `width` pixels, else the longest run of whole words that fits, plus "…"."""
    if metrics.horizontalAdvance(text) <= width:
        return text
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        candidate = " ".join(words).rstrip(",;:") + ELLIPSIS
        if metrics.horizontalAdvance(candidate) <= width:
            return candidate
    return metrics.elidedText(text, Qt.ElideRight, max(width, 0))


class MessageBar(QStatusBar):
    messageShown = Signal(str)  # every non-empty message, in full, as it is shown

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""

    def showMessage(self, text: str, timeout: int = 0) -> None:  # noqa: N802 (Qt's name)
        self._full = text
        self.setToolTip(text)
        super().showMessage(self._fitted(text), timeout)
        if text:
            self.messageShown.emit(text)

    def currentMessage(self) -> str:  # noqa: N802 (Qt's name)
        shown = super().currentMessage()
        return self._full if shown and shown == self._fitted(self._full) else shown

    def message_width(self) -> int:
        """Pixels left of the leftmost visible permanent widget."""
        lefts = [child.geometry().left() for child in self.findChildren(QWidget, options=Qt.FindDirectChildrenOnly)
                 if child.isVisible() and child.geometry().left() > 0]
        right = min(lefts, default=self.width())
        return max(right - 16, 0)  # the bar's own margin and a gap before the labels

    def _fitted(self, text: str) -> str:
        return elide_words(text, self.fontMetrics(), self.message_width()) if text else text

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._refit()

    def event(self, event) -> bool:
        handled = super().event(event)
        if event.type() == QEvent.LayoutRequest:  # a permanent label came, went or changed width
            self._refit()
        return handled

    def _refit(self) -> None:
        shown = super().currentMessage()
        if shown and self._full and shown != self._fitted(self._full):
            QStatusBar.showMessage(self, self._fitted(self._full))  # keeps the log as it is


class MessageLog(QListWidget):
    """Every status message with the time it was shown, newest last."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setAlternatingRowColors(True)

    def add(self, text: str) -> None:
        if self.count() and self.item(self.count() - 1).data(Qt.UserRole) == text:
            return  # the same message again (e.g. hovering): once is enough
        self.addItem(f"{time.strftime('%H:%M:%S')}  {text}")
        self.item(self.count() - 1).setData(Qt.UserRole, text)
        while self.count() > LOG_LIMIT:
            self.takeItem(0)
        if self.isVisible():  # hidden (a tab behind History, usually), it scrolls when shown
            self.scrollToBottom()

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        self.scrollToBottom()

    def messages(self) -> list[str]:
        return [self.item(i).data(Qt.UserRole) for i in range(self.count())]
