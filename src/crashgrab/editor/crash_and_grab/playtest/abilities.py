"""The upgrade abilities a turn uses, one control per upgrade card the saucer holds.

A card used or not (Hyperdrive) is a checkbox; a card that needs to know how (Landing Legs: a
direction) is a checkbox with a field for that, in the words a scenario file writes
(docs/scenarios.md): `north`, `3`, `[2, 5]`. Cards that act by themselves are named, without a
control. `abilities()` gives the {card: how} the engine reads; the rules stay the engine's.
"""
from __future__ import annotations

import json
from typing import Any, Iterable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QGridLayout, QLabel, QLineEdit, QWidget

from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.formats.jsonio import parse_json

SWITCHES = frozenset({"Hyperdrive", "Kinetic Siphon", "Proximity Mines", "Cloaking Device"})
BY_THEMSELVES = frozenset({"Scavenger Bot", "Cargo Hold", "Time Machine", "Rotational Stabilizer"})
VALUE_HINTS = {  # what each other card's field takes, as docs/scenarios.md lists it
    "Boost Amplifier": "the boost's distance, 1-6",
    "Acceleration Regulator": "off each Accelerator: [1, 3]",
    "Waste Accelerator": "a Crash Site number", "Saucer Teleporter": "a Crash Site number",
    "Regeneration Gateway": "a Crash Site number",
    "Blast Off Thrusters": "a direction: north", "Landing Legs": "a direction: north",
    "Wormhole Generator": "a saucer: blue", "Pulse Cannon": "a saucer: blue",
    "Afterburner": "a cell: [2, 5]", "Tractor Beam": "a cell: [2, 5]", "Organic Triangulator": "a cell: [2, 5]",
    "Airlock": "[[x, y] or null, ...]",
    "Distress Signaler": '{"from": "blue", "take": ..., "give": ...}',
    "Quake Maker": '{"tile": [x, y], "rotation": 90}',
}


def read_value(text: str) -> Any:
    """A field's text as a scenario file's value: JSON when it reads as JSON, else the words
    themselves (`north`, `blue`)."""
    text = text.strip()
    try:  # the strict parser: 10,000 brackets or a 5,000-digit number are one message, not a crash
        return parse_json(text)
    except InvalidFileError:
        if text[:1] in "[{\"":
            raise ValueError(f"cannot read {text!r}") from None
        return text


class AbilitiesPicker(QWidget):
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._cards: tuple[str, ...] | None = None
        self.boxes: dict[str, QCheckBox] = {}
        self.fields: dict[str, QLineEdit] = {}
        self.set_cards(())

    def set_cards(self, cards: Iterable[str]) -> None:
        """A control per card held; what was chosen for a card still held stays chosen."""
        cards = tuple(cards)
        if cards == self._cards:
            return
        kept = self._chosen()
        self._cards = cards
        while self._grid.count():
            widget = self._grid.takeAt(0).widget()
            if widget is not None:
                widget.deleteLater()
        self.boxes, self.fields = {}, {}
        if not cards:
            self._grid.addWidget(_grey("No upgrade cards held (the saucer table gives them)."), 0, 0, 1, 2)
        for row, card in enumerate(cards):
            if card in BY_THEMSELVES:
                self._grid.addWidget(_grey(f"{card}: acts by itself"), row, 0, 1, 2)
                continue
            box = QCheckBox(card)
            box.setObjectName(f"ability_{card}")
            box.setToolTip(f"Use {card} on this turn")
            box.toggled.connect(self.changed)
            self.boxes[card] = box
            self._grid.addWidget(box, row, 0)
            if card not in SWITCHES:
                field = QLineEdit()
                field.setPlaceholderText(VALUE_HINTS.get(card, "how, as a scenario file writes it"))
                field.setToolTip(f"How {card} is used: {VALUE_HINTS.get(card, 'see docs/scenarios.md')}")
                field.textEdited.connect(lambda _text, b=box: b.setChecked(True))  # typing how uses it
                self.fields[card] = field
                self._grid.addWidget(field, row, 1)
        self._grid.setColumnStretch(1, 1)
        self.set_abilities({card: how for card, how in kept.items() if card in cards})
        self.changed.emit()

    def _chosen(self) -> dict[str, str | bool]:
        return {card: self.fields[card].text() if card in self.fields else True
                for card, box in self.boxes.items() if box.isChecked()}

    def abilities(self) -> dict[str, Any]:
        """{card: how} for the cards checked; ValueError names a card whose field cannot be read."""
        chosen: dict[str, Any] = {}
        for card, box in self.boxes.items():
            if not box.isChecked():
                continue
            if card not in self.fields:
                chosen[card] = True
                continue
            text = self.fields[card].text().strip()
            if not text:
                raise ValueError(f"{card} is checked but says not how: type {VALUE_HINTS.get(card, 'how')}.")
            try:
                chosen[card] = read_value(text)
            except ValueError:
                raise ValueError(f"{card}'s {text!r} cannot be read: type {VALUE_HINTS.get(card, 'how')}.") from None
        return chosen

    def set_abilities(self, abilities: dict) -> None:
        """Check the cards given and fill their fields (scenario files and tests use it)."""
        for card, box in self.boxes.items():
            box.setChecked(card in abilities)
            if card in self.fields:
                value = abilities.get(card, "")
                self.fields[card].setText(value if isinstance(value, str) else json.dumps(value))


def _grey(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setStyleSheet("color: #56616e;")
    return label
