"""The playtest dock: set the game up (variant, turn ruling, first player, seed), roll the dice
(scripted in the three boxes, or from the seed), re-roll, use each die on a car (click the car,
then a teal hex beside it, or the buttons), end the turn and watch the automatic part car by
car, step back and forward, save what was played as a scenario. The rules are the engine's
(session.py); this panel only gathers the choices and shows the outcome."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (QComboBox, QGridLayout, QGroupBox, QHBoxLayout, QLabel, QListWidget, QPushButton,
                               QSpinBox, QVBoxLayout, QWidget)

from crashgrab.engine.crash.model import CrashLayout
from crashgrab.engine.crash.rules import RuleError, legal_rerolls
from crashgrab.engine.crash.terms import FACINGS, PLAYERS, TURN_RULINGS, VARIANTS
from crashgrab.engine.errors import CrashGrabError

from .playtest_choices import PlaytestChoices
from .session import FramedSession

ARROWS = {"east": "\u2192", "southeast": "\u2198", "southwest": "\u2199", "west": "\u2190",
          "northwest": "\u2196", "northeast": "\u2197"}
SHORT = {"east": "E", "southeast": "SE", "southwest": "SW", "west": "W", "northwest": "NW", "northeast": "NE"}


class PlaytestPanel(PlaytestChoices, QWidget):
    changed = Signal()          # the frame shown or the car selected changed: redraw
    save_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.layout_played: CrashLayout | None = None
        self.session: FramedSession | None = None
        self.selected: int | None = None

        setup = QGroupBox("Game")
        grid = QGridLayout(setup)
        grid.setContentsMargins(6, 2, 6, 4)
        grid.setVerticalSpacing(2)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        self.variant, self.turning, self.first = QComboBox(), QComboBox(), QComboBox()
        self.variant.addItems(VARIANTS)
        self.turning.addItems(TURN_RULINGS)
        self.first.addItems(PLAYERS)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setValue(7)
        for column, (label, box, tip) in enumerate((
                ("Variant", self.variant, "german: cars start in their slots; automatic part first"),
                ("Turning", self.turning, "any: a die turns a car to any side; one_side: 60 degrees either way"),
                ("First", self.first, "who plays the game's first turn"),
                ("Seed", self.seed, "where dice rolled 'from the seed' come from"))):
            box.setToolTip(tip)
            box.setObjectName(label.lower())
            box.setMinimumWidth(1)  # a side rail's column is narrow: Variant and Turning a row each
            caption = QLabel(label)
            caption.setToolTip(tip)
            row, at, span = ((0, 0, 3), (1, 0, 3), (2, 0, 1), (2, 2, 1))[column]
            grid.addWidget(caption, row, at)
            grid.addWidget(box, row, at + 1, 1, span)
        for box in (self.variant, self.turning, self.first):
            box.currentIndexChanged.connect(lambda _i: self.restart())
        self.seed.valueChanged.connect(lambda _v: self.restart())

        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setObjectName("playtest_status")
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #b42318")

        self.dice = [QSpinBox() for _ in range(3)]
        dice_row = QHBoxLayout()
        dice_row.addWidget(QLabel("Dice"))
        for index, box in enumerate(self.dice):
            box.setRange(1, 6)
            box.setValue(index + 1)
            box.setObjectName(f"die_{index}")
            dice_row.addWidget(box)
        self.roll_button = self._button("Roll these", "roll_scripted", lambda: self._do(
            lambda s: s.roll(tuple(b.value() for b in self.dice))), "the three dice as set in the boxes")
        self.seed_roll_button = self._button("Roll from seed", "roll_seeded", lambda: self._do(lambda s: s.roll()),
                                             "three dice from the seed (Ctrl+D)", "Ctrl+D")
        self.reroll_button = self._button("Re-roll", "reroll", lambda: self._do(lambda s: s.reroll()),
                                          "re-roll the dice showing cars out of the game (once a turn, before any die is used)")
        self.end_button = self._button("End turn", "end_turn", lambda: self._do(lambda s: s.end_turn()),
                                       "end the control part (unused dice are lost); the automatic part follows "
                                       "(Ctrl+Enter; Ctrl+E is Export in every game's window)", "Ctrl+Return")
        turn_rows = QGridLayout()  # two buttons a row: each reads in full in a side rail's column
        for index, button in enumerate((self.roll_button, self.seed_roll_button, self.reroll_button, self.end_button)):
            button.setMinimumWidth(1)
            turn_rows.addWidget(button, index // 2, index % 2)

        self.car_label = QLabel()
        self.car_label.setWordWrap(True)
        self.move_button = self._button("Move", "move", lambda: self.move(), "one hex forward (M)")
        self.turn_buttons: dict[str, QPushButton] = {}
        self.move_button.setMinimumWidth(48)
        steer_row = QHBoxLayout()
        steer_row.setSpacing(3)
        steer_row.addWidget(self.move_button, 2)
        for facing in FACINGS:
            button = self._button(f"{ARROWS[facing]}", f"turn_{facing}", lambda _=False, f=facing: self.turn(f),
                                  f"turn to face {facing}")
            button.setMinimumWidth(20)
            button.setMaximumWidth(34)
            self.turn_buttons[facing] = button
            steer_row.addWidget(button)

        self.back_button = self._button("\u25c0 Back", "back", lambda: self._show(self.session.back()),
                                        "one step back (Page Up)", "PgUp")
        self.forward_button = self._button("Forward \u25b6", "forward", lambda: self._show(self.session.forward()),
                                           "one step forward (Page Down)", "PgDown")
        self.step_label = QLabel()
        self.step_label.setObjectName("step")
        nav_row = QHBoxLayout()  # the step shown below the buttons, so both read in full in a narrow column
        nav_row.addWidget(self.back_button)
        nav_row.addWidget(self.forward_button)
        self.events = QListWidget()
        self.events.setWordWrap(True)
        self.events.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)  # each event wraps
        self.events.setMinimumHeight(60)
        self.events.setObjectName("playtest_events")
        self.save_button = self._button("Save as scenario\u2026", "save_scenario", self.save_requested.emit,
                                        "the turns completed up to the step shown, expecting the board as shown")

        for button in (self.back_button, self.forward_button, self.save_button):
            button.setMinimumWidth(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 6)
        layout.setSpacing(4)
        layout.addWidget(setup)
        layout.addWidget(self.status)
        layout.addLayout(dice_row)
        layout.addLayout(turn_rows)
        layout.addWidget(self.car_label)
        layout.addLayout(steer_row)
        layout.addWidget(self.message)
        layout.addLayout(nav_row)
        layout.addWidget(self.step_label)
        layout.addWidget(self.events, 1)
        layout.addWidget(self.save_button)

    def _button(self, text: str, name: str, slot, tip: str, shortcut: str | None = None) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.setToolTip(tip)
        button.clicked.connect(slot)
        if shortcut:
            button.setShortcut(QKeySequence(shortcut))
        return button

    # --- the session ------------------------------------------------------------------------------
    def start(self, layout: CrashLayout) -> bool:
        """Cars on the board's starts (or in their slots), nothing played. False (and says why)
        when the board cannot be played as it stands."""
        self.layout_played = layout
        return self.restart()

    def restart(self) -> bool:
        if self.layout_played is None:
            return False
        try:
            session = FramedSession.on(self.layout_played, variant=self.variant.currentText(),
                                         turning=self.turning.currentText(), first=self.first.currentText(),
                                         seed=self.seed.value())
        except CrashGrabError as error:
            self.session = None
            self.status.setText("<b>This board cannot be playtested yet.</b>")
            self.step_label.clear()
            self.events.clear()
            self.message.setText(str(error.message))
            self._enable(False)
            self.changed.emit()
            return False
        self.selected = None
        self._show(session)
        return True

    def _do(self, change) -> bool:
        if self.session is None:
            return False
        try:
            session = change(self.session)
        except RuleError as error:
            self.message.setText(f"Not allowed: {error.message}")
            return False
        self._show(session)
        return True

    def _show(self, session: FramedSession) -> None:
        if self.session is not None and self.session.live.player != session.live.player:
            self.selected = None  # the other player's turn: none of its cars is chosen yet
        self.session = session
        self.message.clear()
        live, state, frame = session.live, session.state, session.frame
        if self.selected is not None and not live.car(live.player, self.selected).in_play:
            self.selected = None
        p1, p2 = state.score
        if not frame.last:
            before = session.before(frame.action)
            words = f"Turn {before.turn_number}, {before.player}: automatic part, car by car (Forward goes on)."
        elif state.over:
            result = "a tie" if state.winner == "tie" else f"{state.winner} wins"
            words = f"Game over, {result}."
        elif live.phase == "control":
            dice = ", ".join(f"{d}{' (used)' if u else ''}" for d, u in zip(live.dice, live.used))
            words = f"Turn {live.turn_number}, {live.player}: control part, dice {dice}."
        else:
            words = f"Turn {live.turn_number}, {live.player}: roll the dice."
        self.status.setText(f"<b>{words}</b> Score p1 {p1}, p2 {p2}.")
        self.step_label.setText(f"step {session.at} of {len(session.frames) - 1}")
        self.events.clear()  # what the action shown has done so far, the step shown last
        frames = session.frames
        shown = [f for f in frames[:session.at + 1] if f.action == frame.action and frame.action]
        self.events.addItems([event.describe() for f in shown for event in f.events])
        if self.events.count():
            self.events.setCurrentRow(self.events.count() - 1)
        self._enable(True)
        self.changed.emit()

    def _enable(self, on: bool) -> None:
        session = self.session
        live = session.live if session is not None else None
        # Play goes on from a step that ends an action (not from the middle of an automatic part).
        playable = bool(on and live is not None and not live.over and session.frame.last)
        rolling = playable and live.phase == "start"
        control = playable and live.phase == "control"
        self.roll_button.setEnabled(rolling)
        self.seed_roll_button.setEnabled(rolling)
        self.reroll_button.setEnabled(control and bool(legal_rerolls(live)))
        self.end_button.setEnabled(control)
        steers = session.steers_for(self.selected) if control and self.selected is not None else []
        self.move_button.setEnabled(any(s.move for s in steers))
        for facing, button in self.turn_buttons.items():
            button.setEnabled(any(s.turn == facing for s in steers))
        if control and self.selected is not None:
            car = live.car(live.player, self.selected)
            self.car_label.setText(f"{live.player}'s car {self.selected} faces {car.facing}"
                                   + ("" if steers else ": no unused die shows it."))
        elif control:
            self.car_label.setText(f"Click one of {live.player}'s cars (or press its number), then a teal hex: "
                                   "ahead moves it, beside turns it.")
        else:
            self.car_label.setText("")
        self.back_button.setEnabled(bool(on and session is not None and session.at > 0))
        self.forward_button.setEnabled(bool(on and session is not None and not session.at_end))
        self.save_button.setEnabled(bool(on and session is not None and session.completed_turns()[0]))
