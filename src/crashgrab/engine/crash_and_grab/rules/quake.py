"""Quake Maker turns a tile of the board in play: the board is part of the game state.

The state keeps the layout its board was resolved from. Turning the tile placed at
`corner` to a new rotation re-resolves the board, and the saucers and crewmembers on the
tile turn with it (ruling quake-maker): a square tile keeps its footprint, so nothing
else moves.
"""
from __future__ import annotations

from dataclasses import replace

from ...grid.geometry import rotate_point
from ...grid.model import Cell
from ..resolve import resolve_layout
from .errors import IllegalAction
from .frozen import FrozenMap, evolve


def tile_at(state, cell: Cell):
    """(index, placement, tile) of the tile covering `cell`, or IllegalAction."""
    layout = state.layout
    if layout is None:
        raise IllegalAction("Quake Maker needs the board's tiles, and this game's board was not built from a layout.")
    for index, placement in enumerate(layout.placements):
        tile = layout.tileset.get(placement.tile)
        if tile is not None and cell in placement.cells(tile):
            return index, placement, tile
    raise IllegalAction(f"Quake Maker: no tile covers [{cell[0]},{cell[1]}].")


def turned_tile(state, corner: Cell, rotation: int):
    """The state with the tile placed at `corner` turned to `rotation`, pieces and all."""
    layout = state.layout
    index, placement, tile = tile_at(state, corner)
    width, height = tile.size(placement.rotation)
    delta = (rotation - placement.rotation) % 360

    def moved(cell: Cell) -> Cell:
        x, y = cell[0] - placement.x, cell[1] - placement.y
        if not (0 <= x < width and 0 <= y < height):
            return cell
        nx, ny = rotate_point(x, y, width, height, delta)
        return (placement.x + nx, placement.y + ny)

    placements = list(layout.placements)
    placements[index] = replace(placement, rotation=rotation)
    new_layout = replace(layout, placements=tuple(placements))
    saucers = FrozenMap({c: s if s.at is None else evolve(s, at=moved(s.at)) for c, s in state.saucers.items()})
    crew = FrozenMap({moved(cell): member for cell, member in state.crew.items()})
    return evolve(state, layout=new_layout, board=resolve_layout(new_layout).board, saucers=saucers, crew=crew)
