"""Pure edits of a piece set, for a tile designer: each returns a new TileSet.

Pieces are 1x1 to MAX_PIECE_SIZE a side here; a game with smaller pieces passes its own
`max_size` (or wraps these edits in its own package, with its own largest size).
"""
from __future__ import annotations

from dataclasses import replace

from .model import MAX_PIECE_SIZE, SIDES, Cell, Feature, Tile, TileSet

# The kind of a tile a designer makes or copies: one no template slot asks for by name, so a
# copy of a tile never counts as the original in a template.
DESIGNED_KIND = "custom"


def paint(tileset: TileSet, tile_id: str, side: str, cell: Cell, feature: Feature | None) -> TileSet:
    """Put `feature` on one cell of one side, replacing every feature on that cell (not those on
    its edges); None clears the cell. For one feature a cell; `add_feature` adds one more."""
    tile = _tile(tileset, tile_id)
    kept = tuple(f for f in tile.sides[side] if (f.x, f.y) != cell or f.edge is not None)
    if feature is not None:
        kept += (replace(feature, x=cell[0], y=cell[1]),)
    return _with_side(tileset, tile, side, kept)


def add_feature(tileset: TileSet, tile_id: str, side: str, feature: Feature) -> TileSet:
    """Print `feature` (at its own cell or edge) on one side, beside whatever is there already."""
    tile = _tile(tileset, tile_id)
    return _with_side(tileset, tile, side, tile.sides[side] + (feature,))


def remove_feature(tileset: TileSet, tile_id: str, side: str, feature: Feature) -> TileSet:
    """Take one feature equal to `feature` off one side (the first, if it is printed twice)."""
    tile = _tile(tileset, tile_id)
    features = list(tile.sides[side])
    if feature not in features:
        raise KeyError(f"tile {tile_id!r} side {side} has no {feature.type} at [{feature.x},{feature.y}]")
    features.remove(feature)
    return _with_side(tileset, tile, side, tuple(features))


def new_tile(tileset: TileSet, width: int, height: int, kind: str = DESIGNED_KIND,
             max_size: int = MAX_PIECE_SIZE, sides: tuple[str, ...] = SIDES) -> tuple[TileSet, str]:
    """A new blank piece of width x height (at most `max_size` a side) with `sides` (A, or A and B)."""
    _check_size(width, height, max_size)
    if sides not in (SIDES[:1], SIDES):
        raise ValueError(f"a piece has side A, or sides A and B, not {', '.join(sides) or 'none'}")
    tile_id = next_free_id(tileset)
    return tileset.with_tile(Tile(tile_id, kind, width, height, {side: () for side in sides})), tile_id


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
    """What is printed on one cell of one side (the first, if it has several; not its edges)."""
    return next((f for f in tile.sides[side] if (f.x, f.y) == cell and f.edge is None), None)


def features_at(tile: Tile, side: str, cell: Cell) -> tuple[Feature, ...]:
    """Everything printed on one cell of one side, in print order (not its edges)."""
    return tuple(f for f in tile.sides[side] if (f.x, f.y) == cell and f.edge is None)


def resize_tile(tileset: TileSet, tile_id: str, width: int, height: int, max_size: int = MAX_PIECE_SIZE) -> TileSet:
    """Change a piece's size (at most `max_size` a side); features that would fall outside are dropped."""
    _check_size(width, height, max_size)
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


def _with_side(tileset: TileSet, tile: Tile, side: str, features: tuple[Feature, ...]) -> TileSet:
    ordered = tuple(sorted(features, key=lambda f: (f.y, f.x)))  # stable: a cell's features keep their order
    return tileset.with_tile(replace(tile, sides={**tile.sides, side: ordered}))


def _check_size(width: int, height: int, max_size: int) -> None:
    if not (1 <= width <= max_size and 1 <= height <= max_size):
        raise ValueError(f"a tile is 1x1 to {max_size}x{max_size}, not {width}x{height}")
