"""The generic editor window, for a game that offers `editing()` and has no editor of its own.

Click places the palette's feature on the cell under the pointer, or on the cell's side nearest
the pointer (within a few pixels) for an edge feature; right-click removes what is there; R
turns it; the arrows move a keyboard cursor, [ and ] turn the side it names (every side of a hex is
in reach), Enter places at it, Delete removes at it. Every edit
is an undo command calling one document method; the board, findings and title follow the
document's one `changed` signal; the findings follow from the shell's live validation (on a
worker thread when the game's `validate` is slow). The scene never changes the model. A game
with `play_rules()` gets a Playtest (F5) on the play kernel (transport.py). Files, Open Recent,
settings and Help are the window shell's."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QSize, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QSpinBox, QWidget

from crashgrab.engine.findings import Finding
from crashgrab.engine.grid.hex import angle_between
from crashgrab.engine.system import GameSystem
from crashgrab.engine.version import PRODUCT_NAME

from ..findings_panel import FindingsPanel
from ..game_views import CELL
from ..shortcuts import apply_shortcuts
from ..toolbar import command_icon, file_commands, keys_in_tips, main_toolbar
from ..window_shell import WindowShell
from . import commands
from .board_view import BoardView
from .document import BoardDocument
from .palette import feature_icon
from .transport import PlaytestTransport

EDGE_PIXELS = 8.0  # a click this close to a cell's side names that side
ARROWS = {Qt.Key_Right: 0.0, Qt.Key_Down: 90.0, Qt.Key_Left: 180.0, Qt.Key_Up: 270.0}
HINT = ("Pick a feature, then click a cell (or near a cell's side for an edge feature); right-click removes, "
        "R turns; from the keyboard the arrows move, [ and ] pick the side, Enter places, Delete removes.")


class GenericEditorWindow(WindowShell, QMainWindow):
    def __init__(self, system: GameSystem, layout: Any, path: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        editing = system.editing()
        assert editing is not None, "the generic editor needs the game's editing()"
        self.system, self.editing = system, editing
        self.noun = system.layout_noun if system.layout_noun != "layout" else "board"
        self.document = BoardDocument(editing, layout, path)
        self.undo_stack = self.document.undo_stack
        self.other_windows: list[QWidget] = []
        self.tool = editing.placeable[0] if editing.placeable else ""
        self.cursor: tuple[int, int] | None = None
        self.cursor_side = system.geometry.directions[0]
        self.marked: tuple[tuple[int, int], ...] = ()
        self.view = BoardView(system)
        self.setCentralWidget(self.view)
        self._actions()
        self._palette()
        self._findings_dock()
        self._playtest_dock()
        self._menus()
        apply_shortcuts(self.shared_actions())
        keys_in_tips([self.open_action, self.save_action, self.undo_action, self.redo_action, self.playtest_action])
        self.view.pressed.connect(self.on_pressed)
        self.view.hovered.connect(self.on_hovered)
        self.start_live_validation()
        self.document.changed.connect(self.refresh)
        self.refresh()
        self.statusBar().showMessage(HINT)
        self.restore_window(QSize(1000, 700))

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
        self.rules = self.system.play_rules()
        self.playtest_action = QAction("Playtest", self, checkable=True, enabled=self.rules is not None)
        self.playtest_action.setObjectName("playtest")
        self.playtest_action.setToolTip("Play test moves on this board under the game's rules" if self.rules
                                        else "This game has no rules engine to playtest with")
        self.playtest_action.toggled.connect(self.set_playtesting)
        self.zoom_in_action = QAction("Zoom In", self, shortcut=QKeySequence.ZoomIn,
                                      triggered=lambda: self.view.zoom_by(1.25))
        self.zoom_out_action = QAction("Zoom Out", self, shortcut=QKeySequence.ZoomOut,
                                       triggered=lambda: self.view.zoom_by(0.8))
        self.fit_action = QAction("Fit Board", self, shortcut="Ctrl+0", triggered=self.view.fit)
        self.addActions([self.undo_action, self.redo_action, self.save_action, self.save_as_action,
                         self.playtest_action, self.zoom_in_action, self.zoom_out_action, self.fit_action])

    def _palette(self) -> None:
        """The feature tools, each drawn as the board draws it and named (so they are the legend too),
        then the size and the commands."""
        self.commands_toolbar = main_toolbar(self, "Commands", "commands_toolbar")  # filled with the File menu
        bar = self.toolbar = self.addToolBar("Features")
        bar.setObjectName("feature_tools")
        bar.setMovable(False)
        bar.setToolButtonStyle(Qt.ToolButtonTextBesideIcon)
        group = QActionGroup(self)
        self.tool_actions: dict[str, QAction] = {}
        for feature_type in self.editing.placeable:
            kind = self.system.feature_kind(feature_type)
            title = kind.title if kind else feature_type
            action = QAction(feature_icon(self.system, feature_type), title, self, checkable=True)
            action.setObjectName(f"tool_{feature_type}")
            where = "near a cell's side" if kind and kind.on_edge else "a cell"
            action.setToolTip(f"{title}: click {where} to place it")
            action.setChecked(feature_type == self.tool)
            action.triggered.connect(lambda _checked=False, t=feature_type: setattr(self, "tool", t))
            group.addAction(action)
            bar.addAction(action)
            self.tool_actions[feature_type] = action
        size = self.editing.size(self.document.layout)
        self.width_box = self.height_box = None
        if size is not None:
            bar.addSeparator()
            self.width_box, self.height_box = QSpinBox(), QSpinBox()
            for box, prefix in ((self.width_box, "W "), (self.height_box, "H ")):
                box.setRange(1, 64)
                box.setPrefix(prefix)
                bar.addWidget(box)
            self.resize_action = bar.addAction("Resize", self.resize_board)
            self.resize_action.setObjectName("resize")
        bar.addSeparator()
        self.playtest_action.setIcon(command_icon("playtest"))
        bar.addAction(self.playtest_action)

    def _findings_dock(self) -> None:
        self.findings = FindingsPanel(overridable=False, compact=True)
        self.findings.findingSelected.connect(self._finding_selected)
        self.findings_dock = self.side_dock("Findings", "findings", self.findings)
        self.add_finding_navigation()

    def _playtest_dock(self) -> None:
        """The transport, tabbed with the findings so the board keeps the width."""
        self.playtest = None
        if self.rules is None:
            return
        self.playtest = PlaytestTransport(self.rules)
        self.playtest.shown.connect(self._show_state)
        self.playtest.refused.connect(lambda why: self.statusBar().showMessage(f"Not played: {why}", 8000))
        self.playtest_dock = QDockWidget("Playtest", self)
        self.playtest_dock.setObjectName("playtest")
        self.playtest_dock.setWidget(self.playtest)
        self.addDockWidget(Qt.RightDockWidgetArea, self.playtest_dock)
        self.tabifyDockWidget(self.findings_dock, self.playtest_dock)
        self.playtest_dock.hide()

    # --- panels (the shell arranges them: a rail of tabs below its wide width) -------------------------
    def rail_docks(self) -> list[QDockWidget]:
        return [self.findings_dock] + ([self.playtest_dock] if self.playtest is not None else [])

    def wide_panels(self) -> None:
        """Findings and Playtest as two tabs of one column on the right."""
        docks = self.rail_docks()
        for dock in docks:
            self.addDockWidget(Qt.RightDockWidgetArea, dock)
        for dock in docks[1:]:
            self.tabifyDockWidget(docks[0], dock)
        self.resizeDocks([self.findings_dock], [300], Qt.Horizontal)

    def panels_arranged(self) -> None:
        (self.playtest_dock if self.playtesting else self.findings_dock).raise_()
        self.fit_findings_columns(self.findings)

    @property
    def playtesting(self) -> bool:
        return self.playtest_action.isChecked()

    def set_playtesting(self, on: bool) -> None:
        """Playtest on: the board shows the play state and edits wait; off: the layout again."""
        if self.playtest is None:
            return
        self.playtest_dock.setVisible(on)
        if on:
            self.playtest_dock.raise_()
            self.playtest.start(self.document.layout)
        else:
            self.redraw()

    def _show_state(self, state) -> None:
        self.view.show_picture(self.system.state_picture(self.document.layout, state), None, ())

    def _menus(self) -> None:
        self.add_file_menu(f"New free-form {self.noun}")
        file_commands(self, self.commands_toolbar, self.findChild(QMenu, f"new_{self.noun}"),
                      f"Start a new {self.noun} on a template, or free-form")
        edit_menu = self.menuBar().addMenu("&Edit")
        edit_menu.addActions([self.undo_action, self.redo_action])
        view_menu = self.menuBar().addMenu("&View")
        view_menu.addActions([self.zoom_in_action, self.zoom_out_action, self.fit_action, self.playtest_action])
        view_menu.addSeparator()
        view_menu.addActions([self.next_finding_action, self.previous_finding_action])
        self.add_help_menu()

    # --- showing -------------------------------------------------------------------------------
    def refresh(self) -> None:
        """After every change of the document: the board, the size boxes, the findings, the title."""
        layout = self.document.layout
        self.redraw()
        size = self.editing.size(layout)
        if size is not None and self.width_box is not None:
            self.width_box.setValue(size[0])
            self.height_box.setValue(size[1])
        self.validator.request(layout)  # the findings follow (at once when validating is quick)
        name = self.document.path.name if self.document.path else self.system.layout_name(layout) or "Untitled"
        self.setWindowTitle(f"{'*' if self.document.dirty else ''}{name} ({self.system.title}) \u2014 {PRODUCT_NAME}")

    def show_report(self, report) -> None:
        self.findings.set_findings(report.findings, report.summary())

    def redraw(self) -> None:
        """The board again, from the model, with the cursor and the selected finding's cells
        (while playtesting, the play state stays on the board)."""
        if self.playtesting and self.playtest is not None and self.playtest.session is not None:
            self._show_state(self.playtest.session.state)
            return
        self.view.show_picture(self.system.picture(self.document.layout), self.cursor, self.marked)

    def _finding_selected(self, finding: Finding | None) -> None:
        self.marked = tuple(finding.cells) if finding is not None else ()
        self.redraw()

    def on_hovered(self, point) -> None:
        if self.view.board_item is not None:
            self.statusBar().showMessage(self.view.board_item.describe_at(QPointF(point[0] * CELL, point[1] * CELL)))

    # --- editing -------------------------------------------------------------------------------
    def edit(self, command: commands.LayoutEdit) -> bool:
        """Push an edit; a refused one leaves nothing on the stack and says why."""
        self.undo_stack.push(command)
        if command.refused is not None:
            self.statusBar().showMessage(f"Not done: {command.refused.message}", 8000)
            return False
        return True

    def side_at(self, point) -> tuple[tuple[int, int], str] | None:
        return self.system.geometry.edge_at(point, EDGE_PIXELS / max(self.view.pixels_per_unit(), 1e-6))

    def on_pressed(self, point, button) -> None:
        if self.playtesting:
            self.statusBar().showMessage("Playtesting: turn Playtest off (F5) to edit the board.", 5000)
            return
        geometry = self.system.geometry
        cell = geometry.cell_at(point)
        side = self.side_at(point)
        if button == Qt.RightButton:
            on_edge = side is not None and self._has_edge_feature(*side)
            self.edit(commands.Remove(self.document, *(side if on_edge and side else (cell, None))))
            return
        if button != Qt.LeftButton or not self.tool:
            return
        self.place_at(cell, side)

    def place_at(self, cell, side) -> bool:
        kind = self.system.feature_kind(self.tool)
        title = kind.title if kind else self.tool
        if kind is not None and kind.on_edge:
            if side is None:
                self.statusBar().showMessage(f"Not done: click nearer a cell's side to place a {title.lower()}.", 8000)
                return False
            return self.edit(commands.Place(self.document, self.tool, title, side[0], side[1]))
        return self.edit(commands.Place(self.document, self.tool, title, cell, None))

    def _has_edge_feature(self, cell, edge) -> bool:
        key = self.system.geometry.edge_key(cell, edge)
        return any(f.edge is not None and self.system.geometry.edge_key(f.cell, f.edge) == key
                   for f in self.system.picture(self.document.layout).features)

    def resize_board(self) -> bool:
        return self.edit(commands.Resize(self.document, self.width_box.value(), self.height_box.value()))

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if self.playtesting:
            super().keyPressEvent(event)
            return
        geometry = self.system.geometry
        cells = self.system.picture(self.document.layout).cells
        if event.key() in ARROWS:
            angle = ARROWS[event.key()]
            self.cursor_side = min(geometry.directions, key=lambda d: angle_between(geometry.direction_angle(d), angle))
            if self.cursor is None:
                self.cursor = cells[0] if cells else (0, 0)
            else:
                ahead = geometry.step(self.cursor, self.cursor_side)
                self.cursor = ahead if ahead in cells else self.cursor
            self._show_cursor()
            return
        if self.cursor is not None and event.key() in (Qt.Key_BracketLeft, Qt.Key_BracketRight):
            # [ and ] turn the cursor's side one direction round, so every side of a hex is in reach
            directions = geometry.directions
            turn = 1 if event.key() == Qt.Key_BracketRight else -1
            self.cursor_side = directions[(directions.index(self.cursor_side) + turn) % len(directions)]
            self._show_cursor()
            return
        if self.cursor is not None:
            kind = self.system.feature_kind(self.tool)
            side = (self.cursor, self.cursor_side)
            if event.key() in (Qt.Key_Return, Qt.Key_Enter, Qt.Key_Space):
                self.place_at(self.cursor, side)
                return
            if event.key() in (Qt.Key_Delete, Qt.Key_Backspace):
                on_edge = kind is not None and kind.on_edge and self._has_edge_feature(*side)
                self.edit(commands.Remove(self.document, *(side if on_edge else (self.cursor, None))))
                return
            if event.key() == Qt.Key_R:
                on_edge = kind is not None and kind.on_edge and self._has_edge_feature(*side)
                self.edit(commands.Turn(self.document, *(side if on_edge else (self.cursor, None))))
                return
        super().keyPressEvent(event)

    def _show_cursor(self) -> None:
        self.redraw()
        x, y = self.system.geometry.cell_centre(self.cursor)
        self.statusBar().showMessage(self.view.board_item.describe_at(QPointF(x * CELL, y * CELL))
                                     + f" (edge features go on its {self.cursor_side} side; [ and ] turn it)")


def open_generic_editor(system: GameSystem, layout: Any, path: Path | None,
                        parent: QWidget | None = None) -> GenericEditorWindow:
    if layout is not None:
        return GenericEditorWindow(system, layout, path, parent)
    window = GenericEditorWindow(system, system.new_layout(template=system.templates[0].id if system.templates
                                                           else None), None, parent)
    if path is not None:
        window.open_path(path)
    return window
