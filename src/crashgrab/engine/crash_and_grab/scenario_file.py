"""Scenario files: JSON <-> Scenario, validated against schemas/crash-grab-scenario.schema.json.

A scenario is a unit test for a board: a layout (a path relative to the scenario file,
or inline), pieces, turns for the rules engine, and the expected outcome. docs/scenarios.md
describes the format. Beyond the schema, loading checks what a schema cannot: every
saucer belongs to a player, pieces stand on the board and never share a cell, each of
the 24 crewmembers is in exactly one place.
"""
from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

from .resolve import resolve_layout
from .rules.actions import Boost, EndRound, Round, SetUp, Turn
from .rules.dice import seed_state
from .rules.frozen import FrozenMap, freeze
from .rules.pieces import COLORS, Crew, HandOver, default_queue
from .rules.session import (Scenario, ScenarioResult, ScenarioTurnError, cell_json,
                                       expect_from_outcome, run_scenario, state_to_json)
from .rules.state import GameState, Player, Rulings, SaucerState
from .rules.upgrade_cards import default_deck
from .rules.win import has_won
from ..errors import InvalidFileError
from ..formats.jsonio import read_json, with_schema_ref, write_json_atomic
from ..formats.layout_io import layout_from_json, layout_to_json
from ..formats.limits import check_limits
from ..formats.migrations import CURRENT, upgrade
from ..formats.scenario_envelope import scenario_layout
from ..formats.schemas import validate
from .layout_file import GAME
from .limits import LIMITS

__all__ = ["Scenario", "ScenarioResult", "ScenarioTurnError", "expect_from_outcome", "load_scenario",
           "run_scenario", "save_scenario", "scenario_from_json", "scenario_to_json", "state_to_json"]


def _cell(value) -> tuple[int, int] | None:
    return None if value is None else (value[0], value[1])


def _text(cell) -> str:
    return f"[{cell[0]},{cell[1]}]"


def _won_where(state: GameState, player_id: str) -> str:
    saucers = state.player(player_id).saucers
    if len(saucers) == 1:
        return f"on its {saucers[0]} saucer"
    if state.rulings.two_player_win == "combined":
        return "on its two saucers together (ruling two_player_win \"combined\")"
    return "on each of its saucers"


