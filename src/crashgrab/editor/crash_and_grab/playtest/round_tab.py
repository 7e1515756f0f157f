"""The Playtest's "Round" tab: the plan of a whole round, entered for every saucer.

One row per saucer: its movement card, the number for a 0-5 card, and its direction (chosen
face down, all at once), and the direction it takes instead if the rules let it (placed at
the start of its turn, an override token, a Time Machine); then the rotation die (left, right, or rolled from the seed; not
used with 2 players). "Play the Round" asks the controller to play it; the choices the round
leaves open (which saucer moves first, an Accelerator, a penalty) are asked as for a turn.
The tab only builds the Round value: the rules are the engine's.
"""
from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import QSize, Signal
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QHeaderView, QLabel, QMenu, QPushButton, QSpinBox,
                               QTableWidget, QTableWidgetItem, QToolButton, QVBoxLayout, QWidget, QWidgetAction)

from crashgrab.engine.crash_and_grab.rules.actions import Round
from crashgrab.engine.grid.geometry import Direction

from .abilities import AbilitiesPicker

PLAN_COLUMNS = ("Saucer", "Card", "0\u20135", "Direction", "If free", "Abilities")
AS_PLANNED = "as planned"
CARDS = (("2", "2 \u00b7 booster"), ("3", "3 \u00b7 energy"), ("0-5", "0\u20135"))
ROTATIONS = (("left", "left (clockwise)"), ("right", "right"), (None, "roll the die (seed)"))


