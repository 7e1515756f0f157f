"""Immutable value types for tiles, tile sets, placements, layouts and resolved boards.

These are generic: a feature is any named thing printed on a cell. Values are frozen; edits
make new values. A game's layout (what a designer edits and saves) is the game's own type.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping

from .geometry import ROTATIONS, Direction, rotate_point, rotated_size

Cell = tuple[int, int]
# Tiles are two-sided pieces of card, side A and side B, as the factory boards of double-sided
# board games are too: a physical notion, not one game's.
SIDES: tuple[str, ...] = ("A", "B")
BOARD_SIDES: tuple[str, ...] = tuple(d.value for d in Direction)


@dataclass(frozen=True)
class Feature:
    type: str
    x: int
    y: int
    number: int | None = None
    facing: Direction | None = None

    def rotated(self, width: int, height: int, rotation: int) -> "Feature":
        x, y = rotate_point(self.x, self.y, width, height, rotation)
        facing = self.facing.turned(rotation) if self.facing else None
        return replace(self, x=x, y=y, facing=facing)


@dataclass(frozen=True)
class Tile:
    """A two-sided tile (SIDES) of width x height cells, with the features printed on each side.

    `kind` is the tile's class in its game, as Tiled calls it: which template slots it may
    fill. The vocabulary is the game's; a game's tile set file may name it otherwise.
    """

    id: str
    kind: str
    width: int
    height: int
    sides: Mapping[str, tuple[Feature, ...]]

    def size(self, rotation: int = 0) -> tuple[int, int]:
        return rotated_size(self.width, self.height, rotation)

    def features(self, side: str, rotation: int = 0) -> tuple[Feature, ...]:
        """The features of one side, in tile-local coordinates after rotation."""
        return tuple(f.rotated(self.width, self.height, rotation) for f in self.sides[side])

    def __hash__(self) -> int:  # sides is a dict; identity by id and shape is enough
        return hash((self.id, self.kind, self.width, self.height))


@dataclass(frozen=True)
class TileSet:
    id: str
    name: str
    tiles: tuple[Tile, ...]
    schema_ref: str | None = None  # the file's optional "$schema" (for text editors), kept on save

    def get(self, tile_id: str) -> Tile | None:
        by_id = self.__dict__.get("_by_id")
        if by_id is None:  # built on first use (frozen, so set past __setattr__); the first tile of an id wins
            by_id = {}
            for tile in self.tiles:
                by_id.setdefault(tile.id, tile)
            object.__setattr__(self, "_by_id", by_id)
        return by_id.get(tile_id)

    def ids(self) -> list[str]:
        return [t.id for t in self.tiles]

    def with_tile(self, tile: Tile) -> "TileSet":
        """A copy with `tile` replacing the tile of the same id, or appended."""
        tiles = [tile if t.id == tile.id else t for t in self.tiles]
        if self.get(tile.id) is None:
            tiles.append(tile)
        return replace(self, tiles=tuple(tiles))

    def without_tile(self, tile_id: str) -> "TileSet":
        return replace(self, tiles=tuple(t for t in self.tiles if t.id != tile_id))


@dataclass(frozen=True)
class Placement:
    tile: str
    side: str
    x: int
    y: int
    rotation: int = 0

    def __post_init__(self) -> None:
        if self.rotation not in ROTATIONS:
            raise ValueError(f"rotation must be one of {ROTATIONS}, not {self.rotation!r}")
        if self.side not in SIDES:
            raise ValueError(f"side must be one of {SIDES}, not {self.side!r}")

    def cells(self, tile: Tile) -> list[Cell]:
        w, h = tile.size(self.rotation)
        return [(self.x + dx, self.y + dy) for dy in range(h) for dx in range(w)]

    def rotated_by(self, quarter: int) -> "Placement":
        return replace(self, rotation=(self.rotation + quarter) % 360)

    def flipped(self) -> "Placement":
        return replace(self, side="B" if self.side == "A" else "A")

    def moved_to(self, x: int, y: int) -> "Placement":
        return replace(self, x=x, y=y)


@dataclass(frozen=True)
class CellFeature:
    """A feature as it lies on the board, with the tile it is printed on."""

    type: str
    tile: str
    number: int | None = None
    facing: Direction | None = None


@dataclass(frozen=True, eq=False)
class Board:
    """A resolved layout: which cells exist and what is printed on each.

    Cells inside the bounds that no tile covers are holes: off the board, like the outside.
    """

    width: int
    height: int
    cell_tiles: Mapping[Cell, str]
    features: Mapping[Cell, CellFeature]

    def on_board(self, cell: Cell) -> bool:
        return cell in self.cell_tiles

    def cells(self) -> list[Cell]:
        """Every cell on the board, row by row."""
        return sorted(self.cell_tiles, key=lambda c: (c[1], c[0]))

    def holes(self) -> list[Cell]:
        return [
            (x, y)
            for y in range(self.height)
            for x in range(self.width)
            if (x, y) not in self.cell_tiles
        ]

    def feature_at(self, cell: Cell) -> CellFeature | None:
        return self.features.get(cell)

    def cells_of_type(self, feature_type: str) -> list[Cell]:
        return sorted((c for c, f in self.features.items() if f.type == feature_type), key=lambda c: (c[1], c[0]))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (self.width, self.height, dict(self.cell_tiles), dict(self.features)) == (
            other.width, other.height, dict(other.cell_tiles), dict(other.features))
