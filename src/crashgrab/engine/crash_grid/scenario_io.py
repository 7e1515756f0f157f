"""Crash Grid scenario files: JSON <-> Scenario, validated against
schemas/crash-grid-scenario.schema.json.

Beyond the schema, loading checks what a schema cannot, naming the JSON path: riders and
trail cards stand inside the arena and never share a square with each other or a wall; each
suit has one rider; the riders on the board have used the same number of move cards (one per
trick since the refresh), which also says how many tricks remain before the next refresh.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..errors import InvalidFileError
from ..formats.jsonio import read_json, with_schema_ref, write_json_atomic
from ..formats.limits import check_limits
from ..formats.scenario_envelope import scenario_layout
from ..formats.schemas import validate
from . import GAME_ID
from ..grid.model import Board
from .board import arena_board, starts, walls as wall_squares
from .layout_io import layout_from_json, layout_to_json
from .limits import LIMITS
from .model import ArenaLayout
from .rules import GridState, Rider, Trick, sort_riders
from .scenario import Scenario, cell_json, trails_json
from .scenario_deck import read_deck, wall_entries, walls_json
from .terms import RAILS_IN_HAND_AT_START, Cell, cell_text

SCENARIO_SCHEMA = "crash-grid-scenario"


class _Reader:
    """Reads one round; `prefix` is its JSON path in a match file ("$.rounds[1]"), or "$"."""

    def __init__(self, document: dict[str, Any], file, prefix: str = "$") -> None:
        self.doc = document
        self.file = str(file) if file is not None else None
        self.occupied: dict[Cell, str] = {}
        self.prefix = prefix

    def fail(self, where: str, message: str, hint: str | None = None):
        if self.prefix != "$" and not where.startswith("$.layout"):
            where = self.prefix + where[1:]
        raise InvalidFileError(message, file=self.file, where=where, hint=hint)

    def layout(self) -> tuple[ArenaLayout, str | None]:
        return scenario_layout(self.doc["layout"], self.file, layout_from_json, game=GAME_ID)

    def place(self, cell: Cell, what: str, where: str, board: Board) -> None:
        if not board.on_board(cell):
            self.fail(where, f"{cell_text(cell)} is outside the {board.width}x{board.height} arena.")
        if cell in self.occupied:
            self.fail(where, f"{cell_text(cell)} already holds {self.occupied[cell]}.", "Move one of them.")
        self.occupied[cell] = what

    def riders(self, board: Board) -> tuple[Rider, ...]:
        if "riders" not in self.doc:
            for start in starts(board):
                self.place(start.cell, f"the {start.suit} rider", "$.layout.starts", board)
            return tuple(Rider(s.suit, s.cell, s.facing, RAILS_IN_HAND_AT_START) for s in starts(board))
        riders: list[Rider] = []
        for index, raw in enumerate(self.doc["riders"]):
            where = f"$.riders[{index}]"
            if any(r.suit == raw["suit"] for r in riders):
                self.fail(f"{where}.suit", f"{raw['suit']} has two riders.", "Each suit has one rider.")
            at = None if raw["at"] is None else (raw["at"][0], raw["at"][1])
            if at is not None:
                self.place(at, f"the {raw['suit']} rider", f"{where}.at", board)
            riders.append(Rider(raw["suit"], at, raw["facing"], raw.get("rails", RAILS_IN_HAND_AT_START),
                                frozenset(raw.get("used", ()))))
        counts = {len(r.used) for r in riders if r.on_board}
        if len(counts) > 1:
            self.fail("$.riders", "the riders on the board have used different numbers of move cards since "
                      "the refresh; each trick every rider uses one.", "Give them equally long \"used\" lists.")
        return sort_riders(riders)

    def scenario(self) -> Scenario:
        layout, layout_ref = self.layout()
        board = arena_board(layout)
        walls = set(wall_squares(board))
        for cell in walls:
            self.occupied[cell] = "a wall"
        entries = wall_entries(self.doc.get("walls", []))
        for cell, _, where in entries:
            self.place(cell, "a wall", where, board)
            walls.add(cell)
        riders = self.riders(board)
        trails = set()
        for index, raw in enumerate(self.doc.get("trails", [])):
            cell = (raw["at"][0], raw["at"][1])
            self.place(cell, f"a {raw['suit']} trail card", f"$.trails[{index}].at", board)
            trails.add((cell, raw["suit"]))
        for suit in self.doc.get("expect", {}).get("riders", {}):
            if not any(r.suit == suit for r in riders):
                self.fail(f"$.expect.riders.{suit}", f"there is no {suit} rider in this scenario.")
        since_refresh = max((len(r.used) for r in riders if r.on_board), default=0)
        initial = GridState(board.width, board.height, riders, frozenset(trails), frozenset(walls),
                            tricks_since_refresh=since_refresh, board=board)
        deck_spec = self.doc.get("deck", {})
        wall_cards = [(cell, card, where) for cell, card, where in entries if card is not None]
        initial = replace(initial, deck=read_deck(deck_spec, initial, wall_cards, self.fail))
        tricks = tuple(Trick(dict(raw["initiative"]), dict(raw["moves"])) for raw in self.doc["tricks"])
        return Scenario(name=self.doc["name"], layout=layout, initial=initial, tricks=tricks,
                        expect=self.doc.get("expect", {}), layout_ref=layout_ref, notes=self.doc.get("notes", ""),
                        trick_notes=tuple(raw.get("note") for raw in self.doc["tricks"]), file=self.file,
                        schema_ref=self.doc.get("$schema"), deck=deck_spec)


def scenario_from_json(document: Any, file=None) -> Scenario:
    check_limits(LIMITS, "crash-grab-scenario", document, file)  # before the schema spends minutes on a long list
    validate(document, SCENARIO_SCHEMA, file)
    if "rounds" in document:
        raise InvalidFileError("this file holds a match of several rounds, not one round.", file=file,
                               where="$.rounds", hint="Load it with scenario_match.match_from_json.")
    return _Reader(document, file).scenario()


def round_from_json(document: dict[str, Any], file, prefix: str) -> Scenario:
    """One round of a schema-valid match file: `document` is the round's object with the
    file's name and layout added; errors name paths under `prefix`."""
    return _Reader(document, file, prefix).scenario()


