"""Problems inside a single tile definition, reported with the JSON path of the fault."""
from __future__ import annotations

from .model import Tile


def tile_problems(tile: Tile, number_range: range | None = None) -> list[tuple[str, str]]:
    """(JSON path relative to the tile, message) for every fault in one tile."""
    problems = []
    for side, features in tile.sides.items():
        taken: dict[tuple[int, int], int] = {}
        for index, feature in enumerate(features):
            where = f"sides.{side}[{index}]"
            if not (0 <= feature.x < tile.width and 0 <= feature.y < tile.height):
                problems.append((where, f"feature at [{feature.x},{feature.y}] lies outside the "
                                        f"{tile.width}x{tile.height} tile."))
            elif (feature.x, feature.y) in taken:
                problems.append((where, f"two features on cell [{feature.x},{feature.y}] of side {side} "
                                        f"(also sides.{side}[{taken[(feature.x, feature.y)]}]); keep one."))
            else:
                taken[(feature.x, feature.y)] = index
            if number_range is not None and feature.number is not None and feature.number not in number_range:
                problems.append((where, f"number {feature.number} is outside "
                                        f"{number_range.start}-{number_range.stop - 1}."))
    return problems
