"""The playtest panel's choices: the option cards that ask for one per register (a row of five
controls under the registers for each card the robot holds: a tick where the card acts on that
register's card, a box where it has several answers), and the rules' question at the end of a
turn (a short question, its legal answers as buttons). They show a PlaytestSession's values and
hand the designer's pick to a callback; the session makes the new rules values."""
from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFrame, QGridLayout, QLabel, QPushButton, QSizePolicy, QStyle,
                               QStyleOptionComboBox, QStylePainter, QVBoxLayout, QWidget)

from crashgrab.engine.roborally.rules.cards import REGISTERS
from crashgrab.engine.roborally.rules.option_choices import CHOICE_KINDS

from .session import QUESTIONS, PlaytestSession

# What a pick in a register does, for the tool tips.
OPTION_WORDS = {
    "Brakes": "stay instead of this Move 1", "Fourth Gear": "move 4 with this Move 3",
    "Reverse Gear": "back up 2 with this Back Up",
    "Turbo Blaster": "fire the Turbo Blaster this step (1 damage and a push) instead of the laser",
    "Emergency Stop": "from this register on, the draw pile's top cards play",
    "Shield": "the side the shield guards this step", "Turret": "the side the laser fires this step (else ahead)",
    "Conditional Command": "a spare card of the hand that replaces this register's card",
    "Target Control": "on a hit this step: lock a register of the target, or discard one of its options"}
ANSWER_WORDS = {"repair": "Repair 2", "option": "Take an option", "north": "North", "east": "East",
                "south": "South", "west": "West"}
ANSWERS_A_ROW = 4
SHORT_CARDS = {"move1": "M1", "move2": "M2", "move3": "M3", "back_up": "BU", "turn_left": "RL", "turn_right": "RR",
               "u_turn": "UT"}
SHORT_ROLE = Qt.UserRole + 1   # a box's answer in a fifth of the rail ("M2 690"); its list says it whole


def answer_text(answer: Any, card_text: Callable[[Any], str]) -> str:
    """An option answer as a register's box shows it."""
    if answer is None:
        return "\u2014"
    if isinstance(answer, str):
        return answer
    if isinstance(answer, dict):
        return f"lock {answer['lock']}" if "lock" in answer else f"discard {answer['discard']}"
    return card_text(answer)


def short_text(answer: Any) -> str | None:
    if isinstance(answer, dict) and "discard" in answer:
        return f"\u2715 {answer['discard']}"
    if hasattr(answer, "kind") and hasattr(answer, "priority"):
        return f"{SHORT_CARDS[answer.kind]} {answer.priority}"
    return None


class ElidedCombo(QComboBox):
    """A box a fifth of the rail wide: its answer in short (SHORT_ROLE), cut with an ellipsis
    rather than clipped (the list and the tool tip give it whole)."""

    def paintEvent(self, _event) -> None:  # noqa: N802 (Qt's name)
        painter = QStylePainter(self)
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        painter.drawComplexControl(QStyle.CC_ComboBox, option)
        field = self.style().subControlRect(QStyle.CC_ComboBox, option, QStyle.SC_ComboBoxEditField, self)
        text = self.currentData(SHORT_ROLE) or option.currentText
        option.currentText = self.fontMetrics().elidedText(text, Qt.ElideRight, field.width() - 3)  # (the margin)
        painter.drawControl(QStyle.CE_ComboBoxLabel, option)


