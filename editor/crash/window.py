"""The Crash! board editor: paint hexes on and off, place and move each player's six starts and
junkyard, turn starts (R / Shift+R), every edit undoable; live findings (selecting one
highlights its hexes) and the board's metrics beside it; a playtest dock.

Tools and the scene never change the model: they turn mouse and keys into undo commands,
which call the document. The keyboard does what the mouse does: the arrow keys move a cursor
over the hexes, Enter acts there as a click, Ctrl+arrows move the selected piece, Delete
removes it (or the hex under the cursor), F6 goes from panel to panel. The studio's findings
panel and legend strip, and the keys every game's editor shares (editor/shortcuts.py), as in
every game's window."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QAction, QActionGroup, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (QDockWidget, QGraphicsView, QLabel, QMainWindow, QMenu, QMessageBox, QSpinBox,
                               QToolButton, QUndoView, QWidget)
from shiboken6 import isValid

from crashgrab.engine.crash.model import CrashLayout
from crashgrab.engine.crash.rules import Moved
from crashgrab.engine.crash.scenario_io import save_scenario
from crashgrab.engine.crash.terms import CARS, HEX, PLAYERS, Cell, cell_text
from crashgrab.engine.findings import Finding
from crashgrab.engine.system import GameSystem

from ..findings_panel import FindingsPanel
from ..legend import LegendStrip
from ..message_bar import MessageBar, MessageLog
from ..save_prompt import ask_save_path, failure_message
from ..shortcuts import apply_shortcuts, shortcut_text
from ..toolbar import command_icon, keys_in_tips, main_toolbar, mode_bar
from ..window_shell import WIDE_WINDOW, WindowShell
from . import commands
from .document import BoardDocument
from .panels import PANEL_WIDTH, MetricsTable
from .playtest_panel import PlaytestPanel
from .scene import PIECES, BoardScene, paint_piece

HEX_TOOL = "hex"
HINT = ("Hexes tool: click or drag to add or remove hexes. Start and junkyard tools: click a hex to place. "
        "Drag a piece to move it; R / Shift+R turn a start; Delete removes; arrows and Enter work the board.")
PLAYTEST_HINT = ("Playtest: roll, click a car (or press its number), then a teal hex: ahead moves it, beside turns "
                 "it. M moves, R / Shift+R turn, W E D X Z A face a side; Page Up / Page Down step back and forward.")
LEFT_RIGHT = {Qt.Key_Left: "west", Qt.Key_Right: "east"}


def up_down(cell: Cell, key: int) -> str:
    """Up and Down zigzag between the two hexes above (below), so that Up then Down comes back."""
    odd = cell[1] % 2 == 1
    if key == Qt.Key_Up:
        return "northeast" if odd else "northwest"
    return "southeast" if odd else "southwest"


def arrow_direction(cell: Cell, key: int) -> str | None:
    if key in LEFT_RIGHT:
        return LEFT_RIGHT[key]
    if key in (Qt.Key_Up, Qt.Key_Down):
        return up_down(cell, key)
    return None


class BoardView(QGraphicsView):
    """The board, always fitted (no scroll bars, nothing to zoom); keys go to the window first."""

    def __init__(self, scene: BoardScene, on_key) -> None:
        super().__init__(scene)
        self.on_key = on_key
        self.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
        self.setFocusPolicy(Qt.StrongFocus)
        self.setMouseTracking(True)  # the status bar names the hex under the pointer
        for policy in (self.setHorizontalScrollBarPolicy, self.setVerticalScrollBarPolicy):
            policy(Qt.ScrollBarAlwaysOff)

    def leaveEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().leaveEvent(event)
        self.scene().hovered.emit(None)

    def fit(self) -> None:
        rect = self.scene().sceneRect()
        if not rect.isEmpty() and self.viewport().width() > 10:
            self.fitInView(rect, Qt.KeepAspectRatio)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.fit()

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if not self.on_key(event):
            super().keyPressEvent(event)

    def focusInEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """Reached by the keyboard (Tab, F6): the window shows the hex cursor."""
        super().focusInEvent(event)
        if event.reason() in (Qt.TabFocusReason, Qt.BacktabFocusReason, Qt.ShortcutFocusReason):
            self.on_key(None)

    def focusOutEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().focusOutEvent(event)
        self.on_key(None, shown=False)


class CrashBoardWindow(WindowShell, QMainWindow):
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
        apply_shortcuts(self.shared_actions())
        self._toolbar()
        self._status_bar()
        self.document.changed.connect(self.refresh)
        self.scene.pressed.connect(self.on_pressed)
        self.scene.dragged.connect(self.on_dragged)
        self.scene.released.connect(self.on_released)
        self.scene.hovered.connect(self._hovered)
        self.findings.findingSelected.connect(self.show_finding)
        self.watch_history()
        self.refresh()
        self.statusBar().showMessage(HINT)
        self.resize(1200, 800)
        self.arrange_panels(self.width() < WIDE_WINDOW)

    # --- building ----------------------------------------------------------------------------
    def _actions(self) -> None:
        # The Edit menu's actions name the edit ("Undo Place p1's car 3 ..."); the toolbar's buttons
        # keep their icons, so the toolbar does not shift with every edit.
        self.undo_action = self.undo_stack.createUndoAction(self, "Undo")
        self.undo_action.setObjectName("undo")
        self.redo_action = self.undo_stack.createRedoAction(self, "Redo")
        self.redo_action.setObjectName("redo")
        self.save_action = QAction("Save", self, triggered=self.save)
        self.save_action.setObjectName("save")
        self.save_as_action = QAction("Save As\u2026", self, triggered=self.save_as)
        self.save_as_action.setObjectName("save_as")
        self.addActions([self.undo_action, self.redo_action, self.save_action, self.save_as_action])
        self.playtest_action = QAction("Playtest", self, checkable=True)
        self.playtest_action.setObjectName("playtest")
        self.playtest_action.setToolTip("Play turns on the board by the rules")
        self.playtest_action.toggled.connect(self.set_playtesting)
        self.addAction(self.playtest_action)
        self.edit_mode_action = QAction("Edit", self, checkable=True, checked=True)
        self.edit_mode_action.setObjectName("edit_mode")
        self.edit_mode_action.setToolTip("Edit the board (ends a playtest)")
        self.edit_mode_action.triggered.connect(self._edit_mode)
        self.next_panel_action = QAction("Next Panel", self, shortcut="F6", triggered=lambda: self.cycle_focus(1))
        self.previous_panel_action = QAction("Previous Panel", self, shortcut="Shift+F6",
                                             triggered=lambda: self.cycle_focus(-1))
        self.next_panel_action.setObjectName("next_panel")  # the names and keys every game's window gives them
        self.previous_panel_action.setObjectName("previous_panel")
        self.addActions([self.next_panel_action, self.previous_panel_action])

    def _edit_mode(self) -> None:
        self.playtest_action.setChecked(False)
        self.edit_mode_action.setChecked(True)  # a switch: clicking it again keeps it on

    def _toolbar(self) -> None:
        """The studio's toolbar (editor/toolbar.py): New, Open, Save, Undo, Redo and the tools as
        icons (the legend names the pieces), the car a start tool places; Edit and Playtest as
        named switches."""
        bar = self.toolbar = main_toolbar(self, "Board", "board_tools")
        new_button = QToolButton()
        new_button.setObjectName("new_button")
        new_button.setIcon(command_icon("new"))
        new_button.setToolTip("Start a new board on a template, or free-form")
        new_button.setPopupMode(QToolButton.InstantPopup)
        new_button.setMenu(self.findChild(QMenu, "new_board"))
        bar.addWidget(new_button)
        self.open_action.setIcon(command_icon("open"))
        for name, action in (("save", self.save_action), ("undo", self.undo_action), ("redo", self.redo_action)):
            action.setIcon(command_icon(name))
        bar.addActions([self.open_action, self.save_action])
        bar.addSeparator()
        bar.addActions([self.undo_action, self.redo_action])
        bar.addSeparator()
        group = QActionGroup(self)
        tools = [(HEX_TOOL, "Hexes", tool_icon("hex"), "click or drag to add or remove hexes")]
        tools += [(f"start_{p}", f"{p} start", tool_icon(f"car_{p}"), f"click a hex to place {p}'s car")
                  for p in PLAYERS]
        tools += [(f"junkyard_{p}", f"{p} junkyard", tool_icon(f"junkyard_{p}"), f"click a hex to place {p}'s junkyard")
                  for p in PLAYERS]
        self.tool_actions: dict[str, QAction] = {}
        for tool, text, icon, tip in tools:
            action = QAction(icon, text, self, checkable=True)
            action.setObjectName(f"tool_{tool}")
            action.setToolTip(f"{text}: {tip}")
            action.setChecked(tool == HEX_TOOL)
            action.triggered.connect(lambda _checked=False, t=tool: setattr(self, "tool", t))
            group.addAction(action)
            bar.addAction(action)
            self.tool_actions[tool] = action
        self.car_box = QSpinBox()
        self.car_box.setRange(min(CARS), max(CARS))
        self.car_box.setPrefix("car ")
        self.car_box.setObjectName("car_number")
        self.car_box.setToolTip("The car a start tool places (keys 1-6 choose it)")
        bar.addWidget(self.car_box)
        self.modes_toolbar = mode_bar(self, self.edit_mode_action, self.playtest_action)
        keys_in_tips([self.open_action, self.save_action, self.playtest_action, self.edit_mode_action])
        for verb, action, text, changed in (("Undo", self.undo_action, self.undo_stack.undoText,
                                             self.undo_stack.undoTextChanged),
                                            ("Redo", self.redo_action, self.undo_stack.redoText,
                                             self.undo_stack.redoTextChanged)):
            self._history_tip(action, verb, text())
            changed.connect(lambda t, a=action, v=verb: self._history_tip(a, v, t))

    @staticmethod
    def _history_tip(action: QAction, verb: str, text: str) -> None:
        """What Undo or Redo would do, in its tool tip ("Undo turn p1's car 3 (Ctrl+Z)")."""
        if not isValid(action):  # the stack, outliving the window, clears itself as it goes
            return
        keys = shortcut_text(action)
        what = f"{verb} {text[0].lower()}{text[1:]}" if text else f"Nothing to {verb.lower()}"
        action.setToolTip(f"{what} ({keys})" if keys else what)

    def _status_bar(self) -> None:
        """The hex under the pointer or the keyboard's cursor, named, at the right of the status bar."""
        self.cell_label = QLabel()
        self.cell_label.setObjectName("cell_label")
        self.cell_label.setMinimumWidth(240)
        self.statusBar().addPermanentWidget(self.cell_label)

    def _docks(self) -> None:
        self.findings = FindingsPanel(overridable=False, compact=True)  # the studio's panel; boards keep no overrides
        self.findings_dock = self._dock("Findings", "findings", self.findings)
        self.next_finding_action = QAction("Next Finding", self, triggered=lambda: self.findings.select_next(1))
        self.next_finding_action.setObjectName("next_finding")
        self.previous_finding_action = QAction("Previous Finding", self,
                                               triggered=lambda: self.findings.select_next(-1))
        self.previous_finding_action.setObjectName("previous_finding")
        self.addActions([self.next_finding_action, self.previous_finding_action])
        self.metrics = MetricsTable()
        self.metrics_dock = self._dock("Metrics", "metrics", self.metrics)
        self.playtest = PlaytestPanel()
        self.playtest.changed.connect(self.redraw)
        self.playtest.save_requested.connect(self.save_playtest)
        self.playtest_dock = self._dock("Playtest", "playtest", self.playtest)
        self.playtest_dock.hide()
        self.history = QUndoView(self.undo_stack)
        self.history.setEmptyLabel("Opened")
        self.history.setWordWrap(True)  # each step's words wrap in a narrow column
        self.history.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.history_dock = self._dock("History", "history", self.history)
        self.message_log = MessageLog()
        self.message_log.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)  # its messages wrap
        self.statusBar().messageShown.connect(self.message_log.add)
        self.messages_dock = self._dock("Messages", "messages", self.message_log)
        self.legend = LegendStrip(legend_entries())
        self.legend_dock = QDockWidget("Legend", self)
        self.legend_dock.setObjectName("legend_dock")
        self.legend_dock.setWidget(self.legend)
        self.legend_dock.setFeatures(QDockWidget.DockWidgetClosable | QDockWidget.DockWidgetMovable)
        self.legend_dock.setTitleBarWidget(QWidget())  # a thin strip: the View menu names it
        self.addDockWidget(Qt.TopDockWidgetArea, self.legend_dock)

    # --- panels ------------------------------------------------------------------------------
    def rail_docks(self) -> list[QDockWidget]:
        return [self.findings_dock, self.metrics_dock, self.playtest_dock, self.history_dock, self.messages_dock]

    def wide_panels(self) -> None:
        """Findings (or, playtesting, Playtest) above Metrics and History, one column on the right."""
        for dock in self.rail_docks():
            self.addDockWidget(Qt.RightDockWidgetArea, dock)
        # Splits before tabs: a dock in a tab group takes a split as another tab.
        self.splitDockWidget(self.findings_dock, self.metrics_dock, Qt.Vertical)
        self.splitDockWidget(self.metrics_dock, self.history_dock, Qt.Vertical)
        self.tabifyDockWidget(self.findings_dock, self.playtest_dock)
        self.tabifyDockWidget(self.history_dock, self.messages_dock)
        self.history_dock.raise_()
        self.resizeDocks([self.findings_dock], [PANEL_WIDTH], Qt.Horizontal)
        self.resizeDocks([self.findings_dock, self.metrics_dock, self.history_dock],
                         [400, self.metrics.sizeHint().height(), 160], Qt.Vertical)

    def panels_arranged(self) -> None:
        self.metrics.set_compact(bool(self.compact))
        (self.playtest_dock if self.playtesting else self.findings_dock).raise_()
        self.fit_findings_columns(self.findings)

    def _dock(self, title: str, name: str, widget: QWidget) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(Qt.RightDockWidgetArea, dock)
        return dock

    def _menus(self) -> None:
        """File (new boards, open, save, export, close), Edit (undo, redo), View (playtest, panels)."""
        self.add_file_menu("New free-form board (hexes only)")
        edit_menu = self.menuBar().addMenu("&Edit")
        edit_menu.addActions([self.undo_action, self.redo_action])
        view_menu = self.menuBar().addMenu("&View")
        view_menu.addActions([self.edit_mode_action, self.playtest_action])
        view_menu.addSeparator()
        view_menu.addActions([dock.toggleViewAction() for dock in (self.legend_dock, self.history_dock,
                                                                    self.messages_dock)])
        view_menu.addSeparator()
        view_menu.addActions([self.next_finding_action, self.previous_finding_action, self.next_panel_action,
                              self.previous_panel_action])

    # --- showing -----------------------------------------------------------------------------
    @property
    def playtesting(self) -> bool:
        return self.playtest_action.isChecked()

    def refresh(self) -> None:
        """The model changed: validate, list the findings and metrics, redraw, retitle."""
        layout = self.document.layout
        if self.selected is not None and not self._piece_exists(self.selected):
            self.selected = None
        report = self.system.validate(layout)
        self._refreshing = True  # the panel's findingSelected: the redraw below shows its hexes
        try:
            self.findings.set_findings(report.findings, report.summary())
        finally:
            self._refreshing = False
        self.metrics.set_metrics(report.metrics)
        if self.playtesting and self.playtest.layout_played != layout:  # an undo while playing; not a save
            self.playtest.start(layout)
        self._title()
        self.redraw()
        self.show_cell()

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

    # --- editing -----------------------------------------------------------------------------
    def edit(self, command: commands.BoardEdit, quiet: bool = False) -> bool:
        """Push an edit; a refused one leaves nothing on the stack and says why."""
        self.undo_stack.push(command)
        if command.refused is not None:
            if not quiet:
                self.statusBar().showMessage(f"Not done: {command.refused.message}", 8000)
            return False
        return True

    def piece_at(self, cell: Cell) -> tuple | None:
        layout = self.document.layout
        start = next((s for s in layout.starts if s.at == cell), None)
        if start is not None:
            return ("start", start.player, start.car)
        junkyard = next((j for j in layout.junkyards if j.at == cell), None)
        return ("junkyard", junkyard.player) if junkyard is not None else None

    def piece_cell(self, piece: tuple) -> Cell | None:
        layout = self.document.layout
        if piece[0] == "start":
            start = layout.start_of(piece[1], piece[2])
            return start.at if start else None
        junkyard = layout.junkyard_of(piece[1])
        return junkyard.at if junkyard else None

    def _piece_exists(self, piece: tuple) -> bool:
        return self.piece_cell(piece) is not None

    def move_piece(self, piece: tuple, cell: Cell) -> bool:
        if piece[0] == "start":
            return self.edit(commands.PlaceStart(self.document, piece[1], piece[2], cell))
        return self.edit(commands.PlaceJunkyard(self.document, piece[1], cell))

    def select(self, piece: tuple | None) -> None:
        self.selected = piece
        if piece is not None:
            what = f"{piece[1]}'s car {piece[2]}" if piece[0] == "start" else f"{piece[1]}'s junkyard"
            keys = "R / Shift+R turn it, " if piece[0] == "start" else ""
            self.statusBar().showMessage(f"{what} selected: drag it or Ctrl+arrows to move it, {keys}Delete removes it.",
                                         6000)
        self.redraw()

    def on_pressed(self, cell: Cell, button) -> None:
        if button != Qt.LeftButton:
            return
        self.cursor = None  # the mouse's turn: the keyboard's cursor comes back with the arrow keys
        if self.playtesting:
            self.playtest.clicked(cell)
            return
        self.act_at(cell, press=True)

    def act_at(self, cell: Cell, press: bool = False) -> None:
        """A click (or Enter at the cursor): select a piece, else the tool's edit."""
        piece = self.piece_at(cell)
        if piece is not None:
            self.select(piece)
            self.dragging = piece if press else None
            return
        if self.tool == HEX_TOOL:
            self.stroke += 1
            add = cell not in self.document.layout.hexes
            self.painting = add if press else None
            self.edit(commands.PaintHexes(self.document, (cell,), add, self.stroke))
        elif self.tool.startswith("start_"):
            player, car = self.tool.removeprefix("start_"), self.car_box.value()
            if self.edit(commands.PlaceStart(self.document, player, car, cell)):
                self.select(("start", player, car))
                self._next_car(player)
        else:
            player = self.tool.removeprefix("junkyard_")
            if self.edit(commands.PlaceJunkyard(self.document, player, cell)):
                self.select(("junkyard", player))

    def _next_car(self, player: str) -> None:
        """After a start is placed, the start tool offers the next car of that player without one."""
        layout = self.document.layout
        missing = [n for n in CARS if layout.start_of(player, n) is None]
        if missing:
            after = [n for n in missing if n > self.car_box.value()]
            self.car_box.setValue((after or missing)[0])

    def on_dragged(self, cell: Cell) -> None:
        if self.painting is not None and (cell in self.document.layout.hexes) != self.painting:
            self.edit(commands.PaintHexes(self.document, (cell,), self.painting, self.stroke))

    def on_released(self, cell: Cell) -> None:
        piece, self.dragging, self.painting = self.dragging, None, None
        if piece is not None and not self.playtesting and self.piece_cell(piece) not in (None, cell):
            self.move_piece(piece, cell)
        self.redraw()  # the board, held still under the mouse until now, fitted again

    def on_key(self, event, shown: bool = True) -> bool:
        """The board's keys; None: the board got the keyboard's focus (`shown`) or lost it. True when used."""
        if event is None:
            if not shown:
                self.redraw()
                self.show_cell()
                return True
            if self.cursor is None:
                at = self.piece_cell(self.selected) if self.selected else None
                self.cursor = at or (min(self.document.layout.hexes, key=lambda c: (c[1], c[0]))
                                     if self.document.layout.hexes else (0, 0))
            self.redraw()
            self.show_cell()
            return True
        key, modifiers = event.key(), event.modifiers() & ~Qt.KeypadModifier
        if self.cursor is None and (arrow_direction((0, 0), key) or key in (Qt.Key_Return, Qt.Key_Enter)):
            self.on_key(None)  # the first arrow key shows the cursor where it would start
            if key not in (Qt.Key_Return, Qt.Key_Enter) and modifiers == Qt.NoModifier:
                return True
        cursor = self.cursor or (0, 0)
        direction = arrow_direction(cursor, key)
        if direction is not None and modifiers == Qt.NoModifier:
            self.cursor = HEX.step(cursor, direction)
            self.redraw()
            self.show_cell()
            return True
        if key in (Qt.Key_Return, Qt.Key_Enter) and modifiers == Qt.NoModifier:
            if self.playtesting:
                self.playtest.clicked(cursor)
            else:
                self.act_at(cursor)
            return True
        if self.playtesting:
            return self.playtest.key(event)
        if direction is not None and modifiers == Qt.ControlModifier and self.selected is not None:
            at = self.piece_cell(self.selected)
            if at is not None:
                target = HEX.step(at, arrow_direction(at, key) or direction)
                if self.move_piece(self.selected, target):
                    self.cursor = target
                    self.redraw()
            return True
        if Qt.Key_1 <= key <= Qt.Key_6 and modifiers == Qt.NoModifier:
            self.car_box.setValue(key - Qt.Key_0)
            return True
        if key == Qt.Key_R and self.selected is not None and self.selected[0] == "start":
            steps = -1 if modifiers & Qt.ShiftModifier else 1
            self.edit(commands.TurnStart(self.document, self.selected[1], self.selected[2], steps))
            return True
        if key in (Qt.Key_Delete, Qt.Key_Backspace):
            self.delete()
            return True
        if key == Qt.Key_Escape and self.selected is not None:
            self.select(None)
            return True
        return False

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if not self.on_key(event):
            super().keyPressEvent(event)

    def delete(self) -> None:
        """Delete: the selected piece, else the hex under the cursor."""
        piece = self.selected
        if piece is not None:
            command = commands.RemoveStart(self.document, piece[1], piece[2]) if piece[0] == "start" else \
                commands.RemoveJunkyard(self.document, piece[1])
            if self.edit(command):
                self.selected = None
                self.redraw()
        elif self.cursor is not None:
            self.stroke += 1
            self.edit(commands.PaintHexes(self.document, (self.cursor,), False, self.stroke))

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

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if not self.maybe_save():
            event.ignore()
            return
        event.accept()


