"""The metrics table beside the board (the findings are the studio's panel, editor/findings_panel.py):
validation's own numbers, to_junkyard and run per car, totals per player."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from crashgrab.engine.crash.terms import CARS, PLAYERS

TOTAL = "Total"
PANEL_WIDTH = 340  # the docks' width to begin with: the board keeps most of a 1024-pixel window


class MetricsTable(QTableWidget):
    """Rows: cars 1-6 and the total; columns: each player's path to its junkyard and straight run."""

    COLUMNS = tuple(f"{player}\n{what}" for player in PLAYERS for what in ("to junkyard", "run"))
    SHORT_COLUMNS = tuple(f"{player}\n{what}" for player in PLAYERS for what in (f"to J{player[1:]}", "run"))

    def __init__(self, parent=None) -> None:
        super().__init__(len(CARS) + 1, len(self.COLUMNS), parent)
        self.setHorizontalHeaderLabels(list(self.COLUMNS))
        self.setVerticalHeaderLabels([f"car {n}" for n in CARS] + [TOTAL])
        self.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)  # its columns share the width
        self.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)  # its dock is as tall as its rows
        self.horizontalHeader().setSectionResizeMode(QHeaderView.Stretch)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        self.setToolTip("to junkyard: the shortest path in hexes from the car's start to its player's junkyard; "
                        "run: board hexes straight ahead of it before the edge")

    def set_compact(self, compact: bool) -> None:
        """In a side rail's narrow column the headers name each junkyard by its label ("p1\nto J1")."""
        self.setHorizontalHeaderLabels(list(self.SHORT_COLUMNS if compact else self.COLUMNS))
        self.resizeRowsToContents()
        self.setMaximumHeight(self.sizeHint().height())  # every row in view, no taller: the findings get the rest

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
