"""Playing a Crash! scenario: its turns through the rules, and its expectations checked.

No file I/O here (scenario_io.py reads and writes the files).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ..expectations import Check
from ..play import runner
from ..play.session import Played
from .model import CrashLayout
from .rules import CrashState, EndTurn, Event, Reroll, Roll, RuleError, Steer, apply
from .terms import CARS, PLAYERS


@dataclass(frozen=True)
class ScriptedTurn:
    player: str
    dice: tuple[int, ...] | None = None
    reroll: tuple[tuple[int, int | None], ...] = ()
    control: tuple[Steer, ...] = ()
    note: str | None = None

    def describe(self) -> str:
        dice = "rolled from the seed" if self.dice is None else ", ".join(map(str, self.dice))
        steps = "; ".join(s.describe() for s in self.control) or "no control step"
        return f"{self.player}: dice {dice}; {steps}"


@dataclass(frozen=True)
class Scenario:
    name: str
    layout: CrashLayout
    initial: CrashState
    turns: tuple[ScriptedTurn, ...] = ()
    expect: Mapping[str, Any] = field(default_factory=dict)
    layout_ref: str | None = None        # the layout's path as written, or None: inline
    notes: str = ""
    file: str | None = None
    schema_ref: str | None = None
    cars_given: bool = True              # whether the file listed its cars


@dataclass(frozen=True)
class Step(runner.Step[Event, CrashState]):
    """One turn of a run (number 1, 2, ...: the turn in the file), its events and the state after it."""

    @property
    def turn(self) -> ScriptedTurn:
        return self.entry


ScenarioResult = runner.ScenarioResult


class ScenarioTurnError(runner.ScenarioStepError):
    """A turn of the scenario is illegal or out of order (exit 2); the message names the turn
    and the player, `where` the JSON path of the entry at fault."""

    def __init__(self, number: int, player: str, message: str, where: str, *, hint: str | None = None,
                 file: str | None = None) -> None:
        self.player = player
        super().__init__(number, f"turn {number} ({player}): {message}", where=where, file=file, hint=hint)

    def details(self) -> dict[str, Any]:
        return {"turn": self.number, "player": self.player}


def play(state: CrashState, number: int, turn: ScriptedTurn, file: str | None = None) -> tuple[CrashState, tuple[Event, ...]]:
    """One scripted turn, step by step, so a refusal names the entry at fault."""
    where = f"$.turns[{number - 1}]"
    if state.over:
        raise ScenarioTurnError(number, turn.player, "the game is over.", where,
                                hint="Remove the turns after the game's end.", file=file)
    if turn.player != state.player:
        raise ScenarioTurnError(number, turn.player, f"it is {state.player}'s turn, not {turn.player}'s; players "
                                "alternate.", f"{where}.player", hint=f'Write "player": "{state.player}".', file=file)
    events: list[Event] = []
    steps: list[tuple[Any, str]] = [(Roll(turn.dice), f"{where}.dice" if turn.dice is not None else where)]
    if turn.reroll:
        steps.append((Reroll(turn.reroll), f"{where}.reroll"))
    steps += [(steer, f"{where}.control[{i}]") for i, steer in enumerate(turn.control)]
    steps.append((EndTurn(), where))
    for action, at in steps:
        try:
            state, more = apply(state, action)
        except RuleError as error:
            raise ScenarioTurnError(number, turn.player, error.message, at, hint=error.hint, file=file) from None
        events += more
    return state, tuple(events)


def run_scenario(scenario: Scenario) -> runner.ScenarioResult:
    def play_turn(state: CrashState, number: int, turn: ScriptedTurn) -> Played:
        new, events = play(state, number, turn, scenario.file)
        return Played(turn, events, new)

    return runner.run_script(scenario.initial, enumerate(scenario.turns, start=1), play_turn,
                             lambda final, events: check_expectations(scenario.expect, final, events), step=Step)


# --- the state as JSON, and expectations ----------------------------------------------------
def place_json(car) -> list[int] | str | None:
    if car.in_slot:
        return "slot"
    return None if car.at is None else [car.at[0], car.at[1]]


def state_to_json(state: CrashState) -> dict[str, Any]:
    return {
        "cars": {p: {str(n): {"at": place_json(state.car(p, n)), "facing": state.car(p, n).facing,
                              "fate": state.car(p, n).fate} for n in CARS} for p in PLAYERS},
        "score": state.points(),
        "player": state.player,
        "turns": state.turns,
        "over": state.over,
        "winner": state.winner,
        "seed": state.seed,
    }


def check_expectations(expect: Mapping[str, Any], state: CrashState, events) -> list[Check]:
    checks: list[Check] = []
    for player, cars in expect.get("cars", {}).items():
        for number, wanted in cars.items():
            car = state.car(player, int(number))
            for key, value in wanted.items():
                actual = place_json(car) if key == "at" else car.facing
                checks.append(Check(f"cars.{player}.{number}.{key}", value, actual))
    points = state.points()
    for player, value in expect.get("score", {}).items():
        checks.append(Check(f"score.{player}", value, points[player]))
    if "over" in expect:
        checks.append(Check("over", expect["over"], state.over))
    if "winner" in expect:
        checks.append(Check("winner", expect["winner"], state.winner))
    return checks + runner.events_check(expect, events)
