"""Small window-modal dialogs for the choices a turn leaves open (other than an
Accelerator's direction, which is asked on the board).

Each lists exactly the legal options the engine's MissingChoice names; the dialog holds
no rule. They open with `open()` (not a blocking `exec()`): the controller waits for
`accepted` / `rejected` like it waits for a click on an arrow.
"""
from __future__ import annotations

from typing import Any, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QLabel, QListWidget, QListWidgetItem, QSpinBox,
                               QVBoxLayout, QWidget)

from crashgrab.engine.crash_and_grab.rules.errors import MissingChoice

QUESTIONS = {
    "give": "{saucer} crashed on its own turn. Which of its off-coloured crewmembers does it give away?",
    "receiver": "{saucer} crashed on its own turn. Which of the opponents tied for the fewest stationed "
                "crewmembers receives the crewmember?",
    "steal_or_energy": "{saucer} was crashed on another player's turn. Steal one of its off-coloured "
                       "crewmembers, or take an energy?",
    "steal": "Which of {saucer}'s off-coloured crewmembers is stolen?",
    "lost_crew": "A crewmember was picked up, so a lost one is placed. Which colour's queue does it come "
                 "from? (Its front crewmember is placed by the die.)",
    "first": "2-player round, {player}'s turn: which of {player}'s saucers moves first? (The other "
             "moves on {player}'s next turn.)",
    "distance": "{saucer} played its 0\u20135 card: how far does it move?",
    "keep": "{saucer} traded 2 energy for the top two upgrade cards. Which one does it keep face up? (The other "
            "is discarded.)",
    "pilot": "Setup: the Probe player places the Pilot of one of their saucers. Which saucer's Pilot?",
    "booster": "Setup: the other player gives one of their saucers a booster and places the Pilot of "
               "their other saucer. Which saucer takes the booster?",
}


def question_for(missing: MissingChoice) -> str:
    template = QUESTIONS.get(missing.choice)
    if template is None:
        return str(missing)
    return template.format(saucer=missing.saucer or "The saucer", player=getattr(missing, "player", None) or "the player")


class ChoiceDialog(QDialog):
    """The legal options of one open choice; the first is preselected."""

    def __init__(self, missing: MissingChoice, labels: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playtestChoiceDialog")
        self.missing = missing
        self.setWindowTitle("Playtest: a choice")
        self.setWindowModality(Qt.WindowModal)
        layout = QVBoxLayout(self)
        question = QLabel(question_for(missing))
        question.setWordWrap(True)
        question.setMinimumWidth(340)
        layout.addWidget(question)
        self.options = QListWidget()
        for option, label in zip(missing.options, labels):
            item = QListWidgetItem(label)
            item.setData(Qt.UserRole, option)
            self.options.addItem(item)
        self.options.setCurrentRow(0)
        self.options.itemDoubleClicked.connect(lambda _item: self.accept())
        layout.addWidget(self.options)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.button(QDialogButtonBox.Ok).setText("Choose")
        buttons.button(QDialogButtonBox.Cancel).setText("Cancel the turn")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def chosen(self) -> Any:
        item = self.options.currentItem()
        return None if item is None else self.missing.options[self.options.row(item)]


class DieDialog(QDialog):
    """Type in the placement die's result (1-12) for one placement."""

    def __init__(self, what: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playtestDieDialog")
        self.setWindowTitle("Playtest: placement die")
        self.setWindowModality(Qt.WindowModal)
        layout = QVBoxLayout(self)
        text = QLabel(f"Roll the 12-sided placement die for {what} and type the result. If that Crash Site is "
                      "taken, the rules count on (12 wraps to 1) to the next free one.")
        text.setWordWrap(True)
        text.setMinimumWidth(340)
        layout.addWidget(text)
        self.result_box = QSpinBox()
        self.result_box.setRange(1, 12)
        self.result_box.setPrefix("die: ")
        layout.addWidget(self.result_box)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.button(QDialogButtonBox.Ok).setText("Place")
        buttons.button(QDialogButtonBox.Cancel).setText("Cancel the turn")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def chosen(self) -> int:
        return self.result_box.value()
