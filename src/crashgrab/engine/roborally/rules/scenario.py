"""Playing a RoboRally scenario: its turns through the rules, and its expectations checked.

No file I/O and no file formats here (scenario_io.py reads and checks the documents).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ...errors import CrashGrabError
from ...expectations import Check, Checked, expectation_lines
from ...errors import printable, shown_path
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
class TurnPlayed:
    number: int
    events: tuple[RallyEvent, ...]
    state: RallyState     # after the turn


@dataclass(frozen=True)
class ScenarioResult(Checked):
    turns: tuple[TurnPlayed, ...]
    final: RallyState
    checks: tuple[Check, ...]


class ScenarioTurnError(CrashGrabError):
    """A turn of the scenario is illegal or leaves a choice open (exit 2); the message names
    the turn, the step and the robot."""

    exit_code = 2

    def __init__(self, number: int, error: RuleError, *, file: str | None = None) -> None:
        self.number = number
        self.error = error
        where = f"$.turns[{number - 1}]"
        if isinstance(error, MissingChoice):
            where += ".programs" if error.choice == "programs" else f".choices.{error.robot}.{error.choice}"
        elif error.robot:
            where += f".programs.{error.robot}"
        step = f", step {error.step}" if error.step else ", end of turn" if isinstance(error, MissingChoice) else ""
        who = f" ({error.robot})" if error.robot else ""
        super().__init__(f"turn {number}{step}{who}: {error.message}", file=file, where=where, hint=error.hint)

    def details(self) -> dict[str, Any]:
        details: dict[str, Any] = {"turn": self.number, "step": self.error.step, "robot": self.error.robot}
        if isinstance(self.error, MissingChoice):
            details.update(choice=self.error.choice, options=list(self.error.options))
        return details


def run_scenario(scenario: Scenario) -> ScenarioResult:
    state = scenario.initial
    played = []
    for number, turn in enumerate(scenario.turns, start=1):
        try:
            state, events = apply(state, turn)
        except RuleError as error:
            raise ScenarioTurnError(number, error, file=scenario.file) from None
        played.append(TurnPlayed(number, events, state))
    every = [event for turn in played for event in turn.events]
    return ScenarioResult(tuple(played), state, tuple(check_expectations(scenario.expect, state, every)))


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
    if "events" in expect:
        checks.append(Check("events", list(expect["events"]), [event.kind for event in events]))
    return checks


# --- reports -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class RallyRun:
    """A scenario played: what `crashgrab scenario run` prints (text or JSON) and its verdict."""

    scenario: Scenario
    result: ScenarioResult

    @property
    def passed(self) -> bool:
        return self.result.passed

    def text(self) -> str:
        scenario, result = self.scenario, self.result
        lines = [f"== {shown_path(scenario.file)}: {printable(scenario.name)}"]
        for turn in result.turns:
            lines.append(f"turn {turn.number}:")
            current = None
            for event in turn.events:
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

    def to_json(self) -> dict[str, Any]:
        events = [{"turn": turn.number, **event.to_json()} for turn in self.result.turns for event in turn.events]
        return {"file": self.scenario.file, "name": self.scenario.name, "events": events,
                "final": state_to_json(self.result.final),
                "expect": {"passed": self.result.passed, "failures": [c.to_json() for c in self.result.failures],
                           "checked": len(self.result.checks)}}
