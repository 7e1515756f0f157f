"""The findings list and the metrics table beside the board.

A finding's hexes travel with its row (Qt.UserRole), so selecting it lets the window highlight
them; the metrics are validation's own numbers (to_junkyard and run per car, totals per player)."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QListWidget, QListWidgetItem, QTableWidget, QTableWidgetItem

from crashgrab.engine.crash.terms import CARS, PLAYERS

from .. import style

TOTAL = "Total"
PANEL_WIDTH = 340  # the docks' width to begin with: the board keeps most of a 1024-pixel window


class FindingsList(QListWidget):
    findingSelected = Signal(tuple)  # the hexes of the finding selected, () for none

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setAlternatingRowColors(True)
        self.setSelectionMode(QAbstractItemView.SingleSelection)
        self.currentItemChanged.connect(lambda item, _old: self.findingSelected.emit(
            tuple(item.data(Qt.UserRole)) if item is not None else ()))
        self.itemClicked.connect(lambda item: self.findingSelected.emit(tuple(item.data(Qt.UserRole))))

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(PANEL_WIDTH, 260)

    def set_findings(self, findings) -> None:
        """Rewritten after every edit; the finding selected stays selected while it is still there."""
        current = self.currentItem().text() if self.currentItem() else None
        self.blockSignals(True)
        self.clear()
        for finding in findings:
            where = " ".join(f"[{q},{r}]" for q, r in finding.cells[:3])
            item = QListWidgetItem(style.severity_icon(finding.severity),
                                   f"{finding.code}{' ' + where if where else ''}: {finding.message}")
            item.setData(Qt.UserRole, tuple(tuple(c) for c in finding.cells))
            item.setToolTip(f"{finding.severity} {finding.code}: {finding.message}")
            self.addItem(item)
            if item.text() == current:
                self.setCurrentItem(item)
        self.blockSignals(False)

    def selected_cells(self) -> tuple:
        """The hexes of the finding selected (after `set_findings`, which emits nothing)."""
        return tuple(self.currentItem().data(Qt.UserRole)) if self.currentItem() else ()

    def texts(self) -> list[str]:
        return [self.item(i).text() for i in range(self.count())]


class MetricsTable(QTableWidget):
    """Rows: cars 1-6 and the total; columns: each player's path to its junkyard and straight run."""

    COLUMNS = tuple(f"{player}\n{what}" for player in PLAYERS for what in ("to junkyard", "run"))

    def __init__(self, parent=None) -> None:
        super().__init__(len(CARS) + 1, len(self.COLUMNS), parent)
        self.setHorizontalHeaderLabels(list(self.COLUMNS))
        self.setVerticalHeaderLabels([f"car {n}" for n in CARS] + [TOTAL])
        self.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.Stretch)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        self.setToolTip("to junkyard: the shortest path in hexes from the car's start to its player's junkyard; "
                        "run: board hexes straight ahead of it before the edge")

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        height = self.horizontalHeader().sizeHint().height() + sum(self.rowHeight(r) for r in range(self.rowCount()))
        return QSize(PANEL_WIDTH, height + 2 * self.frameWidth())

    def set_metrics(self, metrics: dict[str, Any]) -> None:
        for column, (player, key) in enumerate((p, k) for p in PLAYERS for k in ("to_junkyard", "run")):
            data = metrics["players"][player]
            for row, number in enumerate(CARS):
                car = data["cars"].get(str(number))
                value = "\u2014" if car is None or car[key] is None else str(car[key])
                self._put(row, column, value)
            self._put(len(CARS), column, str(data[key]))

    def _put(self, row: int, column: int, text: str) -> None:
        item = self.item(row, column)
        if item is not None:
            if item.text() != text:
                item.setText(text)
            return
        item = QTableWidgetItem(text)
        item.setTextAlignment(Qt.AlignCenter)
        if row == len(CARS):
            font = item.font()
            font.setBold(True)
            item.setFont(font)
        self.setItem(row, column, item)

    def value(self, row_label: str, column: str) -> str:
        row = [f"car {n}" for n in CARS].index(row_label) if row_label != TOTAL else len(CARS)
        return self.item(row, self.COLUMNS.index(column.replace(" ", "\n", 1))).text()
