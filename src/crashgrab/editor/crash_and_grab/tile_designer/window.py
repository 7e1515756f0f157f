"""The tile designer's window: a tile list, the painting canvas, problems and history.

It turns gestures into undo commands on its own `TileSetDocument` (never changing the tile
set itself), saves only through the engine, and hands a finished tile set to the main
editor's layout ("Use in Layout", "Embed in Layout", "New Free-form Layout").

By job: chrome.py builds the docks, actions, menus and toolbar; edits.py turns gestures into
undo commands; files.py opens, saves and hands the set over; this module wires them together
and keeps the panels in step with the document.
"""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QLabel, QMainWindow, QWidget

from .chrome import DesignerChrome
from .document import TileSetDocument
from .edits import TileEdits
from .files import TileSetFiles
from .problems import summary_html

TITLE = "Tile Designer"


class TileDesignerWindow(TileSetFiles, TileEdits, DesignerChrome, QMainWindow):
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

    def closeEvent(self, event) -> None:
        if not self.maybe_save("closing the designer"):
            event.ignore()
            return
        event.accept()
