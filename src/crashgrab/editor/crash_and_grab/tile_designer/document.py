"""The tile set being designed: an engine `TileSet` value, its file and its own undo stack.

Like the layout document, every model change is one method here that replaces the
immutable tile set and emits `tilesetChanged` once; the undo commands in
`crashgrab.editor.crash_and_grab.tile_designer.commands` are the only callers of the editing methods. The
checks that block saving come from the engine (`crashgrab.engine.crash_and_grab.tiles`).
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from crashgrab.engine.crash_and_grab.tiles import TileFault, raise_tileset_faults, tile_faults
from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.formats.safe_read import real_path
from crashgrab.engine.crash_and_grab.tileset_file import load_tileset, save_tileset, standard_tileset
from crashgrab.engine.resources import shipped_tileset_folder
from crashgrab.engine.grid import tile_editing
from crashgrab.engine.grid.model import Cell, Feature, Tile, TileSet

UNTITLED = "Untitled tile set"


def empty_tileset(tileset_id: str = "my-tiles", name: str = "My tiles") -> TileSet:
    return TileSet(tileset_id, name, ())


def standard_copy() -> TileSet:
    """The 14 standard tiles under a new id, so a saved copy never passes for the shipped set."""
    standard = standard_tileset()
    return replace(standard, id=f"{standard.id}-copy", name=f"Copy of {standard.name}")


def is_shipped_file(path: str | Path) -> bool:
    """The tile set files that ship with the program are read-only to the designer."""
    folder = shipped_tileset_folder()
    return folder is not None and real_path(path).parent == real_path(folder)


class TileSetDocument(QObject):
    tilesetChanged = Signal()  # the tile set value was replaced (edit, undo, open, new)
    fileChanged = Signal()  # the path changed (open, save as, new)

    def __init__(self, tileset: TileSet | None = None, path: str | Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._tileset = tileset if tileset is not None else empty_tileset()
        self._path = Path(path) if path else None
        self._faults: tuple[TileSet, list[TileFault]] | None = None
        self.undo_stack = QUndoStack(self)

    # --- reading -------------------------------------------------------------------
    @property
    def tileset(self) -> TileSet:
        return self._tileset

    @property
    def path(self) -> Path | None:
        return self._path

    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    def display_name(self) -> str:
        return self._path.name if self._path else self._tileset.name or UNTITLED

    def faults(self) -> list[TileFault]:
        """What blocks saving, worked out once per tile set value."""
        if self._faults is None or self._faults[0] is not self._tileset:
            self._faults = (self._tileset, tile_faults(self._tileset))
        return self._faults[1]

    def tile(self, tile_id: str) -> Tile | None:
        return self._tileset.get(tile_id)

    # --- editing: called by undo commands only -----------------------------------------
    def paint(self, tile_id: str, side: str, cell: Cell, feature: Feature | None) -> None:
        """Put `feature` on one cell (replacing what was there); None erases the cell."""
        self._set(tile_editing.paint(self._tileset, tile_id, side, cell, feature))

    def insert_tile(self, tile: Tile, index: int | None = None) -> None:
        """A new tile (or a deleted one coming back) at `index` of the list, else at the end."""
        index = len(self._tileset.tiles) if index is None else index
        self._set(tile_editing.insert_tile(self._tileset, tile, index))

    def remove_tile(self, tile_id: str) -> tuple[Tile, int]:
        """Delete a tile; returns it and its index so undo can put it back in its place."""
        tile = self._tileset.get(tile_id)
        if tile is None:
            raise KeyError(f"no tile {tile_id!r} in tile set {self._tileset.id!r}")
        index = self._tileset.ids().index(tile_id)
        self._set(self._tileset.without_tile(tile_id))
        return tile, index

    def replace_tile(self, tile: Tile) -> None:
        """A tile of the same id takes its place (a resize, and its undo)."""
        if self._tileset.get(tile.id) is None:
            raise KeyError(f"no tile {tile.id!r} in tile set {self._tileset.id!r}")
        self._set(self._tileset.with_tile(tile))

    def rename(self, tileset_id: str, name: str) -> None:
        self._set(replace(self._tileset, id=tileset_id, name=name))

    def _set(self, tileset: TileSet) -> None:
        self._tileset = tileset
        self.tilesetChanged.emit()

    # --- files: not undoable; they reset the history ----------------------------------
    def reset(self, tileset: TileSet, path: str | Path | None = None) -> None:
        self.undo_stack.clear()
        self._path = Path(path) if path else None
        self._tileset = tileset
        self.undo_stack.setClean()
        self.fileChanged.emit()
        self.tilesetChanged.emit()

    def open(self, path: str | Path) -> None:
        """Load through the engine; on any error the document stays exactly as it was.
        A shipped file opens as an untitled copy, so saving asks for a new name."""
        tileset = load_tileset(path)
        self.reset(tileset, None if is_shipped_file(path) else path)

    def save(self, path: str | Path | None = None) -> Path:
        """Refuse a tile set with faults (engine's message: tile, JSON path, how to fix),
        else save atomically through the engine. Returns the file written."""
        target = Path(path) if path else self._path
        if target is None:
            raise ValueError("no file name: use save(path)")
        raise_tileset_faults(self._tileset, target)
        if is_shipped_file(target):
            raise InvalidFileError("the shipped tile sets cannot be overwritten.", file=target,
                                   hint="Save your tile set under another name or folder.")
        save_tileset(self._tileset, target)
        path_changed = target != self._path
        self._path = target
        self.undo_stack.setClean()
        if path_changed:
            self.fileChanged.emit()
        return target
