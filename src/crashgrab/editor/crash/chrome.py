"""The Crash! window's chrome (a mixin of window.CrashBoardWindow): its actions, toolbar (the
studio's, with the tools and the car a start tool places), menus, status bar and docks (findings,
metrics, playtest, history, messages, legend) and how they are arranged in a wide or a narrow
window. It only builds and wires widgets; what they do lives in the window and board_input.py."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QAction, QActionGroup, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QDockWidget, QLabel, QMenu, QSpinBox

from crashgrab.engine.crash.terms import CARS, PLAYERS

from ..findings_panel import FindingsPanel
from ..legend import LegendStrip
from ..toolbar import file_commands, keys_in_tips, main_toolbar, mode_bar
from .panels import PANEL_WIDTH, MetricsTable
from .playtest_panel import PlaytestPanel
from .scene import PIECES, paint_piece

HEX_TOOL = "hex"


class BoardChrome:
    undo_stack: Any
    open_action: Any
    compact: Any
    playtesting: bool

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
        file_commands(self, bar, self.findChild(QMenu, "new_board"), "Start a new board on a template, or free-form")
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
            self.history_tip(action, verb, text())
            changed.connect(lambda t, a=action, v=verb: self.history_tip(a, v, t))

    def _status_bar(self) -> None:
        """The hex under the pointer or the keyboard's cursor, named, at the right of the status bar."""
        self.cell_label = QLabel()
        self.cell_label.setObjectName("cell_label")
        self.cell_label.setMinimumWidth(240)
        self.statusBar().addPermanentWidget(self.cell_label)

    def _docks(self) -> None:
        self.findings = FindingsPanel(overridable=False, compact=True)  # the studio's panel; boards keep no overrides
        self.findings_dock = self.side_dock("Findings", "findings", self.findings)
        self.add_finding_navigation()
        self.metrics = MetricsTable()
        self.metrics_dock = self.side_dock("Metrics", "metrics", self.metrics)
        self.playtest = PlaytestPanel()
        self.playtest.changed.connect(self.redraw)
        self.playtest.save_requested.connect(self.save_playtest)
        self.playtest_dock = self.side_dock("Playtest", "playtest", self.playtest)
        self.playtest_dock.hide()
        self.add_history_and_messages()
        self.add_legend_dock(LegendStrip(legend_entries()))

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


def tool_icon(piece: str, size: int = 24) -> QIcon:
    """A tool's piece as the board draws it (scene.PIECES), so the toolbar matches the board and the legend."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.Antialiasing)
    paint_piece(painter, QRectF(0, 0, size, size), PIECES[piece], tight=piece != "hex")
    painter.end()
    return QIcon(pixmap)


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
