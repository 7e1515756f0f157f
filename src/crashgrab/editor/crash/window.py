"""The Crash! board editor: paint hexes on and off, place and move each player's six starts and
junkyard, turn starts (R / Shift+R), every edit undoable; live findings (selecting one
highlights its hexes) and the board's metrics beside it; a playtest dock.

Tools and the scene never change the model: they turn mouse and keys into undo commands,
which call the document. The keyboard does what the mouse does: the arrow keys move a cursor
over the hexes, Enter acts there as a click, Ctrl+arrows move the selected piece, Delete
removes it (or the hex under the cursor), F6 goes from panel to panel. The studio's findings
panel and legend strip, the keys every game's editor shares (editor/shortcuts.py), and the
window shell's files, Open Recent, settings, Help and live validation, as in every game's window."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QMainWindow, QMessageBox, QWidget

from crashgrab.engine.crash.model import CrashLayout
from crashgrab.engine.crash.rules import Moved
from crashgrab.engine.crash.scenario_io import save_scenario
from crashgrab.engine.crash.terms import Cell, cell_text
from crashgrab.engine.findings import Finding
from crashgrab.engine.system import GameSystem

from ..message_bar import MessageBar
from ..save_prompt import ask_save_path, failure_message
from ..shortcuts import apply_shortcuts
from ..window_shell import WIDE_WINDOW, WindowShell
from .board_input import BoardInput
from .board_view import BoardView
from .chrome import HEX_TOOL, BoardChrome
from .document import BoardDocument
from .scene import BoardScene

HINT = ("Hexes tool: click or drag to add or remove hexes. Start and junkyard tools: click a hex to place. "
        "Drag a piece to move it; R / Shift+R turn a start; Delete removes; arrows and Enter work the board.")
PLAYTEST_HINT = ("Playtest: roll, click a car (or press its number), then a teal hex: ahead moves it, beside turns "
                 "it. M moves, R / Shift+R turn, W E D X Z A face a side; Page Up / Page Down step back and forward.")


class CrashBoardWindow(BoardInput, BoardChrome, WindowShell, QMainWindow):
    """By job: chrome.py builds the actions, toolbar, menus and docks; board_input.py turns the
    mouse and keys into edits; this class shows the model (findings, metrics, the board, the
    status bar's hex), switches to playtesting and saves a playtest as a scenario."""

    guide_page = "crash-editor.md"

    def __init__(self, system: GameSystem, layout: CrashLayout, path: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.system = system
        self.document = BoardDocument(layout, path)
        self.undo_stack = self.document.undo_stack
        self.other_windows: list[QWidget] = []
        self.setStatusBar(MessageBar(self))
        self.scene = BoardScene()
        self.view = BoardView(self.scene, self.on_key)
        self.setCentralWidget(self.view)
        self.tool = HEX_TOOL
        self.selected: tuple | None = None      # ("start", player, car) or ("junkyard", player)
        self.highlight: tuple[Cell, ...] = ()   # the hexes of the finding selected
        self.cursor: Cell | None = None         # the keyboard's hex
        self.dragging: tuple | None = None
        self.painting: bool | None = None       # a stroke under way: adding (True) or removing (False)
        self.stroke = 0
        self._refreshing = False
        self.hovered: Cell | None = None        # the mouse's hex
        self._actions()
        self._docks()
        self._menus()
        self.add_help_menu()
        apply_shortcuts(self.shared_actions())
        self._toolbar()
        self._status_bar()
        self.start_live_validation()
        self.document.changed.connect(self.refresh)
        self.scene.pressed.connect(self.on_pressed)
        self.scene.dragged.connect(self.on_dragged)
        self.scene.released.connect(self.on_released)
        self.scene.hovered.connect(self._hovered)
        self.findings.findingSelected.connect(self.show_finding)
        self.watch_history()
        self.refresh()
        self.statusBar().showMessage(HINT)
        self.restore_window(QSize(1200, 800))
        self.arrange_panels(self.width() < WIDE_WINDOW)

    # --- showing -----------------------------------------------------------------------------
    @property
    def playtesting(self) -> bool:
        return self.playtest_action.isChecked()

    def refresh(self) -> None:
        """The model changed: validate (the findings and metrics follow), redraw, retitle."""
        layout = self.document.layout
        if self.selected is not None and not self._piece_exists(self.selected):
            self.selected = None
        self._refreshing = True  # the panel's findingSelected: the redraw below shows its hexes
        try:
            self.validator.request(layout)  # quick: the report is shown before this returns
        finally:
            self._refreshing = False
        if self.playtesting and self.playtest.layout_played != layout:  # an undo while playing; not a save
            self.playtest.start(layout)
        self._title()
        self.redraw()
        self.show_cell()

    def show_report(self, report) -> None:
        """The findings and metrics of the board shown (from a worker: its hexes drawn again too)."""
        refreshing = self._refreshing
        self._refreshing = True
        try:
            self.findings.set_findings(report.findings, report.summary())
        finally:
            self._refreshing = refreshing
        self.metrics.set_metrics(report.metrics)
        if not refreshing:
            self.redraw()

    def _hovered(self, cell: Cell | None) -> None:
        self.hovered = cell
        self.show_cell(cell)

    def show_cell(self, cell: Cell | None = None) -> None:
        """The status bar's hex: `cell`, else the one under the pointer, else the keyboard's
        cursor; named as the board (or the playtest's frame) has it now, so it follows undo too."""
        cell = cell or self.hovered or self._shown_cursor()
        if cell is None:
            self.cell_label.setText("")
            return
        session = self.playtest.session if self.playtesting else None
        self.cell_label.setText(hex_words(self.document.layout, cell, session.state if session else None))

    def redraw(self) -> None:
        """The scene rebuilt from the model (or the playtest's frame) and the view state."""
        if self.playtesting:
            session = self.playtest.session
            if session is not None:
                chosen = (session.live.player, self.playtest.selected) if self.playtest.selected else None
                moves = [(e.origin, e.to) for e in session.frame.events if isinstance(e, Moved) and e.origin is not None]
                self.scene.show_state(session.state, selected=chosen, choices=self.playtest.choices(), moves=moves,
                                      cursor=self._shown_cursor())
            else:
                self.scene.show_layout(self.document.layout, cursor=self._shown_cursor())
        else:
            self.scene.show_layout(self.document.layout, selected=self.selected, highlight=self.highlight,
                                   cursor=self._shown_cursor())
        if not self.scene.held:
            self.view.fit()

    def _shown_cursor(self) -> Cell | None:
        """The keyboard's hex, while the board has the focus and the keyboard has been used on it."""
        return self.cursor if self.view.hasFocus() else None

    def show_finding(self, finding: Finding | None) -> None:
        """A finding selected in the panel (None: none): its hexes lit on the board."""
        cells = tuple(tuple(c) for c in finding.cells) if finding is not None else ()
        if cells != self.highlight:
            self.highlight = cells
            if not self._refreshing:
                self.redraw()

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        self.view.fit()

    def _title(self) -> None:
        name = self.document.path.name if self.document.path else self.document.layout.name or "Untitled"
        self.setWindowTitle(f"{'*' if self.document.dirty else ''}{name} ({self.system.title}) \u2014 Crash board studio")

    def set_playtesting(self, on: bool) -> None:
        for action in self.tool_actions.values():
            action.setEnabled(not on)
        self.car_box.setEnabled(not on)
        self.edit_mode_action.setChecked(not on)
        self.playtest_dock.setVisible(on)
        for dock in (self.findings_dock, self.metrics_dock):  # the board's: the playtest needs the room
            dock.setVisible(not on)
        (self.playtest_dock if on else self.findings_dock).raise_()
        if on:
            self.playtest.start(self.document.layout)
        self.statusBar().showMessage(PLAYTEST_HINT if on else HINT)
        self.redraw()
        self.show_cell()

    def cycle_focus(self, step: int) -> None:
        """F6: the board, the findings, the metrics, and round again (playtesting: the board and the playtest)."""
        stops: list[QWidget] = [self.view, self.findings.table, self.metrics]
        if self.playtesting:
            stops = [self.view, self.playtest.seed_roll_button if self.playtest.seed_roll_button.isEnabled()
                     else self.playtest.events]
        focus = self.focusWidget()
        here = next((i for i, w in enumerate(stops) if focus is w or (focus is not None and w.isAncestorOf(focus))),
                    None)
        if here is None and focus is not None and self.playtest.isAncestorOf(focus):
            here = 1
        target = stops[((here if here is not None else -step) + step) % len(stops)]
        self.raise_panel_of(target)
        target.setFocus(Qt.ShortcutFocusReason)

    # --- files -------------------------------------------------------------------------------
    def layout_replaced(self) -> None:
        super().layout_replaced()
        self.selected, self.highlight = None, ()

    def save_playtest(self) -> bool:
        """The turns completed up to the step shown, as a scenario expecting what the board shows then."""
        session = self.playtest.session
        if session is None:
            return False
        path = ask_save_path(self, "Save playtest as scenario", "", "Scenarios (*.json)")
        if not path:
            return False
        name = f"Playtest on {self.document.layout.name or 'a board'}"
        try:
            save_scenario(session.to_scenario(name), path)
        except Exception as error:  # whatever it is, a dialog, never a silent failure
            QMessageBox.warning(self, "Not saved", failure_message(error, path))
            return False
        self.statusBar().showMessage(f"Saved the playtest as {path}: a scenario replaying these turns "
                                     "and checking the board they end on", 6000)
        self.log(f"To check it from a terminal: crashgrab scenario run {path}")
        return True


def hex_words(layout: CrashLayout, cell: Cell, state=None) -> str:
    """A hex as the status bar names it: "[2,-3] p1's car 1, facing west", "[4,0] not on the board"."""
    where = cell_text(cell)
    hexes = state.hexes if state is not None else layout.hexes
    if cell not in hexes:
        return f"{where} not on the board"
    if state is not None:
        car = next((c for c in state.cars if c.at == cell), None)
        if car is not None:
            return f"{where} {car.player}'s car {car.number}, facing {car.facing}"
        owner = next((player for player, at in state.junkyards if at == cell), None)
    else:
        start = next((s for s in layout.starts if s.at == cell), None)
        if start is not None:
            return f"{where} {start.player}'s car {start.car} start, facing {layout.facing_of(start)}"
        owner = next((j.player for j in layout.junkyards if j.at == cell), None)
    return f"{where} {owner}'s junkyard" if owner else f"{where} board hex"


def open_editor(system: GameSystem, layout: Any, path: Path | None, parent: QWidget | None = None) -> CrashBoardWindow:
    """The board editor showing `layout`, or opening `path` itself (saying what is wrong with it),
    or a new board of the first template."""
    if layout is not None:
        return CrashBoardWindow(system, layout, path, parent)
    window = CrashBoardWindow(system, system.new_layout(template=system.templates[0].id), None, parent)
    if path is not None:
        window.open_path(path)
    return window
