"""The Crash Grid window's chrome (a mixin of window.ArenaWindow): its actions, toolbar (the
studio's, with the tools, the arena's size and Resize, Territory), menus, status bar and docks
(findings, legend, playtest, history, messages) and how they are arranged in a wide or a narrow
window. It only builds and wires widgets; what they do lives in the window and arena_input.py."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QAction, QActionGroup, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QDockWidget, QLabel, QMenu, QSpinBox

from crashgrab.engine.crash_grid.editing import MAX_SIZE, MIN_SIZE
from crashgrab.engine.crash_grid.terms import SUITS

from ..findings_panel import FindingsPanel
from ..toolbar import command_icon, file_commands, keys_in_tips, main_toolbar, mode_bar
from . import commands
from .marks import SUIT_SYMBOLS, paint_card, paint_square
from .playtest_panel import PlaytestPanel

WALL_TOOL = "wall"


class ArenaChrome:
    undo_stack: Any
    document: Any
    open_action: Any
    playtesting: bool

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
        file_commands(self, bar, self.findChild(QMenu, "new_arena"), "Start a new arena on a template, or free-form")
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
        self.history_tip(self.undo_action, "Undo", self.undo_stack.undoText())
        self.history_tip(self.redo_action, "Redo", self.undo_stack.redoText())

    def _status_bar(self) -> None:
        """The square under the pointer or the keyboard's cursor, named, at the right of the status bar."""
        self.cell_label = QLabel()
        self.cell_label.setObjectName("cell_label")
        self.cell_label.setMinimumWidth(240)
        self.statusBar().addPermanentWidget(self.cell_label)

    def _undo_text_changed(self, text: str) -> None:
        self.history_tip(self.undo_action, "Undo", text)

    def _redo_text_changed(self, text: str) -> None:
        self.history_tip(self.redo_action, "Redo", text)

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

    def _findings_dock(self) -> None:
        self.findings = FindingsPanel(overridable=False, compact=True)  # the studio's panel; arenas keep no overrides
        self.findings.findingSelected.connect(self._finding_selected)
        self.findings_dock = self.side_dock("Findings", "findings", self.findings)
        self.add_finding_navigation()

    def _playtest_dock(self) -> None:
        self.playtest = PlaytestPanel()
        self.playtest.shown.connect(self._playtest_shown)
        self.playtest.save_requested.connect(self.save_playtest)
        self.playtest_dock = self.side_dock("Playtest", "playtest", self.playtest)
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
