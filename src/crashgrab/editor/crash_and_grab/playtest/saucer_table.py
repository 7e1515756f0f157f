"""The Playtest panel's saucer table: each saucer's player, cell, supplies, crew and upgrades, its
supplies and upgrades editable while setting up.
"""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QHeaderView, QTableWidget, QTableWidgetItem

from crashgrab.engine.crash_and_grab.rules.state import GameState

from .pieces import paint_saucer

TABLE_COLUMNS = ("Saucer", "Player", "Cell", "Boosters", "Energy", "Crew", "Upgrades")
UPGRADES_COLUMN = 6


def saucer_icon(color: str, size: int = 18) -> QIcon:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.transparent)
    painter = QPainter(pixmap)
    paint_saucer(painter, QRectF(0, 0, size, size), color)
    painter.end()
    return QIcon(pixmap)


def cell_words(cell) -> str:
    return "off the board" if cell is None else f"[{cell[0]},{cell[1]}]"


def _crew_words(crew) -> str:
    return ", ".join(f"{c.color} {c.type}" for c in crew) or "\u2013"


class SaucerTableMixin:
    """The saucer table of `PlaytestPanel`."""

    def _saucer_table(self) -> QTableWidget:
        table = QTableWidget(0, len(TABLE_COLUMNS))
        table.setObjectName("playtestSaucers")
        table.setHorizontalHeaderLabels(TABLE_COLUMNS)
        table.verticalHeader().hide()
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        table.horizontalHeader().setStretchLastSection(True)
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        table.itemChanged.connect(self._table_edited)
        return table

    def set_table(self, state: GameState, editable: bool) -> None:
        self._filling = True
        try:
            colors = state.saucer_colors() if state.players else tuple(state.saucers)
            self.table.setRowCount(len(colors))
            for row, color in enumerate(colors):
                saucer = state.saucers[color]
                player = next((p.id for p in state.players if color in p.saucers), "")
                if state.probe == player and player:
                    player += " \u2022 Probe"
                crew = _crew_words(saucer.stationed)
                if saucer.extras:
                    crew += f"; {_crew_words(saucer.extras)}"
                values = (color, player, cell_words(saucer.at), saucer.boosters, saucer.energy, crew,
                          ", ".join(saucer.upgrades))
                for column, value in enumerate(values):
                    item = QTableWidgetItem()
                    item.setData(Qt.EditRole if isinstance(value, int) else Qt.DisplayRole, value)
                    flags = Qt.ItemIsEnabled | Qt.ItemIsSelectable
                    if editable and column in (3, 4, UPGRADES_COLUMN):
                        flags |= Qt.ItemIsEditable
                        item.setToolTip("Double-click to change it before the first turn" + (
                            " (card names, separated by commas)" if column == UPGRADES_COLUMN else ""))
                    item.setFlags(flags)
                    if column == 5:
                        item.setToolTip(f"stationed: {_crew_words(saucer.stationed)}\n"
                                        f"extras (top first): {_crew_words(saucer.extras)}")
                    if column == 0:
                        item.setIcon(saucer_icon(color))
                        item.setData(Qt.UserRole, color)
                    self.table.setItem(row, column, item)
            self._fit_table()
        finally:
            self._filling = False

    def _fit_table(self) -> None:
        """The saucer table as tall as its header and rows (three to six saucers) and no taller;
        in a window too small for that, two rows and a scroll bar, never a taller window."""
        row_height = self.table.fontMetrics().height() + 8
        self.table.verticalHeader().setDefaultSectionSize(row_height)
        frame = self.table.horizontalHeader().sizeHint().height() + 2 * self.table.frameWidth()
        self.table.setMaximumHeight(frame + max(self.table.rowCount(), 2) * row_height)
        self.table.setMinimumHeight(frame + min(max(self.table.rowCount(), 2), 4) * row_height)  # a 4-player game whole

    def _table_edited(self, item: QTableWidgetItem) -> None:
        if self._filling or item.column() not in (3, 4, UPGRADES_COLUMN):
            return
        row = item.row()
        color = self.table.item(row, 0).data(Qt.UserRole)
        if item.column() == UPGRADES_COLUMN:
            cards = [name.strip() for name in str(item.data(Qt.DisplayRole) or "").split(",") if name.strip()]
            self.upgradesChanged.emit(color, cards)
            return
        boosters = int(self.table.item(row, 3).data(Qt.EditRole))
        energy = int(self.table.item(row, 4).data(Qt.EditRole))
        self.supplyChanged.emit(color, boosters, energy)
