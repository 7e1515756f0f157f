"""The open layout: an engine value, the file it came from, and its undo stack.

Every model change goes through one method here, which replaces the immutable layout and
emits `layoutChanged` once. Undo commands (`crashgrab.editor.crash_and_grab.commands`) are the only callers of the
editing methods; "modified" is simply the undo stack not being at its clean index.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Iterable, Mapping

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from crashgrab.engine.crash_and_grab.terms import DEFAULT_DIRECTIONS
from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.formats.atomic import refuse_overwriting_input
from crashgrab.engine.crash_and_grab.export import export_document
from crashgrab.engine.formats.jsonio import write_json_atomic
from crashgrab.engine.crash_and_grab.layout_file import raise_structure_errors
from crashgrab.engine.formats.layout_io import load_layout, save_layout
from crashgrab.engine.formats.schemas import validate
from crashgrab.engine.crash_and_grab.tiled import write_tiled_map
from crashgrab.engine.crash_and_grab.tileset_file import standard_tileset
from crashgrab.engine.grid.model import Cell, Placement, TileSet
from crashgrab.engine.crash_and_grab.layout import Layout

UNTITLED = "Untitled layout"


def blank_layout(template: str | None, name: str = UNTITLED) -> Layout:
    """An empty board on a template (or free-form) with the standard tiles and markers."""
    return Layout(name, standard_tileset(), (), template, dict(DEFAULT_DIRECTIONS), tileset_ref="standard")


class LayoutDocument(QObject):
    layoutChanged = Signal()  # the layout value was replaced (edit, undo, open, new)
    fileChanged = Signal()  # the path changed (open, save as, new)

    def __init__(self, layout: Layout | None = None, path: str | Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._layout = layout if layout is not None else blank_layout("2-4")
        self._path = Path(path) if path else None
        self._revision = 0
        self._shift: Cell = (0, 0)
        self.undo_stack = QUndoStack(self)

    # --- reading -------------------------------------------------------------------
    @property
    def layout(self) -> Layout:
        return self._layout

    @property
    def path(self) -> Path | None:
        return self._path

    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    @property
    def dirty(self) -> bool:
        """The window shell's name for `is_modified()`."""
        return self.is_modified()

    def display_name(self) -> str:
        return self._path.name if self._path else self._layout.name or UNTITLED

    # --- editing: called by undo commands only -----------------------------------------
    def place_tile(self, placement: Placement, index: int | None = None) -> None:
        placements = list(self._layout.placements)
        placements.insert(len(placements) if index is None else index, placement)
        self._set(self._layout.with_placements(placements))

    def remove_tile(self, tile_id: str) -> tuple[Placement, int]:
        """Take a tile off the board; returns its placement and index so undo can put it back."""
        for index, placement in enumerate(self._layout.placements):
            if placement.tile == tile_id:
                self._set(self._layout.replacing(placement, None))
                return placement, index
        raise KeyError(f"tile {tile_id} is not on the board")

    def replace_tile(self, tile_id: str, placement: Placement) -> None:
        """Another tile takes this tile's place in the list (and usually on the board)."""
        old = self._layout.placement_of(tile_id)
        if old is None:
            raise KeyError(f"tile {tile_id} is not on the board")
        self._set(self._layout.replacing(old, placement))

    def update_tiles(self, placements: Iterable[Placement]) -> None:
        """Replace the placements of the same tiles (move, swap, rotate, flip), order kept."""
        new = {p.tile: p for p in placements}
        self._set(self._layout.with_placements(new.get(p.tile, p) for p in self._layout.placements))

    def arrange_tiles(self, placements: Iterable[Placement], shift: Cell = (0, 0)) -> None:
        """Every placement at once, in order: a free-form edit that moved every tile by `shift`
        cells (`shift` says so to the board's view, which keeps the picture where it was)."""
        self._set(self._layout.with_placements(tuple(placements)), shift)

    def set_directions(self, directions: Mapping[str, str]) -> None:
        self._set(replace(self._layout, directions=dict(directions)))

    def set_properties(self, name: str, notes: str) -> None:
        self._set(replace(self._layout, name=name, notes=notes))

    def set_severity_override(self, code: str, level: str | None) -> None:
        """This layout's severity for a finding code ("off" ignores it); None goes back to the default."""
        overrides = {c: v for c, v in self._layout.severity_overrides.items() if c != code}
        if level is not None:
            overrides[code] = level
        self._set(replace(self._layout, severity_overrides=overrides))

    def set_print_cell_mm(self, cell_mm: float | None) -> None:
        """The printed size of a cell kept with the layout (None: the default)."""
        self._set(replace(self._layout, print_cell_mm=cell_mm))

    def replace_layout(self, layout: Layout) -> None:
        """A whole new arrangement in one step (randomize)."""
        self._set(layout)

    def set_tileset(self, tileset: TileSet, tileset_ref: str | None) -> None:
        """Another tile set for the same placements: `tileset_ref` is a shipped id, a path
        relative to the layout file, or None to embed the tile set in the layout."""
        self._set(replace(self._layout, tileset=tileset, tileset_ref=tileset_ref))

    @property
    def revision(self) -> int:
        """Counts every change of the layout (edits, undo, redo, open), so an undo command can
        tell whether anything happened between it and the next one."""
        return self._revision

    @property
    def shift(self) -> Cell:
        """How far the last change moved every tile (arrange_tiles), else (0, 0)."""
        return self._shift

    def _set(self, layout: Layout, shift: Cell = (0, 0)) -> None:
        self._layout = layout
        self._revision += 1
        self._shift = shift
        self.layoutChanged.emit()

    # --- files: not undoable; they reset the history ----------------------------------
    def reset(self, layout: Layout, path: str | Path | None = None) -> None:
        self.undo_stack.clear()
        self._path = Path(path) if path else None
        self._layout = layout
        self._revision += 1
        self._shift = (0, 0)
        self.undo_stack.setClean()
        self.fileChanged.emit()
        self.layoutChanged.emit()

    def open(self, path: str | Path) -> None:
        """Load through the engine; on any error the document stays exactly as it was."""
        layout = load_layout(path)
        self.reset(layout, path)

    def save(self, path: str | Path | None = None) -> None:
        """Save atomically through the engine, which writes a tile set path relative to the
        new file; the layout value itself does not change, so the history stays true."""
        target = Path(path) if path else self._path
        if target is None:
            raise ValueError("no file name: use save(path)")
        save_layout(self._layout, target)
        path_changed = target != self._path
        self._path = target
        self.undo_stack.setClean()
        if path_changed:
            self.fileChanged.emit()

    def export(self, path: str | Path) -> None:
        """The resolved export for other clients; refuses a board with structural errors."""
        if self._path is not None:
            refuse_overwriting_input(path, self._path)
        raise_structure_errors(self._layout, self._path)
        document = export_document(self._layout)
        validate(document, "crash-grab-export", path)
        write_json_atomic(path, document)

    def export_tiled(self, path: str | Path) -> Path:
        """The Tiled map and, beside it, its tileset image (returned); refuses a board with
        structural errors or without tiles, like the command line."""
        raise_structure_errors(self._layout, self._path)
        if not self._layout.placements:
            raise InvalidFileError("the layout has no tiles, so there is no board to export.",
                                   hint="Place at least one tile.")
        return write_tiled_map(self._layout, path)
