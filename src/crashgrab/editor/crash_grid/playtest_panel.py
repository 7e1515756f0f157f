"""The playtest dock: choose each rider's initiative card and move card, play the trick, step
back and forward. The rules are the engine's (PlaytestSession); this panel only gathers the
choices and shows the outcome."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QComboBox, QFormLayout, QHBoxLayout, QLabel, QListWidget, QPushButton, QVBoxLayout,
                               QWidget)

from crashgrab.engine.crash_grid.model import ArenaLayout
from crashgrab.engine.crash_grid.playtest import PlacementRefused, PlaytestSession
from crashgrab.engine.crash_grid.rules import RuleError, Trick

from .marks import SUIT_SYMBOLS


class PlaytestPanel(QWidget):
    shown = Signal(object)   # the GridState to draw
    save_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session: PlaytestSession | None = None
        self.choices = QFormLayout()
        self.initiative: dict[str, QComboBox] = {}
        self.moves: dict[str, QComboBox] = {}
        self.play_button = QPushButton("Play trick")
        self.back_button = QPushButton("Back")
        self.forward_button = QPushButton("Forward")
        self.save_button = QPushButton("Save as scenario…")
        self.save_button.clicked.connect(self.save_requested)
        self.play_button.clicked.connect(self.play)
        self.back_button.clicked.connect(lambda: self._show(self.session.back()))
        self.forward_button.clicked.connect(lambda: self._show(self.session.forward()))
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.events = QListWidget()
        self.events.setObjectName("playtest_events")
        self.events.setWordWrap(True)  # a narrow column wraps each event: nothing scrolls sideways
        self.events.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.events.setVerticalScrollMode(QListWidget.ScrollPerPixel)
        self.events.setResizeMode(QListWidget.Adjust)
        buttons = QHBoxLayout()
        for button in (self.back_button, self.play_button, self.forward_button):
            button.setMinimumWidth(1)  # narrower than the style's 80 pixels: the three fit a side rail
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(self.choices)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        layout.addWidget(self.save_button)
        layout.addWidget(self.events, 1)

    def start(self, arena: ArenaLayout) -> None:
        """Riders on the arena's starts, nothing played."""
        self._show(PlaytestSession.on(arena))

    def _show(self, session: PlaytestSession) -> None:
        self.session = session
        state = session.state
        while self.choices.rowCount():
            self.choices.removeRow(0)
        self.initiative, self.moves = {}, {}
        for index, rider in enumerate(state.riders_on_board()):
            card, move = QComboBox(), QComboBox()
            for box, letters in ((card, 3), (move, 1)):  # as narrow as their cards ("10S", "K"): it fits a side rail
                box.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
                box.setMinimumContentsLength(letters)
            card.addItems(session.revealable(rider.suit))   # Deck A: only the cards it may reveal
            card.setCurrentIndex(index)          # different cards, so a trick can be played at once
            move.addItems(session.legal_moves(rider.suit))
            card.setObjectName(f"initiative_{rider.suit}")
            move.setObjectName(f"move_{rider.suit}")
            row = QHBoxLayout()
            row.addWidget(card)
            row.addWidget(move)
            self.choices.addRow(f"{SUIT_SYMBOLS[rider.suit]} {rider.suit}", row)
            self.initiative[rider.suit], self.moves[rider.suit] = card, move
        self.events.clear()
        self.events.addItems([event.describe() for event in session.events_shown()])
        self.back_button.setEnabled(session.at > 0)
        self.forward_button.setEnabled(session.at < len(session.played))
        self.play_button.setEnabled(not state.over)
        if state.over:
            words = f"Round over after trick {session.at}: {state.winner or 'nobody'} scores."
        elif session.at == 0:
            words = "Before the first trick: choose each rider's cards, then Play trick."
        else:
            words = f"After trick {session.at} of {len(session.played)}: the round goes on."
        self.status.setText(words)
        self.shown.emit(state)

    def rider_at(self, cell) -> str | None:
        """The suit of the rider on `cell` in the board shown, if any."""
        return next((r.suit for r in self.session.state.riders_on_board() if r.at == cell), None)

    def place(self, suit: str, cell) -> None:
        self._placement(lambda: self.session.placed(suit, cell))

    def turn(self, suit: str) -> None:
        self._placement(lambda: self.session.turned(suit))

    def _placement(self, change) -> None:
        try:
            session = change()
        except PlacementRefused as error:
            self.status.setText(f"not placed: {error}")
            return
        self._show(session)

    def play(self) -> None:
        trick = Trick({suit: box.currentText() for suit, box in self.initiative.items() if box.count()},
                      {suit: box.currentText() for suit, box in self.moves.items()})
        try:
            session = self.session.play(trick)
        except RuleError as error:
            self.status.setText(f"not played: {error}")
            return
        self._show(session)
