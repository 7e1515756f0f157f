"""Undo commands: each one calls a single `LayoutDocument` method to do and one to undo.

Commands keep the values they need to go both ways, so undo then redo gives back the
identical layout. Repeated rotations (and flips) of one tile merge into one history entry.
"""
from __future__ import annotations

from typing import Mapping

from PySide6.QtGui import QUndoCommand

from crashgrab.engine.grid.model import Placement, TileSet
from crashgrab.engine.crash_and_grab.layout import Layout

from .document import LayoutDocument
from .placing import Edit

ROTATE_ID = 1
FLIP_ID = 2


class PlaceTile(QUndoCommand):
    def __init__(self, document: LayoutDocument, placement: Placement, text: str = "",
                 parent: QUndoCommand | None = None) -> None:
        super().__init__(text or f"Place tile {placement.tile}{placement.side}", parent)
        self.document, self.placement = document, placement

    def redo(self) -> None:
        self.document.place_tile(self.placement)

    def undo(self) -> None:
        self.document.remove_tile(self.placement.tile)


class RemoveTile(QUndoCommand):
    def __init__(self, document: LayoutDocument, tile_id: str, text: str = "",
                 parent: QUndoCommand | None = None) -> None:
        super().__init__(text or f"Remove tile {tile_id}", parent)
        self.document, self.tile_id = document, tile_id
        self.placement: Placement | None = None
        self.index = 0

    def redo(self) -> None:
        self.placement, self.index = self.document.remove_tile(self.tile_id)

    def undo(self) -> None:
        self.document.place_tile(self.placement, self.index)


class ChangeTiles(QUndoCommand):
    """Tiles already on the board get new placements (moved, swapped, turned or flipped)."""

    def __init__(self, document: LayoutDocument, placements: tuple[Placement, ...], text: str,
                 parent: QUndoCommand | None = None) -> None:
        super().__init__(text, parent)
        self.document = document
        self.after = tuple(placements)
        self.before = tuple(document.layout.placement_of(p.tile) for p in placements)

    def redo(self) -> None:
        self.document.update_tiles(self.after)

    def undo(self) -> None:
        self.document.update_tiles(self.before)


class MoveTile(ChangeTiles):
    pass


class SwapTiles(ChangeTiles):
    pass


class _MergingChange(ChangeTiles):
    """Successive turns of the same tile are one step in the history; a full circle vanishes.
    Only turns that follow each other directly merge: any change in between (another edit, an
    undo, a redo) starts a new step."""

    def __init__(self, document: LayoutDocument, placements: tuple[Placement, ...], text: str,
                 parent: QUndoCommand | None = None) -> None:
        super().__init__(document, placements, text, parent)
        self.revision_before = document.revision
        self.revision_after: int | None = None

    def redo(self) -> None:
        super().redo()
        self.revision_after = self.document.revision

    def mergeWith(self, other: QUndoCommand) -> bool:
        if (other.id() != self.id() or not isinstance(other, _MergingChange)
                or [p.tile for p in other.after] != [p.tile for p in self.after]
                or other.revision_before != self.revision_after):
            return False
        self.after = other.after
        self.revision_after = other.revision_after
        self.setText(self.merged_text(other))
        self.setObsolete(self.after == self.before)
        return True

    def merged_text(self, other: QUndoCommand) -> str:
        return other.text()


class RotateTile(_MergingChange):
    """The history names the real angle, however many presses and slot rules made it."""

    def __init__(self, document: LayoutDocument, placements: tuple[Placement, ...], text: str = "",
                 parent: QUndoCommand | None = None) -> None:
        super().__init__(document, placements, text, parent)
        self.setText(self.turn_text())

    def id(self) -> int:
        return ROTATE_ID

    def merged_text(self, other: QUndoCommand) -> str:
        return self.turn_text()

    def turn_text(self) -> str:
        before, after = self.before[0], self.after[0]
        if before is None:
            return self.text()
        angle = (after.rotation - before.rotation) % 360
        how = {90: "90\u00b0 clockwise", 180: "180\u00b0", 270: "90\u00b0 counter-clockwise"}.get(angle, "back")
        return f"Rotate tile {after.tile} {how}"


class FlipTile(_MergingChange):
    def id(self) -> int:
        return FLIP_ID


class ReplaceTile(QUndoCommand):
    """A palette tile dropped on an occupied slot: the old tile goes back to the palette."""

    def __init__(self, document: LayoutDocument, removed: str, placement: Placement, text: str) -> None:
        super().__init__(text)
        self.document, self.placement = document, placement
        self.old = document.layout.placement_of(removed)

    def redo(self) -> None:
        self.document.replace_tile(self.old.tile, self.placement)

    def undo(self) -> None:
        self.document.replace_tile(self.placement.tile, self.old)


