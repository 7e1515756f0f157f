"""Scenario reports in the shape `crashgrab scenario run` prints for every game: text, or
{"file", "name", "events", "final", "expect"} as JSON."""
from __future__ import annotations

from typing import Any

from ..expectations import expectation_lines
from ..play import runner
from .scenario import Scenario, ScenarioResult, state_to_json
from .text import LEGEND, cars_text, state_text


def text_report(scenario: Scenario, result: ScenarioResult) -> str:
    lines = [f"== {scenario.file}: {scenario.name}"]
    lines += runner.step_lines(result.steps, lambda step: f"turn {step.number}: {step.turn.describe()}")
    final = result.final
    lines += ["final board:", state_text(final), LEGEND, *cars_text(final)]
    verdict = f"over, winner: {final.winner}" if final.over else f"goes on, {final.player} to play"
    lines.append(f"  game {verdict}; score: p1 {final.score[0]}, p2 {final.score[1]}")
    lines += expectation_lines(result.checks, scenario.file)
    return "\n".join(lines)


def json_report(scenario: Scenario, result: ScenarioResult) -> dict[str, Any]:
    return runner.json_report(scenario, result, state_to_json)