def tool_icon(piece: str, size: int = 24) -> QIcon:
    """A tool's piece as the board draws it (scene.PIECES), so the toolbar matches the board and the legend."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.Antialiasing)
    paint_piece(painter, QRectF(0, 0, size, size), PIECES[piece], tight=piece != "hex")
    painter.end()
    return QIcon(pixmap)


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


def legend_entries() -> list:
    """What the board shows, for the legend strip: each player's cars by shape, the junkyards, the hexes."""
    entries = [(f"{player}'s cars ({'discs' if player == 'p1' else 'squares'})",
                lambda painter, rect, p=player: paint_piece(painter, rect, PIECES[f"car_{p}"], tight=True))
                for player in PLAYERS]
    entries += [(f"J{player[1:]}: {player}'s junkyard",
                 lambda painter, rect, p=player: paint_piece(painter, rect, PIECES[f"junkyard_{p}"], tight=True))
                for player in PLAYERS]
    entries += [("Board hex", lambda painter, rect: paint_piece(painter, rect, PIECES["hex"])),
                ("Dashed: a hex to add", lambda painter, rect: paint_piece(painter, rect, PIECES["ghost"]))]
    return entries


def open_editor(system: GameSystem, layout: Any, path: Path | None, parent: QWidget | None = None) -> CrashBoardWindow:
    """The board editor showing `layout`, or opening `path` itself (saying what is wrong with it),
    or a new board of the first template."""
    if layout is not None:
        return CrashBoardWindow(system, layout, path, parent)
    window = CrashBoardWindow(system, system.new_layout(template=system.templates[0].id), None, parent)
    if path is not None:
        window.open_path(path)
    return window