class SetSeverity(QUndoCommand):
    """A finding code's severity for this layout (stored in the file's validation.severity)."""

    def __init__(self, document: LayoutDocument, code: str, level: str | None) -> None:
        words = {None: f"Reset {code} to its default severity", "off": f"Ignore {code}"}
        super().__init__(words.get(level, f"Report {code} as {level}"))
        self.document, self.code, self.level = document, code, level
        self.old = document.layout.severity_overrides.get(code)

    def redo(self) -> None:
        self.document.set_severity_override(self.code, self.level)

    def undo(self) -> None:
        self.document.set_severity_override(self.code, self.old)


class SetDirections(QUndoCommand):
    def __init__(self, document: LayoutDocument, directions: Mapping[str, str]) -> None:
        super().__init__("Set direction markers")
        self.document = document
        self.before, self.after = dict(document.layout.directions), dict(directions)

    def redo(self) -> None:
        self.document.set_directions(self.after)

    def undo(self) -> None:
        self.document.set_directions(self.before)


class SetProperties(QUndoCommand):
    def __init__(self, document: LayoutDocument, name: str, notes: str) -> None:
        super().__init__("Edit layout name and notes")
        self.document = document
        self.before = (document.layout.name, document.layout.notes)
        self.after = (name, notes)

    def redo(self) -> None:
        self.document.set_properties(*self.after)

    def undo(self) -> None:
        self.document.set_properties(*self.before)


class SetPrintCellSize(QUndoCommand):
    def __init__(self, document: LayoutDocument, cell_mm: float | None) -> None:
        super().__init__(f"Set print cell size to {cell_mm:g} mm" if cell_mm is not None else "Clear print cell size")
        self.document = document
        self.before, self.after = document.layout.print_cell_mm, cell_mm

    def redo(self) -> None:
        self.document.set_print_cell_mm(self.after)

    def undo(self) -> None:
        self.document.set_print_cell_mm(self.before)


class Randomize(QUndoCommand):
    def __init__(self, document: LayoutDocument, layout: Layout, seed: int) -> None:
        super().__init__(f"Randomize ({layout.template} template, seed {seed})")
        self.document, self.seed = document, seed
        self.before, self.after = document.layout, layout

    def redo(self) -> None:
        self.document.replace_layout(self.after)

    def undo(self) -> None:
        self.document.replace_layout(self.before)


class SetTileSet(QUndoCommand):
    """Use another tile set (by shipped id, by path, or embedded: `tileset_ref` None)."""

    def __init__(self, document: LayoutDocument, tileset: TileSet, tileset_ref: str | None, text: str = "") -> None:
        super().__init__(text or f"Use tile set \u201c{tileset.name}\u201d")
        self.document = document
        self.before = (document.layout.tileset, document.layout.tileset_ref)
        self.after = (tileset, tileset_ref)

    def redo(self) -> None:
        self.document.set_tileset(*self.after)

    def undo(self) -> None:
        self.document.set_tileset(*self.before)


class ArrangeTiles(QUndoCommand):
    """A free-form edit that moved every tile (`Edit.shift`): the board grew left or up, or its
    top-left tile left the corner. Done and undone as the whole list of placements."""

    def __init__(self, document: LayoutDocument, edit: Edit) -> None:
        super().__init__(edit.text)
        self.document, self.shift = document, edit.shift
        self.before = document.layout.placements
        after = {p.tile: p for p in edit.placements}
        self.after = tuple(after.pop(p.tile) for p in self.before if p.tile in after) + tuple(after.values())

    def redo(self) -> None:
        self.document.arrange_tiles(self.after, self.shift)

    def undo(self) -> None:
        self.document.arrange_tiles(self.before, (-self.shift[0], -self.shift[1]))


def command_for(document: LayoutDocument, edit: Edit) -> QUndoCommand:
    """The undo command that carries out a planned edit."""
    if edit.shift != (0, 0):
        return ArrangeTiles(document, edit)
    if edit.kind == "place":
        return PlaceTile(document, edit.placements[0], edit.text)
    if edit.kind == "remove":
        return RemoveTile(document, edit.removed[0], edit.text)
    if edit.kind == "replace":
        return ReplaceTile(document, edit.removed[0], edit.placements[0], edit.text)
    kinds = {"move": MoveTile, "swap": SwapTiles, "rotate": RotateTile, "flip": FlipTile}
    return kinds[edit.kind](document, edit.placements, edit.text)
