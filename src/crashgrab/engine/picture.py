"""What a board shows, in plain values any painter, text board or image export draws: the kinds
of features a game prints (`FeatureKind`, with their typed settings), features placed at cells or
on edges, playing pieces in a play state, the `BoardPicture` of a layout, and overlays.
`system.GameSystem.picture` returns one; docs/game-systems.md ("Pictures") explains each field.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping

from .feature_settings import Setting, describe_settings, settings_problems
from .findings import Edge
from .grid.protocol import Cell

if TYPE_CHECKING:
    from .grid.protocol import Geometry


@dataclass(frozen=True)
class FeatureKind:
    """One kind of thing printed on (or between) cells, and how to show it.

    `type` is the word files use. `on_edge` features sit on a cell's side (a wall between
    two cells): they are placed by (cell, direction). Several features may share a cell.
    `symbol` is its mark in text boards (two characters wide; a numbered feature's number
    replaces it), `colour` and `shape` tell a painter how to draw it: shape is one of
    "disc", "square", "arrow", "chevron", "bar" (an edge), "card". `settings` are what a designer
    sets on each feature of the kind (its program steps, beams ...: feature_settings.Setting);
    a placed feature carries their values, checked by `settings_problems`.
    """

    type: str
    title: str
    numbered: bool = False
    facing: bool = False
    on_edge: bool = False
    symbol: str = "??"
    colour: str = "#808080"
    shape: str = "disc"
    description: str = ""
    settings: tuple[Setting, ...] = ()

    def describe(self, number: int | None = None, facing: str | None = None,
                 settings: Mapping[str, Any] | None = None) -> str:
        """The feature in words for messages, tool tips and legends, e.g. "Post 7", "Arrow facing
        east", "Lamp, steps 2, 4" (its settings, defaults included, after a comma)."""
        words = self.title
        if self.numbered and number is not None:
            words += f" {number}"
        if self.facing and facing:
            words += f" facing {facing}"
        return ", ".join([words, *describe_settings(self.settings, settings or {})])

    def setting(self, name: str) -> Setting | None:
        return next((s for s in self.settings if s.name == name), None)

    def settings_problems(self, values: Mapping[str, Any], where: str = "") -> list[str]:
        """What is wrong with a feature's settings `values` (none: they are good), one message each,
        the feature placed by `where` ("at [3,4]"): for a game's loader to report."""
        return settings_problems(self.title, self.settings, values, where)


@dataclass(frozen=True)
class PlacedFeature:
    """A feature as a board shows it: at a cell, or on one of its edges when `edge` is set."""

    type: str
    cell: Cell
    edge: str | None = None
    number: int | None = None
    facing: str | None = None
    owner: str | None = None  # what it belongs to: a tile id, a player ...
    colour: str | None = None  # drawn in this colour instead of its kind's (e.g. its player's)
    # Its values of its kind's `settings` by name ({"steps": [2, 4]}); left out of the hash.
    settings: Mapping[str, Any] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class PlayingPiece:
    """A piece standing on the board in a play state: a car, a robot, a player's token.

    `kind` names its look: a type of the game's `piece_kinds` (or `feature_kinds`), whose title,
    shape and colour it takes. `facing` is an angle in degrees clockwise from east on screen, as
    `geometry.direction_angle(direction)` gives it (None: it faces nowhere). Its colour is
    `colour`, else its owner's in the picture's `owner_colours`, else its kind's. `label` is
    printed on it (a car's number).
    """

    kind: str
    cell: Cell
    facing: float | None = None
    owner: str | None = None
    colour: str | None = None
    label: str = ""


