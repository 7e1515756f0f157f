"""Scenario reports in the shape `crashgrab scenario run` prints for every game: text, or
{"file", "name", "events", "final", "expect"} as JSON; a match adds "match" and each event's "round"."""
from __future__ import annotations

from typing import Any

from ..expectations import expectation_lines
from ..errors import printable, shown_path
from ..play import runner
from .scenario import Scenario, ScenarioResult, state_to_json
from .scenario_match import Match, MatchResult, match_summary
from .text import LEGEND, riders_text, state_text


def text_report(scenario: Scenario, result: ScenarioResult) -> str:
    # A name from the file cannot start a line of its own (control characters escaped).
    lines = [f"== {shown_path(scenario.file)}: {printable(scenario.name)}", *_round_lines(result)]
    lines += expectation_lines(result.checks, scenario.file)
    return "\n".join(lines)


def _round_lines(result: ScenarioResult) -> list[str]:
    lines = runner.step_lines(result.steps, lambda step: f"trick {step.number}: {step.trick.describe()}")
    final = result.final
    lines += ["final board:", state_text(final), LEGEND, *riders_text(final)]
    points = ", ".join(f"{suit} {n}" for suit, n in final.points().items())
    lines.append(f"  round {'over' if final.over else 'goes on'}; winner: {final.winner or 'none'}; points: {points}")
    return lines


def json_report(scenario: Scenario, result: ScenarioResult) -> dict[str, Any]:
    return runner.json_report(scenario, result, state_to_json)


def match_text_report(match: Match, result: MatchResult) -> str:
    lines = [f"== {shown_path(match.file)}: {printable(match.name)} (match play, best of {match.best_of})"]
    for number, round_result in enumerate(result.rounds, start=1):
        lines += [f"-- round {number} of at most {match.best_of}", *_round_lines(round_result)]
    summary = match_summary(match, result)
    each = ", ".join(f"round {r['round']} {r['winner'] or ('nobody' if r['over'] else 'goes on')}"
                     for r in summary["rounds"])
    totals = ", ".join(f"{suit} {n}" for suit, n in result.points.items())
    if result.winner is not None:
        verdict = f"{result.winner} wins the match (decided after round {result.decided_after})"
    elif summary["over"]:
        verdict = "a tie: no one wins the match"
    else:
        verdict = "the match goes on"
    lines.append(f"match: {each}; points: {totals}; {verdict}")
    lines += expectation_lines(result.checks, match.file)
    return "\n".join(lines)


def match_json_report(match: Match, result: MatchResult) -> dict[str, Any]:
    events = [{"round": number, "turn": step.number, **event.to_json()}
              for number, round_result in enumerate(result.rounds, start=1)
              for step in round_result.steps for event in step.events]
    return {"file": match.file, "name": match.name, "events": events, "final": state_to_json(result.final),
            "match": match_summary(match, result), "expect": runner.expect_json(result)}
