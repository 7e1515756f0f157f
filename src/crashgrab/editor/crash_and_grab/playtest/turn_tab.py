"""The Playtest panel's Next turn tab: the saucer, its card, direction, boost and upgrades, packed
into an engine Turn value by `turn()`.
"""
from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QGridLayout, QHBoxLayout, QLabel, QPushButton, QSpinBox, QWidget

from crashgrab.engine.crash_and_grab.rules.actions import Boost, Turn
from crashgrab.engine.grid.geometry import Direction

from .abilities import AbilitiesPicker
from .saucer_table import saucer_icon

CARD_CHOICES = (("2", "2 \u00b7 take a booster, move 2"), ("3", "3 \u00b7 take an energy, move 3"),
                ("0-5", "0\u20135 \u00b7 move the number you choose"))


class TurnTabMixin:
    """The Next turn tab of `PlaytestPanel`."""

    def _turn_tab(self) -> QWidget:
        page = QWidget()
        grid = QGridLayout(page)
        self.saucer_box = QComboBox()
        self.saucer_box.setToolTip("The saucer whose turn it is")
        self.card_box = QComboBox()
        for card, text in CARD_CHOICES:
            self.card_box.addItem(text, card)
        self.card_box.currentIndexChanged.connect(self._card_changed)
        self.distance_box = QSpinBox()
        self.distance_box.setRange(0, 5)
        self.distance_box.setValue(3)
        self.distance_box.setToolTip("How far the 0\u20135 card moves")
        self.direction_box = QComboBox()
        self.boost_box = QCheckBox("Boost:")
        self.boost_box.setToolTip("Boost after the move: spend a booster to move again the same distance")
        self.boost_direction = QComboBox()
        self.boost_box.toggled.connect(self.boost_direction.setEnabled)
        self.boost_direction.setEnabled(False)
        grid.addWidget(QLabel("Saucer:"), 0, 0)
        grid.addWidget(self.saucer_box, 0, 1, 1, 2)
        grid.addWidget(QLabel("Card:"), 1, 0)
        grid.addWidget(self.card_box, 1, 1)
        grid.addWidget(self.distance_box, 1, 2)
        grid.addWidget(QLabel("Direction:"), 2, 0)
        grid.addWidget(self.direction_box, 2, 1, 1, 2)
        grid.addWidget(self.boost_box, 3, 0)
        grid.addWidget(self.boost_direction, 3, 1, 1, 2)  # as wide as Direction: "south (Asteroids)" fits
        self.buy_box = QCheckBox("Buy an upgrade (2 energy) at the end of the turn")
        self.buy_box.setToolTip("Draw the top two upgrade cards and keep one (a dialog asks which)")
        self.abilities = AbilitiesPicker()  # a control per upgrade card the saucer holds
        self.abilities.setObjectName("playtestAbilities")
        self.abilities.setToolTip("The upgrade abilities this turn uses: check a card to use it")
        self._held: dict[str, tuple[str, ...]] = {}
        self.saucer_box.currentIndexChanged.connect(self._show_held)
        grid.addWidget(self.buy_box, 4, 0, 1, 3)
        abilities_label = QLabel("Abilities:")
        grid.addWidget(abilities_label, 5, 0, Qt.AlignTop)
        grid.addWidget(self.abilities, 5, 1, 1, 2)
        # One line: the tab's height is shared with the log, and a third line was cut off.
        hint = QLabel("At an Accelerator: click an arrow on the board, or arrow keys then Enter.")
        hint.setToolTip("Step or Play plays this turn once the steps before it are shown. At an Accelerator "
                        "on the saucer's own move, click an arrow on the board (or an arrow key, then Enter).")
        hint.setWordWrap(True)
        hint.setStyleSheet("color: #56616e;")
        grid.addWidget(hint, 6, 0, 1, 3)
        row = QHBoxLayout()
        self.end_round_button = QPushButton("End the Round")
        self.end_round_button.setToolTip("Crashed saucers are placed, then the Probe moves")
        self.end_round_button.clicked.connect(self.endRoundRequested)
        self.take_back_button = QPushButton("Take Back Last Turn")
        self.take_back_button.clicked.connect(self.takeBackRequested)
        row.addWidget(self.end_round_button)
        row.addWidget(self.take_back_button)
        grid.addLayout(row, 7, 0, 1, 3)
        grid.setRowStretch(8, 1)
        self._card_changed()
        return page

    def turn(self) -> Turn | None:
        saucer = self.saucer_box.currentData()
        if saucer is None:
            return None
        card = self.card_box.currentData()
        boost = Boost(self.boost_direction.currentData()) if self.boost_box.isChecked() else None
        choices = {}
        if self.buy_box.isChecked():
            choices["upgrade"] = True
        abilities = self.abilities.abilities()  # ValueError names a card whose field cannot be read
        if abilities:
            choices["upgrades"] = abilities
        return Turn(saucer=saucer, card=card, distance=self.distance_box.value() if card == "0-5" else None,
                    direction=self.direction_box.currentData(), boost=boost, choices=choices)

    def set_turn(self, saucer: str | None = None, card: str | None = None, distance: int | None = None,
                 direction: str | None = None, boost: str | None = None) -> None:
        """Fill in the next turn's controls (tests and scenario files use it)."""
        for box, value in ((self.saucer_box, saucer), (self.card_box, card), (self.direction_box, direction)):
            if value is not None:
                box.setCurrentIndex(box.findData(value))
        if distance is not None:
            self.distance_box.setValue(distance)
        self.boost_box.setChecked(boost is not None)
        if boost is not None:
            self.boost_direction.setCurrentIndex(self.boost_direction.findData(boost))

    def set_held_upgrades(self, held: dict[str, Sequence[str]]) -> None:
        """The upgrade cards each saucer holds, for the Abilities controls of the saucer chosen."""
        self._held = {color: tuple(cards) for color, cards in held.items()}
        self._show_held()

    def _show_held(self, *args) -> None:
        self.abilities.set_cards(self._held.get(self.saucer_box.currentData(), ()))

    def select_saucer(self, color: str) -> None:
        index = self.saucer_box.findData(color)
        if index >= 0:
            self.saucer_box.setCurrentIndex(index)

    def set_directions(self, directions) -> None:
        """Board directions, then marker names (with the side they stand for)."""
        for box in (self.direction_box, self.boost_direction):
            current = box.currentData()
            box.blockSignals(True)
            box.clear()
            for d in Direction:
                marker = directions.get(d.value)
                box.addItem(f"{d.value} ({marker})" if marker else d.value, d.value)
            for d in Direction:
                marker = directions.get(d.value)
                if marker:
                    box.addItem(f"{marker} (= {d.value})", marker)
            index = box.findData(current)
            box.setCurrentIndex(index if index >= 0 else 1)  # east, by default
            box.blockSignals(False)

    def set_saucers(self, colors: Sequence[str]) -> None:
        current = self.saucer_box.currentData()
        self.saucer_box.blockSignals(True)
        self.saucer_box.clear()
        for color in colors:
            self.saucer_box.addItem(saucer_icon(color), color, color)
        index = self.saucer_box.findData(current)
        self.saucer_box.setCurrentIndex(index if index >= 0 else 0)
        self.saucer_box.blockSignals(False)

    def _card_changed(self) -> None:
        self.distance_box.setEnabled(self.card_box.currentData() == "0-5")
