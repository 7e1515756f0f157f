"""Playing a scripted sequence of actions: a Scenario, its run, and its expectations.

No file I/O here (engine/formats/scenario_io.py reads and writes scenario files). The
editor's playtest mode builds a Scenario from a session and saves it; `run_scenario`
replays one, filling open choices when `auto_choices` is set.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ...expectations import Check
from ...play import runner
from ...play.session import Played
from ..layout import Layout
from .actions import EndRound, Round, SetUp, Turn
from .apply import apply
from .errors import MissingChoice, MissingDieResult, RuleError
from .events import Event
from .frozen import FrozenMap
from .pieces import COLORS, Crew
from .state import GameState

AUTO_CHOICE_LIMIT = 1000  # far more open choices than any turn has; stops a runaway loop


@dataclass(frozen=True)
class Scenario:
    """A test for a board: the layout, the state before the first action, the actions,
    and what must hold afterwards (`expect`, the scenario file's JSON object)."""

    name: str
    layout: Layout
    initial: GameState
    turns: tuple[Turn | EndRound | Round, ...] = ()
    expect: Mapping[str, Any] = field(default_factory=FrozenMap)
    auto_choices: bool = False
    setup: SetUp | None = None
    layout_ref: str | None = None      # the layout file's path as written (relative), or None: inline
    notes: str = ""
    turn_notes: tuple[str | None, ...] = ()
    file: str | None = None
    schema_ref: str | None = None      # the file's optional "$schema" (for text editors), kept on save


@dataclass(frozen=True)
class Step(runner.Step[Event, GameState]):
    """One action of a run (number 0 for the setup, then 1, 2, ... for the turns), as played
    (with any auto choices filled in), the events it caused and the state after it."""

    @property
    def action(self) -> Turn | EndRound | SetUp | Round:
        return self.entry


ScenarioResult = runner.ScenarioResult


class ScenarioTurnError(runner.ScenarioStepError):
    """An action of the scenario is illegal or leaves a choice open. `.error` is the
    RuleError (a MissingChoice keeps its .choice and .options); `.number` the turn.
    `details()`: the open choice and its options, for `crashgrab scenario run --format json`."""

    error: RuleError

    def __init__(self, number: int, label: str, error: RuleError, *, file: str | None = None) -> None:
        where = "$.setup" if number == 0 else f"$.turns[{number - 1}]"
        super().__init__(number, f"{label}: {error.message}", where=where, error=error, file=file, hint=error.hint)


def describe_action(action: Turn | EndRound | SetUp | Round) -> str:
    if isinstance(action, SetUp):
        return "setup"
    if isinstance(action, EndRound):
        return "end of round"
    if isinstance(action, Round):
        plans = ", ".join(f"{key} {entry['card']} {entry['direction']}" for key, entry in action.plan.items())
        rotation = f", rotation {action.rotation}" if action.rotation else ""
        return f"round: {plans}{rotation}"
    distance = f" {action.distance}" if action.card == "0-5" else ""
    boost = f", boost {action.boost.direction}" if action.boost else ""
    return f"{action.saucer} plays {action.card}{distance} {action.direction}{boost}"


def play_action(state: GameState, action, *, auto_choices: bool = False):
    """apply(), answering open choices with their first option when `auto_choices`.

    Returns (action as played, new state, events). A missing die result is never
    answered automatically: it is not a player's choice.
    """
    for _ in range(AUTO_CHOICE_LIMIT):
        try:
            new_state, events = apply(state, action)
            return action, new_state, events
        except MissingDieResult:
            raise
        except MissingChoice as missing:
            if not auto_choices:
                raise
            action = action.answered(missing, missing.options[0])
    raise RuntimeError("auto_choices did not settle")  # pragma: no cover - each answer uses one choice


@dataclass(frozen=True)
class Script:
    """A scenario's actions as the runner plays them: (number, action) with the setup as 0;
    `play` one of them (open choices answered when the scenario says auto_choices) and
    `refused`, the ScenarioTurnError naming the action the rules refused. The editor's
    playtest session opens a scenario with the same three."""

    scenario: Scenario

    @property
    def entries(self) -> list[tuple[int, Any]]:
        actions: list[tuple[int, Any]] = [(0, self.scenario.setup)] if self.scenario.setup else []
        return actions + list(enumerate(self.scenario.turns, start=1))

    def play(self, state: GameState, number: int, action) -> Played:
        played, new_state, events = play_action(state, action, auto_choices=self.scenario.auto_choices)
        return Played(played, events, new_state)

    def refused(self, number: int, action, error: RuleError) -> ScenarioTurnError:
        label = "setup" if number == 0 else f"turn {number} ({describe_action(action)})"
        return ScenarioTurnError(number, label, error, file=self.scenario.file)


def run_scenario(scenario: Scenario) -> ScenarioResult:
    """Play the setup (if any) and every turn; check the expectations on the outcome.

    Raises ScenarioTurnError (exit 2) naming the turn when an action is illegal or a
    choice is left open (and auto_choices is off).
    """
    script = Script(scenario)
    return runner.run_script(scenario.initial, script.entries, script.play,
                             lambda final, events: check_expectations(scenario.expect, final, events), script.refused,
                             step=Step)


# --- the state as JSON, and expectations ------------------------------------------------
def cell_json(cell) -> list[int] | None:
    return None if cell is None else [cell[0], cell[1]]


def _crew_set(crews) -> list[dict[str, str]]:
    """Crew as JSON in a canonical order, so two lists compare as sets."""
    return [c.to_json() for c in sorted(crews)]


def _crew_at_list(state: GameState) -> list[dict[str, Any]]:
    return [{**crew.to_json(), "at": cell_json(cell)} for cell, crew in
            sorted(state.crew.items(), key=lambda item: item[1])]


def state_to_json(state: GameState) -> dict[str, Any]:
    """The state for the JSON report and the editor's display."""
    return {
        "players": [{"id": p.id, "saucers": list(p.saucers)} for p in state.players],
        "saucers": {color: {
            "player": state.player_of(color).id,
            "at": cell_json(saucer.at),
            "crew": [c.to_json() for c in saucer.pickup_order()],
            "stationed": [c.to_json() for c in saucer.stationed],
            "extras": [c.to_json() for c in saucer.extras],
            "boosters": saucer.boosters,
            "energy": saucer.energy,
            "upgrades": list(saucer.upgrades),
        } for color, saucer in ((c, state.saucers[c]) for c in state.saucer_colors())},
        "crew": _crew_at_list(state),
        "upgrade_deck": list(state.upgrade_deck),
        "upgrade_discard": list(state.upgrade_discard),
        "lost": {color: list(state.lost.get(color, ())) for color in COLORS},
        "probe": state.probe,
        "winner": state.winner,
        "dice": list(state.dice),
        "seed": state.rng,
        "rulings": state.rulings.to_json(),
    }


def check_expectations(expect: Mapping[str, Any], state: GameState, events) -> list[Check]:
    """Every expectation given, with the actual value beside it (lists of crew compare as sets)."""
    checks: list[Check] = []
    for color, wanted in expect.get("saucers", {}).items():
        saucer = state.saucers.get(color)
        for key, value in wanted.items():
            what = f"saucers.{color}.{key}"
            if saucer is None:
                checks.append(Check(what, value, f"no {color} saucer in the game"))
            elif key == "at":
                checks.append(Check(what, None if value is None else list(value), cell_json(saucer.at)))
            elif key == "crew":
                checks.append(Check(what, _crew_set(Crew.from_json(c) for c in value), _crew_set(saucer.held)))
            elif key == "upgrades":
                checks.append(Check(what, list(value), list(saucer.upgrades)))
            elif key == "stationed":
                checks.append(Check(what, _crew_set(Crew.from_json(c) for c in value),
                                    _crew_set(saucer.stationed)))
            else:
                checks.append(Check(what, value, getattr(saucer, key)))
    if "crew" in expect:
        wanted = sorted(({**Crew.from_json(c).to_json(), "at": list(c["at"])} for c in expect["crew"]),
                        key=lambda c: (COLORS.index(c["color"]), c["type"], c["at"]))
        actual = sorted(_crew_at_list(state), key=lambda c: (COLORS.index(c["color"]), c["type"], c["at"]))
        checks.append(Check("crew", wanted, actual))
    for color, queue in expect.get("lost", {}).items():
        checks.append(Check(f"lost.{color}", list(queue), list(state.lost.get(color, ()))))
    if "winner" in expect:
        checks.append(Check("winner", expect["winner"], state.winner))
    if "probe" in expect:
        checks.append(Check("probe", expect["probe"], state.probe))
    for key in ("upgrade_deck", "upgrade_discard"):
        if key in expect:
            checks.append(Check(key, list(expect[key]), list(getattr(state, key))))
    return checks + runner.events_check(expect, events)


def _saucer_outcome(s) -> dict[str, Any]:
    outcome = {"at": cell_json(s.at), "crew": [c.to_json() for c in s.pickup_order()],
               "stationed": [c.to_json() for c in s.stationed], "boosters": s.boosters, "energy": s.energy}
    if s.upgrades:
        outcome["upgrades"] = list(s.upgrades)
    return outcome


def expect_from_outcome(state: GameState, events) -> dict[str, Any]:
    """Expectations that hold for exactly this outcome (the editor saves a playtest
    session with its outcome written as the scenario's expectations)."""
    return {
        "saucers": {color: _saucer_outcome(state.saucers[color]) for color in state.saucer_colors()},
        "crew": _crew_at_list(state),
        "lost": {color: list(queue) for color, queue in state.lost.items()},
        "winner": state.winner,
        "probe": state.probe,
        "events": [event.kind for event in events],
    }
