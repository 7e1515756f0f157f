"""Crash Grid as a game system: the one object the CLI, the formats and the editor talk to.

Registered as the entry point "crash-grid" in the "crashgrab.games" group (pyproject.toml).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

from ..errors import UsageError
from ..report import ValidationReport
from ..system import (BoardPicture, ExportFormat, FeatureKind, GameSystem, Overlay, OverlayKind, PlacedFeature,
                      Resolution, Setting, TemplateInfo)
from . import GAME_ID, TITLE, layout_io
from .board import FACING, GEOMETRY, START, SUIT, WALL, arena_board, starts, wall_cells
from .limits import LIMITS
from .model import ArenaLayout
from .templates import TEMPLATE_SIZES, template_layout
from .terms import SUITS
from .validation import CODES, free_squares, territories, validate_arena

FREE_FORM_SIZE = 12


if TYPE_CHECKING:
    from ..play.runner import ScenarioReport


class CrashGrid(GameSystem):
    id = GAME_ID
    title = TITLE
    geometry = GEOMETRY
    players = (3, 4)
    layout_type = ArenaLayout
    layout_schema = "crash-grid-layout"
    layout_noun = "arena"
    limits = LIMITS
    finding_codes = CODES
    # On the arena's board (board.py) a start's suit and facing are its typed settings.
    feature_kinds = (
        FeatureKind(START, "Start", facing=True, symbol="S>", colour="#dc2626", shape="card",
                    description="Where a rider's starting trail card lies; its short edge points the way it faces.",
                    settings=(Setting(SUIT, "choice", choices=SUITS),
                              Setting(FACING, "facing", choices=GEOMETRY.directions))),
        FeatureKind(WALL, "Wall", symbol="# ", colour="#374151", shape="square",
                    description="A fixed wall square: a rider moving into it crashes."),
    )
    templates = tuple(TemplateInfo(t, f"{t} players ({size}x{size})", (int(t),), size, size)
                      for t, size in TEMPLATE_SIZES.items())
    overlay_kinds = (
        OverlayKind("territory", "Territory", "The free squares each start reaches strictly before every other."),
    )
    export_formats = (ExportFormat("json", "Arena (JSON for other programs)"),)

    # --- layouts --------------------------------------------------------------------------
    def new_layout(self, players: int | None = None, *, template: str | None = None,
                   seed: int | None = None, name: str | None = None) -> ArenaLayout:
        # The rules fix the starts: there is no random setup, so `seed` changes nothing.
        if players is not None:
            template = self.template_for_players(players).id
        if template is None:
            return ArenaLayout(name or "Untitled arena", FREE_FORM_SIZE, FREE_FORM_SIZE)
        if template not in TEMPLATE_SIZES:
            raise UsageError(f"Crash Grid has no template {template!r}.", hint=f"Use one of {', '.join(TEMPLATE_SIZES)}.")
        return template_layout(template, name)

    def layout_from_json(self, document: dict[str, Any], file: str | Path | None = None, *,
                         strict: bool = False) -> ArenaLayout:
        # Loading always refuses what no arena can hold (layout_io), so `strict` adds nothing.
        return layout_io.layout_from_json(document, file)

    def layout_to_json(self, layout: ArenaLayout, folder: str | Path | None = None) -> dict[str, Any]:
        return layout_io.layout_to_json(layout)

    def describe_layout(self, layout: ArenaLayout) -> str:
        kind = f"template {layout.template}" if layout.template else "custom"
        return f"{layout.name} ({kind}, {layout.width}x{layout.height})"

    # --- boards and checks ----------------------------------------------------------------
    def resolve(self, layout: ArenaLayout) -> Resolution:
        # Loading refuses what no arena can hold, so the board has no structural finding.
        return Resolution(arena_board(layout), ())

    def validate(self, layout: ArenaLayout, severity_overrides: Mapping[str, str] | None = None,
                 upgrades: tuple[str, ...] = ()) -> ValidationReport:
        # Crash Grid has no upgrades (upgrade_names is empty): the CLI refuses them before this.
        return validate_arena(layout, severity_overrides)

    def picture(self, layout: ArenaLayout) -> BoardPicture:
        # A start's suit and facing are drawn by the picture's own fields (owner, facing), so its
        # legend, tool tips and `show --format json` read as they always have.
        board = arena_board(layout)
        features = [PlacedFeature(WALL, cell) for cell in wall_cells(board)]
        features += [PlacedFeature(START, s.cell, facing=s.facing, owner=s.suit) for s in starts(board)]
        return BoardPicture(board.width, board.height, tuple(board.cells()), tuple(features))

    def board_text(self, layout: ArenaLayout) -> str:
        from .text import layout_text

        return layout_text(layout)

    def overlay(self, layout: ArenaLayout, overlay_id: str) -> Overlay:
        if overlay_id == "territory":
            board = arena_board(layout)
            owned = territories(board, free_squares(board))
            shade = {suit: 0.25 + 0.75 * index / 3 for index, suit in enumerate(("spades", "hearts", "diamonds", "clubs"))}
            cells = {cell: shade[suit] for suit, squares in owned.items() for cell in squares}
            labels = {cell: suit[0] for suit, squares in owned.items() for cell in squares}
            return Overlay("territory", cells, labels)
        return super().overlay(layout, overlay_id)

    # --- exports --------------------------------------------------------------------------
    def check_exportable(self, layout: ArenaLayout, file: str | Path | None = None) -> None:
        return None  # every loadable arena has squares to export

    def export(self, layout: ArenaLayout, format_id: str, output: str | None, file: str | None = None, *,
               warn: Callable[[str], None] | None = None) -> str | None:
        if format_id == "json":
            from ..formats.jsonio import dumps
            from ..formats.schemas import validate
            from .export import export_document

            document = export_document(layout)
            validate(document, "crash-grid-export", output)
            return dumps(document)
        return super().export(layout, format_id, output, file)

    # --- scenarios ------------------------------------------------------------------------
    def run_scenario_file(self, document: dict[str, Any], file: str) -> ScenarioReport:
        from ..play.runner import ScenarioReport, read_scenario
        from .report import json_report, match_json_report, match_text_report, text_report
        from .scenario import run_scenario
        from .scenario_io import scenario_from_json
        from .scenario_match import match_from_json, run_match

        if isinstance(document, dict) and "rounds" in document:  # match play
            match = read_scenario(match_from_json, document, file)
            return ScenarioReport(match, run_match(match), match_text_report, match_json_report)
        scenario = read_scenario(scenario_from_json, document, file)
        return ScenarioReport(scenario, run_scenario(scenario), text_report, json_report)


SYSTEM = CrashGrid()
