"""The tile designer's edits (a mixin of window.TileDesignerWindow): the painting tool, and each
gesture turned into one undo command on the window's TileSetDocument (paint or erase a cell; add,
duplicate, delete, resize a tile; rename the set). Refusals are a status-bar line, never an edit."""
from __future__ import annotations

import re
from typing import Any

from crashgrab.engine.crash_and_grab.tile_editing import new_tile
from crashgrab.engine.grid.model import Cell, Feature
from crashgrab.engine.grid.tile_editing import duplicate_tile, feature_at

from ..board_painter import feature_words
from .commands import AddTile, DeleteTile, PaintCell, RenameTileSet, ResizeTile
from .tools import brush_for, tool_icon

TILESET_ID = re.compile(r"[A-Za-z0-9_.-]+")


class TileEdits:
    document: Any
    current: str | None
    tool: str
    actions: dict
    number: Any
    canvas: Any

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
