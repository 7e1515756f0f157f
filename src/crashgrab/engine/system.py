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
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping, Protocol

from .errors import InvalidFileError, UsageError
from .feature_settings import Setting
from .findings import Finding
from .grid.protocol import Cell, Geometry, Point
# The picture's values are part of the seam: a game imports them from here or from picture.py.
from .picture import BoardPicture, FeatureKind, Overlay, OverlayKind, PlacedFeature, PlayingPiece
from .report import ValidationReport

if TYPE_CHECKING:
    from .editing import BoardEditing
    from .play.rules import Rules

__all__ = ["BoardPicture", "Cell", "ExportFormat", "FeatureKind", "GameSystem", "Geometry", "Limit", "Overlay",
           "OverlayKind", "PlacedFeature", "PlayingPiece", "Point", "Resolution", "ScenarioRun", "Setting",
           "TemplateInfo"]


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
    piece_kinds: tuple[FeatureKind, ...] = ()  # the look of its playing pieces (cars, robots): title, shape, colour
    templates: tuple[TemplateInfo, ...] = ()
    finding_codes: Mapping[str, str] = {}  # code -> default severity; docs/findings.md explains each
    # Its layout files' schema: a name in schemas/ ("my-game-layout" -> my-game-layout.schema.json), or
    # the schema itself (a dict) for a game from another package.
    layout_schema: str | dict[str, Any] = ""
    # Its schemas in schemas/ that had another name before, old -> new: the old file stays as an alias
    # (a "$ref" to the new one), `crashgrab schema OLD` says the new name, `crashgrab schema` lists the new.
    renamed_schemas: Mapping[str, str] = {}
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

    def piece_kind(self, piece_type: str) -> FeatureKind | None:
        """A playing piece's kind: from `piece_kinds`, else a feature kind of that type."""
        return next((k for k in self.piece_kinds if k.type == piece_type), None) or self.feature_kind(piece_type)

    def feature_settings_problems(self, feature: PlacedFeature) -> list[str]:
        """What is wrong with a placed feature's settings (see FeatureKind.settings_problems)."""
        kind = self.feature_kind(feature.type)
        if kind is None:
            return [f'[{feature.cell[0]},{feature.cell[1]}]: {self.title} has no feature "{feature.type}".']
        where = f"at [{feature.cell[0]},{feature.cell[1]}]" + (f" {feature.edge}" if feature.edge else "")
        return kind.settings_problems(feature.settings, where)

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

    def play_rules(self) -> "Rules | None":
        """The game's rules on the play kernel (engine/play/rules.py), for the generic editor's
        playtest: `initial_state(layout)` is where a playtest starts. None: no generic playtest."""
        return None

    def state_picture(self, layout: Any, state: Any) -> BoardPicture:
        """The board in a play state: `picture(layout)` with the state's pieces (PlayingPiece).
        The default draws the layout alone."""
        return self.picture(layout)

    def editing(self) -> "BoardEditing | None":
        """The edits the studio's generic editor may make on this game's layouts
        (engine/editing.py), for a game without an editor of its own; None: it opens read-only."""
        return None

    def overlay(self, layout: Any, overlay_id: str) -> Overlay:
        raise UsageError(f"{self.title} has no overlay {overlay_id!r}.")

    def step_overlay(self, layout: Any, overlay_id: str, step: int) -> Overlay:
        """The overlay at one program step (1..its kind's `steps`): what is active then. By
        default the whole program's overlay, marked with the step."""
        from dataclasses import replace

        return replace(self.overlay(layout, overlay_id), step=step)

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

