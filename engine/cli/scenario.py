"""`crashgrab scenario run FILE... [--format text|json]`: play test scenarios on their boards.

Exit 0 when every expectation of every file holds, 1 when one fails, 2 for a bad file,
a missing choice or an illegal action (the message names the turn and the reason).
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..crash_and_grab.rules.pieces import COLORS, CREW_TYPES
from ..crash_and_grab.rules.session import ScenarioResult, ScenarioTurnError, describe_action, state_to_json
from ..crash_and_grab.rules.state import GameState
from ..crash_and_grab.text import LEGEND, board_text
from ..errors import CrashGrabError
from ..formats.jsonio import dumps
from ..formats.scenario_io import load_scenario, run_scenario

# Marks drawn over the board: a saucer by its colour's capital initial, a crewmember on
# the board by its type's small initial (p s d e; not a b c, which are Crash Sites 10-12).
SAUCER_MARKS = {color: color[0].upper() for color in COLORS}
CREW_MARKS = {crew_type: crew_type[0] for crew_type in CREW_TYPES}
MARKS_LEGEND = ("R Y G B P O saucers (red yellow green blue purple orange)   "
                "p s d e crewmembers (pilot scientist doctor engineer)")


def register(subparsers) -> None:
    scenario = subparsers.add_parser("scenario", help="play test scenarios through the rules engine")
    actions = scenario.add_subparsers(dest="scenario_command", metavar="ACTION", required=True)
    run = actions.add_parser("run", help="run scenario files and check their expectations")
    run.add_argument("files", nargs="+", metavar="FILE")
    run.add_argument("--format", choices=["text", "json"], default="text", help="output format (default: text)")
    run.set_defaults(run=run_scenarios)


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


def _value(value: Any) -> str:
    return json.dumps(value, separators=(",", ":")) if not isinstance(value, str) else value


def text_report(scenario, result: ScenarioResult) -> str:
    lines = [f"== {scenario.file}: {scenario.name}"]
    number = 0
    for step in result.steps:
        lines.append("setup" if step.number == 0 else f"turn {step.number}: {describe_action(step.action)}")
        for event in step.events:
            number += 1
            lines.append(f"  {number:3}. {event.describe()}")
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
    if result.checks:
        lines.append("expectations:")
    for check in result.checks:
        if check.passed:
            lines.append(f"  PASS {check.what} = {_value(check.actual)}")
        else:
            lines.append(f"  FAIL {check.what}: expected {_value(check.expected)}, actual {_value(check.actual)}")
    failed = len(result.failures)
    verdict = "PASS" if not failed else f"FAIL ({failed} of {len(result.checks)} expectations failed)"
    lines.append(f"{verdict}: {scenario.file}")
    return "\n".join(lines)


def json_report(scenario, result: ScenarioResult) -> dict[str, Any]:
    events = [{"turn": step.number, **event.to_json()} for step in result.steps for event in step.events]
    return {
        "file": scenario.file,
        "name": scenario.name,
        "events": events,
        "final": state_to_json(result.final),
        "expect": {"passed": result.passed, "failures": [c.to_json() for c in result.failures],
                   "checked": len(result.checks)},
    }


def _error_json(file: str, error: CrashGrabError) -> dict[str, Any]:
    report: dict[str, Any] = {"message": str(error), "where": error.where}
    cause = getattr(error, "error", None)
    if cause is not None and hasattr(cause, "choice"):
        report["choice"] = cause.choice
        report["options"] = [o.to_json() if hasattr(o, "to_json") else o for o in cause.options]
    return {"file": file, "error": report}


def run_one(file: str, output_format: str) -> tuple[int, str | None, dict | None]:
    """(exit code, text, JSON) for one file; errors go to stderr here."""
    try:
        scenario = load_scenario(file)
        result = run_scenario(scenario)
    except CrashGrabError as error:
        if not isinstance(error, ScenarioTurnError) and error.file is None:
            error.file = file
        print(f"crashgrab scenario: {error}", file=sys.stderr)
        return 2, f"ERROR: {file}", _error_json(file, error)
    code = 0 if result.passed else 1
    if output_format == "json":
        return code, None, json_report(scenario, result)
    return code, text_report(scenario, result), None


def run_scenarios(args: argparse.Namespace) -> int:
    worst = 0
    documents = []
    for file in args.files:
        code, text, document = run_one(file, args.format)
        worst = max(worst, code)
        if args.format == "json":
            documents.append(document)
        elif code != 2:
            print(text)
    if args.format == "json":
        sys.stdout.write(dumps(documents[0] if len(documents) == 1 else documents))
    elif len(args.files) > 1:
        print(f"{len(args.files)} scenario files: {'all passed' if worst == 0 else 'not all passed'}")
    return worst
