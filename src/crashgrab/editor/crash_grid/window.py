"""The Crash Grid arena editor: arena size, starts (place, drag, R to turn, Delete to remove)
and wall squares, every edit undoable; the studio's findings panel beside the arena (a finding
clicked outlines its squares), a legend above it, coordinates round it; a playtest dock.
Keys every game's editor shares come from editor/shortcuts.py; files, Open Recent, settings,
Help and live validation from the window shell.

Tools and the scene never change the model: they turn mouse and keys into undo commands,
which call the document."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QMainWindow, QMessageBox, QWidget

from crashgrab.engine.crash_grid.board import arena_board, starts, walls
from crashgrab.engine.crash_grid.model import ArenaLayout
from crashgrab.engine.crash_grid.scenario_io import save_scenario
from crashgrab.engine.findings import Finding
from crashgrab.engine.version import PRODUCT_NAME
from crashgrab.engine.system import GameSystem

from ..legend import LegendStrip
from ..message_bar import MessageBar
from ..save_prompt import ask_save_path, failure_message
from ..shortcuts import apply_shortcuts
from ..window_shell import WIDE_WINDOW, WindowShell
from .arena_input import ArenaInput
from .arena_view import ArenaView
from .chrome import WALL_TOOL, ArenaChrome, legend_entries
from .document import ArenaDocument
from .marks import SUIT_SYMBOLS
from .scene import CELL, ArenaScene

HINT = ("Click a square to add or remove a wall. Pick a suit's start, then click a square on the edge; "
        "drag a start to move it, R turns it, Delete removes it; arrows and Enter work the arena.")
PLAYTEST_HINT = ("Playtest: choose each rider's cards, then Play trick. Before the first trick, drag a rider "
                 "to another square or press R to turn it.")


class ArenaWindow(ArenaInput, ArenaChrome, WindowShell, QMainWindow):
    """By job: chrome.py builds the actions, toolbar, menus and docks; arena_input.py turns the
    mouse and keys into edits; this class shows the model (findings, the arena, the status bar's
    square), switches to playtesting and saves a playtest as a scenario."""

    noun = "arena"
    guide_page = "crash-grid.md"

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
        self.add_legend_dock(LegendStrip(legend_entries()))
        self._playtest_dock()
        self.add_history_and_messages()
        self._menus()
        self.add_help_menu()
        apply_shortcuts(self.shared_actions())
        self._toolbar()
        self._status_bar()
        self.start_live_validation()
        self.document.changed.connect(self.refresh)
        self.scene.pressed.connect(self.on_pressed)
        self.scene.released.connect(self.on_released)
        self.scene.hovered.connect(self._hovered)
        self.watch_history()
        self.refresh()
        self.statusBar().showMessage(HINT)
        self.restore_window(QSize(1000, 720))
        self.arrange_panels(self.width() < WIDE_WINDOW)

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
        self.validator.request(layout)  # the findings follow (at once when validating is quick)
        self._title()
        self.fit()
        self.show_cell()

    def show_report(self, report) -> None:
        self.findings.set_findings(report.findings, report.summary())

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


def square_words(layout: ArenaLayout, cell, state=None) -> str:
    """A square as the status bar names it: "[5,0] \u2660 spades start, facing south", "[3,4] wall"."""
    x, y = cell
    board = arena_board(layout)
    if not board.on_board(cell):
        return f"[{x},{y}] outside the arena"
    if state is not None:
        rider = next((r for r in state.riders_on_board() if r.at == cell), None)
        if rider is not None:
            return f"[{x},{y}] {SUIT_SYMBOLS[rider.suit]} {rider.suit} rider, facing {rider.facing}"
        trail = next((suit for at, suit in state.trails if at == cell), None)
        if trail is not None:
            return f"[{x},{y}] {SUIT_SYMBOLS[trail]} {trail} trail card"
        return f"[{x},{y}] {'wall' if cell in state.walls else 'free square'}"
    start = next((s for s in starts(board) if s.cell == cell), None)
    if start is not None:
        return f"[{x},{y}] {SUIT_SYMBOLS[start.suit]} {start.suit} start, facing {start.facing}"
    return f"[{x},{y}] {'wall' if cell in walls(board) else 'free square'}"


def open_editor(system: GameSystem, layout: Any, path: Path | None, parent: QWidget | None = None) -> ArenaWindow:
    """The arena editor showing `layout`, or opening `path` itself (saying what is wrong with it),
    or a new arena of the first template."""
    if layout is not None:
        return ArenaWindow(system, layout, path, parent)
    window = ArenaWindow(system, system.new_layout(template=system.templates[0].id), None, parent)
    if path is not None:
        window.open_path(path)
    return window
