"""The Crash Grid arena editor: arena size, starts (place, drag, R to turn, Delete to remove)
and wall squares, every edit undoable; the studio's findings panel beside the arena (a finding
clicked outlines its squares), a legend above it, coordinates round it; a playtest dock.
Keys every game's editor shares come from editor/shortcuts.py.

Tools and the scene never change the model: they turn mouse and keys into undo commands,
which call the document."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QAction, QActionGroup, QIcon, QPainter, QPixmap
from shiboken6 import isValid
from PySide6.QtWidgets import QDockWidget, QGraphicsView, QMainWindow, QMessageBox, QSpinBox, QWidget

from crashgrab.engine.crash_grid.editing import MAX_SIZE, MIN_SIZE
from crashgrab.engine.crash_grid.model import ArenaLayout
from crashgrab.engine.crash_grid.scenario_io import save_scenario
from crashgrab.engine.crash_grid.terms import SUITS
from crashgrab.engine.findings import Finding
from crashgrab.engine.version import PRODUCT_NAME
from crashgrab.engine.system import GameSystem

from ..findings_panel import FindingsPanel
from ..legend import LegendStrip
from ..save_prompt import ask_save_path, failure_message
from ..shortcuts import apply_shortcuts, shortcut_text
from ..window_shell import WindowShell
from . import commands
from .document import ArenaDocument
from .playtest_panel import PlaytestPanel
from .marks import SUIT_SYMBOLS, paint_card, paint_square
from .scene import CELL, ArenaScene

WALL_TOOL = "wall"
HINT = ("Click a square to add or remove a wall. Pick a suit's start, then click a square on the edge; "
        "drag a start to move it, R turns it, Delete removes it.")


class ArenaWindow(WindowShell, QMainWindow):
    noun = "arena"

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
        self._legend_dock()
        self._playtest_dock()
        self.document.changed.connect(self.refresh)
        self.scene.pressed.connect(self.on_pressed)
        self.scene.released.connect(self.on_released)
        self._menus()
        apply_shortcuts(self.shared_actions())
        self._command_buttons()
        self.refresh()
        self.statusBar().showMessage(HINT)
        self.resize(1000, 720)

    # --- building ----------------------------------------------------------------------------
    def _toolbar(self) -> None:
        """Tools as icons (the legend names them), then the size, then commands as words of one width:
        it fits a 1024-pixel window with nothing behind the toolbar's overflow button."""
        bar = self.toolbar = self.addToolBar("Arena")
        bar.setObjectName("arena_tools")
        bar.setMovable(False)
        bar.setToolButtonStyle(Qt.ToolButtonIconOnly)
        group = QActionGroup(self)
        tools = [(WALL_TOOL, "Wall", "click a square to add or remove a wall"),
                 *[(suit, f"{SUIT_SYMBOLS[suit]} {suit.title()} start", "click a square on the edge to put it there")
                   for suit in SUITS]]
        for tool, text, tip in tools:
            action = QAction(tool_icon(tool), text, self, checkable=True)
            action.setObjectName(f"tool_{tool}")
            action.setToolTip(f"{text}: {tip}")
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
        self.resize_action = QAction("Resize", self)
        self.resize_action.setObjectName("resize")
        self.resize_action.setToolTip("Resize the arena to the width and height beside (undoable)")
        self.resize_action.triggered.connect(lambda: self.edit(commands.Resize(
            self.document, self.width_box.value(), self.height_box.value())))
        self.undo_action = self.undo_stack.createUndoAction(self, "Undo")
        self.redo_action = self.undo_stack.createRedoAction(self, "Redo")
        self.undo_action.setObjectName("undo")
        self.redo_action.setObjectName("redo")
        # The button keeps one word; what it undoes is in its tool tip, so the toolbar never reflows.
        self.undo_action.setIconText("Undo")
        self.redo_action.setIconText("Redo")
        # Bound methods of the window: Qt drops the connections when the window goes (the stack outlives it).
        self.undo_stack.undoTextChanged.connect(self._undo_text_changed)
        self.undo_stack.redoTextChanged.connect(self._redo_text_changed)
        self.save_action = QAction("Save", self, triggered=self.save)
        self.save_action.setObjectName("save")
        self.save_as_action = QAction("Save As\u2026", self, triggered=self.save_as)
        self.save_as_action.setObjectName("save_as")
        for action in (self.undo_action, self.redo_action, self.save_action, self.save_as_action):
            self.addAction(action)
        bar.addAction(self.resize_action)
        bar.addSeparator()
        for action in (self.undo_action, self.redo_action, self.save_action):
            bar.addAction(action)

    def _command_buttons(self) -> None:
        """Every word button of the toolbar as wide as the widest, and its keys in its tool tip."""
        commands_shown = [self.resize_action, self.undo_action, self.redo_action, self.save_action,
                          self.playtest_action, self.territory_action]
        buttons = [self.toolbar.widgetForAction(action) for action in commands_shown]
        width = max(button.sizeHint().width() for button in buttons)
        for button in buttons:
            button.setFixedWidth(width)
        for action in (self.save_action, self.playtest_action, self.territory_action):
            keys = shortcut_text(action)
            action.setToolTip(f"{action.toolTip()} ({keys})" if keys else action.toolTip())
        self._history_tip(self.undo_action, "Undo", self.undo_stack.undoText())
        self._history_tip(self.redo_action, "Redo", self.undo_stack.redoText())

    def _undo_text_changed(self, text: str) -> None:
        self._history_tip(self.undo_action, "Undo", text)

    def _redo_text_changed(self, text: str) -> None:
        self._history_tip(self.redo_action, "Redo", text)

    @staticmethod
    def _history_tip(action: QAction, verb: str, text: str) -> None:
        """What Undo or Redo would do, in its tool tip ("Undo turn the spades start (Ctrl+Z)")."""
        if not isValid(action):  # the stack, outliving the window, clears itself as it goes
            return
        keys = shortcut_text(action)
        what = f"{verb} {text[0].lower()}{text[1:]}" if text else f"Nothing to {verb.lower()}"
        action.setToolTip(f"{what} ({keys})" if keys else what)

    def _menus(self) -> None:
        """File (new arenas, open, save, export, print, close), Edit (undo, redo) and View (playtest, territory)."""
        self.add_file_menu("New free-form arena")
        edit_menu = self.menuBar().addMenu("&Edit")
        edit_menu.addActions([self.undo_action, self.redo_action])
        view_menu = self.menuBar().addMenu("&View")
        view_menu.addActions([self.playtest_action, self.territory_action, self.legend_dock.toggleViewAction()])
        view_menu.addSeparator()
        view_menu.addActions([self.next_finding_action, self.previous_finding_action])

    def _findings_dock(self) -> None:
        self.findings = FindingsPanel(overridable=False, compact=True)  # the studio's panel; arenas keep no overrides
        self.findings.findingSelected.connect(self._finding_selected)
        self.findings_dock = QDockWidget("Findings", self)
        self.findings_dock.setObjectName("findings")
        self.findings_dock.setWidget(self.findings)
        self.addDockWidget(Qt.RightDockWidgetArea, self.findings_dock)
        self.next_finding_action = QAction("Next Finding", self, triggered=lambda: self.findings.select_next(1))
        self.next_finding_action.setObjectName("next_finding")
        self.previous_finding_action = QAction("Previous Finding", self,
                                               triggered=lambda: self.findings.select_next(-1))
        self.previous_finding_action.setObjectName("previous_finding")
        self.addActions([self.next_finding_action, self.previous_finding_action])

    def _legend_dock(self) -> None:
        self.legend = LegendStrip(legend_entries())
        self.legend_dock = QDockWidget("Legend", self)
        self.legend_dock.setObjectName("legend_dock")
        self.legend_dock.setWidget(self.legend)
        self.legend_dock.setFeatures(QDockWidget.DockWidgetClosable | QDockWidget.DockWidgetMovable)
        self.legend_dock.setTitleBarWidget(QWidget())  # a thin strip: the View menu names it
        self.addDockWidget(Qt.TopDockWidgetArea, self.legend_dock)
        self.resizeDocks([self.findings_dock], [300], Qt.Horizontal)

    def _playtest_dock(self) -> None:
        self.playtest = PlaytestPanel()
        self.playtest.shown.connect(self.scene.show_state)
        self.playtest.save_requested.connect(self.save_playtest)
        self.playtest_dock = QDockWidget("Playtest", self)
        self.playtest_dock.setObjectName("playtest")
        self.playtest_dock.setWidget(self.playtest)
        self.addDockWidget(Qt.RightDockWidgetArea, self.playtest_dock)
        self.tabifyDockWidget(self.findings_dock, self.playtest_dock)  # one column: the arena keeps the width
        self.playtest_dock.hide()
        self.playtest_action = QAction("Playtest", self, checkable=True)
        self.playtest_action.toggled.connect(self.set_playtesting)
        self.addAction(self.playtest_action)
        self.playtest_action.setObjectName("playtest")
        self.toolbar.addAction(self.playtest_action)
        self.territory_action = QAction("Territory", self, checkable=True, shortcut="Ctrl+T")  # this game's own
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
        self.findings.set_findings(report.findings, report.summary())
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

    def _finding_selected(self, finding: Finding | None) -> None:
        """A finding clicked: its squares outlined and, if its first square holds a start, that start
        selected (so R and Delete act on it at once)."""
        self.scene.focus_cells = tuple(finding.cells) if finding is not None else ()
        if finding is not None and finding.cells and self.start_at(finding.cells[0]) is not None:
            self.scene.selected = self.start_at(finding.cells[0])
        if not self.playtesting:
            self.scene.show_layout(self.document.layout, self._owners())

    def set_playtesting(self, on: bool) -> None:
        self.scene.selected = None
        self.scene.focus_cells = ()
        self.playtest_dock.setVisible(on)
        if on:
            self.playtest_dock.raise_()
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


