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
from PySide6.QtWidgets import (QDockWidget, QGraphicsView, QLabel, QMainWindow, QMenu, QMessageBox, QSpinBox,
                               QToolButton, QUndoView, QWidget)
from shiboken6 import isValid

from crashgrab.engine.crash_grid.editing import MAX_SIZE, MIN_SIZE
from crashgrab.engine.crash_grid.model import ArenaLayout
from crashgrab.engine.crash_grid.scenario_io import save_scenario
from crashgrab.engine.crash_grid.terms import SUITS
from crashgrab.engine.findings import Finding
from crashgrab.engine.version import PRODUCT_NAME
from crashgrab.engine.system import GameSystem

from ..findings_panel import FindingsPanel
from ..legend import LegendStrip
from ..message_bar import MessageBar, MessageLog
from ..save_prompt import ask_save_path, failure_message
from ..shortcuts import apply_shortcuts, shortcut_text
from ..toolbar import command_icon, keys_in_tips, main_toolbar, mode_bar
from ..window_shell import WIDE_WINDOW, WindowShell
from . import commands
from .document import ArenaDocument
from .playtest_panel import PlaytestPanel
from .marks import SUIT_SYMBOLS, paint_card, paint_square
from .scene import CELL, ArenaScene

WALL_TOOL = "wall"
HINT = ("Click a square to add or remove a wall. Pick a suit's start, then click a square on the edge; "
        "drag a start to move it, R turns it, Delete removes it; arrows and Enter work the arena.")
PLAYTEST_HINT = ("Playtest: choose each rider's cards, then Play trick. Before the first trick, drag a rider "
                 "to another square or press R to turn it.")
ARROW_STEPS = {Qt.Key_Left: (-1, 0), Qt.Key_Right: (1, 0), Qt.Key_Up: (0, -1), Qt.Key_Down: (0, 1)}


class ArenaView(QGraphicsView):
    """The arena, always fitted (no scroll bars, nothing to zoom); keys go to the window first."""

    def __init__(self, scene: ArenaScene, on_key) -> None:
        super().__init__(scene)
        self.on_key = on_key
        self.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
        self.setFocusPolicy(Qt.StrongFocus)
        self.setMouseTracking(True)  # the status bar names the square under the pointer
        for policy in (self.setHorizontalScrollBarPolicy, self.setVerticalScrollBarPolicy):
            policy(Qt.ScrollBarAlwaysOff)

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if not self.on_key(event):
            super().keyPressEvent(event)

    def focusInEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """Reached by the keyboard (Tab, a click): the window shows the square cursor."""
        super().focusInEvent(event)
        if event.reason() in (Qt.TabFocusReason, Qt.BacktabFocusReason, Qt.ShortcutFocusReason):
            self.on_key(None)

    def focusOutEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().focusOutEvent(event)
        self.on_key(None, shown=False)

    def leaveEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().leaveEvent(event)
        self.scene().hovered.emit(None)


