"""A Crash & Grab layout: the value the editor edits and a layout file holds."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Mapping

from ..grid.model import Placement, TileSet


@dataclass(frozen=True)
class Layout:
    """What a designer edits and saves: a tile set, placed tiles and direction markers."""

    name: str
    tileset: TileSet
    placements: tuple[Placement, ...] = ()
    template: str | None = None
    directions: Mapping[str, str] = field(default_factory=dict)
    notes: str = ""
    # Where the tile set came from: a shipped id or a path relative to the layout file;
    # None embeds the tile set inline when saving.
    tileset_ref: str | None = None
    severity_overrides: Mapping[str, str] = field(default_factory=dict)
    schema_ref: str | None = None  # the file's optional "$schema" (for text editors), kept on save
    print_cell_mm: float | None = None  # the printed size of a cell, when the designer set one

    def __hash__(self) -> int:
        return hash((self.name, self.template, self.placements, tuple(sorted(self.directions.items()))))

    def placement_of(self, tile_id: str) -> Placement | None:
        for placement in self.placements:
            if placement.tile == tile_id:
                return placement
        return None

    def with_placements(self, placements) -> "Layout":
        return replace(self, placements=tuple(placements))

    def replacing(self, old: Placement, new: Placement | None) -> "Layout":
        """A copy with `old` swapped for `new` (or removed when `new` is None), order kept."""
        placements = [new if p == old else p for p in self.placements]
        return self.with_placements(p for p in placements if p is not None)
