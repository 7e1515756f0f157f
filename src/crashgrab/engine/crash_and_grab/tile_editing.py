"""Crash & Grab's tile edits: the generic piece edits with its own largest tile, MAX_TILE_SIZE."""
from __future__ import annotations

from ..grid import tile_editing
from ..grid.model import TileSet
from .tiles import MAX_TILE_SIZE

__all__ = ["MAX_TILE_SIZE", "new_tile", "resize_tile"]


def new_tile(tileset: TileSet, width: int, height: int,
             kind: str = tile_editing.DESIGNED_KIND) -> tuple[TileSet, str]:
    """A new blank two-sided tile of 1x1 to MAX_TILE_SIZE cells a side."""
    return tile_editing.new_tile(tileset, width, height, kind, max_size=MAX_TILE_SIZE)


def resize_tile(tileset: TileSet, tile_id: str, width: int, height: int) -> TileSet:
    """Change a tile's size, 1x1 to MAX_TILE_SIZE; features that would fall outside are dropped."""
    return tile_editing.resize_tile(tileset, tile_id, width, height, max_size=MAX_TILE_SIZE)
