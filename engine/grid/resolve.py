"""Lay placed tiles onto a grid: which cell belongs to which tile, and what is printed there.

Problems that do not stop the board from being drawn (an unknown tile, a tile used
twice, overlaps, cells outside fixed bounds) come back as error findings, so an editor
can open the file and let the designer fix it.
"""
from __future__ import annotations

from typing import Iterable

from ..findings import Finding
from .model import Board, Cell, CellFeature, Placement, TileSet


def _fmt(cell: Cell) -> str:
    return f"[{cell[0]},{cell[1]}]"


def place_tiles(
    tileset: TileSet,
    placements: Iterable[Placement],
    bounds: tuple[int, int] | None = None,
) -> tuple[Board, list[Finding]]:
    """Resolve placements into a Board. Without `bounds`, the board is the placements' extent."""
    findings: list[Finding] = []
    cell_tiles: dict[Cell, str] = {}
    features: dict[Cell, CellFeature] = {}
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
        seen.add(placement.tile)
        cells = placement.cells(tile)
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
        for feature in tile.features(placement.side, placement.rotation):
            cell = (placement.x + feature.x, placement.y + feature.y)
            if cell_tiles.get(cell) == tile.id and cell not in features:
                features[cell] = CellFeature(feature.type, tile.id, feature.number, feature.facing)
        w, h = tile.size(placement.rotation)
        extent_w = max(extent_w, placement.x + w)
        extent_h = max(extent_h, placement.y + h)
    width, height = bounds if bounds else (extent_w, extent_h)
    return Board(width, height, cell_tiles, features), findings