class _Reader:
    """Builds a Scenario from a schema-valid document, raising InvalidFileError with the path."""

    def __init__(self, document: dict[str, Any], file) -> None:
        self.doc = document
        self.file = str(file) if file is not None else None

    def fail(self, where: str, message: str, hint: str | None = None):
        raise InvalidFileError(message, file=self.file, where=where, hint=hint)

    # --- layout ------------------------------------------------------------------------
    def layout(self):
        return scenario_layout(self.doc["layout"], self.file, partial(layout_from_json, strict=True), game=GAME)

    # --- pieces ------------------------------------------------------------------------
    def players(self) -> tuple[Player, ...]:
        players: list[Player] = []
        owner: dict[str, str] = {}
        for index, raw in enumerate(self.doc["players"]):
            if any(p.id == raw["id"] for p in players):
                self.fail(f"$.players[{index}].id", f"player id {raw['id']!r} is used twice.", "Give each player its own id.")
            for color in raw["saucers"]:
                if color in owner:
                    self.fail(f"$.players[{index}].saucers", f"the {color} saucer already belongs to {owner[color]}.")
                owner[color] = raw["id"]
            players.append(Player(raw["id"], tuple(raw["saucers"])))
        if len(players) != 2 and any(len(p.saucers) > 1 for p in players):
            self.fail("$.players", "only in a 2-player game does a player control two saucers.",
                      "Give each player one saucer, or use two players.")
        return tuple(players)

    def saucers(self, players, board) -> tuple[dict[str, SaucerState], tuple[dict, dict]]:
        colors = [c for p in players for c in p.saucers]
        saucers: dict[str, SaucerState] = {}
        occupied: dict = {}
        placed_crew: dict[Crew, str] = {}
        for index, raw in enumerate(self.doc.get("saucers", [])):
            where = f"$.saucers[{index}]"
            color = raw["color"]
            if color not in colors:
                self.fail(f"{where}.color", f"no player has the {color} saucer.",
                          f"Add it to a player's saucers, or remove it (players' saucers: {', '.join(colors)}).")
            if color in saucers:
                self.fail(f"{where}.color", f"the {color} saucer is listed twice.")
            at = _cell(raw.get("at"))
            if at is not None:
                if not board.on_board(at):
                    self.fail(f"{where}.at", f"{_text(at)} is not on the board (a hole or outside).",
                              f"Use a cell inside the {board.width}x{board.height} board that a tile covers.")
                if at in occupied:
                    self.fail(f"{where}.at", f"{_text(at)} already holds {occupied[at]}.")
                occupied[at] = f"the {color} saucer"
            saucer = SaucerState(color, at, boosters=raw.get("boosters", 0), energy=raw.get("energy", 0))
            for crew_index, item in enumerate(raw.get("crew", [])):
                crew = Crew.from_json(item)
                if crew in placed_crew:
                    self.fail(f"{where}.crew[{crew_index}]", f"the {crew} is already {placed_crew[crew]}.")
                placed_crew[crew] = f"held by {color}"
                saucer = saucer.with_crew(crew)
            saucers[color] = saucer
        missing = [c for c in colors if c not in saucers]
        if missing:
            self.fail("$.saucers", f"the {missing[0]} saucer has no entry.",
                      f'Add {{"color": "{missing[0]}", "at": [x, y]}} (or "at": null when it is off the board).')
        return saucers, (occupied, placed_crew)

    def board_crew(self, board, occupied, placed_crew) -> dict:
        crew_at = {}
        for index, raw in enumerate(self.doc.get("crew", [])):
            where = f"$.crew[{index}]"
            crew, at = Crew.from_json(raw), _cell(raw["at"])
            if crew in placed_crew:
                self.fail(where, f"the {crew} is already {placed_crew[crew]}.")
            if not board.on_board(at):
                self.fail(f"{where}.at", f"{_text(at)} is not on the board (a hole or outside).")
            if at in occupied:
                self.fail(f"{where}.at", f"{_text(at)} already holds {occupied[at]}.",
                          "A saucer on a crewmember's cell would have picked it up; move one of them.")
            occupied[at] = f"the {crew}"
            placed_crew[crew] = f"on the board at {_text(at)}"
            crew_at[at] = crew
        return crew_at

    def lost(self, placed_crew) -> dict[str, tuple[str, ...]]:
        given = self.doc.get("lost", {})
        lost = {}
        for color in COLORS:
            unplaced = default_queue(color, placed_crew)
            if color not in given:
                lost[color] = unplaced
                continue
            queue = given[color]
            if "pilot" in queue[1:]:
                self.fail(f"$.lost.{color}[{queue.index('pilot')}]",
                          f"the {color} pilot is behind the {color} {queue[0]} in its lost queue, but Pilots are "
                          "kept at the front (Setup, step 6: \"Pilots must be kept closest to the board\").",
                          f"Move \"pilot\" to the front of $.lost.{color}.")
            for position, crew_type in enumerate(queue):
                crew = Crew(color, crew_type)
                if crew in placed_crew:
                    self.fail(f"$.lost.{color}[{position}]", f"the {crew} is lost here but also {placed_crew[crew]}.")
            for crew_type in unplaced:
                if crew_type not in queue:
                    self.fail(f"$.lost.{color}", f"the {color} {crew_type} is nowhere: not on the board, "
                              f"not held, not in the {color} queue.",
                              f"Add it to $.lost.{color} (all 24 crewmembers must be somewhere).")
            lost[color] = tuple(queue)
        return lost

    def upgrades(self, saucers, players) -> tuple[dict[str, SaucerState], tuple[str, ...], tuple[str, ...]]:
        """Upgrade cards held ("upgrades"), the deck (top first) and the discard pile. A card
        is in one place only; the deck left out holds every card not held or discarded, in
        collector order (2 players: without the Rotational Stabilizer)."""
        held = self.doc.get("upgrades", {})
        where: dict[str, str] = {}
        saucers = dict(saucers)
        for color, cards in held.items():
            if color not in saucers:
                self.fail(f"$.upgrades.{color}", f"there is no {color} saucer in this scenario.")
            saucers[color] = replace(saucers[color], upgrades=tuple(cards))
            for index, card in enumerate(cards):
                if card in where:
                    self.fail(f"$.upgrades.{color}[{index}]", f"{card} is already {where[card]}.")
                where[card] = f"held by {color}"
        discard = tuple(self.doc.get("upgrade_discard", ()))
        for index, card in enumerate(discard):
            if card in where:
                self.fail(f"$.upgrade_discard[{index}]", f"{card} is already {where[card]}.")
            where[card] = "in the discard pile"
        if "upgrade_deck" in self.doc:
            deck = tuple(self.doc["upgrade_deck"])
            for index, card in enumerate(deck):
                if card in where:
                    self.fail(f"$.upgrade_deck[{index}]", f"{card} is already {where[card]}.")
                where[card] = "in the deck"
        else:
            deck = tuple(c for c in default_deck(len(players)) if c not in where)
        if len(players) == 2 and "Rotational Stabilizer" in where:
            self.fail("$.upgrades", "the Rotational Stabilizer is removed from 2-player games (Setup, step 4).")
        return saucers, deck, discard

    # --- actions -----------------------------------------------------------------------
    @staticmethod
    def _choices(raw: dict[str, Any]) -> FrozenMap:
        choices: dict[str, Any] = {}
        for name, value in raw.items():
            if name in ("give", "steal"):
                value = {saucer: Crew.from_json(crew) for saucer, crew in value.items()}
            elif name == "handover":
                value = [HandOver.from_json(item) for item in value]
            choices[name] = value
        return freeze(choices)

    def turns(self) -> tuple[tuple[Turn | EndRound | Round, ...], tuple[str | None, ...]]:
        turns: list[Turn | EndRound | Round] = []
        notes: list[str | None] = []
        for raw in self.doc.get("turns", []):
            notes.append(raw.get("note"))
            if "end_round" in raw:
                turns.append(EndRound(self._choices(raw.get("choices", {}))))
                continue
            if "round" in raw:
                body = raw["round"]
                turns.append(Round(body["plan"], body.get("rotation"), body.get("choices", {})))
                continue
            boost = raw.get("boost")
            turns.append(Turn(
                saucer=raw["saucer"], card=raw["card"], distance=raw.get("distance"), direction=raw["direction"],
                accelerators=tuple(raw.get("accelerators", ())),
                boost=Boost(boost["direction"], tuple(boost.get("accelerators", ()))) if boost else None,
                choices=self._choices(raw.get("choices", {}))))
        return tuple(turns), tuple(notes)

    def check_expect(self, players, saucers) -> None:
        expect = self.doc.get("expect", {})
        ids = [p.id for p in players]
        for color in expect.get("saucers", {}):
            if color not in saucers:
                self.fail(f"$.expect.saucers.{color}", f"there is no {color} saucer in this scenario.")
        for key in ("winner", "probe"):
            if expect.get(key) is not None and expect[key] not in ids:
                self.fail(f"$.expect.{key}", f"{expect[key]!r} is not a player; the players are {', '.join(ids)}.")

    # --- all of it ---------------------------------------------------------------------
    def scenario(self) -> Scenario:
        doc = self.doc
        layout, layout_ref = self.layout()
        board = resolve_layout(layout).board
        players = self.players()
        setup = None
        if "setup" in doc:
            for key in ("saucers", "crew", "lost"):
                if key in doc:
                    self.fail(f"$.{key}", f'"{key}" cannot be given with "setup": the setup places the pieces.',
                              f'Remove "{key}", or remove "setup" and place every piece yourself.')
            setup = SetUp(doc["setup"].get("seed"), tuple(doc["setup"].get("dice", ())),
                          doc["setup"].get("choices", {}), scripted_upgrade_deck="upgrade_deck" in doc)
            saucers = {c: SaucerState(c) for p in players for c in p.saucers}
            crew_at: dict = {}
            placed: dict = {}
        else:
            saucers, (occupied, placed) = self.saucers(players, board)
            crew_at = self.board_crew(board, occupied, placed)
        lost = self.lost(placed)
        probe = doc.get("probe", players[0].id)
        if probe not in [p.id for p in players]:
            self.fail("$.probe", f"{probe!r} is not a player; the players are {', '.join(p.id for p in players)}.")
        self.check_expect(players, saucers)
        saucers, deck, discard = self.upgrades(saucers, players)
        initial = GameState(
            board=board, directions=FrozenMap(layout.directions), players=players, saucers=FrozenMap(saucers),
            crew=FrozenMap(crew_at), lost=FrozenMap(lost), probe=probe, dice=tuple(doc.get("dice", ())),
            rng=seed_state(doc["seed"]) if "seed" in doc else None,
            rulings=Rulings(**doc.get("rulings", {})), upgrade_deck=deck, upgrade_discard=discard, layout=layout)
        for player in players:  # judged by the rules' own win test, so by the file's two_player_win ruling
            if has_won(initial, player.id):
                self.fail("$.saucers", f"{player.id} already has a stationed pilot, scientist, doctor and engineer "
                          f"{_won_where(initial, player.id)}, so the game is already won.", "Take a crewmember away.")
        turns, notes = self.turns()
        return Scenario(name=doc["name"], layout=layout, initial=initial, turns=turns, expect=freeze(doc.get("expect", {})),
                        auto_choices=doc.get("auto_choices", False), setup=setup, layout_ref=layout_ref,
                        notes=doc.get("notes", ""), turn_notes=notes, file=self.file,
                        schema_ref=doc.get("$schema"))


