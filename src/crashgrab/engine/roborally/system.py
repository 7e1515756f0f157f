"""RoboRally: Crash and Burn as a game system: the one object the CLI, the formats and the editor talk to.

Registered as the entry point "roborally" in the "crashgrab.games" group (pyproject.toml). Scenarios
play through the rules engine (rules/) on the course their "layout" names, resolved here.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping

from ..errors import UsageError
from ..grid.square import SQUARE
from ..play.runner import ScenarioReport, read_scenario
from ..report import ValidationReport
from ..feature_settings import Setting
from ..system import BoardPicture, ExportFormat, FeatureKind, GameSystem, PlacedFeature, Resolution, TemplateInfo
from . import GAME_ID, TITLE, layout_io
from .limits import LIMITS
from .model import Course, EdgeElement
from .resolved import ResolvedCourse, resolve_course
from .terms import FINDING_CODES, PLAYERS, SQUARE_MM

# The program steps an element acts in (a door: is open in), as the legend and tool tips say them
# ("Crusher, steps 2, 4"); an element listing none acts in every step, shown as all five.
ACTIVE_STEPS = Setting("steps", "steps", "steps")
OPEN_STEPS = Setting("steps", "steps", "open in steps")
EVERY_STEP = [1, 2, 3, 4, 5]

PORTAL_COLOURS = {"blue": "#2563eb", "green": "#16a34a", "red": "#dc2626", "yellow": "#ca8a04", "purple": "#7c3aed",
                  "orange": "#ea580c"}


class RoboRally(GameSystem):
    id = GAME_ID
    title = TITLE
    geometry = SQUARE
    players = PLAYERS
    layout_type = Course
    layout_schema = "roborally-layout"
    layout_noun = "course"
    limits = LIMITS
    finding_codes = FINDING_CODES
    feature_kinds = (
        FeatureKind("pit", "Pit", symbol="O ", colour="#111827", shape="square",
                    description="A robot that moves or is pushed onto it falls in and is destroyed."),
        FeatureKind("conveyor", "Conveyor belt", facing=True, symbol="> ", colour="#ca8a04", shape="arrow",
                    description="Carries a robot one square the way it faces at the end of each step."),
        FeatureKind("express-conveyor", "Express belt", facing=True, symbol=">>", colour="#0284c7", shape="chevron",
                    description="Carries a robot two squares: once alone, then again with the normal belts."),
        FeatureKind("gear-left", "Gear turning left", symbol="G<", colour="#dc2626", shape="disc",
                    description="Turns a robot standing on it a quarter turn to the left (anticlockwise)."),
        FeatureKind("gear-right", "Gear turning right", symbol="G>", colour="#16a34a", shape="disc",
                    description="Turns a robot standing on it a quarter turn to the right (clockwise)."),
        FeatureKind("repair", "Repair site", numbered=True, symbol="W ", colour="#15803d", shape="square",
                    description="Repairs a damage point; two wrenches also give an option card."),
        FeatureKind("oil", "Oil slick", symbol="~~", colour="#374151", shape="disc",
                    description="A robot ending its move on it slides on in the same direction."),
        FeatureKind("portal", "Portal", symbol="@ ", colour="#2563eb", shape="disc",
                    description="Sends a robot to the other portal of its colour."),
        FeatureKind("crusher", "Crusher", symbol="X ", colour="#57534e", shape="square", settings=(ACTIVE_STEPS,),
                    description="Destroys a robot on it in the steps it is active."),
        FeatureKind("flamethrower", "Flamethrower", facing=True, symbol="F ", colour="#ea580c", shape="arrow",
                    settings=(ACTIVE_STEPS,),
                    description="One damage to a robot on or passing through it in its active steps."),
        FeatureKind("checkpoint-flag", "Checkpoint flag", numbered=True, symbol="# ", colour="#b91c1c",
                    shape="card", description="Robots touch the checkpoints in race order; the number is the order."),
        FeatureKind("start", "Start", numbered=True, facing=True, symbol="S ", colour="#7c3aed", shape="card",
                    description="Where a robot starts (its number) and the way it faces."),
        FeatureKind("wall", "Wall", on_edge=True, symbol="--", colour="#1f2937", shape="bar",
                    description="Stops robots and laser beams between two squares."),
        FeatureKind("laser", "Laser", numbered=True, on_edge=True, symbol="L ", colour="#dc2626", shape="bar",
                    description="On a wall, fires across the board away from it (its number: beams, 1-3)."),
        FeatureKind("pusher", "Pusher", on_edge=True, symbol="P ", colour="#d97706", shape="bar",
                    settings=(ACTIVE_STEPS,),
                    description="On a wall, pushes a robot one square away from it in its active steps."),
        FeatureKind("door", "Revolving door", on_edge=True, symbol="D ", colour="#0f766e", shape="bar",
                    settings=(OPEN_STEPS,),
                    description="Open in its listed steps; a wall in the others."),
    )
    templates = tuple(TemplateInfo(str(n), f"{n} robots ({'1' if n <= 4 else '2'} factory board"
                                           f"{'' if n <= 4 else 's'} and the loading dock)", (n,), 12, 16 if n <= 4 else 28)
                      for n in PLAYERS)
    export_formats = (
        ExportFormat("json", "Resolved course (JSON: every cell's element and every edge once, course coordinates)"),
        ExportFormat("tiled", "Tiled map (.tmx, or .tmj for JSON) with its tileset image", needs_output=True,
                     output_example="-o course.tmx"),
    )

    # --- layouts --------------------------------------------------------------------------
    def new_layout(self, players: int | None = None, *, template: str | None = None,
                   seed: int | None = None, name: str | None = None) -> Course:
        # The courses are designed, not dealt: `seed` changes nothing.
        from .boardset_io import standard_boardset
        from .templates import template_layout

        if players is not None:
            template = self.template_for_players(players).id
        if template is None:
            return Course(name or "Untitled course", standard_boardset(), boardset_ref="standard")
        if self.template(template) is None:
            raise UsageError(f"RoboRally has no template {template!r}.",
                             hint=f"Use one of {', '.join(t.id for t in self.templates)}.")
        return template_layout(int(template), name)

    def layout_from_json(self, document: dict[str, Any], file: str | Path | None = None, *,
                         strict: bool = False) -> Course:
        return layout_io.layout_from_json(document, file, strict=strict)

    def layout_to_json(self, layout: Course, folder: str | Path | None = None) -> dict[str, Any]:
        return layout_io.layout_to_json(layout, folder)

    def describe_layout(self, layout: Course) -> str:
        width, height = resolve_course(layout).bounds()
        return f"{layout.name} ({len(layout.boards)} board{'s' if len(layout.boards) != 1 else ''}, {width}x{height})"

    # --- boards and checks ----------------------------------------------------------------
    def resolve(self, layout: Course) -> Resolution:
        from .validation import structural_findings

        resolved = resolve_course(layout)
        findings = tuple(f for f in structural_findings(layout, resolved) if f.severity != "info")
        return Resolution(resolved, findings)

    def validate(self, layout: Course, severity_overrides: Mapping[str, str] | None = None,
                 upgrades: tuple[str, ...] = ()) -> ValidationReport:
        from .validation import validate_course

        return validate_course(layout, severity_overrides)

    def run_scenario_file(self, document: dict[str, Any], file: str) -> ScenarioReport:
        from ..formats.scenario_envelope import scenario_layout
        from .resolved import resolved_course_json
        from .rules.scenario_io import is_resolved_course, run_scenario_document

        def course_of(document: dict[str, Any], file: str) -> dict[str, Any] | None:
            if is_resolved_course(document.get("layout")):  # a resolved course inline (the "json" export)
                return None
            course, _ = scenario_layout(document.get("layout"), file, layout_io.layout_from_json, game=self.id)
            return resolved_course_json(course)

        course = read_scenario(course_of, document, file)
        return read_scenario(lambda d, f: run_scenario_document(d, f, course), document, file)

    def picture(self, layout: Course) -> BoardPicture:
        return course_picture(resolve_course(layout))

    def board_text(self, layout: Course) -> str:
        from .text import course_text

        return course_text(resolve_course(layout))

    # --- exports --------------------------------------------------------------------------
    def export(self, layout: Course, format_id: str, output: str | None, file: str | None = None, *,
               warn: Callable[[str], None] | None = None) -> str | None:
        if format_id == "json":
            from ..formats.jsonio import dumps
            from ..formats.schemas import validate
            from .resolved import resolved_course_json

            document = resolved_course_json(layout)
            validate(document, "roborally-resolved", output)
            return dumps(document)
        if format_id == "tiled":
            from ..formats.atomic import refuse_overwriting_input
            from ..formats.tiled_map import tileset_image_path
            from .tiled import write_tiled_map

            assert output is not None  # needs_output: the CLI and the editor always give one
            if file is not None:
                refuse_overwriting_input(tileset_image_path(output), file)
            image = write_tiled_map(resolve_course(layout), output)
            return f"wrote {output} and its tileset image {image}"
        return super().export(layout, format_id, output, file)


def element_feature(cell, element) -> PlacedFeature:
    kind = element.type
    if kind == "conveyor":
        return PlacedFeature("express-conveyor" if element.express else "conveyor", cell, facing=element.facing)
    if kind == "gear":
        return PlacedFeature(f"gear-{element.turn}", cell)
    if kind == "repair":
        return PlacedFeature("repair", cell, number=element.wrenches)
    if kind == "portal":
        return PlacedFeature("portal", cell, owner=element.colour, colour=PORTAL_COLOURS.get(element.colour or ""))
    if kind in ("crusher", "flamethrower"):
        return PlacedFeature(kind, cell, facing=element.facing, settings={"steps": list(element.steps or EVERY_STEP)})
    return PlacedFeature(kind, cell, facing=element.facing)


def edge_feature(resolved: ResolvedCourse, element: EdgeElement) -> PlacedFeature:
    """A wall on its canonical edge, named from its cell when that cell is on the course (else from
    the other, which is); a laser, pusher or door on the side it is mounted on."""
    cell, side = element.mount
    if element.type == "wall" and not resolved.on_course(cell):
        cell, side = SQUARE.step(cell, side), SQUARE.opposite(side)
    settings = {"steps": list(element.steps or EVERY_STEP)} if element.type in ("pusher", "door") else {}
    return PlacedFeature(element.type, cell, edge=side, number=element.beams, settings=settings)


def course_picture(resolved: ResolvedCourse) -> BoardPicture:
    course = resolved.course
    width, height = resolved.bounds()
    cells = tuple(resolved.sorted_cells())
    features = [element_feature(c, resolved.elements[c]) for c in cells if c in resolved.elements]
    features += [PlacedFeature("checkpoint-flag", c, number=n) for n, c in enumerate(course.checkpoints, 1)]
    features += [PlacedFeature("start", s.at, number=s.number, facing=s.facing) for s in course.starts]
    edges = [e for items in resolved.edges.values() for e in items]
    edges.sort(key=lambda e: (e.type != "wall", e.mount[0][1], e.mount[0][0], SQUARE.directions.index(e.mount[1])))
    features += [edge_feature(resolved, e) for e in edges]
    return BoardPicture(width, height, cells, tuple(features), groups=dict(resolved.board_of), unit_mm=SQUARE_MM)


SYSTEM = RoboRally()
