"""The Playtest panel's Start position tab: set up by the rules, the pieces palette, pairing, the
rulings a designer may switch and the die (seeded or typed in).
"""
from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QHBoxLayout, QLabel, QPushButton, QSpinBox, QVBoxLayout, QWidget

from crashgrab.engine.crash_and_grab.rules.state import Rulings

from .palette import PiecePalette

# The rulings a designer may switch (docs/rulings.md): (name, label, [(option text, setting)]),
# the rulebook's reading first.
RULING_CHOICES = (
    ("push_distance", "Push distance:", [("remaining spaces (rulebook)", "remaining"),
                                         ("full distance (digital edition)", "full")]),
    ("own_saucer_crash", "Own saucer crashed:", [("the saucer whose turn it is pays (rulebook)", "mover"),
                                                 ("the crashed saucer pays", "crashed")]),
    ("two_player_win", "2-player win:", [("every station on each saucer (rulebook)", "each_saucer"),
                                         ("every station on the two together", "combined")]),
    ("replacement_queue", "Replacement:", [("from the picked-up colour's queue (rulebook)", "same_colour"),
                                           ("from any colour's queue", "any")]),
)


def _narrowable(box: QComboBox) -> None:
    """A long option may be cut in the box (the open list and the tool tip show it whole),
    so the tab never needs to scroll sideways."""
    box.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(18)
    box.setToolTip(box.currentText())
    box.currentTextChanged.connect(box.setToolTip)


class StartTabMixin:
    """The Start position tab of `PlaytestPanel`."""

    def _start_tab(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        # Setting up by the rules first, and why the tab is locked: both in view without scrolling.
        rules = QHBoxLayout()
        self.setup_players = QSpinBox()
        self.setup_players.setRange(2, 6)
        self.setup_players.setValue(2)
        self.setup_players.setSuffix(" players")
        self.setup_seed = QSpinBox()
        self.setup_seed.setRange(0, 2_000_000_000)
        self.setup_seed.setValue(1)
        self.setup_seed.setPrefix("seed ")
        self.setup_button = QPushButton("Set Up by the Rules")
        self.setup_button.setToolTip("Energy, saucers placed by the die, then step 9's booster and Pilots as the "
                                     "rulebook says (2 players: two choices). The same seed gives the same set-up.")
        self.setup_button.clicked.connect(
            lambda: self.setupByRulesRequested.emit(self.setup_players.value(), self.setup_seed.value()))
        rules.addWidget(self.setup_players)
        rules.addWidget(self.setup_seed)
        rules.addWidget(self.setup_button)
        layout.addLayout(rules)
        self.start_note = QLabel()
        self.start_note.setObjectName("playtestStartNote")
        self.start_note.setWordWrap(True)
        self.start_note.setStyleSheet("color: #9a6700;")
        self.start_note.hide()
        layout.addWidget(self.start_note)
        self.palette = PiecePalette()
        layout.addWidget(self.palette)
        hint = QLabel("Drag pieces onto cells; drop a crewmember on a saucer to give it to that saucer. "
                      "Drag a piece off the board, or right-click it, to take it away.")
        hint.setWordWrap(True)
        hint.setStyleSheet("color: #56616e;")
        layout.addWidget(hint)
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.WrapLongRows)  # labels above their fields when the panel is narrow
        self.pairs_box = QCheckBox("2-player game, two saucers each")
        self.pairs_box.setToolTip("p1 flies the first two saucers (in colour order), p2 the other two; needs four")
        self.pairs_box.toggled.connect(self._options_changed)
        form.addRow("Players:", self.pairs_box)
        self.ruling_boxes: dict[str, QComboBox] = {}
        for name, label, options in RULING_CHOICES:
            box = QComboBox()
            box.setObjectName(f"ruling_{name}")
            for text, value in options:
                box.addItem(text, value)
            box.currentIndexChanged.connect(self._options_changed)
            _narrowable(box)
            form.addRow(label, box)
            self.ruling_boxes[name] = box
        die = QHBoxLayout()
        self.die_mode = QComboBox()
        self.die_mode.addItem("rolled by seed", "seed")
        self.die_mode.addItem("typed in", "typed")
        self.die_mode.setToolTip("Placement die: rolled by a seeded generator (the same seed, the same rolls), "
                                 "or typed in for each placement")
        self.die_seed = QSpinBox()
        self.die_seed.setRange(0, 2_000_000_000)
        self.die_seed.setValue(1)
        self.die_seed.setPrefix("seed ")
        self.die_mode.currentIndexChanged.connect(self._options_changed)
        self.die_seed.valueChanged.connect(self._options_changed)
        for box in (self.die_seed, self.setup_seed):  # narrower than a ten-digit seed: room in a narrow panel
            box.setMinimumWidth(box.fontMetrics().horizontalAdvance("seed 0000000") + 30)
        die.addWidget(self.die_mode)
        die.addWidget(self.die_seed)
        form.addRow("Placement die:", die)
        layout.addLayout(form)
        self.clear_button = QPushButton("Clear the Board")
        self.clear_button.setToolTip("Take every piece away (and forget a set-up by the rules)")
        self.clear_button.clicked.connect(self.clearRequested)
        layout.addWidget(self.clear_button)
        layout.addStretch(1)
        self._start_widgets = [self.palette, self.pairs_box, *self.ruling_boxes.values(), self.die_mode, self.die_seed]
        self._setup_widgets = [self.setup_players, self.setup_seed, self.setup_button]
        return page

    def rulings_choice(self) -> Rulings:
        return Rulings(**{name: box.currentData() for name, box in self.ruling_boxes.items()})

    def die_seed_choice(self) -> int | None:
        """The die generator's seed, or None when results are typed in."""
        return self.die_seed.value() if self.die_mode.currentData() == "seed" else None

    def pairs_choice(self) -> bool:
        return self.pairs_box.isChecked()

    def set_start_options(self, pairs: bool, rulings: Rulings, die_seed: int | None) -> None:
        self._filling = True
        try:
            self.pairs_box.setChecked(pairs)
            for name, box in self.ruling_boxes.items():
                box.setCurrentIndex(max(0, box.findData(getattr(rulings, name))))
            self.die_mode.setCurrentIndex(0 if die_seed is not None else 1)
            if die_seed is not None and die_seed <= self.die_seed.maximum():
                self.die_seed.setValue(die_seed)
        finally:
            self._filling = False

    def set_start_editable(self, editable: bool, note: str = "", can_set_up: bool | None = None) -> None:
        """`note` says why the pieces cannot move (shown at the tab's top); Set Up stays on while
        it may be pressed (`can_set_up`, by default as the rest): a refused press says why."""
        for widget in self._start_widgets:
            widget.setEnabled(editable)
        for widget in self._setup_widgets:
            widget.setEnabled(editable if can_set_up is None else can_set_up)
        self.die_seed.setEnabled(editable and self.die_mode.currentData() == "seed")
        self.start_note.setText(note)
        self.start_note.setVisible(bool(note))

    def _options_changed(self) -> None:
        self.die_seed.setEnabled(self.die_mode.currentData() == "seed" and self.die_mode.isEnabled())
        if not self._filling:
            self.startOptionsChanged.emit()
