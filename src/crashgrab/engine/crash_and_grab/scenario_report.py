"""Running a Crash & Grab scenario file for `crashgrab scenario run`: the text and JSON reports.

Marks drawn over the board: a saucer by its colour's capital initial, a crewmember on the
board by its type's small initial (p s d e; not a b c, which are Crash Sites 10-12).
"""
from __future__ import annotations

from typing import Any

from ..errors import CrashGrabError, printable, shown_path
from ..expectations import expectation_lines
from ..play import runner
from ..play.runner import ScenarioReport
from .rules.pieces import COLORS, CREW_TYPES
from .rules.session import Scenario, ScenarioResult, ScenarioTurnError, describe_action, state_to_json
from .rules.state import GameState
from .scenario_file import run_scenario, scenario_from_json
from .text import LEGEND, board_text

SAUCER_MARKS = {color: color[0].upper() for color in COLORS}
CREW_MARKS = {crew_type: crew_type[0] for crew_type in CREW_TYPES}
MARKS_LEGEND = ("R Y G B P O saucers (red yellow green blue purple orange)   "
                "p s d e crewmembers (pilot scientist doctor engineer)")


def board_marks(state: GameState) -> dict:
    marks = {cell: CREW_MARKS[crew.type] for cell, crew in state.crew.items()}
    for color, saucer in state.saucers.items():
        if saucer.at is not None:
            marks[saucer.at] = SAUCER_MARKS[color]
    return marks


def _cell(cell) -> str:
    return "off the board" if cell is None else f"[{cell[0]},{cell[1]}]"


def _names(crews) -> str:
    return ", ".join(str(c) for c in crews) or "-"


def text_report(scenario: Scenario, result: ScenarioResult) -> str:
    lines = [f"== {shown_path(scenario.file)}: {printable(scenario.name)}"]  # a name cannot start a line of its own
    lines += runner.step_lines(result.steps, lambda step: "setup" if step.number == 0 else
                               f"turn {step.number}: {describe_action(step.action)}")
    final = result.final
    lines.append("final board:")
    lines.append(board_text(final.board, final.directions, board_marks(final)))
    lines.append(LEGEND)
    lines.append(MARKS_LEGEND)
    for color in final.saucer_colors():
        saucer = final.saucers[color]
        lines.append(f"  {SAUCER_MARKS[color]} {color} ({final.player_of(color).id}) {_cell(saucer.at)}: "
                     f"boosters {saucer.boosters}, energy {saucer.energy}; stationed {_names(saucer.stationed)}; "
                     f"extras {_names(saucer.extras)}")
    crew = sorted(final.crew.items(), key=lambda item: item[1])
    lines.append("  crew on the board: " + (", ".join(f"{c} {_cell(cell)}" for cell, c in crew) or "none"))
    lines.append(f"  probe: {final.probe or '-'}; winner: {final.winner or 'none'}")
    lines += expectation_lines(result.checks, scenario.file)
    return "\n".join(lines)


def json_report(scenario: Scenario, result: ScenarioResult) -> dict[str, Any]:
    return runner.json_report(scenario, result, state_to_json)


def run_scenario_document(document: dict[str, Any], file: str) -> ScenarioReport:
    """Load and play; a bad file names `file` (a turn's error names its turn instead)."""
    try:
        scenario = scenario_from_json(document, file)
        return ScenarioReport(scenario, run_scenario(scenario), text_report, json_report)
    except CrashGrabError as error:
        if not isinstance(error, ScenarioTurnError) and error.file is None:
            error.file = file
        raise