class OptionChoices(QWidget):
    """A row of five controls for each choosing option card of the shown robot."""

    def __init__(self, choose: Callable[[str, int, Any], None], card_text: Callable[[Any], str]) -> None:
        super().__init__(objectName="playtest_option_choices")
        self.choose, self.card_text = choose, card_text
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setVerticalSpacing(2)
        self.grid.setHorizontalSpacing(3)
        for column in range(REGISTERS):
            self.grid.setColumnStretch(column, 1)   # under the registers' five equal columns
        self.controls: dict[tuple[str, int], QWidget] = {}

    def show_robot(self, session: PlaytestSession | None, robot: str | None, enabled: bool) -> None:
        while self.grid.count():
            widget = self.grid.takeAt(0).widget()
            if widget is not None:
                widget.setParent(None)   # gone from the panel now (it may be the one signalling)
                widget.deleteLater()
        self.controls = {}
        options = session.choosing_options(robot) if session is not None and robot is not None else ()
        self.setVisible(bool(options))
        for row, option in enumerate(options):
            assert session is not None and robot is not None
            label = QLabel(option, objectName=f"playtest_choice_label_{option}")
            label.setToolTip(f"{option}: {OPTION_WORDS[option]}")
            self.grid.addWidget(label, 2 * row, 0, 1, REGISTERS)
            answers = session.option_answers(robot, option)
            for register in range(1, REGISTERS + 1):
                legal = answers[register - 1]
                chosen = session.option_answer(robot, option, register)
                control = self._control(option, register, legal, chosen)
                control.setEnabled(enabled and len(legal) > 1)
                control.setToolTip(f"{option}, register {register}: {OPTION_WORDS[option]}"
                                   + ("" if len(legal) > 1 else " (not with this card)")
                                   + (f"; now {answer_text(chosen, self.card_text)}" if chosen not in (None, True)
                                      else ""))
                centred = Qt.AlignCenter if isinstance(control, QCheckBox) else Qt.Alignment()
                self.grid.addWidget(control, 2 * row + 1, register - 1, centred)
                self.controls[(option, register)] = control

    def _control(self, option: str, register: int, legal: tuple[Any, ...], chosen: Any) -> QWidget:
        name = f"playtest_choice_{option.replace(' ', '_')}_{register}"
        if CHOICE_KINDS[option] in ("steps", "from_step"):
            tick = QCheckBox(objectName=name)
            tick.setChecked(chosen is True)
            tick.toggled.connect(lambda on: self.choose(option, register, True if on else None))
            return tick
        box = ElidedCombo(objectName=name)
        font = box.font()
        font.setPointSizeF(font.pointSizeF() - 1)   # a point less: "M2 750" whole in a fifth of a 1024 window's rail
        box.setFont(font)
        box.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
        box.setMinimumContentsLength(3)
        box.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Fixed)   # five in a row, whatever their words
        for answer in legal:
            box.addItem(answer_text(answer, self.card_text), answer)
            box.setItemData(box.count() - 1, short_text(answer), SHORT_ROLE)
        box.view().setMinimumWidth(box.view().sizeHintForColumn(0) + 24)   # the list shows the words whole
        box.setCurrentIndex(max(0, legal.index(chosen) if chosen in legal else 0))
        box.activated.connect(lambda index: self.choose(option, register, box.itemData(index)))
        return box


class QuestionBox(QFrame):
    """The rules' question (MissingChoice) in a sentence, its legal answers as buttons."""

    def __init__(self, answer: Callable[[str], None]) -> None:
        super().__init__(objectName="playtest_question")
        self.answer = answer
        self.setFrameShape(QFrame.StyledPanel)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        self.label = QLabel(objectName="playtest_question_text", wordWrap=True)
        layout.addWidget(self.label)
        self.buttons = QGridLayout()
        layout.addLayout(self.buttons)
        self.hide()

    def show_question(self, session: PlaytestSession | None) -> None:
        while self.buttons.count():
            widget = self.buttons.takeAt(0).widget()
            if widget is not None:
                widget.setParent(None)   # gone from the panel now (it may be the one signalling)
                widget.deleteLater()
        missing = session.question if session is not None else None
        self.setVisible(missing is not None)
        if missing is None:
            return
        self.label.setText(f"<b>{QUESTIONS[missing.choice]}</b> {missing.message}")
        for index, value in enumerate(missing.options):
            button = QPushButton(ANSWER_WORDS.get(value, value), objectName=f"playtest_answer_{value}")
            button.setToolTip(f'{missing.robot}\'s "{missing.choice}": {value} (the saved scenario records it)')
            button.clicked.connect(lambda _checked=False, v=value: self.answer(v))
            self.buttons.addWidget(button, index // ANSWERS_A_ROW, index % ANSWERS_A_ROW, Qt.AlignmentFlag(0))
