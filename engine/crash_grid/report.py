"""Scenario reports in the shape `crashgrab scenario run` prints for every game: text, or
{"file", "name", "events", "final", "expect"} as JSON."""
from __future__ import annotations

from typing import Any

from ..expectations import expectation_lines
from ..errors import printable, shown_path
from .scenario import Scenario, ScenarioResult, state_to_json
from .text import LEGEND, riders_text, state_text


def text_report(scenario: Scenario, result: ScenarioResult) -> str:
    lines = [f"== {shown_path(scenario.file)}: {printable(scenario.name)}"]  # a name cannot start a line of its own
    number = 0
    for step in result.steps:
        lines.append(f"trick {step.number}: {step.trick.describe()}")
        for event in step.events:
            number += 1
            lines.append(f"  {number:3}. {event.describe()}")
    final = result.final
    lines += ["final board:", state_text(final), LEGEND, *riders_text(final)]
    points = ", ".join(f"{suit} {n}" for suit, n in final.points().items())
    lines.append(f"  round {'over' if final.over else 'goes on'}; winner: {final.winner or 'none'}; points: {points}")
    lines += expectation_lines(result.checks, scenario.file)
    return "\n".join(lines)


def json_report(scenario: Scenario, result: ScenarioResult) -> dict[str, Any]:
    events = [{"turn": step.number, **event.to_json()} for step in result.steps for event in step.events]
    return {"file": scenario.file, "name": scenario.name, "events": events, "final": state_to_json(result.final),
            "expect": {"passed": result.passed, "failures": [c.to_json() for c in result.failures],
                       "checked": len(result.checks)}}
