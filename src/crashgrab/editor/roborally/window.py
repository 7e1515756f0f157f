"""The RoboRally course editor: the course (boards from the board set placed and turned,
checkpoints, starts, factory element pieces) and, through the mode box, each board of the board set
(paint cell elements, put walls, lasers, pushers and doors on a square's side). Every edit is an
undo command calling one document method; the board, findings, settings and title follow the
document's one `changed` signal. The view never changes the model.

The window holds the document, the mode (the course or one board) and the tools; its parts live
beside it: the toolbar, docks and menus (course_chrome.py), what it shows (course_showing.py),
the mouse and keys (pointing.py), the Settings panel (settings_panel.py) and the Board menu
(boardset_menu.py). + and - zoom, Ctrl+0 fits, F6 goes from panel to panel; the keys every game's
editor shares come from shortcuts.py; files, Open Recent, settings and Help from the window shell
(the findings keep their own worker: playtest/live_checks.py, the route checks after the structure).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtWidgets import QLabel, QMainWindow, QWidget

from crashgrab.engine.roborally.model import Course
from crashgrab.engine.roborally.resolved import ResolvedCourse, resolve_course
from crashgrab.engine.system import GameSystem

from ..shortcuts import apply_shortcuts
from ..window_shell import WindowShell
from .commands import CourseEdit
from .document import CourseDocument
from .painter import Overlays, board_as_course
from .playtest.controller import attach as attach_playtest
from .tools import BOARD_TOOLS, COURSE_TOOLS, Tool, legend_entries
from .view import CourseView
from .boardset_menu import BoardSetMenu
from .modes import BOARD_HINT, COURSE, HINT
from .course_chrome import CourseChrome
from .course_showing import CourseShowing
from .pointing import Pointing
from .settings_panel import SettingsPanel

class CourseWindow(CourseChrome, CourseShowing, BoardSetMenu, SettingsPanel, Pointing, WindowShell, QMainWindow):
    noun = "course"
    guide_page = "roborally-editor.md"

    def __init__(self, system: GameSystem, layout: Course, path: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.system = system
        self.document = CourseDocument(layout, path)
        self.undo_stack = self.document.undo_stack
        self.other_windows: list[QWidget] = []
        self.mode = COURSE
        self.tool = "select"
        self.selected: tuple | None = None  # ("board", i) ("checkpoint", n) ("start", n) ("piece", i) ("cell", c)
        self.focus_cells: tuple = ()
        self.cursor: tuple | None = None    # the keyboard's (cell, side)
        self.drag: tuple | None = None      # (what was pressed, the square it was pressed on)
        self.hover_cell: tuple | None = None
        self.hover_side: tuple | None = None  # the side an edge tool would act on, under the pointer
        self.painting = False
        self.overlays = Overlays()
        self.resolved: ResolvedCourse = resolve_course(layout)
        self.view = CourseView(self.on_key)
        self.setCentralWidget(self.view)
        self._actions()
        self._toolbar()
        self._docks()
        self._menus()
        self.add_help_menu()
        apply_shortcuts(self.shared_actions())
        self._key_tips()
        self.playtest = attach_playtest(self)  # the Playtest dock, Shortest Route, route checks on a worker
        self.cell_label = QLabel()
        self.cell_label.setObjectName("cell_label")
        self.statusBar().addPermanentWidget(self.cell_label)
        self.document.changed.connect(self.refresh)
        self.view.pressed.connect(self.on_pressed)
        self.view.moved.connect(self.on_moved)
        self.view.released.connect(self.on_released)
        self.findings.findingSelected.connect(self.show_finding)
        self._show_tools()
        self.refresh()
        self.statusBar().showMessage(HINT)
        self.restore_window(QSize(1400, 900))
        self.view.set_zoom(0.8)

    # --- state ---------------------------------------------------------------------------------
    @property
    def course(self) -> Course:
        return self.document.layout

    def shown_course(self) -> Course:
        """What the view shows: the course, or the board being edited as a course of one board."""
        if self.mode and self.course.boardset.board(self.mode) is not None:
            return board_as_course(self.course, self.mode)
        return self.course

    def set_mode(self, mode: str | None) -> None:
        """The course (COURSE) or a board of the board set to edit."""
        mode = mode or COURSE
        if mode != COURSE and self.course.boardset.board(mode) is None:
            mode = COURSE
        changed = mode != self.mode
        self.mode = mode
        self.selected, self.drag, self.cursor = None, None, None
        self._show_tools()
        self.statusBar().showMessage(BOARD_HINT if mode else HINT)
        self.refresh()
        if changed:  # once the legend has its rows for the mode's symbols
            self.view.fit()
            QTimer.singleShot(0, self, self.view.fit)

    def _show_tools(self) -> None:
        """The mode's tools in the toolbar (the course's or a board's) and its things in the legend."""
        scope = "board" if self.mode else "course"
        self._tools_scope = scope
        for (action_scope, _tool_id), action in self.tool_actions.items():
            action.setVisible(action_scope == scope)
        tools = BOARD_TOOLS if self.mode else COURSE_TOOLS
        if self.tool not in [t.id for t in tools]:
            self.tool = "select"
        self.tool_actions[(scope, self.tool)].setChecked(True)
        self.legend.set_entries(legend_entries(bool(self.mode)))

    def set_tool(self, tool: str) -> None:
        self.tool = tool
        self.tool_actions[("board" if self.mode else "course", tool)].setChecked(True)
        found = self._tool(tool)
        if found is not None:
            self.statusBar().showMessage(f"{found.title}: {found.tip}.", 6000)

    def _tool(self, tool_id: str) -> Tool | None:
        return next((t for t in (BOARD_TOOLS if self.mode else COURSE_TOOLS) if t.id == tool_id), None)

    # --- editing -------------------------------------------------------------------------------
    def edit(self, command: CourseEdit, quiet: bool = False) -> bool:
        """Push an edit; a refused one leaves nothing on the stack and says why."""
        self.undo_stack.push(command)
        if command.refused is not None:
            if not quiet:
                self.statusBar().showMessage(f"Not done: {command.refused.message}", 8000)
            return False
        return True

    def board_name(self, board_id: str) -> str:
        board = self.course.boardset.board(board_id)
        return board.name if board is not None else board_id

    def select(self, thing: tuple | None) -> None:
        self.selected = thing
        self._show_selection()
        self._settings_from_selection()
        if thing is not None:
            moves = "" if thing[0] in ("edge", "cell") else "drag or Ctrl+arrows move it, "
            self.statusBar().showMessage(f"Selected {self.describe_selection()}: {moves}Delete removes it.", 6000)
        self.redraw()

    # --- panels --------------------------------------------------------------------------------
    def cycle_focus(self, step: int) -> None:
        """F6: the board, the findings, the settings, and round again."""
        stops: list[QWidget] = [self.view, self.findings.table, self.facing_box]
        focus = self.focusWidget()
        here = next((i for i, w in enumerate(stops) if focus is w or (focus is not None and w.isAncestorOf(focus))),
                    None)
        stops[((here if here is not None else -step) + step) % len(stops)].setFocus(Qt.ShortcutFocusReason)

    # --- files ---------------------------------------------------------------------------------
    def layout_replaced(self) -> None:
        super().layout_replaced()
        self.selected, self.focus_cells, self.drag, self.cursor = None, (), None, None
        self.mode = COURSE

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        if not getattr(self, "_fitted", False):
            self._fitted = True
            self.view.fit()
            self.view.set_zoom(min(self.view.zoom, 1.2))
            self.view.setFocus(Qt.OtherFocusReason)  # the arrows work the board at once

    def window_closing(self) -> None:
        self.playtest.stop()


def open_editor(system: GameSystem, layout: Any, path: Path | None, parent: QWidget | None = None) -> CourseWindow:
    """The course editor showing `layout`, or opening `path` itself (saying what is wrong with it),
    or a new course of the first template."""
    if layout is not None:
        return CourseWindow(system, layout, path, parent)
    window = CourseWindow(system, system.new_layout(template=system.templates[0].id), None, parent)
    if path is not None:
        window.open_path(path)
    return window


__all__ = ["CourseWindow", "open_editor"]