def scenario_from_json(document: Any, file=None) -> Scenario:
    document = upgrade(document, "crash-grab-scenario", file)
    check_limits(LIMITS, "crash-grab-scenario", document, file)  # before the schema spends minutes on a long list
    validate(document, "crash-grab-scenario", file)
    return _Reader(document, file).scenario()


def load_scenario(path) -> Scenario:
    return scenario_from_json(read_json(path), path)


# --- writing -------------------------------------------------------------------------------
def _thaw(value: Any) -> Any:
    if isinstance(value, (Crew, HandOver)):
        return value.to_json()
    if isinstance(value, dict):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_thaw(v) for v in value]
    return value


def _turn_json(action, note: str | None) -> dict[str, Any]:
    if isinstance(action, Round):
        body: dict[str, Any] = {"plan": _thaw(action.plan)}
        if action.rotation is not None:
            body["rotation"] = action.rotation
        if action.choices:
            body["choices"] = _thaw(action.choices)
        document: dict[str, Any] = {"round": body}
        if note:
            document["note"] = note
        return document
    if isinstance(action, EndRound):
        document = {"end_round": True}
    else:
        document = {"saucer": action.saucer, "card": action.card}
        if action.distance is not None:
            document["distance"] = action.distance
        document["direction"] = action.direction
        if action.accelerators:
            document["accelerators"] = list(action.accelerators)
        if action.boost is not None:
            document["boost"] = {"direction": action.boost.direction}
            if action.boost.accelerators:
                document["boost"]["accelerators"] = list(action.boost.accelerators)
    if action.choices:
        document["choices"] = _thaw(action.choices)
    if note:
        document["note"] = note
    return document


