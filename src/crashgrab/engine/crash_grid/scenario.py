"""Playing a Crash Grid scenario: its tricks through the rules, and its expectations checked.

No file I/O here (scenario_io.py reads and writes the files).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ..expectations import Check
from ..play import runner
from ..play.session import Played
from .model import ArenaLayout
from .rules import Event, GridState, MissingChoice, RuleError, Trick, apply
from .scenario_deck import deck_expectations
from .terms import SUITS, Cell


@dataclass(frozen=True)
class Scenario:
    name: str
    layout: ArenaLayout
    initial: GridState
    tricks: tuple[Trick, ...] = ()
    expect: Mapping[str, Any] = field(default_factory=dict)
    layout_ref: str | None = None        # the layout's path as written, or None: inline
    notes: str = ""
    trick_notes: tuple[str | None, ...] = ()
    file: str | None = None
    schema_ref: str | None = None
    deck: Mapping[str, Any] = field(default_factory=dict)   # the file's "deck" as written (seed, hands, table)


@dataclass(frozen=True)
class Step(runner.Step[Event, GridState]):
    """One trick of a run (number 1, 2, ...), its events and the state after it."""

    @property
    def trick(self) -> Trick:
        return self.entry


ScenarioResult = runner.ScenarioResult


class ScenarioTrickError(runner.ScenarioStepError):
    """A trick of the scenario is illegal or leaves a choice open (exit 2). `.error` is the
    RuleError; the message names the trick and the player."""

    error: RuleError

    def __init__(self, number: int, error: RuleError, *, file: str | None = None) -> None:
        who = f" ({error.suit})" if error.suit else ""
        where = f"$.tricks[{number - 1}]"
        if isinstance(error, MissingChoice):
            where += f".{'initiative' if error.choice == 'initiative' else 'moves'}"
        elif error.suit:
            where += f".{error.card}.{error.suit}"
        super().__init__(number, f"trick {number}{who}: {error.message}", where=where, error=error, file=file,
                         hint=error.hint)

    def details(self) -> dict[str, Any]:
        """The player and, for a missing choice, what is missing and the legal answers (JSON reports)."""
        return {"trick": self.number, "player": self.error.suit, **self.choice_details()}


def _play_trick(state: GridState, number: int, trick: Trick) -> Played:
    new, events = apply(state, trick)
    return Played(trick, events, new)


def run_scenario(scenario: Scenario) -> runner.ScenarioResult:
    return runner.run_script(
        scenario.initial, enumerate(scenario.tricks, start=1), _play_trick,
        lambda final, events: check_expectations(scenario.expect, final, events),
        lambda number, trick, error: ScenarioTrickError(number, error, file=scenario.file), step=Step)


# --- the state as JSON, and expectations ----------------------------------------------------
def cell_json(cell: Cell | None) -> list[int] | None:
    return None if cell is None else [cell[0], cell[1]]


def _cells(cells) -> list[list[int]]:
    return [list(c) for c in sorted(cells, key=lambda c: (c[1], c[0]))]


def trails_json(state: GridState) -> list[dict[str, Any]]:
    return [{"suit": suit, "at": list(cell)}
            for cell, suit in sorted(state.trails, key=lambda t: (SUITS.index(t[1]), t[0][1], t[0][0]))]


def _sorted_trails(trails) -> list[dict[str, Any]]:
    return sorted(({"suit": t["suit"], "at": list(t["at"])} for t in trails),
                  key=lambda t: (SUITS.index(t["suit"]), t["at"][1], t["at"][0]))


def _used(used) -> list[str]:
    return [m for m in ("J", "Q", "K") if m in used]


def state_to_json(state: GridState) -> dict[str, Any]:
    return {
        "arena": {"width": state.width, "height": state.height},
        "riders": {r.suit: {"at": cell_json(r.at), "facing": r.facing, "rails": r.rails, "used": _used(r.used)}
                   for r in state.riders},
        "trails": trails_json(state),
        "walls": _cells(state.walls),
        "tricks": state.tricks_played,
        "tricks_since_refresh": state.tricks_since_refresh,
        "over": state.over,
        "winner": state.winner,
        "points": state.points(),
        "deck": state.initiative_deck().to_json(),
    }


def check_expectations(expect: Mapping[str, Any], state: GridState, events) -> list[Check]:
    checks: list[Check] = []
    for suit, wanted in expect.get("riders", {}).items():
        rider = state.rider(suit)
        for key, value in wanted.items():
            what = f"riders.{suit}.{key}"
            if rider is None:
                checks.append(Check(what, value, f"no {suit} rider in the scenario"))
            elif key == "at":
                checks.append(Check(what, None if value is None else list(value), cell_json(rider.at)))
            elif key == "used":
                checks.append(Check(what, _used(value), _used(rider.used)))
            else:
                checks.append(Check(what, value, getattr(rider, key)))
    if "trails" in expect:
        checks.append(Check("trails", _sorted_trails(expect["trails"]), trails_json(state)))
    if "walls" in expect:
        checks.append(Check("walls", _cells(tuple(c) for c in expect["walls"]), _cells(state.walls)))
    if "winner" in expect:
        checks.append(Check("winner", expect["winner"], state.winner))
    points = state.points()
    for suit, value in expect.get("points", {}).items():
        checks.append(Check(f"points.{suit}", value, points.get(suit, 0)))
    checks += deck_expectations(expect, state)
    return checks + runner.events_check(expect, events)
