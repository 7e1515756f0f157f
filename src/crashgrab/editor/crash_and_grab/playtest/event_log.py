"""The Playtest panel's event log: every action a header row and its events numbered beneath; a row
chosen moves the board to that step.
"""
from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QListWidgetItem

from crashgrab.engine.crash_and_grab.playtest import PlaytestSession
from crashgrab.engine.crash_and_grab.rules.events import Event

ROW_START, ROW_HEADER, ROW_EVENT, ROW_PENDING = range(4)
KIND_ROLE = Qt.UserRole + 1
CURSOR_ROLE = Qt.UserRole


def _bold(item: QListWidgetItem) -> None:
    font = QFont(item.font())
    font.setBold(True)
    item.setFont(font)


class EventLogMixin:
    """The event log of `PlaytestPanel`."""

    def _event_log(self) -> QListWidget:
        log = QListWidget()
        log.setObjectName("playtestLog")
        log.setSelectionMode(QAbstractItemView.SingleSelection)
        log.setWordWrap(True)
        log.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        log.currentRowChanged.connect(self._log_row_changed)
        log.setMinimumHeight(60)
        return log

    def set_log(self, session: PlaytestSession, pending: Sequence[Event] = (), pending_note: str = "",
                pending_title: str = "") -> None:
        """Every action as a header row and its events numbered beneath; an action waiting
        for a choice adds its title and the steps shown so far, in grey."""
        self._filling = True
        try:
            self.log.clear()
            start = QListWidgetItem("Start position")
            start.setData(CURSOR_ROLE, 0)
            start.setData(KIND_ROLE, ROW_START)
            _bold(start)
            self.log.addItem(start)
            for number, played in session.numbered():
                header = QListWidgetItem(played.title(number))
                header.setData(CURSOR_ROLE, played.first)
                header.setData(KIND_ROLE, ROW_HEADER)
                header.setBackground(QBrush(QColor("#e8edf3")))
                _bold(header)
                self.log.addItem(header)
                for offset, event in enumerate(played.events):
                    index = played.first + offset
                    item = QListWidgetItem(f"{index + 1:>3}.  {event.describe()}")
                    item.setData(CURSOR_ROLE, index + 1)
                    item.setData(KIND_ROLE, ROW_EVENT)
                    item.setToolTip(f"{event.kind}: {event.to_json()}")
                    self.log.addItem(item)
            if pending_title:
                self._pending_row(pending_title)
                for offset, event in enumerate(pending):
                    self._pending_row(f"{len(session.events) + offset + 1:>3}.  {event.describe()}")
                if pending_note:
                    self._pending_row(f"\u2026 {pending_note}")
                self.log.setCurrentRow(-1)
                self.log.scrollToBottom()
        finally:
            self._filling = False

    def _pending_row(self, text: str) -> None:
        item = QListWidgetItem(text)
        item.setData(KIND_ROLE, ROW_PENDING)
        item.setFlags(Qt.ItemIsEnabled)
        item.setForeground(QBrush(QColor("#8c959f")))
        font = item.font()
        font.setItalic(True)
        item.setFont(font)
        self.log.addItem(item)

    def select_cursor(self, cursor: int) -> None:
        """Select the log row of the step shown, unless the selected row already shows it
        (a header and the last event before it show the same board)."""
        current = self.log.currentItem()
        if current is not None and current.data(CURSOR_ROLE) == cursor and current.data(KIND_ROLE) != ROW_PENDING:
            return
        for row in range(self.log.count()):
            item = self.log.item(row)
            if item.data(KIND_ROLE) in (ROW_START, ROW_EVENT) and item.data(CURSOR_ROLE) == cursor:
                self._filling = True
                self.log.setCurrentRow(row)
                self._filling = False
                self.log.scrollToItem(item)
                return

    def event_rows(self) -> list[int]:
        """Log rows that are events, in order (tests select them)."""
        return [r for r in range(self.log.count()) if self.log.item(r).data(KIND_ROLE) == ROW_EVENT]

    def _log_row_changed(self, row: int) -> None:
        if self._filling or row < 0:
            return
        item = self.log.item(row)
        if item.data(KIND_ROLE) == ROW_PENDING:
            return
        self.cursorRequested.emit(item.data(CURSOR_ROLE))
