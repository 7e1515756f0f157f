"""Lay placed pieces onto a board: which cell belongs to which piece, and what lies there.

Every feature printed on a piece is kept, however many share a cell or an edge: a game that
allows one feature a cell refuses such pieces when it loads them. Edge features are stored once
under the geometry's canonical edge name. Features placed on the board itself (start squares,
checkpoints, factory elements) join them after the printed ones.

Problems that do not stop the board from being drawn (an unknown tile, a tile used
twice, overlaps, cells outside fixed bounds) come back as error findings, so an editor
can open the file and let the designer fix it.
"""
from __future__ import annotations

from typing import Iterable

from ..findings import Finding
from .model import NOTHING, ON_BOARD, Board, Cell, CellFeature, EdgeKey, FacingSettings, Feature, PieceGeometry, \
    Placement, TileSet
from .square import SQUARE


def _fmt(cell: Cell) -> str:
    return f"[{cell[0]},{cell[1]}]"


def place_tiles(
    tileset: TileSet,
    placements: Iterable[Placement],
    bounds: tuple[int, int] | None = None,
    geometry: PieceGeometry | None = None,
    board_features: Iterable[Feature] = (),
    facings: FacingSettings = NOTHING,
) -> tuple[Board, list[Finding]]:
    """Resolve placements into a Board. Without `bounds`, the board is the placements' extent.

    Without `geometry` pieces turn in square quarter turns (the square games' fast path); with
    one, by its rotation steps. `board_features` are placed on the board, in board coordinates.
    `facings` names each feature type's facing settings (`feature_settings.facing_settings` of
    the game's kinds), which turn with their piece."""
    findings: list[Finding] = []
    cell_tiles: dict[Cell, str] = {}
    cell_features: dict[Cell, list[CellFeature]] = {}
    edge_features: dict[EdgeKey, list[CellFeature]] = {}
    edges = geometry or SQUARE
    seen: set[str] = set()
    extent_w = extent_h = 0
    for index, placement in enumerate(placements):
        tile = tileset.get(placement.tile)
        where = f"placements[{index}]"
        if tile is None:
            findings.append(Finding(
                "unknown-tile", "error",
                f"Tile {placement.tile!r} ({where}) is not in tile set {tileset.id!r}; "
                f"use one of {', '.join(tileset.ids())}.",
                ((placement.x, placement.y),), {"tile": placement.tile, "placement": index}))
            continue
        if placement.tile in seen:
            findings.append(Finding(
                "duplicate-tile", "error",
                f"Tile {placement.tile} is placed more than once ({where}); a physical tile exists once, "
                "so remove one of them.",
                ((placement.x, placement.y),), {"tile": placement.tile, "placement": index}))
            continue
        refusal = _refusal(tile.sides, placement, geometry)
        if refusal:
            findings.append(Finding(
                "bad-placement", "error", f"Tile {placement.tile} ({where}) {refusal}",
                ((placement.x, placement.y),), {"tile": placement.tile, "placement": index}))
            continue
        seen.add(placement.tile)
        cells = placement.cells(tile, geometry)
        outside = [c for c in cells if bounds and not (0 <= c[0] < bounds[0] and 0 <= c[1] < bounds[1])]
        if outside and bounds:
            findings.append(Finding(
                "outside-board", "error",
                f"Tile {placement.tile} ({where}) reaches outside the {bounds[0]}x{bounds[1]} board "
                f"at {_fmt(outside[0])}; move it inside.",
                tuple(outside), {"tile": placement.tile, "placement": index}))
        overlapped = [c for c in cells if c in cell_tiles]
        if overlapped:
            others = sorted({cell_tiles[c] for c in overlapped})
            findings.append(Finding(
                "overlap", "error",
                f"Tile {placement.tile} ({where}) overlaps tile {', '.join(others)} at "
                f"{_fmt(overlapped[0])}; tiles may not overlap, so move one.",
                tuple(overlapped), {"tile": placement.tile, "others": others, "placement": index}))
        for cell in cells:
            if cell in cell_tiles or cell in outside:
                continue
            cell_tiles[cell] = tile.id
        for feature in tile.features(placement.side, placement.rotation, geometry, facings):
            cell = (placement.x + feature.x, placement.y + feature.y)
            if cell_tiles.get(cell) == tile.id:  # not on a cell another tile covers first, nor outside
                _lay(cell_features, edge_features, edges, cell, feature, tile.id)
        if geometry is None:
            w, h = tile.size(placement.rotation)
            extent_w, extent_h = max(extent_w, placement.x + w), max(extent_h, placement.y + h)
        for x, y in cells if geometry is not None else ():
            extent_w, extent_h = max(extent_w, x + 1), max(extent_h, y + 1)
    width, height = bounds if bounds else (extent_w, extent_h)
    return _board(width, height, cell_tiles, cell_features, edge_features, edges, board_features, findings)


