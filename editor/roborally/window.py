"""The RoboRally course editor: the course (boards from the board set placed and turned,
checkpoints, starts, factory element pieces) and, through the mode box, each board of the board set
(paint cell elements, put walls, lasers, pushers and doors on a square's side). Every edit is an
undo command calling one document method; the board, findings, settings and title follow the
document's one `changed` signal. The view never changes the model.

The window builds the toolbar, docks and menus and shows the model; its parts live beside it:
the mouse and keys (pointing.py), the Settings panel (settings_panel.py) and the Board menu
(boardset_menu.py). + and - zoom, Ctrl+0 fits, F6 goes from panel to panel; the keys every game's
editor shares come from shortcuts.py.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (QComboBox, QDockWidget, QLabel, QMainWindow,
                               QWidget)

from crashgrab.engine.findings import Finding
from crashgrab.engine.roborally.model import Course
from crashgrab.engine.roborally.resolved import ResolvedCourse, resolve_course
from crashgrab.engine.roborally.terms import DIRECTIONS, cell_text, edge_text
from crashgrab.engine.system import GameSystem
from crashgrab.engine.version import PRODUCT_NAME

from ..findings_panel import FindingsPanel
from ..shortcuts import apply_shortcuts, shortcut_text
from ..window_shell import WindowShell
from . import edits, marks
from .commands import CourseEdit
from .document import CourseDocument
from .legend_flow import LegendFlow
from .painter import Overlays, board_as_course
from .playtest.controller import attach as attach_playtest
from .tools import BOARD_TOOLS, COURSE_TOOLS, Tool, legend_entries, tool_icon
from .view import CELL, CourseView
from .boardset_menu import BoardSetMenu
from .pointing import Pointing
from .settings_panel import SettingsPanel

COURSE = ""  # the mode box's value for the course itself; a board's id edits that board
PANEL_WIDTH = 236
WIDE_WINDOW = 1200  # narrower: the legend goes into the side column (arrange_panels)
HINT = ("Course: pick a tool, click to place; Select drags boards, checkpoints, starts and pieces; R turns, "
        "Delete removes. Edit a board in the box at the left of the toolbar.")
BOARD_HINT = ("Board: paint squares with a cell tool; click a square's side with Wall, Laser, Pusher or Door to add "
              "or remove it; right-click clears; Settings sets facings, steps, beams and colours.")


class CourseWindow(BoardSetMenu, SettingsPanel, Pointing, WindowShell, QMainWindow):
    noun = "course"

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
        self.resize(1400, 900)
        self.view.set_zoom(0.8)

    # --- building ------------------------------------------------------------------------------
    def _actions(self) -> None:
        self.undo_action = self.undo_stack.createUndoAction(self, "Undo")
        self.redo_action = self.undo_stack.createRedoAction(self, "Redo")
        self.undo_action.setObjectName("undo")
        self.redo_action.setObjectName("redo")
        self.save_action = QAction("Save", self, triggered=self.save)
        self.save_action.setObjectName("save")
        self.save_as_action = QAction("Save As\u2026", self, triggered=self.save_as)
        self.save_as_action.setObjectName("save_as")
        # RoboRally's rules engine is its own piece of work; the table's key stays this action's.
        self.playtest_action = QAction("Playtest", self, enabled=False, checkable=True)
        self.playtest_action.setObjectName("playtest")
        self.playtest_action.setToolTip("A RoboRally playtest is not in the editor yet")
        self.zoom_in_action = QAction("Zoom In", self, triggered=lambda: self.view.zoom_by(1.25))
        self.zoom_in_action.setShortcuts([QKeySequence.ZoomIn, QKeySequence("+"), QKeySequence("=")])
        self.zoom_out_action = QAction("Zoom Out", self, triggered=lambda: self.view.zoom_by(0.8))
        self.zoom_out_action.setShortcuts([QKeySequence.ZoomOut, QKeySequence("-")])
        self.fit_action = QAction("Fit to Window", self, shortcut="Ctrl+0", triggered=self.view.fit)
        self.beams_action = QAction("Laser Beams", self, checkable=True, checked=True, shortcut="Ctrl+L")
        self.flow_action = QAction("Conveyor Flow", self, checkable=True, checked=True, shortcut="Ctrl+Shift+F")
        for action in (self.beams_action, self.flow_action):
            action.toggled.connect(self._overlays_toggled)
        self.next_panel_action = QAction("Next Panel", self, shortcut="F6", triggered=lambda: self.cycle_focus(1))
        self.previous_panel_action = QAction("Previous Panel", self, shortcut="Shift+F6",
                                             triggered=lambda: self.cycle_focus(-1))
        self.addActions([self.undo_action, self.redo_action, self.save_action, self.save_as_action,
                         self.playtest_action, self.zoom_in_action, self.zoom_out_action, self.fit_action,
                         self.beams_action, self.flow_action, self.next_panel_action, self.previous_panel_action])

    def _toolbar(self) -> None:
        """The mode box (the course, or a board to edit), the tools as icons (the legend names
        them), then Undo, Redo and Save as words of one width that never change."""
        bar = self.toolbar = self.addToolBar("Tools")
        bar.setObjectName("roborally_tools")
        bar.setMovable(False)
        bar.setIconSize(QSize(22, 22))
        bar.setToolButtonStyle(Qt.ToolButtonIconOnly)
        self.mode_box = QComboBox()
        self.mode_box.setObjectName("mode")
        self.mode_box.setToolTip("Edit the course, or one board of its board set")
        self.mode_box.activated.connect(lambda index: self.set_mode(self.mode_box.itemData(index)))
        bar.addWidget(self.mode_box)
        bar.addSeparator()
        self.tool_group = QActionGroup(self)
        self.tool_actions: dict[tuple[str, str], QAction] = {}
        for scope, tools in (("course", COURSE_TOOLS), ("board", BOARD_TOOLS)):
            for tool in tools:
                action = QAction(tool_icon(tool.id), tool.title, self, checkable=True)
                action.setObjectName(f"tool_{scope}_{tool.id}")
                action.setToolTip(f"{tool.title}: {tool.tip}")
                action.triggered.connect(lambda _checked=False, t=tool.id: self.set_tool(t))
                self.tool_group.addAction(action)
                bar.addAction(action)
                self.tool_actions[(scope, tool.id)] = action
        bar.addSeparator()
        self.toolbar_words: list[QAction] = []
        for word, stack_action, can in (("Undo", self.undo_action, self.undo_stack.canUndoChanged),
                                        ("Redo", self.redo_action, self.undo_stack.canRedoChanged)):
            button = QAction(word, self, triggered=stack_action.trigger)
            button.setObjectName(f"toolbar_{word.lower()}")
            button.setEnabled(False)
            can.connect(button.setEnabled)
            bar.addAction(button)
            self.toolbar_words.append(button)
        bar.addAction(self.save_action)
        for action in self.toolbar_words + [self.save_action]:
            bar.widgetForAction(action).setToolButtonStyle(Qt.ToolButtonTextOnly)
        width = max(bar.widgetForAction(a).sizeHint().width() for a in self.toolbar_words + [self.save_action])
        for action in self.toolbar_words + [self.save_action]:
            bar.widgetForAction(action).setFixedWidth(width)

    def _key_tips(self) -> None:
        for action, keys_of in ((self.save_action, self.save_action), (self.toolbar_words[0], self.undo_action),
                                (self.toolbar_words[1], self.redo_action)):
            keys = shortcut_text(keys_of)
            action.setToolTip(f"{action.text()} ({keys})" if keys else action.text())

    def _docks(self) -> None:
        self.settings_panel = self._settings_panel()
        self.settings_dock = self._dock("Settings", "settings", self.settings_panel)
        self.findings = FindingsPanel(overridable=False, compact=True)
        self.findings.sizeHint = lambda: QSize(PANEL_WIDTH, 300)
        self.findings_dock = self._dock("Findings", "findings", self.findings)
        self.next_finding_action = QAction("Next Finding", self, triggered=lambda: self.findings.select_next(1))
        self.next_finding_action.setObjectName("next_finding")
        self.previous_finding_action = QAction("Previous Finding", self,
                                               triggered=lambda: self.findings.select_next(-1))
        self.previous_finding_action.setObjectName("previous_finding")
        self.addActions([self.next_finding_action, self.previous_finding_action])
        self.legend = LegendFlow(legend_entries(False))
        self.legend_dock = QDockWidget("Legend", self)
        self.legend_dock.setObjectName("legend_dock")
        self.legend_dock.setWidget(self.legend)
        self.legend_dock.setFeatures(QDockWidget.DockWidgetClosable | QDockWidget.DockWidgetMovable)
        self.legend_dock.setTitleBarWidget(QWidget())  # a thin strip: the View menu names it
        self.addDockWidget(Qt.TopDockWidgetArea, self.legend_dock)
        self.resizeDocks([self.settings_dock], [PANEL_WIDTH], Qt.Horizontal)
        self.compact = False

    def arrange_panels(self, compact: bool) -> None:
        """Wide: the legend a strip above the board, Settings over Findings on the right. Compact (a
        window narrower than WIDE_WINDOW): the legend a tab behind the findings in the one column,
        so the board keeps most of a small window."""
        self.compact = compact
        if compact:
            self.addDockWidget(Qt.RightDockWidgetArea, self.legend_dock)
            self.tabifyDockWidget(self.findings_dock, self.legend_dock)
            self.legend_dock.setTitleBarWidget(None)
            self.findings_dock.raise_()
        else:
            self.legend_dock.setTitleBarWidget(QWidget())
            self.addDockWidget(Qt.TopDockWidgetArea, self.legend_dock)
        self.resizeDocks([self.settings_dock], [PANEL_WIDTH], Qt.Horizontal)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        if (event.size().width() < WIDE_WINDOW) != self.compact:  # after the resize: moving docks inside it
            QTimer.singleShot(0, self, self.arrange_for_width)   # can widen the window

    def arrange_for_width(self) -> None:
        compact = self.width() < WIDE_WINDOW
        if compact != self.compact:
            size = self.size()
            self.arrange_panels(compact)
            self.layout().activate()
            if self.size() != size:
                self.resize(size)

    def _dock(self, title: str, name: str, widget: QWidget) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetMovable | QDockWidget.DockWidgetFloatable)
        self.addDockWidget(Qt.RightDockWidgetArea, dock)
        return dock

    def _menus(self) -> None:
        self.add_file_menu("New empty course")
        edit_menu = self.menuBar().addMenu("&Edit")
        edit_menu.addActions([self.undo_action, self.redo_action])
        self._board_menu()
        view_menu = self.menuBar().addMenu("&View")
        view_menu.addActions([self.zoom_in_action, self.zoom_out_action, self.fit_action])
        view_menu.addSeparator()
        view_menu.addActions([self.beams_action, self.flow_action, self.legend_dock.toggleViewAction()])
        view_menu.addSeparator()
        view_menu.addActions([self.next_finding_action, self.previous_finding_action, self.next_panel_action,
                              self.previous_panel_action])

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

    # --- showing -------------------------------------------------------------------------------
    def refresh(self) -> None:
        """After every change of the document: the mode box, the board, findings, settings, title."""
        course = self.course
        if self.mode and course.boardset.board(self.mode) is None:  # an undo took the board away
            self.mode = COURSE
        if getattr(self, "_tools_scope", None) != ("board" if self.mode else "course"):  # New, Open, an undo
            self._show_tools()
        if self.selected is not None and self._selection_rect(self.selected) is None:
            self.selected = None
        self._fill_mode_box()
        self.rename_board_action.setEnabled(bool(self.mode))
        self.resize_board_action.setEnabled(bool(self.mode))
        self.remove_set_board_action.setEnabled(bool(self.mode))
        report = self.playtest.live_checks.validate(course)  # the route checks follow from a worker
        self.findings.set_findings(report.findings, report.summary())
        self._show_metrics(report.metrics)
        self._show_selection()
        self.redraw()
        name = self.document.path.name if self.document.path else course.name or "Untitled"
        self.setWindowTitle(f"{'*' if self.document.dirty else ''}{name} ({self.system.title}) \u2014 {PRODUCT_NAME}")

    def _fill_mode_box(self) -> None:
        wanted = [("Course", COURSE)] + [(f"Board: {b.name}", b.id) for b in self.course.boardset.boards]
        have = [(self.mode_box.itemText(i), self.mode_box.itemData(i)) for i in range(self.mode_box.count())]
        if wanted != have:
            self.mode_box.clear()
            for text, data in wanted:
                self.mode_box.addItem(text, data)
            placed = self.board_box.currentData()
            self.board_box.clear()
            for board in self.course.boardset.boards:
                self.board_box.addItem(f"{board.name} ({board.width}x{board.height})", board.id)
            if placed is not None and self.board_box.findData(placed) >= 0:
                self.board_box.setCurrentIndex(self.board_box.findData(placed))
        self.mode_box.setCurrentIndex(max(0, self.mode_box.findData(self.mode)))

    def _show_metrics(self, metrics: dict) -> None:
        players = self.course.player_count
        life = metrics["life_points"]
        counts = (f"{metrics['boards']} board{'s' if metrics['boards'] != 1 else ''} "
                  f"({metrics['factory_boards']} factory), {metrics['cells']} squares, "
                  f"{metrics['checkpoints']} checkpoint{'s' if metrics['checkpoints'] != 1 else ''}, "
                  f"{len(self.course.starts)} start{'s' if len(self.course.starts) != 1 else ''}.")
        here = f"<b>Life points: {life[str(players)]}</b> for {players} robots" if str(players) in life else \
            "<b>Life points:</b> set 2 to 8 robots"
        table = " \u00b7 ".join(f"{n}: {life[str(n)]}" for n in range(2, 9))
        self.metrics_label.setText(f"{counts}<br>{here}<br><small>By robots racing: {table}</small>")
        self._updating_settings = True
        self.players_box.setValue(self.course.players if self.course.players is not None else 1)
        self._updating_settings = False

    def redraw(self) -> None:
        shown = self.shown_course()
        self.resolved = resolve_course(shown)
        selection = self._selection_rect(self.selected) if self.selected is not None else None
        ghost = self._ghost()
        verdict, refused = self._verdict() if ghost is not None else (None, False)
        self.view.show_course(self.resolved, self.overlays, () if self.mode else self.focus_cells, selection,
                              self.cursor if self.view.hasFocus() else None, ghost, verdict, refused,
                              self.hover_side)
        self.playtest.decorate()  # robots, beams and the route over the course

    def _overlays_toggled(self, _on: bool = False) -> None:
        self.overlays = Overlays(beams=self.beams_action.isChecked(), flow=self.flow_action.isChecked())
        self.redraw()

    def show_finding(self, finding: Finding | None) -> None:
        """A finding selected: its squares outlined (the course shown, if a board was being edited)."""
        self.focus_cells = tuple(tuple(c) for c in finding.cells) if finding is not None else ()
        if finding is not None and self.mode:
            self.set_mode(COURSE)
        self.redraw()
        if self.focus_cells:
            x, y = self.focus_cells[0]
            self.view.ensureVisible(QRectF(x * CELL, y * CELL, CELL, CELL), 40, 40)

    def _selection_rect(self, selected: tuple) -> QRectF | None:
        kind, key = selected
        course = self.course
        if kind == "board" and not self.mode and 0 <= key < len(course.boards):
            placed = next((p for p in resolve_course(course).placed if p.index == key), None)
            if placed is None:
                return None
            return QRectF(placed.placement.x * CELL, placed.placement.y * CELL, placed.board.width * CELL,
                          placed.board.height * CELL)
        if kind == "edge":
            board = self.course.boardset.board(self.mode) if self.mode else None
            if board is None or key not in board.all_edge_elements():
                return None
            (x, y), side = key.mount
            a, b = marks.side_line(QRectF(x * CELL, y * CELL, CELL, CELL), side)
            return QRectF(a, b).normalized().adjusted(-5, -5, 5, 5)
        cell = self._selected_cell(selected)
        return QRectF(cell[0] * CELL, cell[1] * CELL, CELL, CELL).adjusted(2, 2, -2, -2) if cell is not None else None

    def _selected_cell(self, selected: tuple):
        kind, key = selected
        course = self.course
        if self.mode:
            return key if kind == "cell" else None
        if kind == "checkpoint" and 1 <= key <= len(course.checkpoints):
            return course.checkpoints[key - 1]
        if kind == "start":
            return next((s.at for s in course.starts if s.number == key), None)
        if kind == "piece" and 0 <= key < len(course.pieces):
            return course.pieces[key].at
        return None

    def _ghost(self) -> QRectF | None:
        """Where a dragged thing would land."""
        if self.drag is None or self.hover_cell is None or self.drag[0] is None:
            return None
        (kind, key), origin = self.drag
        if self.hover_cell == origin:
            return None
        if kind == "board":
            placement = self.course.boards[key]
            placed = next(p for p in self.resolved.placed if p.index == key)
            x = placement.x + self.hover_cell[0] - origin[0]
            y = placement.y + self.hover_cell[1] - origin[1]
            return QRectF(x * CELL, y * CELL, placed.board.width * CELL, placed.board.height * CELL)
        x, y = self.hover_cell
        return QRectF(x * CELL, y * CELL, CELL, CELL)

    def _verdict(self) -> tuple[str, bool]:
        """What the drop would do, in words beside the ghost: ✓ and where, or ✕ and why not (the
        edit's own refusal, a board's overlap, a square off every board)."""
        assert self.drag is not None and self.hover_cell is not None
        thing, origin = self.drag
        cell = self.hover_cell
        try:
            moved = self.moved_course(thing, cell, origin)
        except edits.RoboRallyEditRefused as refusal:
            return f"\u2715 {refusal.message.rstrip('.')}", True
        kind, key = thing
        resolved = resolve_course(moved)
        if kind == "board":
            shared = [i for i in resolved.overlaps.values() if key in i]
            if shared:
                others = sorted({self.board_name(self.course.boards[i].board) for s in shared for i in s if i != key})
                return f"\u2715 overlaps {', '.join(others)} on {len(shared)} squares", True
            placement = moved.boards[key]
            return f"\u2713 to {cell_text((placement.x, placement.y))}", False
        if not resolved.on_course(cell):
            return f"\u2715 {cell_text(cell)} is off every board", True
        return f"\u2713 to {cell_text(cell)}", False

    def _show_selection(self) -> None:
        self.selection_label.setText(f"<b>Selected:</b> {self.describe_selection()}" if self.selected else
                                     "Nothing selected: the settings are for what you place next.")

    def describe_selection(self) -> str:
        kind, key = self.selected or (None, None)
        course = self.course
        if kind == "board":
            placement = course.boards[key]
            return (f"the {placement.board} board at {cell_text((placement.x, placement.y))}, turned "
                    f"{placement.rotation}\u00b0 (R turns it)")
        if kind == "checkpoint":
            return f"checkpoint {key} at {cell_text(course.checkpoints[key - 1])}"
        if kind == "start":
            start = next(s for s in course.starts if s.number == key)
            return f"start {key} at {cell_text(start.at)} facing {start.facing} (R turns it)"
        if kind == "piece":
            item = course.pieces[key]
            where = edge_text(item.at, item.side) if item.type == "door" and item.side else cell_text(item.at)
            return f"the {item.type} piece on {where}"
        if kind == "cell":
            return self.describe_cell(key)
        if kind == "edge":
            setting = f"{key.beams} beam(s)" if key.type == "laser" else f"steps {''.join(map(str, key.steps or ())) or '1-5'}"
            return f"the {key.type} on {edge_text(*key.mount)} ({setting}; Settings changes it)"
        return ""

    def describe_cell(self, cell) -> str:
        """A square in a designer's words: where, which board, what is on it and on its sides."""
        resolved = self.resolved
        if not resolved.on_course(cell):
            return f"{cell_text(cell)}: off the course"
        element = resolved.elements.get(cell)
        what = "floor" if element is None else element.type
        if element is not None:
            details = [v for v in (element.facing, "express" if element.express else None, element.turn,
                                   f"{element.wrenches} wrench(es)" if element.wrenches else None, element.colour,
                                   f"steps {''.join(map(str, element.steps))}" if element.steps else None) if v]
            what += f" ({', '.join(details)})" if details else ""
        sides = []
        for side in DIRECTIONS:
            for edge in resolved.edge_elements(cell, side):
                if edge.type == "wall" or edge.mount == (cell, side):
                    sides.append(f"{edge.type} {side}")
        board = resolved.board_of[cell]
        name = self.course.boardset.board(board).name if self.course.boardset.board(board) else board
        return f"{cell_text(cell)} {name}: {what}" + (f"; {', '.join(sides)}" if sides else "")

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

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if not self.maybe_save():
            event.ignore()
            return
        event.accept()
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
