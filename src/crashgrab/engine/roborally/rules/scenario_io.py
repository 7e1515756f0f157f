"""RoboRally scenario documents -> Scenario, validated against schemas/roborally-scenario.schema.json.

The scenario's "layout" is a course, which the course model resolves: the caller passes the
resolved-course dict (`course`). As a test convenience only, a scenario whose "layout" is a
resolved course itself ("cells" and "edges" listed) plays on it when no `course` is given.
Beyond the schema, loading checks, naming the JSON path: robots stand on the course, not in a
pit, never two on a square; names are unique; "next" is a checkpoint of the course (or one past
the last); expectations name robots of the scenario.
"""
from __future__ import annotations

from typing import Any, Mapping

from ...errors import InvalidFileError
from ...formats.schemas import validate
from .cards import TURBO_BLASTER_SHOTS
from .floor import floor_from_course, life_points
from .geometry import cell_text
from .cards import Card, priority_problem
from .program import card_from
from ...play.runner import ScenarioReport
from .scenario import Scenario, scenario_report
from .state import DEFAULT_RULINGS, NO_REGISTERS, Choice, RallyState, Robot, Turn

SCENARIO_SCHEMA = "roborally-scenario"


def is_resolved_course(layout: Any) -> bool:
    return isinstance(layout, dict) and "cells" in layout and "edges" in layout


def scenario_from_json(document: Any, file=None, course: Mapping[str, Any] | None = None) -> Scenario:
    validate(document, SCENARIO_SCHEMA, file)
    file = None if file is None else str(file)

    def fail(where: str, message: str, hint: str | None = None):
        raise InvalidFileError(message, file=file, where=where, hint=hint)

    if course is None:
        if not is_resolved_course(document["layout"]):
            fail("$.layout", "this scenario's course must be resolved by the course model first.",
                 "Run it with `crashgrab scenario run`, or give a resolved course (the \"json\" export) inline.")
        course = document["layout"]
    floor = floor_from_course(course)
    lives = life_points(max(floor.players, len(document["robots"])), floor.boards)
    robots: list[Robot] = []
    taken: dict[tuple[int, int], str] = {}
    for index, raw in enumerate(document["robots"]):
        where = f"$.robots[{index}]"
        name = raw["name"]
        if any(r.name == name for r in robots):
            fail(f"{where}.name", f"two robots are named {name!r}.", "Give each robot its own name.")
        at = None if raw["at"] is None else (raw["at"][0], raw["at"][1])
        if at is not None:
            if floor.deadly(at):
                fail(f"{where}.at", f"{cell_text(at)} is {'a pit' if floor.on_course(at) else 'off the course'}.",
                     "Put the robot on a square of the course.")
            if at in taken:
                fail(f"{where}.at", f"{cell_text(at)} already holds {taken[at]}.", "Two robots never share a square.")
            taken[at] = name
        nxt = raw.get("next", 1)
        if nxt > len(floor.checkpoints) + 1:
            fail(f"{where}.next", f"the course has {len(floor.checkpoints)} checkpoints; next {nxt} is none of them.")
        archive = tuple(raw["archive"]) if "archive" in raw else at
        if at is None and archive is None:
            fail(f"{where}.archive", f"{name} is off the course and needs an archive marker to return on.")
        options = tuple(raw.get("options", ()))
        registers = tuple(None if c is None else deck_card(c, f"{where}.registers[{i}]", fail)
                          for i, c in enumerate(raw.get("registers", NO_REGISTERS)))
        shots = raw.get("shots", TURBO_BLASTER_SHOTS if "Turbo Blaster" in options else 0)
        robots.append(Robot(name, at, raw["facing"], raw.get("damage", 0), raw.get("lives", lives), nxt,
                            archive, options, registers, shots))
    names = {r.name for r in robots}
    for name in document.get("expect", {}).get("robots", {}):
        if name not in names:
            fail(f"$.expect.robots.{name}", f"there is no robot {name!r} in this scenario.")
    initial = RallyState(floor, tuple(robots), option_deck=tuple(document.get("option_deck", ())),
                         seed=document.get("seed", 0), rulings={**DEFAULT_RULINGS, **document.get("rulings", {})})
    turns = tuple(_turn(raw, f"$.turns[{index}]", fail) for index, raw in enumerate(document["turns"]))
    return Scenario(document["name"], initial, turns, document.get("expect", {}), file, document.get("notes", ""))


def deck_card(raw: Any, where: str, fail) -> Card:
    """A program card of the file, refused at `where` when no card of the deck is it."""
    card = card_from(raw)
    problem = priority_problem(card)
    if problem:
        fail(f"{where}.priority", problem, "Give a priority the card has: each of the 84 has its own.")
    return card


def _turn(raw: Mapping[str, Any], where: str, fail) -> Turn:
    programs = {name: tuple(None if c is None else deck_card(c, f"{where}.programs.{name}[{i}]", fail)
                            for i, c in enumerate(cards))
                for name, cards in raw["programs"].items()}
    choices = {}
    for name, choice in raw.get("choices", {}).items():
        at = choice.get("respawn_at")
        choices[name] = Choice(repair=choice.get("repair"), respawn_facing=choice.get("respawn_facing"),
                               respawn_at=None if at is None else (at[0], at[1]), options=choice.get("options", {}))
    return Turn(programs, frozenset(raw.get("power_down", ())), choices, frozenset(raw.get("recompile", ())))


def run_scenario_document(document: Any, file=None, course: Mapping[str, Any] | None = None) -> ScenarioReport:
    """Load and play a scenario document on `course` (the resolved-course dict of its "layout")."""
    return scenario_report(scenario_from_json(document, file, course))


