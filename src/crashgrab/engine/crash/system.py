"""Crash! as a game system: the one object the CLI, the formats and the editor talk to.

Registered as the entry point "crash" in the "crashgrab.games" group (pyproject.toml).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

from ..errors import UsageError
from ..grid.hex import ACROSS_FLATS, HEX
from ..report import ValidationReport
from ..system import (BoardPicture, ExportFormat, FeatureKind, GameSystem, PlacedFeature, Resolution,
                      TemplateInfo)
from . import GAME_ID, TITLE, layout_io
from .limits import LIMITS
from .model import CrashLayout
from .templates import TEMPLATES, template_layout
from .terms import FINDING_CODES, HEX_MM

UNIT_MM = HEX_MM / ACROSS_FLATS    # one board unit (a hex radius): 17.32 mm
PLAYER_COLOURS = {"p1": "#2563eb", "p2": "#dc2626"}
JUNKYARD_COLOURS = {"p1": "#1e3a8a", "p2": "#7f1d1d"}   # a darker shade of its owner's colour


if TYPE_CHECKING:
    from ..play.runner import ScenarioReport


class Crash(GameSystem):
    id = GAME_ID
    title = TITLE
    geometry = HEX
    players = (2,)
    layout_type = CrashLayout
    layout_schema = "crash-layout"
    limits = LIMITS
    finding_codes = FINDING_CODES
    feature_kinds = (
        FeatureKind("start", "Start", numbered=True, facing=True, symbol="A1", colour="#2563eb", shape="disc",
                    description="Where a car starts (its number; p1 blue, p2 red) and the way it faces."),
        FeatureKind("junkyard", "Junkyard", symbol="J ", colour="#374151", shape="square",
                    description="A car entering it is removed and scores one point for its owner "
                                "(drawn in a dark shade of the owner's colour)."),
    )
    templates = (TemplateInfo("standard", "Standard (37 hexes, side 4)", (2,), 7, 7),)
    export_formats = (ExportFormat("json", "Board (resolved JSON for other programs)"),
                      ExportFormat("tiled", "Tiled hexagonal map (.tmx, or .tmj for JSON) with its tileset image", needs_output=True,
                                   output_example="-o board.tmx"))

    # --- layouts --------------------------------------------------------------------------
    def new_layout(self, players: int | None = None, *, template: str | None = None,
                   seed: int | None = None, name: str | None = None) -> CrashLayout:
        # The board is fixed: no random setup, so `seed` changes nothing. A free-form board
        # starts as the template's hexes with nothing on them.
        if players is not None:
            template = self.template_for_players(players).id
        if template is None:
            return CrashLayout(name or "Untitled board", template_layout().hexes)
        if template not in TEMPLATES:
            raise UsageError(f"Crash! has no template {template!r}.", hint=f"Use one of {', '.join(TEMPLATES)}.")
        return template_layout(template, name)

    def layout_from_json(self, document: dict[str, Any], file: str | Path | None = None, *,
                         strict: bool = False) -> CrashLayout:
        return layout_io.layout_from_json(document, file, strict=strict)

    def layout_to_json(self, layout: CrashLayout, folder: str | Path | None = None) -> dict[str, Any]:
        return layout_io.layout_to_json(layout)

    def describe_layout(self, layout: CrashLayout) -> str:
        kind = f"template {layout.template}" if layout.template else "custom"
        return f"{layout.name} ({kind}, {len(layout.hexes)} hexes)"

    # --- boards and checks ----------------------------------------------------------------
    def resolve(self, layout: CrashLayout) -> Resolution:
        from .validation import structural_findings  # networkx: only when a board is checked

        return Resolution(layout, tuple(structural_findings(layout)))

    def validate(self, layout: CrashLayout, severity_overrides: Mapping[str, str] | None = None,
                 upgrades: tuple[str, ...] = ()) -> ValidationReport:
        from .validation import validate_board

        return validate_board(layout, severity_overrides)

    def picture(self, layout: CrashLayout) -> BoardPicture:
        features = [PlacedFeature("junkyard", j.at, owner=j.player, colour=JUNKYARD_COLOURS[j.player])
                    for j in layout.junkyards]
        features += [PlacedFeature("start", s.at, number=s.car, facing=layout.facing_of(s), owner=s.player,
                                   colour=PLAYER_COLOURS[s.player]) for s in layout.starts]
        return BoardPicture(0, 0, tuple(layout.sorted_hexes()), tuple(features), unit_mm=UNIT_MM)

    def board_text(self, layout: CrashLayout) -> str:
        from .text import layout_text

        return layout_text(layout)

    # --- exports --------------------------------------------------------------------------
    def export(self, layout: CrashLayout, format_id: str, output: str | None, file: str | None = None, *,
               warn: Callable[[str], None] | None = None) -> str | None:
        if format_id == "json":
            from ..formats.jsonio import dumps
            from ..formats.schemas import validate
            from .export import export_document

            document = export_document(layout)
            validate(document, "crash-export", output)
            return dumps(document)
        if format_id == "tiled":
            from ..formats.atomic import refuse_overwriting_input
            from ..formats.tiled_map import tileset_image_path
            from .tiled import write_tiled_map

            assert output is not None  # needs_output: the CLI and the editor always give one
            if file is not None:
                refuse_overwriting_input(tileset_image_path(output), file)
            image = write_tiled_map(layout, output)
            return f"wrote {output} and its tileset image {image}"
        return super().export(layout, format_id, output, file)

    # --- the balance survey ---------------------------------------------------------------
    survey_help = "self-play of a board (LAYOUT --games N): who wins, first player and sides, each car's fate"

    def add_survey_arguments(self, parser: Any) -> None:
        from .survey.arguments import add_arguments

        add_arguments(parser)

    def run_survey(self, args: Any, usage_error: Callable[[str], Any]) -> int:
        from .survey.cli import run_survey_command

        return run_survey_command(args, usage_error)

    # --- scenarios ------------------------------------------------------------------------
    def run_scenario_file(self, document: dict[str, Any], file: str) -> ScenarioReport:
        from ..play.runner import ScenarioReport, read_scenario
        from .report import json_report, text_report
        from .scenario import run_scenario
        from .scenario_io import scenario_from_json

        scenario = read_scenario(scenario_from_json, document, file)
        return ScenarioReport(scenario, run_scenario(scenario), text_report, json_report)


SYSTEM = Crash()
