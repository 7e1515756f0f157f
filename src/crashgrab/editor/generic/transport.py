"""The generic playtest: any game whose system offers `play_rules()` is played here on the play
kernel's cursor session (engine/play/session.py), step by step, back and forward.

The panel lists what may come next (the legal actions, or a chance node's outcomes with their
odds); Play plays the one selected; Step plays the first legal action, or at a chance node an
outcome drawn from the panel's own seed (shown, so a run can be repeated); Back and Forward move
through what was played; the log says what each action did, in the game's words. An action the
rules refuse is said in the status line and changes nothing. The board shows the state at the
cursor through `state_picture`."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QGridLayout, QHBoxLayout, QLabel, QListWidget, QPlainTextEdit, QPushButton, QSpinBox,
                               QVBoxLayout, QWidget)

from crashgrab.engine.errors import CrashGrabError
from crashgrab.engine.play.session import Session


def option_text(option: Any) -> str:
    describe = getattr(option, "describe", None)
    return describe() if callable(describe) else str(option)


class PlaytestTransport(QWidget):
    shown = Signal(object)   # the state at the cursor
    refused = Signal(str)    # why the rules refused an action

    def __init__(self, rules: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rules = rules
        self.session: Session | None = None
        self.options_list = QListWidget()
        self.options_list.setObjectName("playtest_options")
        self.log = QPlainTextEdit(readOnly=True)
        self.log.setObjectName("playtest_log")
        self.position = QLabel()
        self.seed_box = QSpinBox()
        self.seed_box.setRange(0, 2**31 - 1)
        self.seed_box.setPrefix("seed ")
        self.seed_box.setToolTip("Chance outcomes Step draws come from this seed: the same seed, the same run")
        self.buttons = {}
        grid = QGridLayout()  # two by two: it fits a narrow side rail
        for index, (name, text, slot) in enumerate((("back", "Back", self.back), ("forward", "Forward", self.forward),
                                                    ("step", "Step", self.step),
                                                    ("play", "Play selected", self.play_selected))):
            button = QPushButton(text)
            button.setObjectName(f"playtest_{name}")
            button.clicked.connect(slot)
            grid.addWidget(button, index // 2, index % 2)
            self.buttons[name] = button
        self.position.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(grid)
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.position, 1)
        seed_row.addWidget(self.seed_box)
        layout.addLayout(seed_row)
        layout.addWidget(QLabel("What may come next:"))
        layout.addWidget(self.options_list, 1)
        layout.addWidget(QLabel("What happened:"))
        layout.addWidget(self.log, 2)

    def start(self, layout: Any) -> None:
        self.session = Session(self.rules, self.rules.initial_state(layout))
        self._show()

    # --- the transport -----------------------------------------------------------------------------
    def play(self, action: Any) -> bool:
        assert self.session is not None
        try:
            self.session = self.session.play(action)
        except CrashGrabError as error:  # the rules refused it: the session is as it was
            self.refused.emit(error.message)
            return False
        self._show()
        return True

    def step(self) -> bool:
        assert self.session is not None
        node = self.rules.chance(self.session.state)
        if node is not None:
            value, seed = node.draw(self.seed_box.value())
            self.seed_box.setValue(seed % 2**31)
            return self.play(value)
        options = self.session.options()
        return self.play(options[0]) if options else False

    def play_selected(self) -> bool:
        row = self.options_list.currentRow()
        return self.play(self._options[row]) if self.session and 0 <= row < len(self._options) else False

    def back(self) -> None:
        if self.session is not None:
            self.session = self.session.back()
            self._show()

    def forward(self) -> None:
        if self.session is not None:
            self.session = self.session.forward()
            self._show()

    # --- showing -----------------------------------------------------------------------------------
    def _show(self) -> None:
        session = self.session
        assert session is not None
        node = self.rules.chance(session.state)
        if node is not None:  # each outcome once, with the chance of all its ways together (two dice: 4 is 3 in 36)
            self._options = list(dict.fromkeys(node.values))
        else:
            self._options = session.legal_actions()
        self.options_list.clear()
        if node is not None:
            odds = [node.probability(v) for v in self._options]
            self.options_list.addItems([f"{option_text(v)}  ({odd.numerator} in {odd.denominator})"
                                        for v, odd in zip(self._options, odds)])
        else:
            self.options_list.addItems([option_text(v) for v in self._options])
        self.position.setText(f"Action {session.at} of {len(session.played)}"
                              + (f" \u2014 {node.what}" if node is not None and node.what else ""))
        self.log.setPlainText("\n".join(f"{number}. " + " ".join(event.describe() for event in played.events)
                                        for number, played in enumerate(session.played[:session.at], 1)))
        self.buttons["back"].setEnabled(not session.at_start)
        self.buttons["forward"].setEnabled(not session.at_end)
        self.buttons["step"].setEnabled(bool(self._options))
        self.shown.emit(session.state)
