"""The tile designer's chrome (a mixin of window.TileDesignerWindow): the docks (tile set and
tiles, problems, history), the canvas with its size header, every action with its shortcut, the
menus and the toolbar. It only builds and wires widgets; what an action does lives in edits.py
and files.py."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QRegularExpressionValidator
from PySide6.QtWidgets import (QComboBox, QDockWidget, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton,
                               QSpinBox, QUndoView, QVBoxLayout, QWidget)

from crashgrab.engine.crash_and_grab.terms import CRASH_SITE_NUMBERS
from crashgrab.engine.crash_and_grab.tile_editing import MAX_TILE_SIZE

from .canvas import TileCanvas
from .edits import TILESET_ID
from .problems import ProblemList
from .tile_list import TileList
from .tools import TOOL_KEYS, TOOL_TIPS, TOOL_TITLES, TOOLS, tool_icon


class DesignerChrome:
    document: Any
    canvas: Any

    def _build_widgets(self) -> None:
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("what designers call it")
        self.id_edit = QLineEdit()
        self.id_edit.setValidator(QRegularExpressionValidator(TILESET_ID.pattern))
        self.id_edit.setToolTip("A short name: letters, digits, '-', '_' and '.' only.")
        names = QFormLayout()
        names.setContentsMargins(0, 0, 0, 0)
        names.setRowWrapPolicy(QFormLayout.WrapAllRows)  # each field the panel's full width: long names fit
        names.addRow("Name", self.name_edit)
        names.addRow("Id", self.id_edit)
        self.tile_list = TileList()
        self.new_width, self.new_height = _size_spin(3, "width of the new tile"), _size_spin(3, "height of the new tile")
        self.add_button = QPushButton("New Tile")
        new_row = QHBoxLayout()
        new_row.addWidget(QLabel("New tile"))
        new_row.addWidget(self.new_width)
        new_row.addWidget(QLabel("\u00d7"))
        new_row.addWidget(self.new_height)
        new_row.addWidget(self.add_button, 1)
        self.duplicate_button, self.delete_button = QPushButton("Duplicate"), QPushButton("Delete")
        tile_buttons = QHBoxLayout()
        tile_buttons.addWidget(self.duplicate_button)
        tile_buttons.addWidget(self.delete_button)
        left = QWidget()
        column = QVBoxLayout(left)
        column.addWidget(_section("Tile set"))
        column.addLayout(names)
        column.addWidget(_section("Tiles"))
        column.addWidget(self.tile_list, 1)
        column.addLayout(tile_buttons)
        column.addLayout(new_row)
        self.tiles_dock = self._dock("Tile Set", "tilesDock", left, Qt.LeftDockWidgetArea)

        self.tile_title = QLabel()
        self.tile_title.setObjectName("tileTitle")
        self.width_spin, self.height_spin = _size_spin(1, "the tile's width"), _size_spin(1, "the tile's height")
        header = QHBoxLayout()
        header.setContentsMargins(12, 8, 12, 0)
        header.addWidget(self.tile_title)
        header.addStretch(1)
        header.addWidget(QLabel("Size"))
        header.addWidget(self.width_spin)
        header.addWidget(QLabel("\u00d7"))
        header.addWidget(self.height_spin)
        self.canvas = TileCanvas()
        hint = QLabel("Click a cell to paint it with the chosen tool; right-click erases. "
                      "Both sides of the tile are shown: A on the left (or top), B on the right (or below).")
        hint.setWordWrap(True)
        hint.setStyleSheet("color: #56616e; padding: 0 12px 6px 12px;")
        centre = QWidget()
        box = QVBoxLayout(centre)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(4)
        box.addLayout(header)
        box.addWidget(self.canvas, 1)
        box.addWidget(hint)
        self.setCentralWidget(centre)

        self.problems = ProblemList()
        self.problems_dock = self._dock("Problems", "problemsDock", self.problems, Qt.RightDockWidgetArea)
        self.history = QUndoView(self.document.undo_stack)
        self.history.setEmptyLabel("Opened")
        self.history_dock = self._dock("History", "historyDock", self.history, Qt.RightDockWidgetArea)
        self.resizeDocks([self.tiles_dock, self.problems_dock], [280, 300], Qt.Horizontal)

    def _dock(self, title: str, name: str, widget: QWidget, area) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetMovable | QDockWidget.DockWidgetFloatable)
        self.addDockWidget(area, dock)
        return dock

    def _action(self, key: str, text: str, slot, shortcut=None, tip: str = "", checkable: bool = False) -> QAction:
        action = QAction(text, self)
        action.setObjectName(key)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
            plain = text.replace("&", "").rstrip(".\u2026")
            action.setToolTip(f"{plain}: {tip}")
        action.setCheckable(checkable)
        action.triggered.connect(slot)
        self.actions[key] = action
        return action

    def _build_actions(self) -> None:
        self.actions: dict[str, QAction] = {}
        a = self._action
        a("new_set", "&New Tile Set", self.new_tileset, None, "start an empty tile set")
        a("new_copy", "New &Copy of the Standard Tiles", self.new_standard_copy, None,
          "start from the 14 tiles of the game")
        a("open", "&Open Tile Set\u2026", self.open_dialog, QKeySequence.Open, "open a tile set file")
        a("save", "&Save", self.save, QKeySequence.Save, "save the tile set (refused while it has problems)")
        a("save_as", "Save &As\u2026", self.save_as, "Ctrl+Shift+S", "save the tile set under a new name")
        a("use", "&Use in Layout", lambda: self.use_in_layout(embed=False), "Ctrl+U",
          "the editor's layout refers to this tile set's file (saved first)")
        a("embed", "&Embed in Layout", lambda: self.use_in_layout(embed=True), None,
          "copy this tile set into the editor's layout file")
        a("new_layout", "New &Free-form Layout with These Tiles", self.new_layout_from_set, None,
          "start an empty free-form board in the editor using this tile set's file")
        a("close", "&Close", self.close, QKeySequence.Close)
        undo = self.document.undo_stack.createUndoAction(self, "&Undo")
        undo.setShortcuts([QKeySequence("Ctrl+Z")])
        redo = self.document.undo_stack.createRedoAction(self, "&Redo")
        redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.actions["undo"], self.actions["redo"] = undo, redo
        a("new_tile", "&New Tile", lambda: self.add_new_tile(), "Ctrl+T", "add an empty tile of the size set below the list")
        a("duplicate", "&Duplicate Tile", self.duplicate_current, "Ctrl+D", "copy the tile, both sides")
        a("delete", "De&lete Tile", self.delete_current, QKeySequence.Delete, "remove the tile from the set")
        self.tool_group = QActionGroup(self)
        for tool in TOOLS:
            action = a(f"tool_{tool}", TOOL_TITLES[tool], lambda _=False, t=tool: self.set_tool(t), TOOL_KEYS[tool],
                       TOOL_TIPS[tool], checkable=True)
            action.setIcon(tool_icon(tool))
            self.tool_group.addAction(action)
        self.actions["tool_crash_site"].setChecked(True)
        self.number = QSpinBox()
        self.number.setRange(CRASH_SITE_NUMBERS[0], CRASH_SITE_NUMBERS[-1])
        self.number.setValue(1)
        self.number.setPrefix("No. ")
        self.number.setToolTip("The Crash Site's number: 1-12, the faces of the placement die.")

    def _build_menus(self) -> None:
        bar = self.menuBar()
        menu = bar.addMenu("&File")
        for key in ("new_set", "new_copy", "open", None, "save", "save_as", None, "use", "embed", "new_layout",
                    None, "close"):
            menu.addSeparator() if key is None else menu.addAction(self.actions[key])
        menu = bar.addMenu("&Edit")
        for key in ("undo", "redo", None, "new_tile", "duplicate", "delete"):
            menu.addSeparator() if key is None else menu.addAction(self.actions[key])
        menu = bar.addMenu("&Tools")
        for tool in TOOLS:
            menu.addAction(self.actions[f"tool_{tool}"])
        menu = bar.addMenu("&View")
        for dock in (self.tiles_dock, self.problems_dock, self.history_dock):
            menu.addAction(dock.toggleViewAction())

    def _build_toolbar(self) -> None:
        toolbar = self.addToolBar("Designer")
        toolbar.setObjectName("designerToolbar")
        toolbar.setMovable(False)
        toolbar.setToolButtonStyle(Qt.ToolButtonTextBesideIcon)
        toolbar.addAction(self.actions["tool_crash_site"])
        toolbar.addWidget(self.number)
        toolbar.addAction(self.actions["tool_accelerator"])
        toolbar.addAction(self.actions["tool_erase"])
        toolbar.addSeparator()
        toolbar.addWidget(QLabel(" Show "))
        self.sides_box = QComboBox()
        self.sides_box.addItems(["Sides A and B", "Side A", "Side B"])
        self.sides_box.setToolTip("Show both sides, or one side as large as the window allows (big tiles)")
        self.sides_box.currentIndexChanged.connect(
            lambda index: self.canvas.show_sides(("A", "B") if index == 0 else ("AB"[index - 1],)))
        toolbar.addWidget(self.sides_box)
        toolbar.addSeparator()
        # Fixed "Undo"/"Redo" labels: the stack's own actions grow with the step's name and would
        # shift the toolbar; the step's name is their tool tip (and the Edit menu's text).
        stack = self.document.undo_stack
        self.toolbar_undo = QAction("Undo", self)
        self.toolbar_redo = QAction("Redo", self)
        for button, key in ((self.toolbar_undo, "undo"), (self.toolbar_redo, "redo")):
            button.setObjectName(f"toolbar_{key}")
            button.triggered.connect(self.actions[key].trigger)
            toolbar.addAction(button)
        stack.canUndoChanged.connect(self.toolbar_undo.setEnabled)
        stack.canRedoChanged.connect(self.toolbar_redo.setEnabled)
        stack.undoTextChanged.connect(self._undo_text_changed)
        stack.redoTextChanged.connect(self._redo_text_changed)
        self.toolbar_undo.setEnabled(stack.canUndo())
        self.toolbar_redo.setEnabled(stack.canRedo())
        for key in (None, "save", "use"):
            toolbar.addSeparator() if key is None else toolbar.addAction(self.actions[key])
        self.toolbar = toolbar

    def _undo_text_changed(self, text: str) -> None:
        self.toolbar_undo.setToolTip(f"Undo {text}" if text else "Nothing to undo")

    def _redo_text_changed(self, text: str) -> None:
        self.toolbar_redo.setToolTip(f"Redo {text}" if text else "Nothing to redo")


def _size_spin(value: int, what: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(1, MAX_TILE_SIZE)
    spin.setValue(value)
    spin.setToolTip(f"{what.capitalize()}: 1 to {MAX_TILE_SIZE} cells.")
    return spin


def _section(text: str) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet("color: #3d4753; font-weight: bold; padding-top: 4px;")
    return label
