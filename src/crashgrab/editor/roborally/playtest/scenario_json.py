"""The playtest's turns written in the scenario format (schemas/roborally-scenario.schema.json):
the robots as they start, each turn's programs, power downs, Recompiles and choices (option uses
too), and the robots as the rules leave them."""
from __future__ import annotations

import copy
from typing import Any

from crashgrab.engine.roborally.rules.state import Robot, Turn


def _cell(cell) -> list[int] | None:
    return None if cell is None else [cell[0], cell[1]]


def robot_json(robot: Robot) -> dict[str, Any]:
    raw: dict[str, Any] = {"name": robot.name, "at": _cell(robot.at), "facing": robot.facing, "damage": robot.damage,
                           "lives": robot.lives, "next": robot.next, "archive": _cell(robot.archive),
                           "options": list(robot.options)}
    if "Turbo Blaster" in robot.options:
        raw["shots"] = robot.shots
    if any(c is not None for c in robot.registers):
        raw["registers"] = [None if c is None else c.to_json() for c in robot.registers]
    return raw


def expected_json(robot: Robot) -> dict[str, Any]:
    return {"at": _cell(robot.at), "facing": robot.facing, "damage": robot.damage, "lives": robot.lives,
            "next": robot.next, "archive": _cell(robot.archive), "options": list(robot.options)}


def turn_json(turn: Turn) -> dict[str, Any]:
    raw: dict[str, Any] = {"programs": {name: [None if c is None else c.to_json() for c in cards]
                                        for name, cards in turn.programs.items()}}
    choices = {}
    for name, choice in turn.choices.items():
        entry: dict[str, Any] = {}
        if choice.repair:
            entry["repair"] = choice.repair
        if choice.respawn_facing:
            entry["respawn_facing"] = choice.respawn_facing
        if choice.respawn_at is not None:
            entry["respawn_at"] = _cell(choice.respawn_at)
        if choice.options:
            entry["options"] = copy.deepcopy(dict(choice.options))
        choices[name] = entry
    if choices:
        raw["choices"] = choices
    if turn.power_down:
        raw["power_down"] = sorted(turn.power_down)
    if turn.recompile:
        raw["recompile"] = sorted(turn.recompile)
    return raw
