"""The Crash Grid arena editor: arena size, starts (place, drag, R to turn, Delete to remove)
and wall squares, every edit undoable; findings beside the arena; a playtest dock.

Tools and the scene never change the model: they turn mouse and keys into undo commands,
which call the document."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QColor, QIcon, QKeySequence, QPainter, QPixmap
from PySide6.QtWidgets import (QDockWidget, QFileDialog, QGraphicsView, QListWidget, QMainWindow, QMessageBox,
                               QPushButton, QSpinBox, QWidget)

from crashgrab.engine.crash_grid.editing import MAX_SIZE, MIN_SIZE
from crashgrab.engine.crash_grid.model import ArenaLayout
from crashgrab.engine.crash_grid.scenario_io import save_scenario
from crashgrab.engine.crash_grid.terms import SUITS
from crashgrab.engine.errors import CrashGrabError
from crashgrab.engine.version import PRODUCT_NAME
from crashgrab.engine.formats.layout_io import load_layout
from crashgrab.engine.games import system_for_layout
from crashgrab.engine.system import GameSystem

from ..game_views import add_export_menu, open_board_window
from ..print_dialog import print_and_play
from ..save_prompt import ask_save_path, ask_to_save, failure_message
from . import commands
from .document import ArenaDocument
from .playtest_panel import PlaytestPanel
from .scene import CELL, SUIT_COLOURS, WALL, ArenaScene

WALL_TOOL = "wall"
SUIT_SYMBOLS = {"spades": "\u2660", "hearts": "\u2665", "diamonds": "\u2666", "clubs": "\u2663"}
FILE_FILTER = "Layouts (*.json);;All files (*)"
HINT = ("Click a square to add or remove a wall. Pick a suit's start, then click a square on the edge; "
        "drag a start to move it, R turns it, Delete removes it.")


class ArenaWindow(QMainWindow):
    def __init__(self, system: GameSystem, layout: ArenaLayout, path: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.system = system
        self.document = ArenaDocument(layout, path)
        self.undo_stack = self.document.undo_stack
        self.other_windows: list[QWidget] = []
        self.scene = ArenaScene()
        self.view = QGraphicsView(self.scene)
        self.view.setRenderHint(QPainter.Antialiasing)
        for policy in (self.view.setHorizontalScrollBarPolicy, self.view.setVerticalScrollBarPolicy):
            policy(Qt.ScrollBarAlwaysOff)  # the arena is always fitted to the view
        self.setCentralWidget(self.view)
        self.tool = WALL_TOOL
        self.dragging: str | None = None
        self._toolbar()
        self._findings_dock()
        self._playtest_dock()
        self.document.changed.connect(self.refresh)
        self.scene.pressed.connect(self.on_pressed)
        self.scene.released.connect(self.on_released)
        self._menus()
        self.refresh()
        self.statusBar().showMessage(HINT)
        self.resize(1000, 720)

    # --- building ----------------------------------------------------------------------------
    def _toolbar(self) -> None:
        bar = self.toolbar = self.addToolBar("Arena")
        bar.setObjectName("arena_tools")
        bar.setToolButtonStyle(Qt.ToolButtonTextBesideIcon)
        group = QActionGroup(self)
        tools = [(WALL_TOOL, "Wall", WALL), *[(suit, f"{SUIT_SYMBOLS[suit]} {suit.title()} start", SUIT_COLOURS[suit])
                                               for suit in SUITS]]
        for tool, text, colour in tools:
            action = QAction(swatch(colour), text, self, checkable=True)
            action.setObjectName(f"tool_{tool}")
            action.setChecked(tool == WALL_TOOL)
            action.triggered.connect(lambda _checked=False, t=tool: setattr(self, "tool", t))
            group.addAction(action)
            bar.addAction(action)
        bar.addSeparator()
        self.width_box, self.height_box = QSpinBox(), QSpinBox()
        for box, prefix, words in ((self.width_box, "W ", "width"), (self.height_box, "H ", "height")):
            box.setRange(MIN_SIZE, MAX_SIZE)
            box.setPrefix(prefix)
            box.setToolTip(f"The arena's {words} in squares; Resize applies it (undoable)")
            bar.addWidget(box)
        resize = QPushButton("Resize")
        resize.setObjectName("resize")
        resize.clicked.connect(lambda: self.edit(commands.Resize(self.document, self.width_box.value(),
                                                                 self.height_box.value())))
        bar.addWidget(resize)
        self.undo_action = self.undo_stack.createUndoAction(self, "Undo")
        self.undo_action.setShortcut(QKeySequence.Undo)
        self.redo_action = self.undo_stack.createRedoAction(self, "Redo")
        self.redo_action.setShortcut(QKeySequence.Redo)
        self.save_action = QAction("Save", self, shortcut=QKeySequence.Save, triggered=self.save)
        self.save_as_action = QAction("Save As\u2026", self, shortcut=QKeySequence.SaveAs, triggered=self.save_as)
        for action in (self.undo_action, self.redo_action, self.save_action, self.save_as_action):
            self.addAction(action)
            bar.addAction(action)

    def _menus(self) -> None:
        """File (new arenas, open, save, export, print, close), Edit (undo, redo) and View (playtest, territory)."""
        file_menu = self.menuBar().addMenu("&File")
        new_menu = file_menu.addMenu("New")
        new_menu.setObjectName("new_arena")
        for template in self.system.templates:
            action = new_menu.addAction(f"New {template.title} arena")
            action.setObjectName(f"new_{template.id}")
            action.triggered.connect(lambda _=False, t=template.id: self.new_arena(t))
        free = new_menu.addAction("New free-form arena")
        free.setObjectName("new_free")
        free.triggered.connect(lambda: self.new_arena(None))
        open_action = file_menu.addAction("Open\u2026", self.open_dialog)
        open_action.setShortcut(QKeySequence.Open)
        file_menu.addActions([self.save_action, self.save_as_action])
        file_menu.addMenu(add_export_menu(self, self.system, lambda: self.document.layout, lambda: self.document.path))
        self.print_action = file_menu.addAction("Print and Play\u2026", self.print_and_play)  # Ctrl+P is Playtest here
        self.print_action.setObjectName("print_and_play")
        file_menu.addSeparator()
        file_menu.addAction("Close", QKeySequence.Close, self.close)
        edit_menu = self.menuBar().addMenu("&Edit")
        edit_menu.addActions([self.undo_action, self.redo_action])
        view_menu = self.menuBar().addMenu("&View")
        view_menu.addActions([self.playtest_action, self.territory_action])

    def _findings_dock(self) -> None:
        self.findings = QListWidget()
        self.findings_dock = QDockWidget("Findings", self)
        self.findings_dock.setObjectName("findings")
        self.findings_dock.setWidget(self.findings)
        self.addDockWidget(Qt.RightDockWidgetArea, self.findings_dock)

    def _playtest_dock(self) -> None:
        self.playtest = PlaytestPanel()
        self.playtest.shown.connect(self.scene.show_state)
        self.playtest.save_requested.connect(self.save_playtest)
        self.playtest_dock = QDockWidget("Playtest", self)
        self.playtest_dock.setObjectName("playtest")
        self.playtest_dock.setWidget(self.playtest)
        self.addDockWidget(Qt.RightDockWidgetArea, self.playtest_dock)
        self.playtest_dock.hide()
        self.playtest_action = QAction("Playtest", self, checkable=True, shortcut="Ctrl+P")
        self.playtest_action.toggled.connect(self.set_playtesting)
        self.addAction(self.playtest_action)
        self.playtest_action.setObjectName("playtest")
        self.toolbar.addAction(self.playtest_action)
        self.territory_action = QAction("Territory", self, checkable=True, shortcut="Ctrl+T")
        self.territory_action.setObjectName("territory")
        self.territory_action.setToolTip("Tint each free square with the rider that reaches it first")
        self.territory_action.toggled.connect(lambda _on: self.refresh())
        self.toolbar.addAction(self.territory_action)

    # --- showing -----------------------------------------------------------------------------
    @property
    def playtesting(self) -> bool:
        return self.playtest_action.isChecked()

    def refresh(self) -> None:
        layout = self.document.layout
        if not self.playtesting:
            self.scene.show_layout(layout, self._owners())
        self.width_box.setValue(layout.width)
        self.height_box.setValue(layout.height)
        report = self.system.validate(layout)
        self.findings.clear()
        for finding in report.findings:
            where = f" [{finding.cells[0][0]},{finding.cells[0][1]}]" if finding.cells else ""
            self.findings.addItem(f"{finding.severity} {finding.code}{where}: {finding.message}")
        self.findings_dock.setWindowTitle(f"Findings: {report.summary()}")
        self._title()
        self.fit()

    def fit(self) -> None:
        """The whole arena in view, whatever the window's size (there is no zoom to keep)."""
        margin = CELL * 0.25
        self.view.fitInView(self.scene.itemsBoundingRect().adjusted(-margin, -margin, margin, margin),
                            Qt.KeepAspectRatio)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fit()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.fit()

    def _owners(self) -> dict | None:
        if not self.territory_action.isChecked():
            return None
        return dict(self.system.overlay(self.document.layout, "territory").labels)

    def _title(self) -> None:
        name = self.document.path.name if self.document.path else self.document.layout.name or "Untitled"
        self.setWindowTitle(f"{'*' if self.document.dirty else ''}{name} ({self.system.title}) \u2014 {PRODUCT_NAME}")

    def set_playtesting(self, on: bool) -> None:
        self.scene.selected = None
        self.playtest_dock.setVisible(on)
        if on:
            self.playtest.start(self.document.layout)
        else:
            self.scene.show_layout(self.document.layout, self._owners())

    # --- editing -----------------------------------------------------------------------------
    def edit(self, command: commands.ArenaEdit) -> bool:
        """Push an edit; a refused one leaves nothing on the stack and says why."""
        self.undo_stack.push(command)
        if command.refused is not None:
            self.statusBar().showMessage(f"Not done: {command.refused.message}", 8000)
            return False
        return True

    def start_at(self, cell) -> str | None:
        return next((s.suit for s in self.document.layout.starts if s.cell == cell), None)

    def on_pressed(self, cell, button) -> None:
        suit = self.playtest.rider_at(cell) if self.playtesting else self.start_at(cell)
        if self.playtesting:
            self.dragging = suit
            self.scene.selected = suit
            self.scene.show_state(self.playtest.session.state)
            return
        if suit is not None:
            self.select(suit)
            self.dragging = suit
        elif self.tool == WALL_TOOL:
            self.edit(commands.ToggleWall(self.document, cell))
        else:
            if self.edit(commands.PlaceStart(self.document, self.tool, cell)):
                self.select(self.tool)

    def on_released(self, cell) -> None:
        suit, self.dragging = self.dragging, None
        if self.playtesting:
            if suit is not None and self.playtest.rider_at(cell) != suit:
                self.playtest.place(suit, cell)
            return
        start = self.document.layout.start_of(suit) if suit else None
        if start is not None and start.cell != cell:
            self.edit(commands.PlaceStart(self.document, suit, cell))

    def select(self, suit: str | None) -> None:
        self.scene.selected = suit
        self.refresh()

    def keyPressEvent(self, event) -> None:
        suit = self.scene.selected
        if self.playtesting and suit and event.key() == Qt.Key_R:
            self.playtest.turn(suit)
            return
        if suit and not self.playtesting and self.document.layout.start_of(suit):
            if event.key() == Qt.Key_R:
                self.edit(commands.RotateStart(self.document, suit))
                return
            if event.key() in (Qt.Key_Delete, Qt.Key_Backspace):
                self.edit(commands.RemoveStart(self.document, suit))
                self.scene.selected = None
                return
        super().keyPressEvent(event)

    # --- files -------------------------------------------------------------------------------
    def maybe_save(self) -> bool:
        """Unsaved changes: save, discard or cancel. True means go ahead."""
        return not self.document.dirty or ask_to_save(self, "Unsaved arena", "Save the changes to this arena?",
                                                      self.save)

    def new_arena(self, template: str | None) -> bool:
        if not self.maybe_save():
            return False
        self.playtest_action.setChecked(False)
        self.document.reset(self.system.new_layout(template=template))
        return True

    def open_dialog(self) -> bool:
        folder = str(self.document.path.parent) if self.document.path else ""
        path, _ = QFileDialog.getOpenFileName(self, "Open layout", folder, FILE_FILTER)
        return self.open_path(path) if path else False

    def open_path(self, path: str | Path) -> bool:
        """Load through the engine first: a file that fails leaves this arena as it was. A board
        of another game opens in that game's window."""
        try:
            layout = load_layout(path)
        except CrashGrabError as error:
            QMessageBox.critical(self, "Cannot open layout", str(error))
            return False
        except Exception as error:  # anything else the engine did not foresee, still one message
            QMessageBox.critical(self, "Cannot open layout", failure_message(error, path))
            return False
        system = system_for_layout(layout)
        if system.id != self.system.id:
            self.other_windows = [w for w in self.other_windows if w.isVisible()]
            self.other_windows.append(open_board_window(system, layout, path, self))
            return True
        if not self.maybe_save():
            return False
        self.playtest_action.setChecked(False)
        self.document.reset(layout, Path(path))
        self.statusBar().showMessage(f"Opened {path}", 5000)
        return True

    def save(self) -> bool:
        return self.save_to(self.document.path) if self.document.path else self.save_as()

    def save_as(self) -> bool:
        path = ask_save_path(self, "Save arena", str(self.document.path or ""), FILE_FILTER)
        return self.save_to(Path(path)) if path else False

    def save_to(self, path: Path) -> bool:
        try:
            self.document.save(path)
        except Exception as error:  # whatever it is, a dialog: the arena is not saved
            QMessageBox.warning(self, "Not saved", failure_message(error, path))
            return False
        self.statusBar().showMessage(f"Saved {path}", 4000)
        return True

    def print_and_play(self) -> bool:
        """The arena as a poster PDF (the studio's print dialog)."""
        return print_and_play(self, self.system, self.document.layout, self.document.path)

    def save_playtest(self) -> bool:
        """The tricks played up to the one shown, as a scenario expecting what the board shows now."""
        path = ask_save_path(self, "Save playtest as scenario", "", "Scenarios (*.json)")
        if not path:
            return False
        name = f"Playtest on {self.document.layout.name or 'an arena'}"
        try:
            save_scenario(self.playtest.session.to_scenario(name), path)
        except Exception as error:  # whatever it is, a dialog: the scenario is not saved
            QMessageBox.warning(self, "Not saved", failure_message(error, path))
            return False
        self.statusBar().showMessage(f"Saved {path}", 4000)
        return True

    def closeEvent(self, event) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        event.accept()


def swatch(colour: QColor, size: int = 14) -> QIcon:
    """A tool's colour as the arena draws it, so the toolbar doubles as the legend."""
    pixmap = QPixmap(size, size)
    pixmap.fill(colour)
    return QIcon(pixmap)


def open_editor(system: GameSystem, layout: Any, path: Path | None, parent: QWidget | None = None) -> ArenaWindow:
    """The arena editor showing `layout`, or opening `path` itself (saying what is wrong with it),
    or a new arena of the first template."""
    if layout is not None:
        return ArenaWindow(system, layout, path, parent)
    window = ArenaWindow(system, system.new_layout(template=system.templates[0].id), None, parent)
    if path is not None:
        window.open_path(path)
    return window
