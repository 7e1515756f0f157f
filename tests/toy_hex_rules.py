"""Beacon Hex's rules (tests/toy_hex_game.py), on the studio's play kernel (engine/play/).

A walker stands on a hex, facing one of the six directions. Each action is a roll of a
three-sided die (a chance node: 1, 2 or 3, each 1 in 3); the walker goes that many hexes
ahead, stopping early at a fence across its way or at the board's edge. A beacon is lit when
the walker stops fewer than its `reach` (a setting, 1-3) hexes from it: reach 1, on it. A
scenario scripts the rolls (a number, or null for a roll drawn from the seed in the state).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from crashgrab.engine.expectations import Check, expectation_lines
from crashgrab.engine.formats.scenario_envelope import scenario_layout
from crashgrab.engine.formats.schemas import validate
from crashgrab.engine.grid.hex import DIRECTIONS, HEX
from crashgrab.engine.play.chance import Chance
from crashgrab.engine.play.events import Event
from crashgrab.engine.play.rules import RuleError
from crashgrab.engine.play.runner import (ScenarioReport, ScenarioStepError, events_check, json_report, read_scenario,
                                          run_script, step_lines)
from crashgrab.engine.play.session import Played

Cell = tuple[int, int]
DIE = Chance.uniform((1, 2, 3), "roll the three-sided die")


@dataclass(frozen=True)
class WalkState:
    walker: Cell
    facing: str
    seed: int
    cells: frozenset[Cell]
    fences: frozenset[tuple[Cell, str]]
    beacons: tuple[tuple[Cell, int], ...]  # (hex, reach)
    lit: tuple[Cell, ...] = ()


@dataclass(frozen=True)
class Rolled(Event):
    kind = "rolled"
    value: int

    def describe(self) -> str:
        return f"The die shows {self.value}."


@dataclass(frozen=True)
class Walked(Event):
    kind = "walked"
    start: Cell
    to: Cell

    def describe(self) -> str:
        return f"The walker goes from [{self.start[0]},{self.start[1]}] to [{self.to[0]},{self.to[1]}]."


@dataclass(frozen=True)
class Fenced(Event):
    kind = "fenced"
    at: Cell
    side: str

    def describe(self) -> str:
        return f"A fence on the {self.side} side of [{self.at[0]},{self.at[1]}] stops the walker."


@dataclass(frozen=True)
class Lit(Event):
    kind = "lit"
    at: Cell

    def describe(self) -> str:
        return f"The beacon at [{self.at[0]},{self.at[1]}] is lit."


class IllegalRoll(RuleError):
    """A scripted roll the die cannot show."""


class WalkRules:
    """`apply(state, roll)`: a roll is 1-3, or None for a draw from the state's seed."""

    folds_events = False

    def initial_state(self, layout: Any, walker: Cell = (0, 0), facing: str = "east", seed: int = 0) -> WalkState:
        return WalkState(walker, facing, seed, frozenset(layout.cells()), frozenset(layout.fences),
                         tuple((cell, layout.reach_of(cell)) for cell in layout.beacons))

    def chance(self, state: WalkState) -> Chance[int]:
        return DIE

    def legal_actions(self, state: WalkState) -> tuple[int, ...]:
        return DIE.values

    def apply(self, state: WalkState, roll: int | None) -> tuple[WalkState, tuple[Event, ...]]:
        seed = state.seed
        if roll is None:
            roll, seed = DIE.draw(seed)
        elif roll not in DIE.values:
            raise IllegalRoll(f"a three-sided die shows 1, 2 or 3, not {roll!r}.")
        events: list[Event] = [Rolled(roll)]
        at = state.walker
        for _ in range(roll):
            ahead = HEX.step(at, state.facing)
            if HEX.edge_key(at, state.facing) in state.fences:
                events.append(Fenced(at, state.facing))
                break
            if ahead not in state.cells:
                break
            at = ahead
        if at != state.walker:
            events.append(Walked(state.walker, at))
        lit = list(state.lit)
        for beacon, reach in state.beacons:
            if beacon not in lit and HEX.distance(beacon, at) < reach:
                lit.append(beacon)
                events.append(Lit(beacon))
        return replace(state, walker=at, seed=seed, lit=tuple(lit)), tuple(events)

    def apply_event(self, state: WalkState, event: Event) -> WalkState:
        raise NotImplementedError("Beacon Hex steps roll by roll")


RULES = WalkRules()

SCENARIO_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["format", "version", "game", "name", "layout", "rolls"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": "crash-grab-scenario"}, "version": {"const": 2}, "game": {"const": "beacon-hex"},
        "name": {"type": "string"}, "layout": {"type": ["string", "object"]},
        "seed": {"type": "integer", "minimum": 0},
        "start": {"type": "object", "required": ["at", "facing"], "additionalProperties": False,
                  "properties": {"at": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
                                 "facing": {"enum": list(DIRECTIONS)}}},
        "rolls": {"type": "array", "items": {"type": ["integer", "null"]}},
        "expect": {"type": "object", "additionalProperties": False,
                   "properties": {"walker": {"type": "array"}, "lit": {"type": "array"},
                                  "events": {"type": "array", "items": {"type": "string"}}}},
    },
}


@dataclass(frozen=True)
class WalkScenario:
    file: str
    name: str
    start: WalkState
    rolls: tuple[int | None, ...]
    expect: dict[str, Any]


def scenario_from_json(document: dict[str, Any], file: str) -> WalkScenario:
    from .toy_hex_game import SYSTEM

    validate(document, SCENARIO_SCHEMA, file)
    layout, _ = scenario_layout(document["layout"], file, SYSTEM.layout_from_json, game="beacon-hex")
    start = document.get("start", {"at": [0, 0], "facing": "east"})
    state = RULES.initial_state(layout, tuple(start["at"]), start["facing"], document.get("seed", 0))
    return WalkScenario(file, document["name"], state, tuple(document["rolls"]), document.get("expect", {}))


def _checks(expect: dict[str, Any], final: WalkState, events) -> list[Check]:
    checks = events_check(expect, events)
    if "walker" in expect:
        checks.append(Check("walker", expect["walker"], list(final.walker)))
    if "lit" in expect:
        checks.append(Check("lit", expect["lit"], [list(c) for c in final.lit]))
    return checks


def run_scenario(scenario: WalkScenario):
    def play(state: WalkState, number: int, roll: int | None) -> Played:
        after, events = RULES.apply(state, roll)
        return Played(roll if roll is not None else next(e.value for e in events if isinstance(e, Rolled)), events,
                      after)

    def refused(number: int, roll: Any, error: RuleError) -> ScenarioStepError:
        return ScenarioStepError(number, f"roll {number}: {error.message}", where=f"$.rolls[{number - 1}]",
                                 error=error, file=scenario.file)

    return run_script(scenario.start, enumerate(scenario.rolls, 1), play,
                      lambda final, events: _checks(scenario.expect, final, events), refused)


def text_report(scenario: WalkScenario, result) -> str:
    lines = [f"Scenario: {scenario.name}", *step_lines(result.steps, lambda step: f"Roll {step.number}:")]
    return "\n".join([*lines, *expectation_lines(result.checks, scenario.file)])


def report_json(scenario: WalkScenario, result) -> dict[str, Any]:
    return json_report(scenario, result, lambda state: {"walker": list(state.walker), "lit": [list(c) for c in state.lit]})


def run_scenario_file(document: dict[str, Any], file: str) -> ScenarioReport:
    scenario = read_scenario(scenario_from_json, document, file)
    return ScenarioReport(scenario, run_scenario(scenario), text_report, report_json)