@dataclass(frozen=True)
class BoardPicture:
    """Everything a generic painter, text board or image export needs to draw a layout.

    `cells` exist; other cells inside width x height are holes (a geometry whose cells do
    not fill a rectangle from (0, 0), such as hexes around a centre, gives 0 x 0). `groups` (optional) names
    the piece each cell belongs to (a tile), for outlines. `margins` (optional) labels
    the board's sides by direction (a game's markers printed beside the board).
    `unit_mm` (optional) is one board unit printed at game scale, in millimetres (None: the
    studio's default for a square cell). What is drawn spans `extent(geometry)`, which
    need not start at (0, 0): a hex board's cells lie around its centre hex.
    `pieces` stand on the board in a play state (cars, robots), drawn over the features.
    `owner_colours` colour what an owner has (its features and pieces without a colour of their
    own), e.g. {"A": "#2563eb"}. `facing_arrows` draws a feature's facing as an arrow turned to
    its direction (pieces always are); without it, as a pointer and the direction's first letter,
    as the studio drew it first (kept so the images of the games that came first do not change).
    """

    width: int
    height: int
    cells: tuple[Cell, ...]
    features: tuple[PlacedFeature, ...] = ()
    groups: Mapping[Cell, str] = field(default_factory=dict)
    margins: Mapping[str, str] = field(default_factory=dict)
    unit_mm: float | None = None
    pieces: tuple[PlayingPiece, ...] = ()
    owner_colours: Mapping[str, str] = field(default_factory=dict)
    facing_arrows: bool = False

    def extent(self, geometry: "Geometry") -> tuple[float, float, float, float]:
        """(left, top, right, bottom) in board units: `geometry.bounds` of the cells (every cell's
        polygon as the geometry shapes it), widened to the rectangle 0..width x 0..height when
        the picture gives one (a square board's holes at its edge still take their room)."""
        if not self.cells and not (self.width > 0 and self.height > 0):
            return 0.0, 0.0, 0.0, 0.0
        left, top, right, bottom = geometry.bounds(self.cells) if self.cells else (0.0, 0.0, 0.0, 0.0)
        if self.width > 0 and self.height > 0:
            if not self.cells:
                return 0.0, 0.0, float(self.width), float(self.height)
            left, top = min(left, 0.0), min(top, 0.0)
            right, bottom = max(right, float(self.width)), max(bottom, float(self.height))
        return left, top, right, bottom

    def colour_of(self, kind_colour: str, colour: str | None = None, owner: str | None = None) -> str:
        """What a feature or piece is drawn in: its own colour, else its owner's, else its kind's."""
        return colour or (self.owner_colours.get(owner, "") if owner is not None else "") or kind_colour

    def edge_features(self, geometry: "Geometry") -> tuple[PlacedFeature, ...]:
        """The features on edges, each edge and type once: a wall named from both of its cells
        ([3,4] east and [4,4] west) is one wall, kept as first named. A side the geometry does not
        have ("north" of a hex) is left out."""
        seen: set[tuple[tuple[Cell, str], str]] = set()
        kept = []
        for feature in self.features:
            if feature.edge not in geometry.directions:  # none, or not a side this geometry has: nothing to draw
                continue
            key = (geometry.edge_key(feature.cell, feature.edge), feature.type)
            if key not in seen:
                seen.add(key)
                kept.append(feature)
        return tuple(kept)


@dataclass(frozen=True)
class OverlayKind:
    """An analysis the editor can draw over the board (View menu)."""

    id: str
    title: str
    description: str = ""
    steps: int = 0  # > 0: it has a view per program step 1..steps (GameSystem.step_overlay)


@dataclass(frozen=True)
class Overlay:
    """An overlay's data: a value and a short label per cell, and arrows between cells; `edges`
    tint sides of cells (0..1, keyed by (cell, direction), either cell's name); `step` is the
    program step it shows (None: the whole program or no program)."""

    id: str
    cells: Mapping[Cell, float] = field(default_factory=dict)        # 0..1, how strongly to tint
    labels: Mapping[Cell, str] = field(default_factory=dict)
    arrows: tuple[tuple[Cell, Cell], ...] = ()
    edges: Mapping[Edge, float] = field(default_factory=dict)
    step: int | None = None
