"""The Playtest dock's widgets: start position, next turn, step controls, event log,
saucer table, scenario files.

`PlaytestPanel` here holds the tabs, the step controls, the caption and the scenario buttons;
each tab and list is a mixin beside it: `start_tab`, `turn_tab` (and `round_tab`, a widget of
its own), `event_log` and `saucer_table`.

The panel is a form: it shows what the controller gives it and turns clicks into intent
signals. It knows no rule; `turn()` only packs the chosen saucer, card, direction and
boost into an engine Turn value.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QScrollArea, QSlider, QSplitter, QTabWidget, QVBoxLayout, QWidget

from .event_log import EventLogMixin
from .round_tab import RoundTab
from .saucer_table import SaucerTableMixin
from .start_tab import StartTabMixin
from .turn_tab import TurnTabMixin

DEFAULT_SPEED = 3  # steps per second while playing


class PlaytestPanel(StartTabMixin, TurnTabMixin, EventLogMixin, SaucerTableMixin, QWidget):
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
        self.log = self._event_log()
        layout.addWidget(self.log, 3)
        self.table = self._saucer_table()
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

    def interval_ms(self) -> int:
        return round(1000 / self.speed.value())

    # --- showing ---------------------------------------------------------------------------------
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

    def _play_toggled(self, on: bool) -> None:
        self.playToggled.emit(on)


def _scrolling(page: QWidget) -> QScrollArea:
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QScrollArea.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
    scroll.setWidget(page)
    return scroll


