"""The game-system seam: what every game of the studio provides, in words no game owns.

A game system is one object per game (`GameSystem`), found by id through the registry in
`games.py` (Python entry points, group "crashgrab.games"). The CLI, the file formats and
the editor talk to a game only through it, so adding a game touches no generic module.
docs/game-systems.md explains every member with an example.

Layout, board, scenario and result values are the game's own types; generic code passes
them back to the system that made them and reads only what this module names.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Protocol, runtime_checkable

from .errors import InvalidFileError, UsageError
from .findings import Finding
from .report import ValidationReport

if TYPE_CHECKING:
    from .editing import BoardEditing

Cell = tuple[int, int]
Point = tuple[float, float]  # board units: a cell of a square grid is 1 x 1, (0, 0) its top-left corner;
# a hex grid's unit is the hex radius (grid/hex.py)


@runtime_checkable
class Geometry(Protocol):
    """How cells of a board sit together: names, not numbers, for directions.

    Square grids use `grid.square.SQUARE`; a hex grid implements the same members.
    """

    name: str                       # "square", "hex"
    directions: tuple[str, ...]     # clockwise, e.g. ("north", "east", "south", "west")
    rotations: tuple[int, ...]      # degrees a piece may turn, clockwise, e.g. (0, 90, 180, 270)

    def step(self, cell: Cell, direction: str, distance: int = 1) -> Cell: ...

    def turned(self, direction: str, rotation: int) -> str: ...

    def opposite(self, direction: str) -> str: ...

    def neighbours(self, cell: Cell) -> list[Cell]: ...

    def cell_polygon(self, cell: Cell) -> list[Point]: ...

    def cell_centre(self, cell: Cell) -> Point: ...

    def cell_at(self, point: Point) -> Cell: ...

    def edge(self, cell: Cell, direction: str) -> tuple[Point, Point]: ...

    def edge_at(self, point: Point, tolerance: float = 0.15) -> tuple[Cell, str] | None: ...

    def distance(self, a: Cell, b: Cell) -> int: ...

    def rotate_cell(self, cell: Cell, rotation: int, centre: Cell = (0, 0)) -> Cell: ...

    def direction_angle(self, direction: str) -> float: ...

    def edge_key(self, cell: Cell, direction: str) -> tuple[Cell, str]: ...

    def bounds(self, cells: Iterable[Cell]) -> tuple[float, float, float, float]: ...


@dataclass(frozen=True)
class FeatureKind:
    """One kind of thing printed on (or between) cells, and how to show it.

    `type` is the word files use. `on_edge` features sit on a cell's side (a wall between
    two cells): they are placed by (cell, direction). Several features may share a cell.
    `symbol` is its mark in text boards (two characters wide; a numbered feature's number
    replaces it), `colour` and `shape` tell a painter how to draw it: shape is one of
    "disc", "square", "arrow", "chevron", "bar" (an edge), "card".
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

    def describe(self, number: int | None = None, facing: str | None = None) -> str:
        """The feature in words for messages and tool tips, e.g. "Post 7", "Arrow facing east"."""
        words = self.title
        if self.numbered and number is not None:
            words += f" {number}"
        if self.facing and facing:
            words += f" facing {facing}"
        return words


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
    """

    width: int
    height: int
    cells: tuple[Cell, ...]
    features: tuple[PlacedFeature, ...] = ()
    groups: Mapping[Cell, str] = field(default_factory=dict)
    margins: Mapping[str, str] = field(default_factory=dict)
    unit_mm: float | None = None

    def extent(self, geometry: "Geometry") -> tuple[float, float, float, float]:
        """(left, top, right, bottom) in board units: every cell's polygon as `geometry` shapes
        it, widened to the rectangle 0..width x 0..height when the picture gives one (a square
        board's holes at its edge still take their room). A hex board gives 0 x 0."""
        points = [p for cell in self.cells for p in geometry.cell_polygon(cell)]
        if self.width > 0 and self.height > 0:
            points += [(0.0, 0.0), (float(self.width), float(self.height))]
        if not points:
            return 0.0, 0.0, 0.0, 0.0
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return min(xs), min(ys), max(xs), max(ys)


@dataclass(frozen=True)
class TemplateInfo:
    """A ready-made board a designer starts from, for the player counts it serves."""

    id: str
    title: str
    players: tuple[int, ...]
    width: int
    height: int


@dataclass(frozen=True)
class Resolution:
    """A layout worked out into its board, with the structural findings (overlaps ...)."""

    board: Any
    findings: tuple[Finding, ...]

    @property
    def ok(self) -> bool:
        return not self.findings


@dataclass(frozen=True)
class OverlayKind:
    """An analysis the editor can draw over the board (View menu)."""

    id: str
    title: str
    description: str = ""


@dataclass(frozen=True)
class Overlay:
    """An overlay's data: a value and a short label per cell, and arrows between cells."""

    id: str
    cells: Mapping[Cell, float] = field(default_factory=dict)        # 0..1, how strongly to tint
    labels: Mapping[Cell, str] = field(default_factory=dict)
    arrows: tuple[tuple[Cell, Cell], ...] = ()


@dataclass(frozen=True)
class ExportFormat:
    """A way to write a layout for another program. `needs_output`: it writes files, not stdout."""

    id: str
    title: str
    needs_output: bool = False
    output_example: str = ""  # how to give -o, for the hint when it is missing: "-o board.tmj"


@dataclass(frozen=True)
class Limit:
    """The most a game's files may hold of one thing (a scenario's steps, a board's columns),
    declared by the game and checked by `formats.limits` before the file is validated, built or
    played: a list far too long is refused at once, not after minutes of checking every item.

    `format` is the kind of file it bounds ("crash-grab-scenario", "crash-grab-layout"); `path`
    the keys from the top to the value, a list (its items are counted) or a whole number; `noun`
    what is counted, in the plural ("steps"); `env` an environment variable that changes it
    (CRASHGRAB_MAX_STEPS); `advice` how to stay within it ("Split it into shorter scenarios").
    """

    format: str
    path: tuple[str, ...]
    noun: str
    default: int
    env: str | None = None
    advice: str = ""


class ScenarioRun(Protocol):
    """The outcome of running one scenario file through a game's rules engine."""

    @property
    def passed(self) -> bool: ...

    def text(self) -> str: ...

    def to_json(self) -> dict[str, Any]: ...


class GameSystem(ABC):
    """One game of the studio. Subclass it, set the class attributes, implement the methods.

    Files dispatch here by their "game" field; the generic envelope (format, version,
    game, name) is checked before `layout_from_json` sees the document.
    """

    id: str                              # "my-game": the value of a file's "game"
    title: str                           # "My Game": what menus show
    geometry: Geometry
    players: tuple[int, ...]             # the player counts the rules allow
    feature_kinds: tuple[FeatureKind, ...] = ()
    templates: tuple[TemplateInfo, ...] = ()
    finding_codes: Mapping[str, str] = {}  # code -> default severity; docs/findings.md explains each
    # Its layout files' schema: a name in schemas/ ("layout" -> layout.schema.json), or the schema
    # itself (a dict) for a game from another package.
    layout_schema: str | dict[str, Any] = ""
    overlay_kinds: tuple[OverlayKind, ...] = ()
    export_formats: tuple[ExportFormat, ...] = ()
    upgrade_names: tuple[str, ...] = ()  # what `validate --upgrades` may assume a piece holds
    layout_type: type = object           # the class of its layout values (see `owns`)
    random_setup: bool = False           # whether `new_layout(seed=...)` deals a random board
    # Whether files that do not name their game (written before layouts named it: version 1, or
    # no "game" field) are this game's. The studio's first game says so; at most one installed
    # game should. That game is also listed first and is the default of `crashgrab new`.
    owns_unnamed_files: bool = False
    # What its layouts are called in messages: "this scenario is X's, but its layout is a Y arena".
    layout_noun: str = "layout"
    # The most its files may hold (a scenario's steps, a board's size), checked before a file is played.
    limits: tuple[Limit, ...] = ()

    # --- vocabulary -----------------------------------------------------------------------
    def feature_kind(self, feature_type: str) -> FeatureKind | None:
        return next((k for k in self.feature_kinds if k.type == feature_type), None)

    def template(self, template_id: str) -> TemplateInfo | None:
        return next((t for t in self.templates if t.id == template_id), None)

    def template_for_players(self, players: int) -> TemplateInfo:
        for template in self.templates:
            if players in template.players:
                return template
        counts = ", ".join(str(p) for p in self.players)
        raise UsageError(f"{self.title} has no board for {players} players.", hint=f"Use one of {counts}.")

    # --- layouts --------------------------------------------------------------------------
    @abstractmethod
    def new_layout(self, players: int | None = None, *, template: str | None = None,
                   seed: int | None = None, name: str | None = None) -> Any:
        """A board to start from: by player count or template id; free-form when neither.

        `seed` asks for a random setup where the game has one (the same seed, the same board).
        """

    @abstractmethod
    def layout_from_json(self, document: dict[str, Any], file: str | Path | None = None, *,
                         strict: bool = False) -> Any:
        """A layout value from a document already at the current version and of this game.

        Validate against `layout_schema` first; raise InvalidFileError (JSON path, hint).
        `strict` refuses structural errors a playable board cannot have.
        """

    @abstractmethod
    def layout_to_json(self, layout: Any, folder: str | Path | None = None) -> dict[str, Any]:
        """The document to save, with format, version (formats.migrations.CURRENT) and game.

        `folder` is where the file goes, for paths written relative to it.
        """

    def owns(self, layout: Any) -> bool:
        """Whether `layout` is one of this game's layout values (saving finds the system so)."""
        return type(layout) is self.layout_type

    def layout_name(self, layout: Any) -> str:
        return str(getattr(layout, "name", ""))

    def describe_layout(self, layout: Any) -> str:
        """One line for titles: "Standard (template 2-4, 8x8)"."""
        return self.layout_name(layout)

    def lift_document(self, fmt: str, version: int, document: dict[str, Any]) -> dict[str, Any]:
        """This game's own part of lifting a document of format `fmt` from `version` to the next
        (formats.migrations), after the generic step (which names the game) has run on it: e.g.
        the settings its older files were written under. The default changes nothing."""
        return document

    # --- boards and checks ----------------------------------------------------------------
    @abstractmethod
    def resolve(self, layout: Any) -> Resolution:
        """The board and the structural findings; never raises for a schema-valid layout."""

    @abstractmethod
    def validate(self, layout: Any, severity_overrides: Mapping[str, str] | None = None,
                 upgrades: tuple[str, ...] = ()) -> ValidationReport:
        """Every finding (codes from `finding_codes`) and metric for the layout; with `upgrades`
        (names from `upgrade_names`), the checks assume a piece holding them."""

    def validate_reference(self, layout: Any, severity_overrides: Mapping[str, str] | None = None,
                           upgrades: tuple[str, ...] = ()) -> ValidationReport:
        """`validate`'s report by the game's reference checks, for a game whose `validate` takes a
        faster path proven equal to them (`crashgrab validate --reference`); by default `validate`."""
        return self.validate(layout, severity_overrides, upgrades)

    def unknown_upgrade_message(self, text: str) -> str | None:
        """Why `text` is not one of this game's upgrades, when the game can say more than "unknown"
        (e.g. a real card that does not change movement); None otherwise."""
        return None

    def upgrade_name(self, text: str) -> str | None:
        """The upgrade `text` names, spelt as in `upgrade_names` (case, spaces and hyphens aside),
        or None when this game has no such upgrade that changes validation."""
        wanted = "".join(c for c in text.lower() if c.isalnum())
        return next((n for n in self.upgrade_names if "".join(c for c in n.lower() if c.isalnum()) == wanted), None)

    @abstractmethod
    def picture(self, layout: Any) -> BoardPicture:
        """What to draw: cells, features, outlines and margin labels."""

    @abstractmethod
    def board_text(self, layout: Any) -> str:
        """The board as text for `crashgrab show`, legend included."""

    def editing(self) -> "BoardEditing | None":
        """The edits the studio's generic editor may make on this game's layouts
        (engine/editing.py), for a game without an editor of its own; None: it opens read-only."""
        return None

    def overlay(self, layout: Any, overlay_id: str) -> Overlay:
        raise UsageError(f"{self.title} has no overlay {overlay_id!r}.")

    # --- exports --------------------------------------------------------------------------
    def check_exportable(self, layout: Any, file: str | Path | None = None) -> None:
        """Raise InvalidFileError when there is no board another program could use."""
        if not self.picture(layout).cells:
            raise InvalidFileError("the layout has no cells, so there is no board to export.", file=file)

    def export(self, layout: Any, format_id: str, output: str | None, file: str | None = None, *,
               warn: Callable[[str], None] | None = None) -> str | None:
        """Export the layout. A format without `needs_output` returns its text (the caller writes it
        to `output` or stdout); one with `needs_output` writes its files at `output` and returns a
        one-line note of what it wrote (for stderr). `warn` receives what the file is written
        despite (e.g. what the other program will show differently)."""
        raise UsageError(f"{self.title} has no export format {format_id!r}.",
                         hint=f"Use one of: {', '.join(f.id for f in self.export_formats) or 'none'}.")

    def export_to_file(self, layout: Any, format_id: str, output: str | Path, file: str | Path | None = None, *,
                       warn: Callable[[str], None] | None = None) -> str | None:
        """Export into `output` (never over the layout's own `file`): a text format is written
        atomically, a format that writes files writes its own and returns its note (see `export`)."""
        from .formats.atomic import refuse_overwriting_input, write_text_atomic

        if file is not None:
            refuse_overwriting_input(output, file)
        text = self.export(layout, format_id, str(output), None if file is None else str(file), warn=warn)
        kind = next((f for f in self.export_formats if f.id == format_id), None)
        if kind is not None and kind.needs_output:
            return text
        write_text_atomic(output, text or "")
        return None

    # --- the survey (`crashgrab survey --game ID`) ------------------------------------------
    # Non-empty: the game has a survey, described so in `crashgrab survey --help`.
    survey_help: str = ""

    def add_survey_arguments(self, parser: Any) -> None:
        """Add this game's survey options to `parser` (an argparse group). Options another game
        already added under the same name (--seed, --workers, -o ...) are shared, not added twice:
        declare them alike (cli/survey.py). The default adds none."""
        return None

    def run_survey(self, args: Any, usage_error: Callable[[str], Any]) -> int:
        """Run the survey the parsed `args` ask for; `usage_error(message)` ends with exit 2."""
        raise UsageError(f"{self.title} has no survey.")

    # --- scenarios (the rules engine) -----------------------------------------------------
    def run_scenario_file(self, document: dict[str, Any], file: str) -> ScenarioRun:
        """Play a scenario document (already at the current version, of this game).

        Raise a CrashGrabError (exit code 2) for a bad file, a missing or illegal choice.
        """
        raise UsageError(f"{self.title} has no rules engine for scenarios yet.")

