"""Crash & Grab's checks of its tiles: what a tile designer is told, and what loading refuses.

The generic piece model allows several features a cell and pieces up to 16x16; Crash & Grab's
tiles hold one feature a cell, are 1x1 to MAX_TILE_SIZE (its tile set schema says so too) and
number their crash sites within CRASH_SITE_NUMBERS. Those rules are the game's, so they live here.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import InvalidFileError
from ..grid.model import Cell, Tile, TileSet
from ..grid.tilecheck import feature_problems
from .terms import CRASH_SITE_NUMBERS, FEATURE_TYPES

MAX_TILE_SIZE = 8  # cells a side (schemas/crash-grab-tileset.schema.json's width and height)
_FEATURE_PATH = re.compile(r"sides\.(?P<side>[^\[]+)\[(?P<index>\d+)\]")


def tile_problems(tile: Tile, number_range: range | None = None) -> list[tuple[str, str]]:
    """(JSON path relative to the tile, message) for every fault in one tile: the generic checks
    of each feature, then Crash & Grab's one feature a cell and (given `number_range`) its numbers."""
    problems = []
    for side, features in tile.sides.items():
        taken: dict[tuple[int, int], int] = {}
        for index, feature in enumerate(features):
            where = f"sides.{side}[{index}]"
            generic = feature_problems(tile, feature)
            problems += [(where, message) for message in generic]
            if not generic and (feature.x, feature.y) in taken:  # one feature a cell
                problems.append((where, f"two features on cell [{feature.x},{feature.y}] of side {side} "
                                        f"(also sides.{side}[{taken[(feature.x, feature.y)]}]); keep one."))
            elif not generic:
                taken[(feature.x, feature.y)] = index
            if number_range is not None and feature.number is not None and feature.number not in number_range:
                problems.append((where, f"number {feature.number} is outside "
                                        f"{number_range.start}-{number_range.stop - 1}."))
    return problems


def tileset_errors(tileset: TileSet) -> list[tuple[str, str, str]]:
    """(tile id, JSON path within the tile, message) for every fault that blocks saving."""
    numbers = range(CRASH_SITE_NUMBERS[0], CRASH_SITE_NUMBERS[-1] + 1)
    errors = []
    for tile in tileset.tiles:
        for path, message in tile_problems(tile, numbers):
            errors.append((tile.id, path, f"Tile {tile.id}: {message}"))
        for side, features in tile.sides.items():
            for index, feature in enumerate(features):
                if feature.type not in FEATURE_TYPES:
                    errors.append((tile.id, f"sides.{side}[{index}]",
                                   f"Tile {tile.id}: unknown feature {feature.type!r}."))
    return errors


@dataclass(frozen=True)
class TileFault:
    """One fault of `tileset_errors`, located for a designer: which side and cell to fix."""

    tile: str
    side: str | None
    cell: Cell | None  # the faulty feature's cell (tile-local, unrotated)
    where: str  # JSON path in the tile set file, e.g. $.tiles[14].sides.A[0]
    message: str

    def place(self) -> str:
        """"tile 15, side A, cell [2,1]": where to look, in words."""
        parts = [f"tile {self.tile}"]
        if self.side:
            parts.append(f"side {self.side}")
        if self.cell:
            parts.append(f"cell [{self.cell[0]},{self.cell[1]}]")
        return ", ".join(parts)


def tile_faults(tileset: TileSet) -> list[TileFault]:
    """`tileset_errors` with the side and cell of each faulty feature worked out."""
    indexes = {tile_id: index for index, tile_id in enumerate(tileset.ids())}
    faults = []
    for tile_id, path, message in tileset_errors(tileset):
        side, cell = None, None
        match = _FEATURE_PATH.fullmatch(path)
        tile = tileset.get(tile_id)
        if match and tile is not None and match["side"] in tile.sides:
            side = match["side"]
            feature = tile.sides[side][int(match["index"])]
            cell = (feature.x, feature.y)
        faults.append(TileFault(tile_id, side, cell, f"$.tiles[{indexes[tile_id]}].{path}", message))
    return faults


def raise_tileset_faults(tileset: TileSet, file=None) -> None:
    """Refuse to save a tile set with faults: one error naming the first and counting the rest."""
    faults = tile_faults(tileset)
    if not faults:
        return
    first = faults[0]
    more = f" ({len(faults) - 1} more problem{'s' if len(faults) > 2 else ''} in the tile set)" if len(faults) > 1 else ""
    raise InvalidFileError(f"{first.message}{more}", file=file, where=first.where,
                           hint=f"Fix {first.place()} (and every cell marked in the designer), then save again.")
