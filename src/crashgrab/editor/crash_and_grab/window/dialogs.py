"""Small dialogs: randomize with a seed, direction markers, layout name and notes.

Each only gathers values; the window turns them into an undo command.
"""
from __future__ import annotations

import random
from typing import Mapping

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QGridLayout, QHBoxLayout, QLabel,
                               QLineEdit, QPlainTextEdit, QPushButton, QSpinBox, QVBoxLayout, QWidget)

from crashgrab.engine.crash_and_grab.resolve import resolve_layout
from crashgrab.engine.crash_and_grab.setup import random_layout
from crashgrab.engine.crash_and_grab.templates import TEMPLATES
from crashgrab.engine.crash_and_grab.terms import MARKERS
from crashgrab.engine.crash_and_grab.layout import Layout

from .. import style
from ..board_painter import paint_board, picture_rect

SIDES = ("north", "east", "south", "west")
MAX_SEED = 2**31 - 1


def new_seed() -> int:
    return random.SystemRandom().randrange(MAX_SEED)


def board_pixmap(layout: Layout, cell: float = 16.0) -> QPixmap:
    """A small picture of a board, drawn by the same painter as the editor."""
    board = resolve_layout(layout).board
    rect = picture_rect(board.width, board.height, cell)
    pixmap = QPixmap(int(rect.width()) + 1, int(rect.height()) + 1)
    pixmap.fill(QColor(style.SCENE_BACKGROUND))
    painter = QPainter(pixmap)
    paint_board(painter, layout, cell, origin=-rect.topLeft())
    painter.end()
    return pixmap


PREVIEW_CELL = 32.0  # the Randomize preview's pixels per cell: its Crash Site numbers read (11 px type),
# and the 10x10 board's preview still fits a dialog on a 640-pixel-high screen


class RandomizeDialog(QDialog):
    """Set the whole board up by the rules from a seed the designer can read and type."""

    def __init__(self, layout: Layout, seed: int | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Randomize board")
        self.base = layout
        self.template = QComboBox()
        for template in TEMPLATES.values():
            self.template.addItem(f"{template.title} \u00b7 {template.width}\u00d7{template.height}", template.id)
        self.template.setCurrentIndex(max(0, self.template.findData(layout.template or "2-4")))
        self.seed = QSpinBox()
        self.seed.setRange(0, MAX_SEED)
        self.seed.setValue(new_seed() if seed is None else seed)
        self.seed.setToolTip("The same seed and template always give the same board.")
        reroll = QPushButton("New seed")
        reroll.clicked.connect(lambda: self.seed.setValue(new_seed()))
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed, 1)
        seed_row.addWidget(reroll)
        self.preview = QLabel()
        self.preview.setAlignment(Qt.AlignCenter)
        largest = max(TEMPLATES.values(), key=lambda t: t.width * t.height)
        side = int(picture_rect(largest.width, largest.height, PREVIEW_CELL).width()) + 2
        self.preview.setMinimumSize(side, side)  # the dialog keeps its size whichever template is picked
        self.findings = QLabel()  # what validation says of the candidate, before it is accepted
        self.findings.setObjectName("candidateFindings")
        self.findings.setAlignment(Qt.AlignCenter)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet(f"color: {style.SEVERITY_COLOURS['error'].name()}")
        form = QFormLayout()
        form.addRow("Template", self.template)
        form.addRow("Seed", seed_row)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.buttons.button(QDialogButtonBox.Ok).setText("Randomize")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout_box = QVBoxLayout(self)
        note = QLabel("Tiles go in random slots, sides and rotations, as the setup rules say; "
                      "the direction markers are dealt to the four sides.")
        note.setWordWrap(True)
        layout_box.addWidget(note)
        layout_box.addLayout(form)
        layout_box.addWidget(self.preview, 1)
        layout_box.addWidget(self.findings)
        layout_box.addWidget(self.problem)
        layout_box.addWidget(self.buttons)
        self.template.currentIndexChanged.connect(self._refresh)
        self.seed.valueChanged.connect(self._refresh)
        self._refresh()

    def result_layout(self) -> Layout | None:
        template = TEMPLATES[self.template.currentData()]
        try:
            layout = random_layout(self.base.tileset, template, self.seed.value(), name=self.base.name,
                                   tileset_ref=self.base.tileset_ref)
        except ValueError as error:
            self.problem.setText(f"This tile set cannot fill that template: {error}.")
            return None
        return Layout(layout.name, layout.tileset, layout.placements, layout.template, layout.directions,
                      self.base.notes, self.base.tileset_ref, self.base.severity_overrides)

    def _refresh(self) -> None:
        self.problem.setText("")
        layout = self.result_layout()
        self.buttons.button(QDialogButtonBox.Ok).setEnabled(layout is not None)
        self.preview.setPixmap(board_pixmap(layout, PREVIEW_CELL) if layout else QPixmap())
        self.findings.setText(findings_summary(layout) if layout else "")


