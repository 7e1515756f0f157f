"""Crash! scenario files: JSON <-> Scenario, validated against schemas/crash-scenario.schema.json.

Beyond the schema, loading checks what a schema cannot, naming the JSON path: each car is
listed once, stands on a board hex (not a junkyard) and shares it with no other car; "slot"
only in the German variation, for a car with a start; the layout has no structural error
that would leave the rules without a board (strict loading of an inline or named layout).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..errors import InvalidFileError
from ..formats.jsonio import read_json, with_schema_ref, write_json_atomic
from ..formats.scenario_envelope import scenario_layout
from ..formats.limits import check_limits
from ..formats.schemas import validate
from . import GAME_ID
from .layout_io import layout_from_json, layout_to_json
from .limits import LIMITS, SCENARIO
from .model import CrashLayout
from .rules import Car, CrashState, Steer, initial_state
from .scenario import Scenario, ScriptedTurn, place_json
from .terms import CARS, PLAYERS, Cell, cell_text

SCENARIO_SCHEMA = "crash-scenario"


class _Reader:
    def __init__(self, document: dict[str, Any], file) -> None:
        self.doc = document
        self.file = str(file) if file is not None else None

    def fail(self, where: str, message: str, hint: str | None = None):
        raise InvalidFileError(message, file=self.file, where=where, hint=hint)

    def layout(self) -> tuple[CrashLayout, str | None]:
        return scenario_layout(self.doc["layout"], self.file, layout_from_json, game=GAME_ID)

    def cars(self, layout: CrashLayout, base: CrashState) -> tuple[Car, ...]:
        if "cars" not in self.doc:
            return base.cars
        variant = self.doc.get("variant", "standard")
        junkyards = {j.at for j in layout.junkyards}
        placed: dict[tuple[str, int], Car] = {}
        occupied: dict[Cell, str] = {}
        for index, raw in enumerate(self.doc["cars"]):
            where = f"$.cars[{index}]"
            key = (raw["player"], raw["car"])
            name = f"{raw['player']}'s car {raw['car']}"
            if key in placed:
                self.fail(where, f"{name} is listed twice.", "List each car once.")
            start = layout.start_of(*key)
            facing = raw.get("facing") or (layout.facing_of(start) if start else "east")
            at = raw["at"]
            if at == "slot":
                if variant != "german":
                    self.fail(f"{where}.at", f"{name} waits in its slot, but only the German variation starts cars "
                              "in their slots.", 'Add "variant": "german", or put the car on a hex.')
                if start is None:
                    self.fail(f"{where}.at", f"{name} has no start in the layout, so no slot to wait in.")
                placed[key] = Car(*key, None, facing, in_slot=True)
                continue
            if at is None:
                placed[key] = Car(*key, None, facing)
                continue
            cell = (at[0], at[1])
            if cell not in layout.hexes:
                self.fail(f"{where}.at", f"{cell_text(cell)} is not a hex of the board.")
            if cell in junkyards:
                self.fail(f"{where}.at", f"{cell_text(cell)} is a junkyard; a car entering it is removed at once.")
            if cell in occupied:
                self.fail(f"{where}.at", f"{occupied[cell]} is on {cell_text(cell)} too.", "Move one of them.")
            occupied[cell] = name
            placed[key] = Car(*key, cell, facing)
        return tuple(placed.get((p, n), Car(p, n, None, "east")) for p in PLAYERS for n in CARS)

    def scenario(self) -> Scenario:
        layout, layout_ref = self.layout()
        variant = self.doc.get("variant", "standard")
        base = initial_state(layout, variant=variant, turning=self.doc.get("rulings", {}).get("turn", "any"),
                             first=self.doc.get("first", "p1"), seed=self.doc.get("seed", 0))
        if "cars" not in self.doc:
            for start in layout.starts:
                if start.at not in layout.hexes or any(j.at == start.at for j in layout.junkyards):
                    self.fail("$.layout", f"{start.player}'s car {start.car} starts on {cell_text(start.at)}, where no "
                              "car can stand.", "Fix the layout (crashgrab validate names it), or list the cars.")
        cars = self.cars(layout, base)
        score = self.doc.get("score", {})
        initial = replace(base, cars=cars, score=(score.get("p1", 0), score.get("p2", 0)),
                          opening=self.doc.get("opening", True))
        turns = []
        for raw in self.doc["turns"]:
            control = tuple(Steer(c["car"], move=True) if "move" in c else Steer(c["car"], turn=c["turn"])
                            for c in raw.get("control", ()))
            turns.append(ScriptedTurn(raw["player"], tuple(raw["dice"]) if "dice" in raw else None,
                                      tuple((r["die"], r.get("result")) for r in raw.get("reroll", ())),
                                      control, raw.get("note")))
        return Scenario(self.doc["name"], layout, initial, tuple(turns), self.doc.get("expect", {}), layout_ref,
                        self.doc.get("notes", ""), self.file, self.doc.get("$schema"), "cars" in self.doc)


def scenario_from_json(document: Any, file=None) -> Scenario:
    check_limits(LIMITS, SCENARIO, document, file)  # before the schema spends minutes on a long list
    validate(document, SCENARIO_SCHEMA, file)
    return _Reader(document, file).scenario()


def load_scenario(path) -> Scenario:
    return scenario_from_json(read_json(path), path)


def turn_json(turn: ScriptedTurn) -> dict[str, Any]:
    entry: dict[str, Any] = {"player": turn.player}
    if turn.dice is not None:
        entry["dice"] = list(turn.dice)
    if turn.reroll:
        entry["reroll"] = [{"die": d} if r is None else {"die": d, "result": r} for d, r in turn.reroll]
    entry["control"] = [{"car": s.car, "move": True} if s.move else {"car": s.car, "turn": s.turn}
                        for s in turn.control]
    if turn.note:
        entry["note"] = turn.note
    return entry


def scenario_to_json(scenario: Scenario) -> dict[str, Any]:
    """The scenario's document (loading it gives the same scenario back)."""
    state = scenario.initial
    document: dict[str, Any] = with_schema_ref(
        {"format": "crash-grab-scenario", "version": 2, "game": "crash", "name": scenario.name}, scenario.schema_ref)
    if scenario.notes:
        document["notes"] = scenario.notes
    document["layout"] = scenario.layout_ref or layout_to_json(scenario.layout)
    document["variant"] = state.variant
    document["rulings"] = {"turn": state.turning}
    document["cars"] = [{"player": c.player, "car": c.number, "at": place_json(c), "facing": c.facing}
                        for c in state.cars if c.in_play]
    document["score"] = state.points()
    document["first"] = state.player
    document["opening"] = state.opening
    document["seed"] = state.seed
    document["turns"] = [turn_json(t) for t in scenario.turns]
    if scenario.expect:
        document["expect"] = scenario.expect
    return document


def save_scenario(scenario: Scenario, path) -> None:
    document = scenario_to_json(scenario)
    validate(document, SCENARIO_SCHEMA, path)
    write_json_atomic(path, document)