class RoundTab(QWidget):
    playRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._directions: dict[str, str] = {}
        self._colors: tuple[str, ...] = ()
        self._held: dict[str, tuple[str, ...]] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 4, 2, 2)  # the plan's six columns need the tab's whole width
        self.table = QTableWidget(0, len(PLAN_COLUMNS))
        self.table.setObjectName("playtestRoundPlan")
        self.table.setHorizontalHeaderLabels(PLAN_COLUMNS)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(False)  # every column its contents' width
        layout.addWidget(self.table)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 12)
        row = QHBoxLayout()
        row.addWidget(QLabel("Rotation die:"))
        self.rotation_box = QComboBox()
        for value, text in ROTATIONS:
            self.rotation_box.addItem(text, value)
        row.addWidget(self.rotation_box, 1)
        layout.addLayout(row)
        self.play_button = QPushButton("Play the Round")
        self.play_button.setToolTip("Every saucer plans a card and a direction at once; the round then plays "
                                    "each turn in turn order and ends the round (crashed saucers placed, the "
                                    "Probe moved)")
        self.play_button.clicked.connect(self.playRequested)
        row.addWidget(self.play_button)  # one row with the die: the plan keeps the height

    # --- filling ---------------------------------------------------------------------------------
    def set_game(self, colors: Sequence[str], players: int, directions) -> None:
        """Rows for these saucers (keeping what was entered for saucers still there)."""
        directions = dict(directions)
        if tuple(colors) == self._colors and directions == self._directions:
            self.rotation_box.setEnabled(players != 2)
            return
        kept = {color: (self.entry(color), self.free_direction(color)) for color in self._colors}
        self._colors, self._directions = tuple(colors), directions
        self.table.setRowCount(len(colors))
        for index, color in enumerate(colors):
            item = QTableWidgetItem(color)
            item.setFlags(item.flags() & ~item.flags().ItemIsEditable)
            self.table.setItem(index, 0, item)
            card = QComboBox()
            for value, text in CARDS:
                card.addItem(text, value)
            distance = QSpinBox()
            distance.setRange(0, 5)
            distance.setValue(3)
            card.currentIndexChanged.connect(lambda _i, c=card, d=distance: d.setEnabled(c.currentData() == "0-5"))
            distance.setEnabled(False)
            direction, free = QComboBox(), QComboBox()
            free.addItem(AS_PLANNED, None)
            free.setToolTip("A saucer placed at the start of its turn, or holding an override token or a Time "
                            "Machine, may move another way")
            for d in Direction:  # the markers in the plan's Direction; If free bare, so both columns fit
                marker = directions.get(d.value)
                direction.addItem(f"{d.value} ({marker})" if marker else d.value, d.value)
                free.addItem(d.value, d.value)
            self.table.setCellWidget(index, 1, card)
            self.table.setCellWidget(index, 2, distance)
            self.table.setCellWidget(index, 3, direction)
            self.table.setCellWidget(index, 4, free)
            self.table.setCellWidget(index, 5, AbilitiesButton(self._held.get(color, ())))
            if color in kept:
                self.set_entry(color, **kept[color][0], free=kept[color][1])
        self.rotation_box.setEnabled(players != 2)
        self.updateGeometry()

    def sizeHint(self) -> QSize:
        """Tall enough for the header and every saucer's row, no scrolling."""
        hint = super().sizeHint()
        table = self.table
        rows = table.horizontalHeader().sizeHint().height() + 2 * table.frameWidth() + \
            max(table.rowCount(), 2) * table.verticalHeader().defaultSectionSize() + 4
        return QSize(hint.width(), hint.height() - table.sizeHint().height() + rows)

    def set_entry(self, color: str, card: str, direction: str, distance: int | None = None,
                  free: str | None = None) -> None:
        """Fill one saucer's plan (tests use it); `free`: the direction it takes if it may."""
        row = self._colors.index(color)
        card_box, distance_box, direction_box, free_box = (self.table.cellWidget(row, c) for c in (1, 2, 3, 4))
        card_box.setCurrentIndex(card_box.findData(card))
        if distance is not None:
            distance_box.setValue(distance)
        direction_box.setCurrentIndex(direction_box.findData(direction))
        free_box.setCurrentIndex(free_box.findData(free))

    def set_rotation(self, rotation: str | None) -> None:
        self.rotation_box.setCurrentIndex(self.rotation_box.findData(rotation))

    # --- reading ---------------------------------------------------------------------------------
    def entry(self, color: str) -> dict:
        row = self._colors.index(color)
        card_box, distance_box, direction_box = (self.table.cellWidget(row, c) for c in (1, 2, 3))
        entry = {"card": card_box.currentData(), "direction": direction_box.currentData()}
        if entry["card"] == "0-5":
            entry["distance"] = distance_box.value()
        return entry

    def free_direction(self, color: str) -> str | None:
        return self.table.cellWidget(self._colors.index(color), 4).currentData()

    def abilities_button(self, color: str) -> AbilitiesButton:
        return self.table.cellWidget(self._colors.index(color), 5)

    def abilities(self, color: str) -> dict:
        """The saucer's upgrade abilities for its turn ({card: how}); ValueError names the saucer."""
        try:
            return self.abilities_button(color).picker.abilities()
        except ValueError as error:
            raise ValueError(f"{color}'s abilities: {error}") from None

    def set_abilities(self, color: str, abilities: dict) -> None:
        self.abilities_button(color).picker.set_abilities(abilities)

    def set_held(self, held: dict[str, Sequence[str]]) -> None:
        """The upgrade cards each saucer holds: a control for each in its Abilities menu."""
        self._held = {color: tuple(cards) for color, cards in held.items()}
        for color in self._colors:
            self.abilities_button(color).picker.set_cards(self._held.get(color, ()))

    def round(self) -> Round | None:
        """The round as entered; ValueError when a saucer's abilities cannot be read."""
        if not self._colors:
            return None
        rotation = self.rotation_box.currentData() if self.rotation_box.isEnabled() else None
        choices: dict[str, dict] = {}
        for color in self._colors:
            turn: dict = {}
            if self.free_direction(color):
                turn["direction"] = self.free_direction(color)
            if self.abilities(color):
                turn["upgrades"] = self.abilities(color)
            if turn:
                choices[color] = turn
        return Round({color: self.entry(color) for color in self._colors}, rotation, choices)


class AbilitiesButton(QToolButton):
    """A plan row's Abilities: the cards chosen, and a menu with a control per card held."""

    def __init__(self, cards: Sequence[str] = (), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setPopupMode(QToolButton.InstantPopup)
        self.setToolTip("The upgrade abilities this saucer's turn uses: a control per card it holds")
        self.picker = AbilitiesPicker()
        self.picker.setContentsMargins(8, 6, 8, 6)
        menu = QMenu(self)
        holder = QWidgetAction(menu)
        holder.setDefaultWidget(self.picker)
        menu.addAction(holder)
        self.setMenu(menu)
        self.picker.changed.connect(self._show_chosen)
        self.picker.set_cards(cards)
        self._show_chosen()

    def _show_chosen(self) -> None:
        chosen = [card for card, box in self.picker.boxes.items() if box.isChecked()]
        self.setText(", ".join(chosen) if chosen else ("none" if self.picker.boxes else "no cards"))
