"""Immutable value types for pieces, piece sets, placements and resolved boards.

These are generic: a piece (a tile, a factory board) is a rectangle of cells up to
MAX_PIECE_SIZE a side with one or two printed sides; a feature is any named thing printed on a
cell or on one of its edges, with the typed settings its kind declares (`system.FeatureKind`).
Several features may share a cell or an edge. Values are frozen; edits make new values. A game's
layout (what a designer edits and saves) is the game's own type, and a game's own rules about
its pieces (one feature a cell, a smaller size) are its own checks.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Collection, Iterable, Iterator, Mapping, Protocol

from ..feature_settings import turned_facings
from .geometry import ROTATIONS, Direction, rotate_point, rotated_size
from .hex import ROTATIONS as HEX_ROTATIONS

Cell = tuple[int, int]
EdgeKey = tuple[Cell, str]  # an edge by its canonical name: `geometry.edge_key(cell, direction)`
# Pieces are one- or two-sided pieces of card, side A and side B, as the factory boards of
# double-sided board games are too: a physical notion, not one game's. A one-sided piece has A only.
SIDES: tuple[str, ...] = ("A", "B")
MAX_PIECE_SIZE = 16  # cells a side: room for a 12x12 factory board and more
# Every rotation some geometry turns by (square quarter turns, hex sixth turns); a placement's
# rotation is checked against its board's own geometry when the board is resolved.
ANY_ROTATION: tuple[int, ...] = tuple(sorted(set(ROTATIONS) | set(HEX_ROTATIONS)))


class _Nothing(Mapping[Any, Any]):
    """The empty mapping every feature without settings (and a board without edges) shares:
    immutable and picklable (a survey sends boards and tile sets to worker processes, and
    `MappingProxyType` cannot be pickled); equal to {} as any mapping is."""

    __slots__ = ()

    def __getitem__(self, key: Any) -> Any:
        raise KeyError(key)

    def __iter__(self) -> Iterator[Any]:
        return iter(())

    def __len__(self) -> int:
        return 0

    def __reduce__(self) -> str:
        return "NOTHING"  # pickled by name: the one shared instance

    def __repr__(self) -> str:
        return "{}"


NOTHING = _Nothing()
NO_SETTINGS: Mapping[str, Any] = NOTHING
# The `tile` of a feature placed on the board itself rather than printed on a piece.
ON_BOARD = ""
_SQUARE_DIRECTIONS: tuple[str, ...] = tuple(d.value for d in Direction)
# Feature type -> the names of its kind's facing settings (`feature_settings.facing_settings`).
FacingSettings = Mapping[str, Collection[str]]


class PieceGeometry(Protocol):
    """What turning a piece needs of a geometry (`system.Geometry` has it all)."""

    directions: tuple[str, ...]
    rotations: tuple[int, ...]

    def turned(self, direction: str, rotation: int) -> str: ...

    def rotate_cell(self, cell: Cell, rotation: int, centre: Cell = (0, 0)) -> Cell: ...

    def edge_key(self, cell: Cell, direction: str) -> tuple[Cell, str]: ...


@dataclass(frozen=True)
class Feature:
    """A feature at cell (x, y) of a piece (or of the board, for one placed on the board).

    `edge` is the direction of the side of (x, y) it lies on (a wall), None for one on the cell.
    `settings` are its values of its kind's declared settings (checked by `FeatureKind`); they
    take part in equality but not in the hash (their values may be lists). The settings its kind
    declares as facings (`Setting(kind="facing")`) turn with the piece: `rotated` and `turned_on`
    take their names as `facings` (`feature_settings.facing_settings` finds them by type).
    """

    type: str
    x: int
    y: int
    number: int | None = None
    facing: Direction | None = None
    edge: str | None = None
    settings: Mapping[str, Any] = field(default_factory=lambda: NO_SETTINGS, hash=False)

    @property
    def cell(self) -> Cell:
        return self.x, self.y

    def rotated(self, width: int, height: int, rotation: int, facings: Collection[str] = ()) -> "Feature":
        """This feature after a square piece of width x height turns clockwise by `rotation`;
        `facings` names its settings that are facings, which turn with it."""
        x, y = rotate_point(self.x, self.y, width, height, rotation)
        facing = self.facing.turned(rotation) if self.facing else None
        settings = self.settings if not facings else turned_facings(
            self.settings, facings, lambda d: Direction(d).turned(rotation).value, _SQUARE_DIRECTIONS)
        if self.edge is None:
            return replace(self, x=x, y=y, facing=facing, settings=settings)
        return replace(self, x=x, y=y, facing=facing, edge=Direction(self.edge).turned(rotation).value,
                       settings=settings)

    def turned_on(self, geometry: PieceGeometry, rotation: int, offset: Cell,
                  facings: Collection[str] = ()) -> "Feature":
        """This feature after its piece turns by `rotation` about cell (0, 0) of `geometry` and
        then shifts by `offset` (which puts the turned piece's corner back at (0, 0)). Its edge and
        its `facings` settings turn by the geometry's own step (a sixth turn on a hex grid); the
        square `facing` field turns only on a square grid: on another it raises ValueError, saying
        to give the facing as a setting."""
        x, y = geometry.rotate_cell((self.x, self.y), rotation)
        if self.facing and set(geometry.directions) != set(_SQUARE_DIRECTIONS):
            raise ValueError(f"a {self.type}'s `facing` field is a square direction ({self.facing.value}): on this "
                             f"grid give its facing as a typed setting of kind \"facing\" (docs/game-systems.md)")
        facing = Direction(geometry.turned(self.facing.value, rotation)) if self.facing else None
        edge = geometry.turned(self.edge, rotation) if self.edge is not None else None
        settings = self.settings if not facings else turned_facings(
            self.settings, facings, lambda d: geometry.turned(d, rotation), geometry.directions)
        return replace(self, x=x + offset[0], y=y + offset[1], facing=facing, edge=edge, settings=settings)


@dataclass(frozen=True)
class Tile:
    """A piece (a tile, a factory board) of width x height cells, with the features printed on
    each of its sides (SIDES: A and B, or A only for a one-sided piece).

    `kind` is the piece's class in its game, as Tiled calls it: which template slots it may
    fill. The vocabulary is the game's; a game's tile set file may name it otherwise.
    Sizes and sides are checked by `tilecheck.piece_problems`, not here, so a broken file can
    still be opened and fixed.
    """

    id: str
    kind: str
    width: int
    height: int
    sides: Mapping[str, tuple[Feature, ...]]

    def size(self, rotation: int = 0) -> tuple[int, int]:
        """Width and height after a square quarter-turn rotation."""
        return rotated_size(self.width, self.height, rotation)

    def native_cells(self) -> list[Cell]:
        return [(x, y) for y in range(self.height) for x in range(self.width)]

    def cells(self, rotation: int = 0, geometry: PieceGeometry | None = None) -> list[Cell]:
        """The piece's cells, piece-local, after rotation (square quarter turns without `geometry`)."""
        if geometry is None:
            w, h = self.size(rotation)
            return [(x, y) for y in range(h) for x in range(w)]
        offset = self._offset(geometry, rotation)
        turned = (geometry.rotate_cell(c, rotation) for c in self.native_cells())
        return sorted(((x + offset[0], y + offset[1]) for x, y in turned), key=lambda c: (c[1], c[0]))

    def features(self, side: str, rotation: int = 0, geometry: PieceGeometry | None = None,
                 facings: FacingSettings = NOTHING) -> tuple[Feature, ...]:
        """The features of one side, in piece-local coordinates after rotation.

        Without `geometry` the piece turns in square quarter turns (the fast path every square
        game takes); with one, by that geometry's own rotation steps about cell (0, 0), shifted
        so the turned piece's cells start at the same corner as `cells` gives them. `facings`
        names each feature type's facing settings, which turn with the piece."""
        if geometry is None:
            return tuple(f.rotated(self.width, self.height, rotation, facings.get(f.type, ()))
                         for f in self.sides[side])
        offset = self._offset(geometry, rotation)
        return tuple(f.turned_on(geometry, rotation, offset, facings.get(f.type, ())) for f in self.sides[side])

    def _offset(self, geometry: PieceGeometry, rotation: int) -> Cell:
        return piece_offset(geometry, self.native_cells(), rotation)

    def __hash__(self) -> int:  # sides is a dict; identity by id and shape is enough
        return hash((self.id, self.kind, self.width, self.height))


def piece_offset(geometry: PieceGeometry, cells: Iterable[Cell], rotation: int) -> Cell:
    """The shift that puts a piece's cells, turned by `rotation` about cell (0, 0), back with their
    smallest x and y at 0: a turned piece keeps its corner where the placement puts it."""
    if rotation not in geometry.rotations:
        raise ValueError(f"rotation must be one of {geometry.rotations}, not {rotation!r}")
    turned = [geometry.rotate_cell(c, rotation) for c in cells]
    return -min(x for x, _ in turned), -min(y for _, y in turned)


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
    """A piece put on the board: which side up, where its corner cell lies, how far it is turned.

    `rotation` is any rotation step some geometry has (ANY_ROTATION); the board's own geometry
    checks it when the board is resolved (`resolve.place_tiles`)."""

    tile: str
    side: str
    x: int
    y: int
    rotation: int = 0

    def __post_init__(self) -> None:
        if self.rotation not in ANY_ROTATION:
            raise ValueError(f"rotation must be one of {ANY_ROTATION}, not {self.rotation!r}")
        if self.side not in SIDES:
            raise ValueError(f"side must be one of {SIDES}, not {self.side!r}")

    def cells(self, tile: Tile, geometry: PieceGeometry | None = None) -> list[Cell]:
        if geometry is None:
            w, h = tile.size(self.rotation)
            return [(self.x + dx, self.y + dy) for dy in range(h) for dx in range(w)]
        return [(self.x + dx, self.y + dy) for dx, dy in tile.cells(self.rotation, geometry)]

    def rotated_by(self, quarter: int) -> "Placement":
        return replace(self, rotation=(self.rotation + quarter) % 360)

    def flipped(self) -> "Placement":
        return replace(self, side="B" if self.side == "A" else "A")

    def moved_to(self, x: int, y: int) -> "Placement":
        return replace(self, x=x, y=y)


@dataclass(frozen=True)
class CellFeature:
    """A feature as it lies on the board, with the piece it is printed on (ON_BOARD for one
    placed on the board itself). An edge feature's `edge` is the direction of its canonical edge
    name (the cell is the key it is stored under), None for one on a cell."""

    type: str
    tile: str
    number: int | None = None
    facing: Direction | None = None
    edge: str | None = None
    settings: Mapping[str, Any] = field(default_factory=lambda: NO_SETTINGS, hash=False)


_NO_EDGES: Mapping[EdgeKey, tuple[CellFeature, ...]] = NOTHING


@dataclass(frozen=True, eq=False)
class Board:
    """A resolved layout: which cells exist and what lies on each cell and edge.

    Cells inside the bounds that no tile covers are holes: off the board, like the outside.
    `features` is the one-feature-a-cell view (the first feature on each cell) that games with
    one feature a cell read on their fast paths; `cell_features` holds every feature of a cell,
    printed ones in print order, then the ones placed on the board (None: one each, `features`).
    `edge_features` holds every feature on an edge under its canonical name
    (`geometry.edge_key`), so a wall named from either of its cells is one wall. `placed` lists
    the features placed on the board rather than printed on a piece, in board coordinates.
    """

    width: int
    height: int
    cell_tiles: Mapping[Cell, str]
    features: Mapping[Cell, CellFeature]
    cell_features: Mapping[Cell, tuple[CellFeature, ...]] | None = None
    edge_features: Mapping[EdgeKey, tuple[CellFeature, ...]] = field(default_factory=lambda: _NO_EDGES)
    placed: tuple[Feature, ...] = ()

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
        """The first feature on `cell`: the one-feature-a-cell view."""
        return self.features.get(cell)

    def features_at(self, cell: Cell) -> tuple[CellFeature, ...]:
        """Every feature on `cell` (not on its edges)."""
        if self.cell_features is None:
            feature = self.features.get(cell)
            return (feature,) if feature is not None else ()
        return self.cell_features.get(cell, ())

    def all_cell_features(self) -> dict[Cell, tuple[CellFeature, ...]]:
        if self.cell_features is None:
            return {cell: (feature,) for cell, feature in self.features.items()}
        return {cell: features for cell, features in self.cell_features.items() if features}

    def edge_features_at(self, geometry: PieceGeometry, cell: Cell, direction: str) -> tuple[CellFeature, ...]:
        """Every feature on the side of `cell` toward `direction`, named from either of its cells."""
        return self.edge_features.get(geometry.edge_key(cell, direction), ())

    def cells_of_type(self, feature_type: str) -> list[Cell]:
        """The cells holding a feature of `feature_type` (any of a cell's features), row by row."""
        if self.cell_features is None:  # one feature a cell: the fast view is the whole story
            found = (c for c, f in self.features.items() if f.type == feature_type)
        else:
            found = (c for c, fs in self.cell_features.items() if any(f.type == feature_type for f in fs))
        return sorted(found, key=lambda c: (c[1], c[0]))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (self.width, self.height, dict(self.cell_tiles), dict(self.features), self.all_cell_features(),
                dict(self.edge_features), self.placed) == (
            other.width, other.height, dict(other.cell_tiles), dict(other.features), other.all_cell_features(),
            dict(other.edge_features), other.placed)