def board_of_cells(cells: Iterable[Cell], board_features: Iterable[Feature] = (), *, width: int, height: int,
                   geometry: PieceGeometry | None = None) -> tuple[Board, list[Finding]]:
    """A board of `cells` with no piece printed on it (an arena drawn square by square), every
    cell's tile ON_BOARD, and `board_features` placed on it as `place_tiles` places them (a
    feature on no cell is a `placed-off-board` finding). `width` x `height` are its bounds."""
    cell_tiles = {cell: ON_BOARD for cell in cells}
    findings: list[Finding] = []
    return _board(width, height, cell_tiles, {}, {}, geometry or SQUARE, board_features, findings)


def _board(width: int, height: int, cell_tiles: dict[Cell, str], cell_features: dict[Cell, list[CellFeature]],
           edge_features: dict[EdgeKey, list[CellFeature]], edges: PieceGeometry, board_features: Iterable[Feature],
           findings: list[Finding]) -> tuple[Board, list[Finding]]:
    """The board with `board_features` placed after the printed features, and the findings so far."""
    placed = tuple(board_features)
    for index, feature in enumerate(placed):
        if feature.cell in cell_tiles:
            _lay(cell_features, edge_features, edges, feature.cell, feature, ON_BOARD)
        else:
            findings.append(Finding(
                "placed-off-board", "error",
                f"The {feature.type} placed at {_fmt(feature.cell)} (board feature {index}) is on no tile; "
                "move it onto the board or remove it.",
                (feature.cell,), {"feature": feature.type, "index": index}))
    # The one-feature-a-cell view: the first feature on each cell, as games with one a cell read it.
    first = {cell: features[0] for cell, features in cell_features.items()}
    board = Board(width, height, cell_tiles, first,
                  {cell: tuple(features) for cell, features in cell_features.items()},
                  {edge: tuple(features) for edge, features in edge_features.items()}, placed)
    return board, findings


def _lay(cell_features: dict[Cell, list[CellFeature]], edge_features: dict[EdgeKey, list[CellFeature]],
         geometry: PieceGeometry, cell: Cell, feature: Feature, tile_id: str) -> None:
    if feature.edge is None:
        cell_features.setdefault(cell, []).append(
            CellFeature(feature.type, tile_id, feature.number, feature.facing, None, feature.settings))
        return
    key = geometry.edge_key(cell, feature.edge)
    edge_features.setdefault(key, []).append(
        CellFeature(feature.type, tile_id, feature.number, feature.facing, key[1], feature.settings))


def _refusal(sides, placement: Placement, geometry: PieceGeometry | None) -> str | None:
    """Why a placement cannot be laid (a side the piece lacks, a turn its geometry lacks), or None."""
    if placement.side not in sides:
        return (f"shows side {placement.side}, which the tile does not have; "
                f"use side {' or '.join(sides)}.")
    rotations = (geometry or SQUARE).rotations
    if placement.rotation not in rotations:
        return (f"is turned {placement.rotation} degrees, which this board's grid cannot turn; "
                f"use one of {', '.join(str(r) for r in rotations)}.")
    return None
