"""The Playtest panel: the robots, the selected robot's hand and five registers (drag a card onto
a register, or click a card then a register; click a filled register to take its card back),
Recompile for a robot holding it, a row of choices under the registers for each option card that
asks for one (choice_widgets.py), a script line (it fills the empty registers in order) and
Clear, the turn's controls (play, the rules' question when they ask one, phase and step back and
forward, next turn, restart, save as a scenario) and the event log in the rules' own words. It
shows a PlaytestSession and asks the controller to redraw the board; it never touches the course."""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QFrame, QGridLayout, QHBoxLayout, QLabel,
                               QLineEdit, QListWidget, QListWidgetItem, QPushButton, QScrollArea, QSizePolicy, QSpinBox,
                               QVBoxLayout, QWidget)

from crashgrab.engine.roborally.rules.cards import OPTION_NAMES, REGISTERS, Card

from .choice_widgets import OptionChoices, QuestionBox
from .session import PlaytestError, PlaytestSession

CARD_MIME = "application/x-crashgrab-roborally-card"
CARD_NAMES = {"move1": "Move 1", "move2": "Move 2", "move3": "Move 3", "back_up": "Back Up",
              "turn_left": "Rotate Left", "turn_right": "Rotate Right", "u_turn": "U-Turn"}


def card_text(card: Card | None) -> str:
    return "\u2014" if card is None else f"{CARD_NAMES[card.kind]} {card.priority}"


class HandList(QListWidget):
    """The hand's free cards; a card dragged carries its priority."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("playtest_hand")
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragOnly)
        self.setSelectionMode(QAbstractItemView.SingleSelection)

    def mimeTypes(self) -> list[str]:  # noqa: N802 (Qt's name)
        return [CARD_MIME]

    def mimeData(self, items) -> QMimeData:  # noqa: N802 (Qt's name)
        data = QMimeData()
        if items:
            data.setData(CARD_MIME, str(items[0].data(Qt.UserRole).priority).encode())
        return data

    def selected_card(self) -> Card | None:
        item = self.currentItem()
        return item.data(Qt.UserRole) if item is not None and item.isSelected() else None


class RegisterSlot(QLabel):
    """One register: takes a dropped card, or the hand's selected card on a click."""
    dropped = Signal(int, int)   # register, card priority
    clicked = Signal(int)

    def __init__(self, register: int) -> None:
        super().__init__()
        self.register = register
        self.setObjectName(f"register_{register}")
        self.setAcceptDrops(True)
        self.setFrameShape(QFrame.Box)
        self.setAlignment(Qt.AlignCenter)
        self.setMinimumHeight(34)
        self.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)   # equal columns, the words wrapped
        self.setWordWrap(True)

    def dragEnterEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if event.mimeData().hasFormat(CARD_MIME):
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if event.mimeData().hasFormat(CARD_MIME):
            self.dropped.emit(self.register, int(bytes(event.mimeData().data(CARD_MIME)).decode()))
            event.acceptProposedAction()

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if event.button() == Qt.LeftButton:
            self.clicked.emit(self.register)


class _Controls(QWidget):
    """The panel's controls in their scroll area: as tall as the rail, down to their least height
    (a scroll area asks the preferred height of wrapped words otherwise, and scrolls too soon)."""

    def __init__(self) -> None:
        super().__init__(objectName="playtest_controls")

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt's name)
        layout = self.layout()
        return layout.minimumHeightForWidth(width) if layout is not None else super().heightForWidth(width)