def load_scenario(path) -> Scenario:
    return scenario_from_json(read_json(path), path)


def scenario_to_json(scenario: Scenario) -> dict[str, Any]:
    """The scenario's document (loading it gives the same scenario back)."""
    state = scenario.initial
    document: dict[str, Any] = with_schema_ref(
        {"format": "crash-grab-scenario", "version": 2, "game": "crash-grid", "name": scenario.name},
        scenario.schema_ref)
    if scenario.notes:
        document["notes"] = scenario.notes
    document["layout"] = scenario.layout_ref or layout_to_json(scenario.layout)
    document["riders"] = [{"suit": r.suit, "at": cell_json(r.at), "facing": r.facing, "rails": r.rails,
                           "used": [m for m in ("J", "Q", "K") if m in r.used]} for r in state.riders]
    document["trails"] = trails_json(state)
    document["walls"] = walls_json(state, wall_squares(arena_board(scenario.layout)))
    if scenario.deck:
        document["deck"] = dict(scenario.deck)
    notes = scenario.trick_notes + (None,) * (len(scenario.tricks) - len(scenario.trick_notes))
    document["tricks"] = []
    for trick, note in zip(scenario.tricks, notes):
        entry: dict[str, Any] = {"initiative": dict(trick.initiative), "moves": dict(trick.moves)}
        if note:
            entry["note"] = note
        document["tricks"].append(entry)
    if scenario.expect:
        document["expect"] = scenario.expect
    return document


def save_scenario(scenario: Scenario, path) -> None:
    document = scenario_to_json(scenario)
    validate(document, SCENARIO_SCHEMA, path)
    write_json_atomic(path, document)
