"""The Playtest dock's widgets: start position, next turn, step controls, event log,
saucer table, scenario files.

The panel is a form: it shows what the controller gives it and turns clicks into intent
signals. It knows no rule; `turn()` only packs the chosen saucer, card, direction and
boost into an engine Turn value.
"""
from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QFormLayout, QGridLayout, QHBoxLayout,
                               QHeaderView, QLabel, QListWidget, QListWidgetItem, QPushButton, QScrollArea,
                               QSlider, QSpinBox, QSplitter,
                               QTableWidget, QTableWidgetItem, QTabWidget, QVBoxLayout, QWidget)

from crashgrab.engine.crash_and_grab.playtest import PlaytestSession
from crashgrab.engine.crash_and_grab.rules.actions import Boost, Turn
from crashgrab.engine.crash_and_grab.rules.events import Event
from crashgrab.engine.crash_and_grab.rules.state import GameState, Rulings
from crashgrab.engine.grid.geometry import Direction

from .abilities import AbilitiesPicker
from .palette import PiecePalette
from .pieces import paint_saucer
from .round_tab import RoundTab

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

CARD_CHOICES = (("2", "2 \u00b7 take a booster, move 2"), ("3", "3 \u00b7 take an energy, move 3"),
                ("0-5", "0\u20135 \u00b7 move the number you choose"))
ROW_START, ROW_HEADER, ROW_EVENT, ROW_PENDING = range(4)
KIND_ROLE = Qt.UserRole + 1
CURSOR_ROLE = Qt.UserRole
TABLE_COLUMNS = ("Saucer", "Player", "Cell", "Boosters", "Energy", "Crew", "Upgrades")
UPGRADES_COLUMN = 6
DEFAULT_SPEED = 3  # steps per second while playing


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


