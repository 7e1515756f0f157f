"""The tile designer's window: a tile list, the painting canvas, problems and history.

It turns gestures into undo commands on its own `TileSetDocument` (never changing the tile
set itself), saves only through the engine, and hands a finished tile set to the main
editor's layout ("Use in Layout", "Embed in Layout", "New Free-form Layout").
"""
from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QRegularExpressionValidator
from PySide6.QtWidgets import (QComboBox, QDockWidget, QFileDialog, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QMainWindow,
                               QMessageBox, QPushButton, QSpinBox, QUndoView, QVBoxLayout, QWidget)

from crashgrab.engine.crash_and_grab.terms import CRASH_SITE_NUMBERS
from crashgrab.engine.errors import CrashGrabError
from crashgrab.engine.grid.model import Cell, Feature
from crashgrab.engine.crash_and_grab.tile_editing import MAX_TILE_SIZE, new_tile
from crashgrab.engine.grid.tile_editing import duplicate_tile, feature_at

from ..board_painter import feature_words
from ...designer_words import show_error
from ...save_prompt import ask_save_path, ask_to_save, failure_message
from .canvas import TileCanvas
from .commands import AddTile, DeleteTile, PaintCell, RenameTileSet, ResizeTile
from .document import TileSetDocument, empty_tileset, standard_copy
from .problems import ProblemList, summary_html
from .tile_list import TileList
from .tools import TOOL_KEYS, TOOL_TIPS, TOOL_TITLES, TOOLS, brush_for, tool_icon

TITLE = "Tile Designer"
FILE_FILTER = "Crash & Grab tile sets (*.json);;All files (*)"
TILESET_ID = re.compile(r"[A-Za-z0-9_.-]+")