def scenario_to_json(scenario: Scenario) -> dict[str, Any]:
    """The scenario file's document (loading it gives the same scenario back)."""
    state = scenario.initial
    document: dict[str, Any] = with_schema_ref(
        {"format": "crash-grab-scenario", "version": CURRENT["crash-grab-scenario"], "game": GAME,
         "name": scenario.name}, scenario.schema_ref)
    if scenario.notes:
        document["notes"] = scenario.notes
    document["layout"] = scenario.layout_ref if scenario.layout_ref else layout_to_json(scenario.layout)
    document["rulings"] = state.rulings.to_json()
    if scenario.auto_choices:
        document["auto_choices"] = True
    document["players"] = [{"id": p.id, "saucers": list(p.saucers)} for p in state.players]
    if scenario.setup is not None:
        setup: dict[str, Any] = {}
        if scenario.setup.seed is not None:
            setup["seed"] = scenario.setup.seed
        if scenario.setup.dice:
            setup["dice"] = list(scenario.setup.dice)
        if scenario.setup.choices:
            setup["choices"] = dict(scenario.setup.choices)
        document["setup"] = setup
    else:
        document["saucers"] = []
        for color in state.saucer_colors():
            saucer = state.saucers[color]
            entry: dict[str, Any] = {"color": color, "at": cell_json(saucer.at)}
            if saucer.boosters:
                entry["boosters"] = saucer.boosters
            if saucer.energy:
                entry["energy"] = saucer.energy
            if saucer.held:
                entry["crew"] = [c.to_json() for c in saucer.pickup_order()]
            document["saucers"].append(entry)
        document["crew"] = [{**crew.to_json(), "at": cell_json(cell)}
                            for cell, crew in sorted(state.crew.items(), key=lambda item: item[1])]
        document["lost"] = {color: list(state.lost.get(color, ())) for color in COLORS}
    held = {c: list(state.saucers[c].upgrades) for c in state.saucer_colors() if state.saucers[c].upgrades}
    if held:
        document["upgrades"] = held
    scripted = scenario.setup is not None and scenario.setup.scripted_upgrade_deck
    if scripted or state.upgrade_deck != tuple(c for c in default_deck(len(state.players))
                                   if not any(c in s.upgrades for s in state.saucers.values())
                                   and c not in state.upgrade_discard):
        document["upgrade_deck"] = list(state.upgrade_deck)
    if state.upgrade_discard:
        document["upgrade_discard"] = list(state.upgrade_discard)
    document["probe"] = state.probe
    if state.dice:
        document["dice"] = list(state.dice)
    if state.rng is not None:
        document["seed"] = state.rng
    notes = scenario.turn_notes + (None,) * (len(scenario.turns) - len(scenario.turn_notes))
    document["turns"] = [_turn_json(action, note) for action, note in zip(scenario.turns, notes)]
    if scenario.expect:
        document["expect"] = _thaw(scenario.expect)
    return document


def save_scenario(scenario: Scenario, path) -> None:
    """Validate, then write atomically."""
    document = scenario_to_json(scenario)
    validate(document, "crash-grab-scenario", path)
    write_json_atomic(path, document)