class PlaytestPanel(QWidget):
    stepRequested = Signal()
    backRequested = Signal()
    playToggled = Signal(bool)
    resetRequested = Signal()
    takeBackRequested = Signal()
    endRoundRequested = Signal()
    roundRequested = Signal()  # play a whole round with the Round tab's plan
    setupByRulesRequested = Signal(int, int)  # players, seed
    clearRequested = Signal()
    startOptionsChanged = Signal()  # pairing, push ruling, die
    supplyChanged = Signal(str, int, int)  # saucer, boosters, energy
    upgradesChanged = Signal(str, list)  # saucer, upgrade card names
    cursorRequested = Signal(int)  # show the board after this many events
    saveRequested = Signal()
    openRequested = Signal()
    speedChanged = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._filling = False
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 6, 6, 6)
        self.splitter = QSplitter(Qt.Vertical)  # the designer shares the height between setting up and the log
        self.splitter.setChildrenCollapsible(False)
        outer.addWidget(self.splitter)
        self.tabs = QTabWidget()
        # Each tab scrolls up and down by itself (never sideways), so the panel asks a small
        # window for no more height than it has.
        self.tabs.addTab(_scrolling(self._start_tab()), "Start position")
        self.tabs.addTab(_scrolling(self._turn_tab()), "Next turn")
        self.round_tab = RoundTab()
        self.round_tab.playRequested.connect(self.roundRequested)
        self.tabs.addTab(self.round_tab, "Round")  # its plan table scrolls by itself
        self.tabs.currentChanged.connect(lambda _index: self.share_height())
        self.splitter.addWidget(self.tabs)
        lower = QWidget()
        layout = QVBoxLayout(lower)
        layout.setContentsMargins(0, 4, 0, 0)
        self.splitter.addWidget(lower)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 3)
        layout.addLayout(self._transport())
        self.caption = QLabel()
        self.caption.setObjectName("playtestCaption")
        self.caption.setWordWrap(True)
        self.caption.setTextFormat(Qt.RichText)
        self.caption.setMinimumHeight(44)
        self.caption.setStyleSheet("QLabel { background: #27303b; color: white; border-radius: 5px; padding: 6px; "
                                   "font-size: 13px; }")
        layout.addWidget(self.caption)
        self.log = QListWidget()
        self.log.setObjectName("playtestLog")
        self.log.setSelectionMode(QAbstractItemView.SingleSelection)
        self.log.setWordWrap(True)
        self.log.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.log.currentRowChanged.connect(self._log_row_changed)
        self.log.setMinimumHeight(60)
        layout.addWidget(self.log, 3)
        self.table = QTableWidget(0, len(TABLE_COLUMNS))
        self.table.setObjectName("playtestSaucers")
        self.table.setHorizontalHeaderLabels(TABLE_COLUMNS)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.table.itemChanged.connect(self._table_edited)
        layout.addWidget(self.table)  # as tall as its saucers' rows (_fit_table): the log takes the rest
        self._fit_table()
        files = QHBoxLayout()
        self.open_button = QPushButton("Open Scenario\u2026")
        self.open_button.setToolTip("Open a scenario file and step through it on its board")
        self.open_button.clicked.connect(self.openRequested)
        self.save_button = QPushButton("Save as Scenario\u2026")
        self.save_button.setToolTip("Save the turns played, with their outcome as the expectations: a test "
                                    "the board must keep passing")
        self.save_button.clicked.connect(self.saveRequested)
        files.addWidget(self.open_button)
        files.addWidget(self.save_button)
        layout.addLayout(files)

    # --- construction ------------------------------------------------------------------------
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

    def _transport(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.back_button = QPushButton("\u25c0 Back")
        self.back_button.setToolTip("One step back (Shift+F10)")
        self.back_button.clicked.connect(self.backRequested)
        self.step_button = QPushButton("Step \u25b6")
        self.step_button.setToolTip("One step (event) forward; at the end, play the next turn (F10)")
        self.step_button.clicked.connect(self.stepRequested)
        self.play_button = QPushButton("\u25b6\u25b6 Play")
        self.play_button.setCheckable(True)
        self.play_button.setToolTip("Play the steps one after another at the chosen speed")
        self.play_button.toggled.connect(self._play_toggled)
        self.reset_button = QPushButton("\u27f2 Reset")
        self.reset_button.setToolTip("Pieces back to the start position; the turns played are forgotten")
        self.reset_button.clicked.connect(self.resetRequested)
        self.speed = QSlider(Qt.Horizontal)
        self.speed.setRange(1, 10)
        self.speed.setValue(DEFAULT_SPEED)
        self.speed.setFixedWidth(70)
        self.speed.setToolTip("Play speed: steps per second")
        self.speed.valueChanged.connect(self.speedChanged)
        for widget in (self.back_button, self.step_button, self.play_button, self.reset_button):
            row.addWidget(widget)
        row.addWidget(self.speed)
        return row

    # --- reading the controls ------------------------------------------------------------------
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

    def rulings_choice(self) -> Rulings:
        return Rulings(**{name: box.currentData() for name, box in self.ruling_boxes.items()})

    def die_seed_choice(self) -> int | None:
        """The die generator's seed, or None when results are typed in."""
        return self.die_seed.value() if self.die_mode.currentData() == "seed" else None

    def pairs_choice(self) -> bool:
        return self.pairs_box.isChecked()

    def interval_ms(self) -> int:
        return round(1000 / self.speed.value())

    # --- showing ---------------------------------------------------------------------------------
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

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.share_height(self.tabs.currentIndex() == 0)

    def share_height(self, setting_up: bool | None = None) -> None:
        """While setting up, the start position gets most of the height; once playing, the log;
        the Round tab the height of its plan, every saucer's row in view."""
        total = sum(self.splitter.sizes())
        if total <= 0:
            return
        if self.tabs.currentWidget() is self.round_tab:
            wanted = self.round_tab.sizeHint().height() + self.tabs.tabBar().sizeHint().height() + 12
        else:
            wanted = 400 if (self.tabs.currentIndex() == 0 if setting_up is None else setting_up) else 250
        lower = self.splitter.widget(1).minimumSizeHint().height()
        top = max(min(wanted, total - lower), min(total // 2, wanted))
        self.splitter.setSizes([top, total - top])

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

    def set_transport(self, *, can_back: bool, can_step: bool, playing: bool, can_reset: bool,
                      can_take_back: bool, can_play_turn: bool) -> None:
        self.back_button.setEnabled(can_back and not playing)
        self.step_button.setEnabled(can_step and not playing)
        self.play_button.blockSignals(True)
        self.play_button.setChecked(playing)
        self.play_button.setText("\u275a\u275a Pause" if playing else "\u25b6\u25b6 Play")
        self.play_button.blockSignals(False)
        self.play_button.setEnabled(can_step or playing)
        self.reset_button.setEnabled(can_reset and not playing)
        self.take_back_button.setEnabled(can_take_back and not playing)
        self.end_round_button.setEnabled(can_play_turn and not playing)
        self.save_button.setEnabled(can_take_back and not playing)

    def set_caption(self, html: str) -> None:
        self.caption.setText(html)

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

    # --- reactions -------------------------------------------------------------------------------
    def _card_changed(self) -> None:
        self.distance_box.setEnabled(self.card_box.currentData() == "0-5")

    def _play_toggled(self, on: bool) -> None:
        self.playToggled.emit(on)

    def _options_changed(self) -> None:
        self.die_seed.setEnabled(self.die_mode.currentData() == "seed" and self.die_mode.isEnabled())
        if not self._filling:
            self.startOptionsChanged.emit()

    def _log_row_changed(self, row: int) -> None:
        if self._filling or row < 0:
            return
        item = self.log.item(row)
        if item.data(KIND_ROLE) == ROW_PENDING:
            return
        self.cursorRequested.emit(item.data(CURSOR_ROLE))

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


def _narrowable(box: QComboBox) -> None:
    """A long option may be cut in the box (the open list and the tool tip show it whole),
    so the tab never needs to scroll sideways."""
    box.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(18)
    box.setToolTip(box.currentText())
    box.currentTextChanged.connect(box.setToolTip)


def _scrolling(page: QWidget) -> QScrollArea:
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QScrollArea.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
    scroll.setWidget(page)
    return scroll


def _bold(item: QListWidgetItem) -> None:
    font = QFont(item.font())
    font.setBold(True)
    item.setFont(font)
