"""Problems inside a single piece definition, reported with the JSON path of the fault.

These are the rules of every piece: its size (1 to MAX_PIECE_SIZE a side), its sides (A, or A
and B), features inside it, on the cell or on an edge as their kind says, with the settings their
kind declares. A game's own rules about its pieces (one feature a cell, a number range, a smaller
size) are the game's checks, run after these.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from .model import MAX_PIECE_SIZE, SIDES, Feature, PieceGeometry, Tile
from .square import SQUARE

if TYPE_CHECKING:
    from ..system import FeatureKind


def piece_problems(tile: Tile, kinds: Mapping[str, "FeatureKind"] | None = None,
                   geometry: PieceGeometry = SQUARE) -> list[tuple[str, str]]:
    """(JSON path relative to the piece, message) for every fault in one piece.

    With `kinds` (feature type -> FeatureKind), a feature's place (cell or edge) and settings are
    checked against its kind; a type not among them is left to the game's own checks."""
    problems: list[tuple[str, str]] = []
    if not (1 <= tile.width <= MAX_PIECE_SIZE and 1 <= tile.height <= MAX_PIECE_SIZE):
        problems.append(("width", f"a piece is 1x1 to {MAX_PIECE_SIZE}x{MAX_PIECE_SIZE} cells, "
                                  f"not {tile.width}x{tile.height}."))
    if tuple(tile.sides) not in (SIDES[:1], SIDES):
        problems.append(("sides", f"a piece has side A, or sides A and B, not {', '.join(tile.sides) or 'none'}."))
    for side, features in tile.sides.items():
        for index, feature in enumerate(features):
            where = f"sides.{side}[{index}]"
            problems += [(where, message) for message in feature_problems(tile, feature, kinds, geometry)]
    return problems


def feature_problems(tile: Tile, feature: Feature, kinds: Mapping[str, "FeatureKind"] | None = None,
                     geometry: PieceGeometry = SQUARE) -> list[str]:
    """What is wrong with one feature printed on `tile` (none: it is good)."""
    if not (0 <= feature.x < tile.width and 0 <= feature.y < tile.height):
        return [f"feature at [{feature.x},{feature.y}] lies outside the {tile.width}x{tile.height} tile."]
    problems = []
    if feature.edge is not None and feature.edge not in geometry.directions:
        problems.append(f"feature at [{feature.x},{feature.y}] lies on edge {feature.edge!r}, which is not "
                        f"a direction; use one of {', '.join(geometry.directions)}.")
    kind = kinds.get(feature.type) if kinds is not None else None
    if kind is not None:
        if kind.on_edge and feature.edge is None:
            problems.append(f"{kind.title} at [{feature.x},{feature.y}] lies on an edge: give its \"edge\".")
        elif not kind.on_edge and feature.edge is not None:
            problems.append(f"{kind.title} at [{feature.x},{feature.y}] lies on a cell, not on an edge: "
                            "remove its \"edge\".")
        problems += kind.settings_problems(feature.settings, f"at [{feature.x},{feature.y}]")
    return problems
