"""Playing a RoboRally scenario: its turns through the rules on the play kernel's scenario
runner (engine/play/runner.py), its expectations checked, and its reports.

No file I/O and no file formats here (scenario_io.py reads and checks the documents).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ...errors import printable, shown_path
from ...expectations import Check, expectation_lines
from ...play import runner
from ...play.session import Played
from .errors import MissingChoice, RuleError
from .events import RallyEvent
from .geometry import cell_text
from .state import RallyState, Robot, Turn
from .turn import apply


@dataclass(frozen=True)
class Scenario:
    name: str
    initial: RallyState
    turns: tuple[Turn, ...] = ()
    expect: Mapping[str, Any] = field(default_factory=dict)
    file: str | None = None
    notes: str = ""


@dataclass(frozen=True)
class Step(runner.Step[RallyEvent, RallyState]):
    """One turn of a run (number 1, 2, ...: the turn in the file), its events and the state after it."""

    @property
    def turn(self) -> Turn:
        return self.entry


ScenarioResult = runner.ScenarioResult


class ScenarioTurnError(runner.ScenarioStepError):
    """A turn of the scenario is illegal or leaves a choice open (exit 2); the message names
    the turn, the step and the robot, `where` the JSON path of the entry at fault."""

    error: RuleError

    def __init__(self, number: int, error: RuleError, *, file: str | None = None) -> None:
        where = f"$.turns[{number - 1}]"
        if isinstance(error, MissingChoice):
            where += ".programs" if error.choice == "programs" else f".choices.{error.robot}.{error.choice}"
        elif error.robot:
            where += f".programs.{error.robot}"
        step = f", step {error.step}" if error.step else ", end of turn" if isinstance(error, MissingChoice) else ""
        who = f" ({error.robot})" if error.robot else ""
        super().__init__(number, f"turn {number}{step}{who}: {error.message}", where=where, error=error, file=file,
                         hint=error.hint)

    def details(self) -> dict[str, Any]:
        """The turn, step and robot and, for a missing choice, what is missing and the legal answers."""
        return {"turn": self.number, "step": self.error.step, "robot": self.error.robot, **self.choice_details()}


def _play_turn(state: RallyState, number: int, turn: Turn) -> Played:
    new, events = apply(state, turn)
    return Played(turn, events, new)


def run_scenario(scenario: Scenario) -> runner.ScenarioResult:
    return runner.run_script(
        scenario.initial, enumerate(scenario.turns, start=1), _play_turn,
        lambda final, events: check_expectations(scenario.expect, final, events),
        lambda number, turn, error: ScenarioTurnError(number, error, file=scenario.file), step=Step)


# --- the state as JSON, and expectations -----------------------------------------------------------
def robot_json(robot: Robot) -> dict[str, Any]:
    return {"at": None if robot.at is None else list(robot.at), "facing": robot.facing, "damage": robot.damage,
            "lives": robot.lives, "next": robot.next, "archive": None if robot.archive is None else list(robot.archive),
            "options": list(robot.options), "shots": robot.shots,
            "registers": [None if c is None else c.to_json() for c in robot.registers]}


def state_to_json(state: RallyState) -> dict[str, Any]:
    return {"robots": {robot.name: robot_json(robot) for robot in state.robots}, "turns": state.turns,
            "winner": state.winner, "option_deck": list(state.option_deck),
            "option_discard": list(state.option_discard)}


def check_expectations(expect: Mapping[str, Any], state: RallyState, events) -> list[Check]:
    checks: list[Check] = []
    for name, wanted in expect.get("robots", {}).items():
        robot = state.robot(name)
        actual = robot_json(robot) if robot is not None else {}
        for key, value in wanted.items():
            checks.append(Check(f"robots.{name}.{key}", value, actual.get(key, f"no robot {name}")))
    if "winner" in expect:
        checks.append(Check("winner", expect["winner"], state.winner))
    if "option_deck" in expect:
        checks.append(Check("option_deck", list(expect["option_deck"]), list(state.option_deck)))
    return checks + runner.events_check(expect, events)


# --- reports (`crashgrab scenario run`: the kernel's ScenarioReport of these two) ------------------
def text_report(scenario: Scenario, result: ScenarioResult) -> str:
    """Each turn's events under their step and phase, the robots at the end, the expectations."""
    lines = [f"== {shown_path(scenario.file)}: {printable(scenario.name)}"]
    for step in result.steps:
        lines.append(f"turn {step.number}:")
        current = None
        for event in step.events:
            heading = (event.step, event.phase)
            if heading != current:
                current = heading
                lines.append(f"  {'step ' + str(event.step) if event.step else 'turn'} {event.phase}:")
            lines.append(f"    {event.describe()}")
    lines.append("robots:")
    for robot in result.final.robots:
        lines.append(f"  {robot.name}: {cell_text(robot.at)} facing {robot.facing}, damage {robot.damage}, "
                     f"lives {robot.lives}, next checkpoint {robot.next}, archive {cell_text(robot.archive)}"
                     + (f", options {', '.join(robot.options)}" if robot.options else ""))
    lines.append(f"  winner: {result.final.winner or 'none'}")
    lines += expectation_lines(result.checks, scenario.file)
    return "\n".join(lines)


def json_report(scenario: Scenario, result: ScenarioResult) -> dict[str, Any]:
    return runner.json_report(scenario, result, state_to_json)


def scenario_report(scenario: Scenario) -> runner.ScenarioReport:
    """The scenario played, as `crashgrab scenario run` prints it (text or JSON) with its verdict."""
    return runner.ScenarioReport(scenario, run_scenario(scenario), text_report, json_report)
