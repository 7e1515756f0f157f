"""Crash & Grab's checks of a tile set before it is saved: what a tile designer is told."""
from __future__ import annotations

from ..grid.model import TileSet
from ..grid.tilecheck import tile_problems
from .terms import CRASH_SITE_NUMBERS, FEATURE_TYPES


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
