"""The Settings panel of the RoboRally window (a mixin of window.CourseWindow): the board a Place
tool puts down, the facing, steps, beams and colour new things get, the robots racing, and the
course's figures with its life points. With something selected the panel shows its own settings,
and a change is an undoable edit of it."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QHBoxLayout, QLabel, QSpinBox, QVBoxLayout, QWidget

from crashgrab.engine.roborally.model import EdgeElement
from crashgrab.engine.roborally.system import PORTAL_COLOURS
from crashgrab.engine.roborally.terms import DIRECTIONS

from . import commands
from .tools import Settings


class SettingsPanel:
    course: Any
    document: Any
    mode: str
    selected: Any

    def _settings_panel(self) -> QWidget:
        """What new things get, and the selected thing's settings (a change is an undoable edit of it):
        the board a Place tool puts down, facing, steps, beams, colour; the robots racing; the
        course's figures and life points."""
        panel = QWidget()
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(6, 4, 6, 4)
        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        self.board_box = QComboBox()
        self.board_box.setObjectName("board_to_place")
        self.board_box.setToolTip("The board the Place a board tool puts down")
        self.facing_box = QComboBox()
        self.facing_box.setObjectName("facing")
        for direction in DIRECTIONS:
            self.facing_box.addItem(direction, direction)
        self.facing_box.setCurrentIndex(DIRECTIONS.index("east"))
        self.step_boxes: list[QCheckBox] = []
        steps_row = QHBoxLayout()
        steps_row.setSpacing(2)
        for step in range(1, 6):
            box = QCheckBox(str(step))
            box.setObjectName(f"step_{step}")
            box.setChecked(step in Settings().steps)
            box.setToolTip(f"Program step {step}: a crusher, flamethrower or pusher acts in it, a door is open in it "
                           "(none ticked: every step)")
            steps_row.addWidget(box)
            self.step_boxes.append(box)
        self.beams_box = QSpinBox()
        self.beams_box.setObjectName("beams")
        self.beams_box.setRange(1, 3)
        self.beams_box.setPrefix("beams ")
        self.colour_box = QComboBox()
        self.colour_box.setObjectName("colour")
        for colour in PORTAL_COLOURS:
            self.colour_box.addItem(colour, colour)
        self.players_box = QSpinBox()
        self.players_box.setObjectName("players")
        self.players_box.setRange(1, 8)
        self.players_box.setSpecialValueText("one per start")
        self.players_box.setToolTip("How many robots race (one per start: as many as the starts)")
        form.addRow("Board", self.board_box)
        form.addRow("Facing", self.facing_box)
        form.addRow("Steps", steps_row)
        form.addRow("Laser", self.beams_box)
        form.addRow("Portal", self.colour_box)
        form.addRow("Robots", self.players_box)
        layout.addLayout(form)
        self.selection_label = QLabel()
        self.selection_label.setObjectName("selection")
        self.selection_label.setWordWrap(True)
        layout.addWidget(self.selection_label)
        self.metrics_label = QLabel()
        self.metrics_label.setObjectName("metrics")
        self.metrics_label.setWordWrap(True)
        layout.addWidget(self.metrics_label)
        layout.addStretch(1)
        self.facing_box.activated.connect(lambda _i: self.settings_changed("facing"))
        for box in self.step_boxes:
            box.clicked.connect(lambda _c=False: self.settings_changed("steps"))
        self.beams_box.valueChanged.connect(lambda _v: self.settings_changed("beams"))
        self.colour_box.activated.connect(lambda _i: self.settings_changed("colour"))
        self.players_box.valueChanged.connect(self._players_changed)
        self._updating_settings = False
        return panel

    def settings(self) -> Settings:
        steps = tuple(box_index + 1 for box_index, box in enumerate(self.step_boxes) if box.isChecked())
        return Settings(self.facing_box.currentData(), steps, self.beams_box.value(), self.colour_box.currentData())

    def _settings_from_selection(self) -> None:
        """The Settings panel shows the selected thing's facing, steps, beams and colour."""
        source: Any = None
        if self.selected is not None:
            kind, key = self.selected
            if kind == "piece":
                source = self.course.pieces[key]
            elif kind == "start":
                source = next(s for s in self.course.starts if s.number == key)
            elif kind == "cell" and self.mode:
                source = self.course.boardset.board(self.mode).element(key)
            elif kind == "edge":
                source = key
                if key.beams is not None:
                    self._updating_settings = True
                    self.beams_box.setValue(key.beams)
                    self._updating_settings = False
        if source is None:
            return
        self._updating_settings = True
        try:
            facing = getattr(source, "facing", None)
            if facing:
                self.facing_box.setCurrentIndex(DIRECTIONS.index(facing))
            steps = getattr(source, "steps", None)
            if steps is not None:
                for number, box in enumerate(self.step_boxes, 1):
                    box.setChecked(number in steps)
            colour = getattr(source, "colour", None)
            if colour and self.colour_box.findData(colour) >= 0:
                self.colour_box.setCurrentIndex(self.colour_box.findData(colour))
        finally:
            self._updating_settings = False

    def settings_changed(self, what: str) -> None:
        """A setting changed: the selected thing takes it, as an undoable edit (if it has that setting)."""
        if self._updating_settings or self.selected is None:
            return
        settings = self.settings()
        kind, key = self.selected
        value = {"facing": settings.facing, "steps": settings.steps, "beams": settings.beams,
                 "colour": settings.colour}[what]
        if kind == "piece":
            item = self.course.pieces[key]
            if getattr(item, what, None) is not None:
                self.edit(commands.change_piece(self.document, key, replace(item, **{what: value})))
        elif kind == "start" and what == "facing":
            start = next(s for s in self.course.starts if s.number == key)
            turns = (DIRECTIONS.index(value) - DIRECTIONS.index(start.facing)) % 4
            if turns:
                self.edit(commands.turn_start(self.document, key, turns))
        elif kind == "edge" and self.mode and ((what == "beams") == (key.type == "laser")) and what in ("beams",
                                                                                                   "steps"):
            if self.change_edge_settings(key):
                board = self.course.boardset.board(self.mode)
                self.select(("edge", next(e for e in board.edge_elements(*key.mount) if e.mount == key.mount
                                          and e.type == key.type)))
        elif kind == "cell" and self.mode:
            element = self.course.boardset.board(self.mode).element(key)
            if element is not None and getattr(element, what, None) is not None:
                self.edit(commands.set_cell(self.document, self.mode, self.board_name(self.mode), key,
                                            replace(element, **{what: value}), f"Set the {element.type}'s {what}"))

    def change_edge_settings(self, element: EdgeElement) -> bool:
        """The laser, pusher or door given takes the panel's beams or steps (an undoable edit)."""
        settings = self.settings()
        new = replace(element, beams=settings.beams) if element.type == "laser" else replace(element,
                                                                                            steps=settings.steps)
        return self.edit(commands.change_edge(self.document, self.mode, self.board_name(self.mode), element, new))

    def _players_changed(self, value: int) -> None:
        if self._updating_settings:
            return
        players = None if value == 1 else value
        if players != self.course.players:
            self.edit(commands.set_players(self.document, players))