def findings_summary(layout: Layout) -> str:
    """"This board: 2 warnings, 11 notes", coloured by its worst severity (rich text)."""
    # The editor's fast report, as the findings panel's (the reference's networkx stays unloaded).
    from crashgrab.engine.crash_and_grab.validation.fast import fast_validate_layout

    report = fast_validate_layout(layout, layout.severity_overrides)
    counts = report.counts()
    worst = next((s for s in ("error", "warning") if counts.get(s)), None)
    colour = style.SEVERITY_COLOURS[worst].name() if worst else "#1a7f37"
    return f"This board: <b style='color:{colour}'>{report.summary()}</b>"


class DirectionsDialog(QDialog):
    """Which marker sits on which side; choosing a marker used elsewhere swaps the two."""

    def __init__(self, directions: Mapping[str, str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Direction markers")
        self.combos: dict[str, QComboBox] = {}
        grid = QGridLayout()
        positions = {"north": (0, 1), "west": (1, 0), "east": (1, 2), "south": (2, 1)}
        for side in SIDES:
            combo = QComboBox()
            combo.addItems(MARKERS)
            current = directions.get(side)
            if current in MARKERS:
                combo.setCurrentText(current)
            combo.setToolTip(f"The marker on the board's {side} side")
            self.combos[side] = combo
            cell = QVBoxLayout()
            caption = QLabel(side.capitalize())
            caption.setAlignment(Qt.AlignCenter)
            caption.setStyleSheet("color: #56616e")
            cell.addWidget(caption)
            cell.addWidget(combo)
            grid.addLayout(cell, *positions[side])
        board = QLabel("board")
        board.setAlignment(Qt.AlignCenter)
        board.setMinimumSize(90, 60)
        board.setStyleSheet("background: #f8f4ea; border: 2px solid #27303b; color: #56616e")
        grid.addWidget(board, 1, 1)
        self._previous = {side: combo.currentText() for side, combo in self.combos.items()}
        for side, combo in self.combos.items():
            combo.currentTextChanged.connect(lambda text, s=side: self._chosen(s, text))
        turn = QPushButton("Turn markers clockwise")
        turn.clicked.connect(self.turn_clockwise)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        hint = QLabel("Movement cards name a direction by marker. Each marker sits on one side.")
        hint.setWordWrap(True)
        box.addWidget(hint)
        box.addLayout(grid)
        box.addWidget(turn)
        box.addWidget(buttons)

    def directions(self) -> dict[str, str]:
        return {side: combo.currentText() for side, combo in self.combos.items()}

    def set_directions(self, directions: Mapping[str, str]) -> None:
        for side, combo in self.combos.items():
            combo.blockSignals(True)
            combo.setCurrentText(directions[side])
            combo.blockSignals(False)
        self._previous = self.directions()

    def turn_clockwise(self) -> None:
        current = self.directions()
        self.set_directions({SIDES[(i + 1) % 4]: current[side] for i, side in enumerate(SIDES)})

    def _chosen(self, side: str, marker: str) -> None:
        before = self._previous
        other = next((s for s, m in before.items() if m == marker and s != side), None)
        updated = dict(self.directions())
        if other is not None:
            updated[other] = before[side]
        self.set_directions(updated)


class PropertiesDialog(QDialog):
    def __init__(self, layout: Layout, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Layout name and notes")
        self.original_name = layout.name
        self.name = QLineEdit(layout.name)
        self.notes = QPlainTextEdit(layout.notes)
        self.notes.setPlaceholderText("Why this board, what to test on it, ...")
        form = QFormLayout(self)
        form.addRow("Name", self.name)
        form.addRow("Notes", self.notes)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def values(self) -> tuple[str, str]:
        return self.name.text().strip() or self.original_name, self.notes.toPlainText()

