"""Crash & Grab as a game system: the one object the CLI, the formats and the editor talk to.

Registered as the entry point "crash-and-grab" in the "crashgrab.games" group (pyproject.toml).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping

from ..errors import InvalidFileError, UsageError
from .layout import Layout
from ..grid.square import SQUARE
from ..report import ValidationReport
from ..system import (BoardPicture, ExportFormat, FeatureKind, GameSystem, Overlay, OverlayKind, PlacedFeature,
                      Resolution, ScenarioRun, TemplateInfo)
from . import layout_file
from .resolve import resolve_layout
from .limits import LIMITS
from .templates import TEMPLATES
from .terms import ACCELERATOR, CRASH_SITE, DEFAULT_DIRECTIONS

_PLAYERS_PER_TEMPLATE = {"2-4": (2, 3, 4), "5": (5,), "6": (6,)}


class CrashAndGrab(GameSystem):
    id = "crash-and-grab"
    title = "Crash & Grab"
    geometry = SQUARE
    players = (2, 3, 4, 5, 6)
    layout_type = Layout
    random_setup = True
    owns_unnamed_files = True  # the studio's first game: every file from before games were named is one
    layout_schema = "crash-grab-layout"
    # Its schemas were named "layout", "scenario"... before every game's schemas carried its name.
    renamed_schemas = {old: f"crash-grab-{old}" for old in
                       ("layout", "scenario", "tileset", "export", "survey", "survey-checkpoint")}
    limits = LIMITS
    feature_kinds = (
        FeatureKind(CRASH_SITE, "Crash Site", numbered=True, symbol="1", colour="#f59e0b", shape="disc",
                    description="Where crewmembers start; numbered 1-12, each once."),
        FeatureKind(ACCELERATOR, "Accelerator", facing=True, symbol=">", colour="#3b82f6", shape="chevron",
                    description="Bounces a saucer on in the way it points."),
    )
    templates = tuple(TemplateInfo(t.id, t.title, _PLAYERS_PER_TEMPLATE[t.id], t.width, t.height)
                      for t in TEMPLATES.values())
    overlay_kinds = (
        OverlayKind("exposure", "Edge exposure", "How many of a rest cell's 20 moves crash off the board."),
        OverlayKind("accelerators", "Accelerator links", "Which Accelerators bounce into which (a move of 1)."),
    )
    export_formats = (
        ExportFormat("json", "Resolved board (JSON for other programs)"),
        ExportFormat("tiled", "Tiled map (.tmx: TMX, XML; .tmj: JSON; by the output's extension) with its "
                              "tileset image", needs_output=True,
                     output_example="-o board.tmx or -o board.tmj (board-tiles.png is written beside it)"),
        ExportFormat("bga", "Board Game Arena SQL rows for the edition's tile and board tables (standard boards)"),
        ExportFormat("bga-with-tables", "The Board Game Arena rows after CREATE TABLE statements for the two "
                                        "tables, so the file loads into an empty database by itself"),
    )

    @property
    def finding_codes(self) -> Mapping[str, str]:  # type: ignore[override]
        from .validation.codes import DEFAULT_SEVERITY

        return DEFAULT_SEVERITY

    # --- layouts --------------------------------------------------------------------------
    def new_layout(self, players: int | None = None, *, template: str | None = None,
                   seed: int | None = None, name: str | None = None) -> Layout:
        from .tileset_file import standard_tileset
        from .setup import random_layout

        if players is not None:
            template = self.template_for_players(players).id
        if template is not None and template not in TEMPLATES:
            raise UsageError(f"Crash & Grab has no template {template!r}.",
                             hint=f"Use one of {', '.join(TEMPLATES)}.")
        if seed is not None:
            if template is None:
                raise UsageError("a random board needs a template or a player count.")
            return random_layout(standard_tileset(), TEMPLATES[template], seed, name=name, tileset_ref="standard")
        return Layout(name or "Untitled", standard_tileset(), (), template, dict(DEFAULT_DIRECTIONS),
                      tileset_ref="standard")

    def layout_from_json(self, document: dict[str, Any], file: str | Path | None = None, *,
                         strict: bool = False) -> Layout:
        return layout_file.layout_from_json(document, file, strict=strict)

    def layout_to_json(self, layout: Layout, folder: str | Path | None = None) -> dict[str, Any]:
        return layout_file.layout_to_json(layout, folder)

    def lift_document(self, fmt: str, version: int, document: dict[str, Any]) -> dict[str, Any]:
        from .migrations import lift_document

        return lift_document(fmt, version, document)

    def describe_layout(self, layout: Layout) -> str:
        board = resolve_layout(layout).board
        kind = f"template {layout.template}" if layout.template else "free-form"
        return f"{layout.name} ({kind}, {board.width}x{board.height})"

    # --- boards and checks ----------------------------------------------------------------
    def resolve(self, layout: Layout) -> Resolution:
        resolution = resolve_layout(layout)
        return Resolution(resolution.board, resolution.findings)

    @property
    def upgrade_names(self) -> tuple[str, ...]:  # type: ignore[override]
        from .validation import MOVEMENT_UPGRADES

        return tuple(MOVEMENT_UPGRADES)

    def unknown_upgrade_message(self, text: str) -> str | None:
        from .validation import UnknownUpgrade
        from .validation.upgrades import upgrade_name

        try:
            upgrade_name(text)
        except UnknownUpgrade as error:
            return str(error)
        return None

    def validate(self, layout: Layout, severity_overrides: Mapping[str, str] | None = None,
                 upgrades: tuple[str, ...] = ()) -> ValidationReport:
        if upgrades:  # the fast path assumes no upgrade cards
            return self.validate_reference(layout, severity_overrides, upgrades)
        # The same report as the reference (tests/test_survey_differential.py), without a networkx graph.
        from .validation.fast import fast_validate_layout

        return fast_validate_layout(layout, severity_overrides)

    def validate_reference(self, layout: Layout, severity_overrides: Mapping[str, str] | None = None,
                           upgrades: tuple[str, ...] = ()) -> ValidationReport:
        from .validation import validate_layout

        return validate_layout(layout, severity_overrides, upgrades)

    def picture(self, layout: Layout) -> BoardPicture:
        board = resolve_layout(layout).board
        features = tuple(
            PlacedFeature(f.type, cell, number=f.number, facing=f.facing.value if f.facing else None, owner=f.tile)
            for cell, f in sorted(board.features.items(), key=lambda item: (item[0][1], item[0][0])))
        return BoardPicture(board.width, board.height, tuple(board.cells()), features,
                            dict(board.cell_tiles), dict(layout.directions))

    def board_text(self, layout: Layout) -> str:
        from .text import LEGEND, board_text

        return f"{board_text(resolve_layout(layout).board, layout.directions)}\n{LEGEND}"

    def overlay(self, layout: Layout, overlay_id: str) -> Overlay:
        board = resolve_layout(layout).board
        if overlay_id == "exposure":
            from .validation import validate_layout

            cells = validate_layout(layout).metrics.get("exposure", {}).get("cells", [])
            off = {(c["x"], c["y"]): c["off_moves"] for c in cells}
            return Overlay("exposure", {c: min(1.0, n / 15) for c, n in off.items()},
                           {c: str(n) for c, n in off.items()})
        if overlay_id == "accelerators":
            from .validation.overlays import accelerator_links

            links, _ = accelerator_links(board, 1)
            return Overlay("accelerators", arrows=tuple(links))
        return super().overlay(layout, overlay_id)

    # --- exports --------------------------------------------------------------------------
    def check_exportable(self, layout: Layout, file: str | Path | None = None) -> None:
        if not layout.placements:
            raise InvalidFileError("the layout has no tiles, so there is no board to export.", file=file,
                                   where="$.placements", hint="Place at least one tile.")

    def export(self, layout: Layout, format_id: str, output: str | None, file: str | None = None, *,
               warn: Callable[[str], None] | None = None) -> str | None:
        from ..formats.atomic import refuse_overwriting_input
        from ..formats.jsonio import dumps
        from ..formats.schemas import validate
        from .export import export_document
        from .exports.bga import bga_export, bga_sql
        from ..formats.tiled_map import map_format, tileset_image_path
        from .tiled import write_tiled_map

        if format_id == "json":
            document = export_document(layout)
            validate(document, "crash-grab-export", output)
            return dumps(document)
        if format_id == "tiled":
            assert output is not None
            form = map_format(output)
            if file:
                refuse_overwriting_input(tileset_image_path(output), file)
            image = write_tiled_map(layout, output)
            return f"wrote {output} (Tiled map, {'TMX' if form == 'tmx' else 'JSON'}) and {image} (its tileset image)"
        if format_id in ("bga", "bga-with-tables"):
            export = bga_export(layout, file=file)
            for warning in export.warnings:
                if warn is not None:
                    warn(warning)
            return bga_sql(export, layout.name, with_tables=format_id == "bga-with-tables")
        return super().export(layout, format_id, output, file)

    # --- scenarios ------------------------------------------------------------------------
    # --- the survey -----------------------------------------------------------------------
    survey_help = "every arrangement of a template, or a sample of setups: how often each finding occurs"

    def add_survey_arguments(self, parser: Any) -> None:
        from .survey.arguments import add_arguments

        add_arguments(parser, players_required=False)

    def run_survey(self, args: Any, usage_error: Callable[[str], Any]) -> int:
        from .survey.cli import run_from_shared

        return run_from_shared(args, usage_error)

    def run_scenario_file(self, document: dict[str, Any], file: str) -> ScenarioRun:
        from .scenario_report import run_scenario_document

        return run_scenario_document(document, file)


SYSTEM = CrashAndGrab()