class ArenaWindow(WindowShell, QMainWindow):
    noun = "arena"

    def __init__(self, system: GameSystem, layout: ArenaLayout, path: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.system = system
        self.document = ArenaDocument(layout, path)
        self.undo_stack = self.document.undo_stack
        self.other_windows: list[QWidget] = []
        self.setStatusBar(MessageBar(self))
        self.scene = ArenaScene()
        self.view = ArenaView(self.scene, self.on_key)
        self.setCentralWidget(self.view)
        self.tool = WALL_TOOL
        self.dragging: str | None = None
        self.cursor: tuple[int, int] | None = None  # the keyboard's square
        self.hovered: tuple[int, int] | None = None  # the mouse's square
        self._actions()
        self._findings_dock()
        self._legend_dock()
        self._playtest_dock()
        self._side_docks()
        self._menus()
        apply_shortcuts(self.shared_actions())
        self._toolbar()
        self._status_bar()
        self.document.changed.connect(self.refresh)
        self.scene.pressed.connect(self.on_pressed)
        self.scene.released.connect(self.on_released)
        self.scene.hovered.connect(self._hovered)
        self.watch_history()
        self.refresh()
        self.statusBar().showMessage(HINT)
        self.resize(1000, 720)
        self.arrange_panels(self.width() < WIDE_WINDOW)

    # --- building ----------------------------------------------------------------------------
    def _actions(self) -> None:
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
        self.addActions([self.undo_action, self.redo_action, self.save_action, self.save_as_action])
        self.resize_action = QAction(command_icon("resize"), "Resize", self)
        self.resize_action.setObjectName("resize")
        self.resize_action.setToolTip("Resize the arena to the width and height beside (undoable)")
        self.resize_action.triggered.connect(lambda: self.edit(commands.Resize(
            self.document, self.width_box.value(), self.height_box.value())))

    def _toolbar(self) -> None:
        """The studio's toolbar (editor/toolbar.py): New, Open, Save, Undo, Redo, the tools (the
        legend names them), the size and Resize, Territory as icons; Edit and Playtest as named
        switches. It fits a 1024-pixel window with nothing behind the toolbar's overflow button."""
        bar = self.toolbar = main_toolbar(self, "Arena", "arena_tools")
        new_button = QToolButton()
        new_button.setObjectName("new_button")
        new_button.setIcon(command_icon("new"))
        new_button.setToolTip("Start a new arena on a template, or free-form")
        new_button.setPopupMode(QToolButton.InstantPopup)
        new_button.setMenu(self.findChild(QMenu, "new_arena"))
        bar.addWidget(new_button)
        self.open_action.setIcon(command_icon("open"))
        for name, action in (("save", self.save_action), ("undo", self.undo_action), ("redo", self.redo_action)):
            action.setIcon(command_icon(name))
        bar.addActions([self.open_action, self.save_action])
        bar.addSeparator()
        bar.addActions([self.undo_action, self.redo_action])
        bar.addSeparator()
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
        bar.addAction(self.resize_action)
        bar.addSeparator()
        bar.addAction(self.territory_action)
        self.modes_toolbar = mode_bar(self, self.edit_mode_action, self.playtest_action)
        keys_in_tips([self.open_action, self.save_action, self.playtest_action, self.territory_action,
                      self.edit_mode_action])
        self._history_tip(self.undo_action, "Undo", self.undo_stack.undoText())
        self._history_tip(self.redo_action, "Redo", self.undo_stack.redoText())

    def _status_bar(self) -> None:
        """The square under the pointer or the keyboard's cursor, named, at the right of the status bar."""
        self.cell_label = QLabel()
        self.cell_label.setObjectName("cell_label")
        self.cell_label.setMinimumWidth(240)
        self.statusBar().addPermanentWidget(self.cell_label)

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
        """File (new arenas, open, save, export, print, close), Edit (undo, redo) and View (modes, territory, panels)."""
        self.add_file_menu("New free-form arena")
        edit_menu = self.menuBar().addMenu("&Edit")
        edit_menu.addActions([self.undo_action, self.redo_action])
        view_menu = self.menuBar().addMenu("&View")
        view_menu.addActions([self.edit_mode_action, self.playtest_action, self.territory_action])
        view_menu.addSeparator()
        view_menu.addActions([dock.toggleViewAction() for dock in (self.legend_dock, self.findings_dock,
                                                                    self.history_dock, self.messages_dock)])
        view_menu.addSeparator()
        view_menu.addActions([self.next_finding_action, self.previous_finding_action, self.next_panel_action,
                              self.previous_panel_action])

    def cycle_focus(self, step: int) -> None:
        """F6: the arena, the findings, and round again (playtesting: the arena and the playtest's
        first choice), as in Crash!'s window; the panel reached comes to the front of its tabs."""
        second = self.findings.table
        if self.playtesting:
            boxes = [*self.playtest.initiative.values(), *self.playtest.moves.values()]
            second = boxes[0] if boxes else self.playtest.play_button
        stops: list[QWidget] = [self.view, second]
        focus = self.focusWidget()
        here = next((i for i, w in enumerate(stops) if focus is w or (focus is not None and w.isAncestorOf(focus))),
                    None)
        if here is None and focus is not None and (self.playtest.isAncestorOf(focus)
                                                   or self.findings.isAncestorOf(focus)):
            here = 1
        target = stops[((here if here is not None else -step) + step) % len(stops)]
        self.raise_panel_of(target)
        target.setFocus(Qt.ShortcutFocusReason)

    def _findings_dock(self) -> None:
        self.findings = FindingsPanel(overridable=False, compact=True)  # the studio's panel; arenas keep no overrides
        self.findings.findingSelected.connect(self._finding_selected)
        self.findings_dock = self._dock("Findings", "findings", self.findings)
        self.next_finding_action = QAction("Next Finding", self, triggered=lambda: self.findings.select_next(1))
        self.next_finding_action.setObjectName("next_finding")
        self.previous_finding_action = QAction("Previous Finding", self,
                                               triggered=lambda: self.findings.select_next(-1))
        self.previous_finding_action.setObjectName("previous_finding")
        self.addActions([self.next_finding_action, self.previous_finding_action])

    def _dock(self, title: str, name: str, widget: QWidget) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(Qt.RightDockWidgetArea, dock)
        return dock

    def _side_docks(self) -> None:
        """History (the undo stack, each step named) and Messages (every status message), as in every game's window."""
        self.history = QUndoView(self.undo_stack)
        self.history.setEmptyLabel("Opened")
        self.history.setWordWrap(True)  # each step's words wrap in a narrow column
        self.history.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.history_dock = self._dock("History", "history", self.history)
        self.message_log = MessageLog()
        self.message_log.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)  # its messages wrap
        self.statusBar().messageShown.connect(self.message_log.add)
        self.messages_dock = self._dock("Messages", "messages", self.message_log)

    def _legend_dock(self) -> None:
        self.legend = LegendStrip(legend_entries())
        self.legend_dock = QDockWidget("Legend", self)
        self.legend_dock.setObjectName("legend_dock")
        self.legend_dock.setWidget(self.legend)
        self.legend_dock.setFeatures(QDockWidget.DockWidgetClosable | QDockWidget.DockWidgetMovable)
        self.legend_dock.setTitleBarWidget(QWidget())  # a thin strip: the View menu names it
        self.addDockWidget(Qt.TopDockWidgetArea, self.legend_dock)

    def _playtest_dock(self) -> None:
        self.playtest = PlaytestPanel()
        self.playtest.shown.connect(self._playtest_shown)
        self.playtest.save_requested.connect(self.save_playtest)
        self.playtest_dock = self._dock("Playtest", "playtest", self.playtest)
        self.playtest_dock.hide()
        self.playtest_action = QAction("Playtest", self, checkable=True)
        self.playtest_action.toggled.connect(self.set_playtesting)
        self.addAction(self.playtest_action)
        self.playtest_action.setObjectName("playtest")
        self.playtest_action.setToolTip("Play tricks on the arena by the rules")
        self.next_panel_action = QAction("Next Panel", self, shortcut="F6", triggered=lambda: self.cycle_focus(1))
        self.previous_panel_action = QAction("Previous Panel", self, shortcut="Shift+F6",
                                             triggered=lambda: self.cycle_focus(-1))
        self.next_panel_action.setObjectName("next_panel")  # the names and keys every game's window gives them
        self.previous_panel_action.setObjectName("previous_panel")
        self.addActions([self.next_panel_action, self.previous_panel_action])
        self.edit_mode_action = QAction("Edit", self, checkable=True, checked=True)
        self.edit_mode_action.setObjectName("edit_mode")
        self.edit_mode_action.setToolTip("Edit the arena (ends a playtest)")
        self.edit_mode_action.triggered.connect(self._edit_mode)
        self.territory_action = QAction(command_icon("territory"), "Territory", self, checkable=True,
                                        shortcut="Ctrl+T")  # this game's own
        self.territory_action.setObjectName("territory")
        self.territory_action.setToolTip("Territory: tint each free square with the rider that reaches it first")
        self.territory_action.toggled.connect(lambda _on: self.refresh())

    def _edit_mode(self) -> None:
        self.playtest_action.setChecked(False)
        self.edit_mode_action.setChecked(True)  # a switch: clicking it again keeps it on

    # --- panels ------------------------------------------------------------------------------
    def rail_docks(self) -> list[QDockWidget]:
        return [self.findings_dock, self.playtest_dock, self.history_dock, self.messages_dock]

    def wide_panels(self) -> None:
        """Findings (or Playtest) above History and Messages, one column on the right."""
        for dock in self.rail_docks():
            self.addDockWidget(Qt.RightDockWidgetArea, dock)
        # The split before the tabs: a dock in a tab group takes a split as another tab.
        self.splitDockWidget(self.findings_dock, self.history_dock, Qt.Vertical)
        self.tabifyDockWidget(self.findings_dock, self.playtest_dock)
        self.tabifyDockWidget(self.history_dock, self.messages_dock)
        self.history_dock.raise_()
        self.resizeDocks([self.findings_dock], [320], Qt.Horizontal)
        self.resizeDocks([self.findings_dock, self.history_dock], [560, 200], Qt.Vertical)

    def panels_arranged(self) -> None:
        (self.playtest_dock if self.playtesting else self.findings_dock).raise_()
        self.fit_findings_columns(self.findings)

    # --- showing -----------------------------------------------------------------------------
    @property
    def playtesting(self) -> bool:
        return self.playtest_action.isChecked()

    def refresh(self) -> None:
        layout = self.document.layout
        if not self.playtesting:
            self.redraw()
        self.width_box.setValue(layout.width)
        self.height_box.setValue(layout.height)
        report = self.system.validate(layout)
        self.findings.set_findings(report.findings, report.summary())
        self._title()
        self.fit()
        self.show_cell()

    def redraw(self) -> None:
        """The arena (or the playtest's board) again, with the keyboard's cursor while the board has the focus."""
        self.scene.cursor = self.cursor if self.view.hasFocus() else None
        if self.playtesting and self.playtest.session is not None:
            self.scene.show_state(self.playtest.session.state)
        else:
            self.scene.show_layout(self.document.layout, self._owners())

    def _playtest_shown(self, state) -> None:
        self.redraw()
        self.show_cell()

    def fit(self) -> None:
        """The whole arena in view, whatever the window's size (there is no zoom to keep)."""
        margin = CELL * 0.25
        self.view.fitInView(self.scene.arena_rect().adjusted(-margin, -margin, margin, margin), Qt.KeepAspectRatio)

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

    def _hovered(self, cell) -> None:
        self.hovered = cell
        self.show_cell(cell)

    def show_cell(self, cell=None) -> None:
        """The status bar's square: `cell`, else the one under the pointer, else the keyboard's
        cursor; named as the arena (or the playtest's board) has it now, so it follows undo too."""
        cell = cell or self.hovered or (self.cursor if self.view.hasFocus() else None)
        if cell is None:
            self.cell_label.setText("")
            return
        state = self.playtest.session.state if self.playtesting and self.playtest.session is not None else None
        self.cell_label.setText(square_words(self.document.layout, cell, state))

    def _finding_selected(self, finding: Finding | None) -> None:
        """A finding clicked: its squares outlined and, if its first square holds a start, that start
        selected (so R and Delete act on it at once)."""
        self.scene.focus_cells = tuple(finding.cells) if finding is not None else ()
        if finding is not None and finding.cells and self.start_at(finding.cells[0]) is not None:
            self.scene.selected = self.start_at(finding.cells[0])
        if not self.playtesting:
            self.redraw()

    def set_playtesting(self, on: bool) -> None:
        self.scene.selected = None
        self.scene.focus_cells = ()
        self.edit_mode_action.setChecked(not on)
        self.playtest_dock.setVisible(on)
        if on:
            self.playtest_dock.raise_()
            self.playtest.start(self.document.layout)
            self.statusBar().showMessage(PLAYTEST_HINT)
        else:
            self.findings_dock.raise_()
            self.redraw()
            self.statusBar().showMessage(HINT)
        self.show_cell()

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
        self.cursor = None  # the mouse's turn: the keyboard's cursor comes back with the arrow keys
        self.act_at(cell, press=True)

    def act_at(self, cell, press: bool = False) -> None:
        """A click (or Enter at the cursor): select a start or rider, else the tool's edit."""
        suit = self.playtest.rider_at(cell) if self.playtesting else self.start_at(cell)
        if self.playtesting:
            self.dragging = suit if press else None
            self.scene.selected = suit
            self.redraw()
            return
        if suit is not None:
            self.select(suit)
            self.dragging = suit if press else None
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

    def on_key(self, event, shown: bool = True) -> bool:
        """The board's keys; None: the board got the keyboard's focus (`shown`) or lost it. The
        arrow keys move a cursor over the squares, Enter acts there as a click, Ctrl+arrows move
        the selected start. True when used."""
        if event is None:
            if shown and self.cursor is None:
                start = self.document.layout.start_of(self.scene.selected) if self.scene.selected else None
                self.cursor = start.cell if start is not None else (0, 0)
            self.redraw()
            self.show_cell()
            return True
        key, modifiers = event.key(), event.modifiers() & ~Qt.KeypadModifier
        step = ARROW_STEPS.get(key)
        if step is not None and modifiers == Qt.NoModifier:
            x, y = self.cursor or (0, 0)
            layout = self.document.layout
            self.cursor = (min(max(x + step[0], 0), layout.width - 1), min(max(y + step[1], 0), layout.height - 1))
            self.redraw()
            self.show_cell()
            return True
        if key in (Qt.Key_Return, Qt.Key_Enter) and modifiers == Qt.NoModifier:
            self.act_at(self.cursor or (0, 0))
            return True
        suit = self.scene.selected
        if step is not None and modifiers == Qt.ControlModifier and suit and not self.playtesting:
            start = self.document.layout.start_of(suit)
            if start is not None:
                target = (start.cell[0] + step[0], start.cell[1] + step[1])
                if self.edit(commands.PlaceStart(self.document, suit, target)):
                    self.cursor = target
                    self.redraw()
                    self.show_cell()
            return True
        if self.playtesting and suit and key == Qt.Key_R:
            self.playtest.turn(suit)
            return True
        if suit and not self.playtesting and self.document.layout.start_of(suit):
            if key == Qt.Key_R:
                self.edit(commands.RotateStart(self.document, suit))
                return True
            if key in (Qt.Key_Delete, Qt.Key_Backspace):
                self.edit(commands.RemoveStart(self.document, suit))
                self.scene.selected = None
                self.redraw()
                return True
        if key == Qt.Key_Escape and suit:
            self.select(None)
            return True
        return False

    def keyPressEvent(self, event) -> None:
        if not self.on_key(event):
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
        self.statusBar().showMessage(f"Saved the playtest as {path}: a scenario replaying these tricks "
                                     "and checking the board they end on", 6000)
        self.log(f"To check it from a terminal: crashgrab scenario run {path}")
        return True

    def closeEvent(self, event) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        event.accept()


def tool_icon(tool: str, size: int = 24) -> QIcon:
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


def square_words(layout: ArenaLayout, cell, state=None) -> str:
    """A square as the status bar names it: "[5,0] \u2660 spades start, facing south", "[3,4] wall"."""
    x, y = cell
    if not (0 <= x < layout.width and 0 <= y < layout.height):
        return f"[{x},{y}] outside the arena"
    if state is not None:
        rider = next((r for r in state.riders_on_board() if r.at == cell), None)
        if rider is not None:
            return f"[{x},{y}] {SUIT_SYMBOLS[rider.suit]} {rider.suit} rider, facing {rider.facing}"
        trail = next((suit for at, suit in state.trails if at == cell), None)
        if trail is not None:
            return f"[{x},{y}] {SUIT_SYMBOLS[trail]} {trail} trail card"
        return f"[{x},{y}] {'wall' if cell in state.walls else 'free square'}"
    start = next((s for s in layout.starts if s.cell == cell), None)
    if start is not None:
        return f"[{x},{y}] {SUIT_SYMBOLS[start.suit]} {start.suit} start, facing {start.facing}"
    return f"[{x},{y}] {'wall' if cell in layout.walls else 'free square'}"


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
