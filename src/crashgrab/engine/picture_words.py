"""A board picture in words, for any game: its legend and what a tool tip says of a cell.

The legend lists each kind of feature once per distinct settings ("Lamp, steps 2, 4"
and "Lamp, steps 1, 3" are two entries: they behave differently), then each kind of
playing piece once per owner. No Qt here: the editor draws the entries' symbols, the tests and
a text board read the words.
"""
from __future__ import annotations

from dataclasses import dataclass

from .system import BoardPicture, Cell, FeatureKind, GameSystem, Geometry, PlacedFeature, PlayingPiece


@dataclass(frozen=True)
class LegendEntry:
    """One line of a legend: its words, the kind whose symbol it shows (None: a type the game does
    not declare) and the colour to draw it in; `piece` for a playing piece."""

    text: str
    kind: FeatureKind | None
    colour: str
    piece: bool = False


def feature_words(system: GameSystem, feature: PlacedFeature) -> str:
    """"Post 7", "Arrow facing east", "Lamp, steps 2, 4": the kind's words with the feature's
    number, facing and settings; an undeclared type by its name."""
    kind = system.feature_kind(feature.type)
    return kind.describe(feature.number, feature.facing, feature.settings) if kind else feature.type


def facing_words(geometry: Geometry, angle: float) -> str:
    """A facing angle by its direction's name when it is one of the geometry's ("northeast"),
    else in degrees clockwise from east ("75°")."""
    for direction in geometry.directions:
        if abs((geometry.direction_angle(direction) - angle + 180.0) % 360.0 - 180.0) < 1e-6:
            return direction
    return f"{angle % 360.0:g}\u00b0"


def piece_words(system: GameSystem, piece: PlayingPiece) -> str:
    """"Car 3 of A facing east": the kind's title, its label, its owner and its facing."""
    kind = system.piece_kind(piece.kind)
    words = kind.title if kind else piece.kind
    if piece.label:
        words += f" {piece.label}"
    if piece.owner:
        words += f" of {piece.owner}"
    if piece.facing is not None:
        words += f" facing {facing_words(system.geometry, piece.facing)}"
    return words


def cell_words(system: GameSystem, picture: BoardPicture, cell: Cell) -> list[str]:
    """What stands in and around `cell`, in words: its features, the features on its sides (named
    from this cell, "Wall on the east edge", whichever cell the picture names them from, each
    once) and the pieces on it."""
    geometry = system.geometry
    sides = {geometry.edge_key(cell, d): d for d in geometry.directions}
    words = []
    for feature in picture.features:
        if feature.edge is None and feature.cell == cell:
            words.append(feature_words(system, feature))
    for feature in picture.edge_features(geometry):
        side = sides.get(geometry.edge_key(feature.cell, feature.edge or ""))
        if side is not None:
            words.append(f"{feature_words(system, feature)} on the {side} edge")
    words += [piece_words(system, p) for p in picture.pieces if p.cell == cell]
    return words


def legend_entries(system: GameSystem, picture: BoardPicture) -> tuple[LegendEntry, ...]:
    """The picture's legend: each kind of feature in the game's order of `feature_kinds` (undeclared
    types after them), once per distinct settings, then each kind of piece once per owner."""
    order = {kind.type: index for index, kind in enumerate(system.feature_kinds)}
    seen: dict[tuple[str, str], tuple[int, int, LegendEntry]] = {}
    for position, feature in enumerate(picture.features):
        kind = system.feature_kind(feature.type)
        text = kind.describe(settings=feature.settings) if kind else feature.type
        if (feature.type, text) not in seen:
            colour = picture.colour_of(kind.colour if kind else "#808080", None, None)
            entry = LegendEntry(text, kind, colour)
            seen[(feature.type, text)] = (order.get(feature.type, len(order)), position, entry)
    entries = [entry for _, _, entry in sorted(seen.values(), key=lambda item: (item[0], item[1]))]
    pieces: dict[tuple[str, str | None], LegendEntry] = {}
    for piece in picture.pieces:
        if (piece.kind, piece.owner) in pieces:
            continue
        kind = system.piece_kind(piece.kind)
        text = (kind.title if kind else piece.kind) + (f" of {piece.owner}" if piece.owner else "")
        colour = picture.colour_of(kind.colour if kind else "#808080", None, piece.owner)
        pieces[(piece.kind, piece.owner)] = LegendEntry(text, kind, colour, piece=True)
    return (*entries, *pieces.values())