class TileDesignerWindow(QMainWindow):
    """`editor` is the main window whose layout receives the tile set, or None (standalone)."""

    def __init__(self, document: TileSetDocument | None = None, editor=None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        if parent is not None:
            self.setWindowFlag(Qt.Window)  # its own window, closed along with the editor
        self.setObjectName("tileDesigner")
        self.editor = editor
        self.document = document if document is not None else TileSetDocument()
        self.document.setParent(self)
        self.current: str | None = None  # the tile being painted (view state, not an edit)
        self.tool = "crash_site"
        self._build_widgets()
        self._build_actions()
        self._build_menus()
        self._build_toolbar()
        self.status_label = QLabel()
        self.statusBar().addPermanentWidget(self.status_label)
        self._connect()
        self.resize(QSize(1180, 760))
        self._tileset_replaced()
        self.set_tool("crash_site")

    # --- construction ------------------------------------------------------------------
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

    def _connect(self) -> None:
        self.document.tilesetChanged.connect(self._tileset_changed)
        self.document.fileChanged.connect(self._update_title)
        self.document.undo_stack.cleanChanged.connect(self._update_title)
        self.tile_list.tileSelected.connect(self.select_tile)
        self.canvas.cellClicked.connect(self.paint_cell)
        self.canvas.cellHovered.connect(self._cell_hovered)
        self.number.valueChanged.connect(lambda _: self.set_tool("crash_site"))
        self.add_button.clicked.connect(lambda: self.add_new_tile())
        self.duplicate_button.clicked.connect(self.duplicate_current)
        self.delete_button.clicked.connect(self.delete_current)
        self.width_spin.valueChanged.connect(lambda _: self.resize_current(self.width_spin.value(),
                                                                           self.height_spin.value()))
        self.height_spin.valueChanged.connect(lambda _: self.resize_current(self.width_spin.value(),
                                                                            self.height_spin.value()))
        self.name_edit.editingFinished.connect(self._names_edited)
        self.id_edit.editingFinished.connect(self._names_edited)
        self.problems.tileChosen.connect(self.select_tile)

    # --- tools ------------------------------------------------------------------------------
    def set_tool(self, tool: str) -> None:
        self.tool = tool
        self.actions[f"tool_{tool}"].setChecked(True)
        self.actions["tool_crash_site"].setIcon(tool_icon("crash_site", self.number.value()))
        self.canvas.set_brush(self.brush())
        words = {"crash_site": f"Crash Site {self.number.value()}", "accelerator": "an Accelerator"}
        self.statusBar().showMessage(
            f"Click a cell to put {words[tool]} there; right-click erases." if tool in words
            else "Click a cell to clear it.", 6000)

    def brush(self) -> Feature | None:
        """What a left click puts on a cell (None: the cell is cleared)."""
        return brush_for(self.tool, self.number.value())

    # --- edits: each pushes one undo command ----------------------------------------------
    def paint_cell(self, side: str, cell: Cell, erase: bool = False) -> bool:
        tile = self.document.tile(self.current) if self.current else None
        if tile is None:
            return False
        feature = None if erase else self.brush()
        current = feature_at(tile, side, cell)
        if feature is None and current is None:
            return False
        if feature is not None and current is not None and \
                (current.type, current.number) == (feature.type, feature.number) and \
                sum((f.x, f.y) == cell for f in tile.sides[side]) == 1:
            self.statusBar().showMessage(f"{tile.id}{side} [{cell[0]},{cell[1]}] already has "
                                         f"{feature_words(current)}.", 4000)
            return False
        self.document.undo_stack.push(PaintCell(self.document, tile.id, side, cell, feature))
        return True

    def add_new_tile(self, width: int | None = None, height: int | None = None) -> str:
        """An empty custom tile, by default of the size set beside the New Tile button."""
        width = self.new_width.value() if width is None else width
        height = self.new_height.value() if height is None else height
        tileset, tile_id = new_tile(self.document.tileset, width, height)
        self.document.undo_stack.push(AddTile(self.document, tileset.get(tile_id),
                                              f"New tile {tile_id} ({width}\u00d7{height})"))
        self.select_tile(tile_id)
        return tile_id

    def duplicate_current(self) -> str | None:
        if not self.current:
            return None
        tileset, copy_id = duplicate_tile(self.document.tileset, self.current)
        index = self.document.tileset.ids().index(self.current) + 1
        self.document.undo_stack.push(AddTile(self.document, tileset.get(copy_id),
                                              f"Duplicate tile {self.current} as {copy_id}", index))
        self.select_tile(copy_id)
        return copy_id

    def delete_current(self) -> bool:
        if not self.current:
            return False
        ids = self.document.tileset.ids()
        index = ids.index(self.current)
        self.document.undo_stack.push(DeleteTile(self.document, self.current))
        remaining = self.document.tileset.ids()
        self.select_tile(remaining[min(index, len(remaining) - 1)] if remaining else None)
        return True

    def resize_current(self, width: int, height: int) -> bool:
        tile = self.document.tile(self.current) if self.current else None
        if tile is None or (tile.width, tile.height) == (width, height):
            return False
        command = ResizeTile(self.document, tile.id, width, height)
        dropped = sum(len(tile.sides[s]) - len(command.after.sides[s]) for s in tile.sides)
        self.document.undo_stack.push(command)
        if dropped:
            self.statusBar().showMessage(f"Shrinking tile {tile.id} removed {dropped} feature(s) outside "
                                         f"{width}\u00d7{height}; Undo brings them back.", 8000)
        return True

    def rename(self, tileset_id: str, name: str) -> bool:
        tileset = self.document.tileset
        if not TILESET_ID.fullmatch(tileset_id):
            self.statusBar().showMessage("A tile set id is letters, digits, '-', '_' and '.' only.", 6000)
            self._show_names()
            return False
        if (tileset_id, name) == (tileset.id, tileset.name):
            return False
        self.document.undo_stack.push(RenameTileSet(self.document, tileset_id, name))
        return True

    def _names_edited(self) -> None:
        self.rename(self.id_edit.text().strip(), self.name_edit.text().strip())

    # --- selection and refresh ----------------------------------------------------------------
    def select_tile(self, tile_id: str | None) -> None:
        if tile_id is not None and self.document.tile(tile_id) is None:
            tile_id = None
        self.current = tile_id
        if self.tile_list.current_tile() != tile_id:
            self.tile_list.blockSignals(True)
            self.tile_list.select(tile_id, emit=False)
            self.tile_list.blockSignals(False)
        self._show_tile()

    def _tileset_replaced(self) -> None:
        ids = self.document.tileset.ids()
        self.current = ids[0] if ids else None
        self._tileset_changed()
        self._update_title()

    def _tileset_changed(self) -> None:
        ids = self.document.tileset.ids()
        if self.current not in ids:
            self.current = ids[0] if ids else None
        faults = self.document.faults()
        self.tile_list.set_tileset(self.document.tileset, faults, self.current)
        self._show_names()
        self._show_problems(faults)
        self._show_tile()

    def _show_tile(self) -> None:
        tile = self.document.tile(self.current) if self.current else None
        self.canvas.set_tile(tile, self.document.faults())
        self.canvas.set_brush(self.brush())
        for spin, value in ((self.width_spin, tile.width if tile else 1), (self.height_spin, tile.height if tile else 1)):
            spin.blockSignals(True)
            spin.setValue(value)
            spin.setEnabled(tile is not None)
            spin.blockSignals(False)
        if tile is None:
            self.tile_title.setText("<b>No tile</b>")
        else:
            count = sum(len(features) for features in tile.sides.values())
            self.tile_title.setText(f"<span style='font-size:15px'><b>Tile {tile.id}</b></span> "
                                    f"<span style='color:#56616e'>\u00b7 {tile.kind} \u00b7 {count} feature"
                                    f"{'s' if count != 1 else ''} on two sides</span>")
        for key in ("duplicate", "delete"):
            self.actions[key].setEnabled(tile is not None)
        self.duplicate_button.setEnabled(tile is not None)
        self.delete_button.setEnabled(tile is not None)

    def _show_names(self) -> None:
        tileset = self.document.tileset
        for edit, value in ((self.name_edit, tileset.name), (self.id_edit, tileset.id)):
            if edit.text() != value:
                edit.blockSignals(True)
                edit.setText(value)
                edit.setCursorPosition(0)  # the start of a long name, not its end
                edit.blockSignals(False)
            edit.setToolTip(value)

    def _show_problems(self, faults) -> None:
        self.problems.set_faults(faults)
        self.status_label.setText(summary_html(faults))
        for key in ("use", "embed", "new_layout"):
            self.actions[key].setEnabled(self.editor is not None)

    def _cell_hovered(self, target) -> None:
        if target is None or self.canvas.tile is None:
            self.statusBar().clearMessage()
        else:
            self.statusBar().showMessage(self.canvas.describe(*target))

    def _update_title(self) -> None:
        self.setWindowTitle(f"{self.document.display_name()}[*] \u2014 {TITLE}")
        self.setWindowModified(self.document.is_modified())

    # --- files ---------------------------------------------------------------------------------
    def maybe_save(self, doing: str = "continuing") -> bool:
        """Unsaved changes: ask to save, discard or cancel. True means go ahead."""
        if not self.document.is_modified():
            return True
        return ask_to_save(self, "Unsaved tile set", f"The tile set \u201c{self.document.display_name()}\u201d has "
                           f"unsaved changes. Save them before {doing}?", self.save)

    def start(self, tileset, path: str | Path | None = None) -> bool:
        """Design `tileset` (saved at `path`, or untitled), after asking about unsaved changes."""
        if not self.maybe_save("starting another tile set"):
            return False
        self.document.reset(tileset, path)
        self._tileset_replaced()
        return True

    def new_tileset(self) -> bool:
        return self.start(empty_tileset())

    def new_standard_copy(self) -> bool:
        return self.start(standard_copy())

    def open_dialog(self) -> bool:
        path, _ = QFileDialog.getOpenFileName(self, "Open tile set", self._folder(), FILE_FILTER)
        return self.open_path(path) if path else False

    def open_path(self, path: str | Path) -> bool:
        """A file that fails to load shows the engine's message and changes nothing."""
        if not self.maybe_save("opening another tile set"):
            return False
        try:
            self.document.open(path)
        except CrashGrabError as error:
            show_error(self, "Cannot open tile set", error)
            return False
        except OSError as error:
            QMessageBox.critical(self, "Cannot open tile set", f"{path}: {error}")
            return False
        self._tileset_replaced()
        if self.document.path is None:
            self.statusBar().showMessage(f"{Path(path).name} ships with the editor: you are editing a copy; "
                                         "Save asks where to keep it.", 10000)
        return True

    def save(self) -> bool:
        if self._refuse_faults("save", "saving"):
            return False
        if self.document.path is None:
            return self.save_as()
        return self._save_to(self.document.path)

    def save_as(self) -> bool:
        if self._refuse_faults("save", "saving"):
            return False
        suggested = str(self.document.path or Path(self._folder()) / f"{self.document.tileset.id}.json")
        path = ask_save_path(self, "Save tile set as", suggested, FILE_FILTER)
        return self._save_to(path) if path else False

    def _save_to(self, path: str | Path) -> bool:
        try:
            written = self.document.save(path)
        except Exception as error:  # whatever it is, a dialog: the tile set is not saved
            QMessageBox.warning(self, "Cannot save tile set", failure_message(error, path))
            return False
        self.statusBar().showMessage(f"Saved {written}", 5000)
        return True

    def _refuse_faults(self, verb: str, doing: str) -> bool:
        """Problems block saving (and using the set): say which, and where they are marked."""
        faults = self.document.faults()
        if not faults:
            return False
        lines = "\n".join(f"\u2022 {f.message} ({f.place()})" for f in faults[:8])
        more = f"\n\u2026 and {len(faults) - 8} more." if len(faults) > 8 else ""
        QMessageBox.warning(self, f"Cannot {verb} the tile set",
                            f"The tile set has {len(faults)} problem{'s' if len(faults) > 1 else ''} that "
                            f"block{'s' if len(faults) == 1 else ''} {doing} it:\n\n{lines}{more}\n\n"
                            "The cells are ringed in red on the tiles; fix them, then try again.")
        self.select_tile(faults[0].tile)
        return True

    def _folder(self) -> str:
        if self.document.path:
            return str(self.document.path.parent)
        if self.editor is not None and self.editor.document.path:
            return str(self.editor.document.path.parent)
        return str(Path.cwd())

    # --- handing the tile set to the editor ------------------------------------------------------
    def use_in_layout(self, embed: bool = False) -> bool:
        """The editor's layout takes this tile set as one undoable edit: by the saved file
        (saved first when needed) or embedded in the layout."""
        from .layout_tileset import use_tileset

        if self.editor is None or self._refuse_faults("use", "using"):
            return False
        if embed:
            return use_tileset(self.editor, self.document.tileset, None)
        if (self.document.path is None or self.document.is_modified()) and not self.save():
            return False
        return use_tileset(self.editor, self.document.tileset, self.document.path)

    def new_layout_from_set(self) -> bool:
        from .layout_tileset import start_free_form

        if self.editor is None or self._refuse_faults("use", "using"):
            return False
        if (self.document.path is None or self.document.is_modified()) and not self.save():
            return False
        return start_free_form(self.editor, self.document.tileset, self.document.path)

    def closeEvent(self, event) -> None:
        if not self.maybe_save("closing the designer"):
            event.ignore()
            return
        event.accept()


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