def tool_icon(tool: str, size: int = 22) -> QIcon:
    """A tool as the arena draws it (a hatched wall, a suit's card with its symbol), so the toolbar
    matches the board and the legend."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.Antialiasing)
    if tool == WALL_TOOL:
        paint_square(painter, QRectF(1.5, 1.5, size - 3, size - 3), True)
    else:
        paint_card(painter, QPointF(size / 2, size / 2), size * 1.25, tool, None)
    painter.end()
    return QIcon(pixmap)


def legend_entries() -> list:
    """What the arena shows, for the legend strip: squares, walls, and each suit's start by its symbol."""
    entries = [("Free square", lambda painter, rect: paint_square(painter, rect, False)),
               ("Wall", lambda painter, rect: paint_square(painter, rect, True))]
    for suit in SUITS:
        entries.append((f"{SUIT_SYMBOLS[suit]} {suit.title()} start",
                        lambda painter, rect, s=suit: paint_card(painter, rect.center(), rect.height() * 1.25, s,
                                                                 None)))
    entries.append(("Arrow: the way it faces", lambda painter, rect: paint_card(
        painter, rect.center(), rect.height() * 1.25, SUITS[0], "north")))
    return entries


def open_editor(system: GameSystem, layout: Any, path: Path | None, parent: QWidget | None = None) -> ArenaWindow:
    """The arena editor showing `layout`, or opening `path` itself (saying what is wrong with it),
    or a new arena of the first template."""
    if layout is not None:
        return ArenaWindow(system, layout, path, parent)
    window = ArenaWindow(system, system.new_layout(template=system.templates[0].id), None, parent)
    if path is not None:
        window.open_path(path)
    return window
