"""Pure edits of a tile set, for the tile designer: each returns a new TileSet."""
from __future__ import annotations

from dataclasses import replace

from .model import Cell, Feature, Tile, TileSet

MAX_TILE_SIZE = 8
# The kind of a tile a designer makes or copies: one no template slot asks for by name, so a
# copy of a tile never counts as the original in a template.
DESIGNED_KIND = "custom"


def paint(tileset: TileSet, tile_id: str, side: str, cell: Cell, feature: Feature | None) -> TileSet:
    """Put `feature` on one cell of one side (replacing what was there); None clears the cell."""
    tile = _tile(tileset, tile_id)
    kept = tuple(f for f in tile.sides[side] if (f.x, f.y) != cell)
    if feature is not None:
        kept += (replace(feature, x=cell[0], y=cell[1]),)
    kept = tuple(sorted(kept, key=lambda f: (f.y, f.x)))
    return tileset.with_tile(replace(tile, sides={**tile.sides, side: kept}))


def new_tile(tileset: TileSet, width: int, height: int, kind: str = DESIGNED_KIND) -> tuple[TileSet, str]:
    _check_size(width, height)
    tile_id = next_free_id(tileset)
    return tileset.with_tile(Tile(tile_id, kind, width, height, {"A": (), "B": ()})), tile_id


def duplicate_tile(tileset: TileSet, tile_id: str) -> tuple[TileSet, str]:
    copy_id = next_free_id(tileset)
    tile = _tile(tileset, tile_id)
    return tileset.with_tile(replace(tile, id=copy_id, kind=DESIGNED_KIND)), copy_id


def insert_tile(tileset: TileSet, tile: Tile, index: int) -> TileSet:
    """Put `tile` (a new id) at position `index` of the list: undoing a delete restores its place."""
    if tileset.get(tile.id) is not None:
        raise ValueError(f"tile set {tileset.id!r} already has a tile {tile.id!r}")
    tiles = list(tileset.tiles)
    tiles.insert(index, tile)
    return replace(tileset, tiles=tuple(tiles))


def feature_at(tile: Tile, side: str, cell: Cell) -> Feature | None:
    """What is printed on one cell of one side (the first, if a broken tile has two)."""
    return next((f for f in tile.sides[side] if (f.x, f.y) == cell), None)


def resize_tile(tileset: TileSet, tile_id: str, width: int, height: int) -> TileSet:
    """Change a tile's size; features that would fall outside are dropped."""
    _check_size(width, height)
    tile = _tile(tileset, tile_id)
    sides = {side: tuple(f for f in features if f.x < width and f.y < height)
             for side, features in tile.sides.items()}
    return tileset.with_tile(replace(tile, width=width, height=height, sides=sides))


def next_free_id(tileset: TileSet) -> str:
    taken = set(tileset.ids())
    number = len(taken) + 1
    while str(number) in taken:
        number += 1
    return str(number)


def _tile(tileset: TileSet, tile_id: str) -> Tile:
    tile = tileset.get(tile_id)
    if tile is None:
        raise KeyError(f"no tile {tile_id!r} in tile set {tileset.id!r}")
    return tile


def _check_size(width: int, height: int) -> None:
    if not (1 <= width <= MAX_TILE_SIZE and 1 <= height <= MAX_TILE_SIZE):
        raise ValueError(f"a tile is 1x1 to {MAX_TILE_SIZE}x{MAX_TILE_SIZE}, not {width}x{height}")
