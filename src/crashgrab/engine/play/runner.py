"""The scenario runner: a scenario's scripted entries (turns, tricks, actions) played through a
game's rules from its initial state, its expectations checked, and the errors that stop a run.

A game gives `play(state, number, entry) -> Played` (one entry through its rules: one `apply`,
or several for a turn of several steps) and `expectations(final, events) -> checks`; a
RuleError an entry raises becomes `refused(number, entry, error)`, the game's
`ScenarioStepError` naming the entry and the player (exit 2). A file that cannot be read as a
scenario is a `ScenarioFileError` (exit 2 too).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Iterable, Mapping, Sequence, TypeVar

from ..errors import CrashGrabError, InvalidFileError
from ..expectations import Check, Checked
from .rules import MissingChoice, RuleError, options_json
from .session import Played

S = TypeVar("S")
E = TypeVar("E")


@dataclass(frozen=True)
class Step(Generic[E, S]):
    """One scripted entry of a run (as played, choices filled in), its events and the state after."""

    number: int
    entry: Any
    events: tuple[E, ...]
    state: S


@dataclass(frozen=True)
class ScenarioResult(Checked, Generic[E, S]):
    steps: tuple[Step[E, S], ...]
    final: S
    checks: tuple[Check, ...]

    @property
    def events(self) -> tuple[E, ...]:
        return tuple(event for step in self.steps for event in step.events)


class ScenarioStepError(CrashGrabError):
    """An entry of a scenario the rules refuse, or one out of order (exit 2). `number` is the
    entry's (turn, trick), `error` the RuleError when the rules refused it; a MissingChoice's
    choice and options are in `details()` for JSON reports."""

    exit_code = 2

    def __init__(self, number: int, message: str, *, where: str, error: RuleError | None = None,
                 file: str | None = None, hint: str | None = None) -> None:
        self.number = number
        self.error = error
        super().__init__(message, file=file, where=where, hint=hint)

    def choice_details(self) -> dict[str, Any]:
        if not isinstance(self.error, MissingChoice):
            return {}
        return {"choice": self.error.choice, "options": options_json(self.error.options)}

    def details(self) -> dict[str, Any]:
        return self.choice_details()


class ScenarioFileError(CrashGrabError):
    """A scenario file that cannot run (exit 2, as a refused entry)."""

    exit_code = 2

    @classmethod
    def of(cls, error: InvalidFileError) -> "ScenarioFileError":
        return cls(error.message, file=error.file, where=error.where, hint=error.hint)


def read_scenario(read: Callable[[Any, str], Any], document: Any, file: str) -> Any:
    """`read(document, file)`, a bad file reported as a ScenarioFileError."""
    try:
        return read(document, file)
    except InvalidFileError as error:
        raise ScenarioFileError.of(error) from None


def run_script(initial: S, entries: Iterable[tuple[int, Any]], play: Callable[[S, int, Any], Played[Any, E, S]],
               expectations: Callable[[S, tuple[E, ...]], Iterable[Check]],
               refused: Callable[[int, Any, Any], Exception] | None = None,
               step: Callable[..., Step[E, S]] = Step) -> ScenarioResult[E, S]:
    """Play each (number, entry) in order from `initial`; check the expectations on the outcome.
    A RuleError stops the run as `refused(...)` (raised as it is without one)."""
    state = initial
    steps: list[Step[E, S]] = []
    for number, entry in entries:
        try:
            played = play(state, number, entry)
        except RuleError as error:
            if refused is None:
                raise
            raise refused(number, entry, error) from None
        state = played.state
        steps.append(step(number, played.action, tuple(played.events), state))
    events = tuple(event for s in steps for event in s.events)
    return ScenarioResult(tuple(steps), state, tuple(expectations(state, events)))


def events_check(expect: Mapping[str, Any], events: Sequence[Any]) -> list[Check]:
    """The expectation every game's scenarios share: the kinds of the events, in order."""
    if "events" not in expect:
        return []
    return [Check("events", list(expect["events"]), [e.kind for e in events])]


@dataclass(frozen=True)
class ScenarioReport:
    """A scenario played, as `crashgrab scenario run` prints it (a `system.ScenarioRun`):
    `text_report(scenario, result)` and `json_report(scenario, result)` are the game's."""

    scenario: Any
    result: Any
    text_report: Callable[[Any, Any], str] = field(repr=False, compare=False)
    json_report: Callable[[Any, Any], dict[str, Any]] = field(repr=False, compare=False)

    @property
    def passed(self) -> bool:
        return bool(self.result.passed)

    def text(self) -> str:
        return self.text_report(self.scenario, self.result)

    def to_json(self) -> dict[str, Any]:
        return self.json_report(self.scenario, self.result)


def step_lines(steps: Iterable[Step], heading: Callable[[Any], str]) -> list[str]:
    """The report's run: each step's heading, then its events numbered across the whole run."""
    lines: list[str] = []
    number = 0
    for step in steps:
        lines.append(heading(step))
        for event in step.events:
            number += 1
            lines.append(f"  {number:3}. {event.describe()}")
    return lines


def expect_json(result: Checked) -> dict[str, Any]:
    return {"passed": result.passed, "failures": [c.to_json() for c in result.failures], "checked": len(result.checks)}


def json_report(scenario: Any, result: ScenarioResult, state_to_json: Callable[[Any], Any]) -> dict[str, Any]:
    """{"file", "name", "events" (each with its step's number as "turn"), "final", "expect"}."""
    events = [{"turn": step.number, **event.to_json()} for step in result.steps for event in step.events]
    return {"file": scenario.file, "name": scenario.name, "events": events, "final": state_to_json(result.final),
            "expect": expect_json(result)}