class PlaytestPanel(QWidget):
    def __init__(self, new_session: Callable[[int], PlaytestSession], shown: Callable[[], None],
                 save: Callable[[], None], status: Callable[[str], None]) -> None:
        super().__init__()
        self.setObjectName("playtest_panel")
        self.new_session, self.shown, self.save, self.status = new_session, shown, save, status
        self.session: PlaytestSession | None = None
        # The controls scroll (vertically only) when the side rail is shorter than they are, so a
        # 1024x640 window keeps its size and nothing is squeezed or clipped.
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.scroll = QScrollArea(objectName="playtest_scroll", widgetResizable=True, frameShape=QFrame.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        outer.addWidget(self.scroll)
        inner = _Controls()
        self.scroll.setWidget(inner)
        layout = QVBoxLayout(inner)
        top = QHBoxLayout()
        top.addWidget(QLabel("Seed"))
        self.seed_box = QSpinBox(objectName="playtest_seed", minimum=0, maximum=999_999, value=1)
        top.addWidget(self.seed_box)
        self.restart_button = self._button("Restart", "playtest_restart", self.restart, top)
        layout.addLayout(top)
        self.robot_box = QComboBox(objectName="playtest_robot")
        self.robot_box.currentIndexChanged.connect(lambda _i: self.show_session())
        layout.addWidget(self.robot_box)
        self.power_down_box = QCheckBox("Power down this turn (no program, all damage repaired)",
                                        objectName="playtest_power_down")
        self.power_down_box.toggled.connect(self.power_down_toggled)
        layout.addWidget(self.power_down_box)
        options = QHBoxLayout()
        self.option_box = QComboBox(objectName="playtest_option")
        self.option_box.addItems(OPTION_NAMES)
        options.addWidget(self.option_box)
        self._button("Give", "playtest_give_option", self.give_option, options)
        layout.addLayout(options)
        self.options_label = QLabel(objectName="playtest_options", wordWrap=True)
        layout.addWidget(self.options_label)
        hand_row = QHBoxLayout()
        hand_row.addWidget(QLabel("Hand (drag a card to a register, or click it, then a register)", wordWrap=True), 1)
        self.recompile_button = self._button("Recompile", "playtest_recompile", self.recompile, hand_row)
        self.recompile_button.setToolTip("Discard this hand for as many new cards, once a turn, for 1 damage "
                                         "(the option card Recompile)")
        layout.addLayout(hand_row)
        self.hand = HandList()
        self.hand.setMaximumHeight(150)
        layout.addWidget(self.hand)
        registers = QGridLayout()
        for column in range(REGISTERS):
            registers.setColumnStretch(column, 1)   # five equal columns, as the option choices' below
        self.slots = [RegisterSlot(n) for n in range(1, REGISTERS + 1)]
        for index, slot in enumerate(self.slots):
            slot.dropped.connect(self.card_dropped)
            slot.clicked.connect(self.register_clicked)
            registers.addWidget(QLabel(str(index + 1), alignment=Qt.AlignCenter), 0, index)
            registers.addWidget(slot, 1, index)
        layout.addLayout(registers)
        self.option_choices = OptionChoices(self.choose_option, card_text)
        layout.addWidget(self.option_choices)
        script = QHBoxLayout()
        self.script_line = QLineEdit(objectName="playtest_script", placeholderText="move2 turn_left move1 u_turn back_up")
        self.script_line.returnPressed.connect(self.run_script)
        script.addWidget(self.script_line)
        self._button("Script", "playtest_script_button", self.run_script, script)
        self._button("Clear", "playtest_clear", self.clear_registers, script)
        layout.addLayout(script)
        play = QHBoxLayout()
        self.play_button = self._button("Play Turn", "playtest_play", self.play, play)
        self.next_turn_button = self._button("Next Turn", "playtest_next_turn", self.next_turn, play)
        layout.addLayout(play)
        self.question_box = QuestionBox(self.answer_question)
        layout.addWidget(self.question_box)
        steps = QHBoxLayout()
        self.step_back_button = self._button("\u25c0\u25c0 Step", "playtest_step_back", lambda: self.go(-1, True), steps)
        self.back_button = self._button("\u25c0 Phase", "playtest_back", lambda: self.go(-1, False), steps)
        self.forward_button = self._button("Phase \u25b6", "playtest_forward", lambda: self.go(1, False), steps)
        self.step_forward_button = self._button("Step \u25b6\u25b6", "playtest_step_forward", lambda: self.go(1, True), steps)
        layout.addLayout(steps)
        self.frame_label = QLabel(objectName="playtest_frame", wordWrap=True)
        layout.addWidget(self.frame_label)
        self.stale_label = QLabel("The course has changed since this playtest began: Restart plays it as it is now.",
                                  objectName="playtest_stale", wordWrap=True)
        self.stale_label.hide()
        layout.addWidget(self.stale_label)
        self.log = QListWidget(objectName="playtest_log", wordWrap=True)
        layout.addWidget(self.log, 1)
        self.save_button = QPushButton("Save as Scenario\u2026", objectName="playtest_save")
        self.save_button.clicked.connect(lambda: self.save())
        layout.addWidget(self.save_button)
        self.scroll.setMinimumWidth(inner.minimumSizeHint().width() + self.scroll.verticalScrollBar().sizeHint().width())

    def _button(self, text: str, name: str, slot, row) -> QPushButton:
        button = QPushButton(text, objectName=name)
        button.clicked.connect(lambda: slot())
        row.addWidget(button)
        return button

    # --- the session ---------------------------------------------------------------------------
    def restart(self) -> None:
        """A new playtest of the course as it is now."""
        try:
            self.session = self.new_session(self.seed_box.value())
        except PlaytestError as error:
            self.session = None
            self.status(str(error))
        self.robot_box.blockSignals(True)
        self.robot_box.clear()
        self.robot_box.addItems(list(self.session.names) if self.session else [])
        self.robot_box.blockSignals(False)
        self.show_session()

    @property
    def robot(self) -> str | None:
        return self.robot_box.currentText() or None

    def _try(self, work) -> bool:
        if self.session is None:
            return False
        try:
            work()
        except PlaytestError as error:
            self.status(str(error))
            return False
        self.show_session()
        return True

    def give_option(self) -> bool:
        session, robot = self.session, self.robot
        if session is None or robot is None:
            return False
        held = session.initial.robot(robot).options
        option = self.option_box.currentText()
        return self._try(lambda: session.set_options(robot, held if option in held else (*held, option)))

    def card_dropped(self, register: int, priority: int) -> bool:
        session, robot = self.session, self.robot
        card = next((c for c in session.hands.get(robot, ()) if c.priority == priority), None) if session else None
        if session is None or card is None:
            return False
        return self._try(lambda: session.put(robot, register, card))

    def register_clicked(self, register: int) -> bool:
        session, robot = self.session, self.robot
        if session is None or robot is None:
            return False
        card = self.hand.selected_card()
        return self._try(lambda: session.put(robot, register, card))   # no card chosen: the register empties

    def run_script(self) -> bool:
        session, robot = self.session, self.robot
        if session is None or robot is None:
            return False
        return self._try(lambda: session.script(robot, self.script_line.text()))

    def clear_registers(self) -> bool:
        session, robot = self.session, self.robot
        return session is not None and robot is not None and self._try(lambda: session.clear(robot))

    def recompile(self) -> bool:
        session, robot = self.session, self.robot
        return session is not None and robot is not None and self._try(lambda: session.recompile(robot))

    def choose_option(self, option: str, register: int, answer) -> bool:
        session, robot = self.session, self.robot
        if session is None or robot is None:
            return False
        return self._try(lambda: session.set_option_answer(robot, option, register, answer))

    def play(self) -> bool:
        session = self.session
        done = session is not None and self._try(session.play)
        if session is not None and session.question is not None:
            self.status(f"The rules ask before the turn can end: {session.question.message}")
        return done

    def answer_question(self, value: str) -> bool:
        session = self.session
        done = session is not None and self._try(lambda: session.answer(value))
        if session is not None and session.question is not None:
            self.status(f"The rules ask again: {session.question.message}")
        return done

    def next_turn(self) -> bool:
        session = self.session
        return session is not None and self._try(session.next_turn)

    def go(self, direction: int, whole_step: bool) -> bool:
        session = self.session
        if session is None:
            return False
        moved = session.forward(whole_step) if direction > 0 else session.back(whole_step)
        self.show_session()
        return moved

    # --- showing -------------------------------------------------------------------------------
    def power_down_toggled(self, on: bool) -> None:
        session, robot = self.session, self.robot
        if session is not None and robot is not None and not self._try(lambda: session.set_powered_down(robot, on)):
            self.show_session()   # refused: the box shows the session again

    def show_session(self) -> None:
        session, robot = self.session, self.robot
        playing = session is not None and session.frame is not None
        self.power_down_box.blockSignals(True)
        self.power_down_box.setChecked(session is not None and robot in session.powered_down)
        self.power_down_box.setEnabled(session is not None and robot is not None and not playing
                                       and robot not in session.recompiled)
        self.power_down_box.setToolTip("It has recompiled its hand this turn: it plays it." if session is not None
                                       and robot in session.recompiled else "")
        self.power_down_box.blockSignals(False)
        self.hand.clear()
        if session is not None and robot is not None:
            for card in session.free_cards(robot):
                item = QListWidgetItem(card_text(card))
                item.setData(Qt.UserRole, card)
                self.hand.addItem(item)
            program = session.programs.get(robot)
            locked = session.locked(robot)
            for slot in self.slots:
                card = program[slot.register - 1] if program else None
                slot.setText(card_text(card) + (" \U0001f512" if slot.register in locked else ""))
                slot.setToolTip("locked by damage: keeps last turn's card" if slot.register in locked else "")
            held = session.initial.robot(robot).options if not session.played else session.state.robot(robot).options
            self.options_label.setText("Options: " + (", ".join(held) or "none"))
            self.recompile_button.setVisible("Recompile" in held)
            self.recompile_button.setEnabled(session.can_recompile(robot))
            self.recompile_button.setText("Recompiled" if robot in session.recompiled else "Recompile")
        else:
            self.recompile_button.hide()
            for slot in self.slots:
                slot.setText("")
        self.option_choices.show_robot(session, robot, not playing)
        self.question_box.show_question(session)
        self.play_button.setEnabled(session is not None and not playing and session.ready())
        self.next_turn_button.setEnabled(playing and session is not None and not session.state.over)
        for button in (self.back_button, self.forward_button, self.step_back_button, self.step_forward_button):
            button.setEnabled(playing)
        self.save_button.setEnabled(session is not None and bool(session.played))
        self.frame_label.setText(self._frame_text())
        self.log.clear()
        if session is not None:
            for event, current in session.shown_events():
                item = QListWidgetItem(f"{_where(event.step, event.phase)}: {event.describe()}")
                if current:
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                self.log.addItem(item)
            if self.log.count():
                self.log.scrollToBottom()
        self.shown()

    def _frame_text(self) -> str:
        session = self.session
        if session is None:
            return "No playtest: Restart starts one."
        frame = session.shown_frame()
        turn = len(session.played) + (0 if frame is not None else 1)
        if frame is None and session.question is not None:
            return f"Turn {turn}: the rules ask {session.question.robot} a question (above)"
        if frame is None:
            missing = sum(1 for cards in session.programs.values() for c in cards if c is None)
            return f"Turn {turn}: programming" + (f" ({missing} registers empty)" if missing else " (ready)")
        step, phase, _ = frame
        text = f"Turn {turn}, {_where(step, phase)} ({session.frame + 1}/{len(session.frames)})"
        return text + (f"; {session.state.winner} wins" if session.state.over else "")


def _where(step: int | None, phase: str) -> str:
    if step is None:
        return "start of turn" if phase == "start" else "end of turn"
    return f"step {step} {phase}"
