"""Undo commands of the tile designer: each calls one `TileSetDocument` method to do and
one to undo, keeping the values it needs so undo then redo gives the identical tile set."""
from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from crashgrab.engine.grid.model import Cell, Feature, Tile
from crashgrab.engine.crash_and_grab.tile_editing import resize_tile

from ..board_painter import feature_words
from .document import TileSetDocument

RESIZE_ID = 101


class PaintCell(QUndoCommand):
    """A click on a cell: a feature put there, or the cell erased (feature None)."""

    def __init__(self, document: TileSetDocument, tile_id: str, side: str, cell: Cell,
                 feature: Feature | None) -> None:
        where = f"{tile_id}{side} [{cell[0]},{cell[1]}]"
        super().__init__(f"Erase {where}" if feature is None else f"{feature_words(feature)} on {where}")
        self.document, self.tile_id, self.side, self.cell, self.feature = document, tile_id, side, cell, feature
        self.before: Tile = document.tile(tile_id)

    def redo(self) -> None:
        self.document.paint(self.tile_id, self.side, self.cell, self.feature)

    def undo(self) -> None:
        self.document.replace_tile(self.before)


class AddTile(QUndoCommand):
    """A new tile or a duplicate, at `index` of the list (None: at the end)."""

    def __init__(self, document: TileSetDocument, tile: Tile, text: str, index: int | None = None) -> None:
        super().__init__(text)
        self.document, self.tile, self.index = document, tile, index

    def redo(self) -> None:
        self.document.insert_tile(self.tile, self.index)

    def undo(self) -> None:
        self.document.remove_tile(self.tile.id)


class DeleteTile(QUndoCommand):
    def __init__(self, document: TileSetDocument, tile_id: str) -> None:
        super().__init__(f"Delete tile {tile_id}")
        self.document, self.tile_id = document, tile_id
        self.tile: Tile | None = None
        self.index = 0

    def redo(self) -> None:
        self.tile, self.index = self.document.remove_tile(self.tile_id)

    def undo(self) -> None:
        self.document.insert_tile(self.tile, self.index)


class ResizeTile(QUndoCommand):
    """A new width and height; features that fall outside are dropped (undo brings them back).
    Successive resizes of one tile (spin box steps) are one history entry."""

    def __init__(self, document: TileSetDocument, tile_id: str, width: int, height: int) -> None:
        super().__init__(f"Resize tile {tile_id} to {width}\u00d7{height}")
        self.document, self.tile_id = document, tile_id
        self.before: Tile = document.tile(tile_id)
        self.after: Tile = resize_tile(document.tileset, tile_id, width, height).get(tile_id)

    def id(self) -> int:
        return RESIZE_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if other.id() != self.id() or other.tile_id != self.tile_id:
            return False
        self.after = other.after
        self.setText(other.text())
        self.setObsolete(self.after == self.before)
        return True

    def redo(self) -> None:
        self.document.replace_tile(self.after)

    def undo(self) -> None:
        self.document.replace_tile(self.before)


class RenameTileSet(QUndoCommand):
    def __init__(self, document: TileSetDocument, tileset_id: str, name: str) -> None:
        super().__init__(f"Rename tile set to \u201c{name}\u201d ({tileset_id})")
        self.document = document
        self.before = (document.tileset.id, document.tileset.name)
        self.after = (tileset_id, name)

    def redo(self) -> None:
        self.document.rename(*self.after)

    def undo(self) -> None:
        self.document.rename(*self.before)
