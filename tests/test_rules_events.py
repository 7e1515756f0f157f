"""Events: stable kinds, JSON, words, and folding them back into states."""
from __future__ import annotations

import json

import pytest

from crashgrab.engine.crash_and_grab.rules import (EVENT_KINDS, Accelerator, Bonus, BoostUsed, Collision, Crash, Crew, Move,
                                    Penalty, Pickup, Place, ProbeMoved, RoundBegan, Transfer, Turn, TurnBegan, Win,
                                    apply, apply_event, event_from_json, replay)
from crashgrab.engine.crash_and_grab.rules.events import (AbilityUsed, Exchange, Jump, Mined, Swap, TileTurned, UpgradeBought,
                                                       UpgradesShuffled)
from tests.rules_support import game

BLUE_PILOT = Crew("blue", "pilot")

EVENTS = [
    (Bonus("red", "booster"), "red takes a booster",
     {"kind": "bonus", "saucer": "red", "item": "booster", "amount": 1}),
    (Bonus("red", "energy"), "red takes an energy", None),
    (Bonus("red", "booster", 2), "red takes 2 boosters", None),
    (Move("red", (0, 1), (1, 1), "east"), "red moves east from [0,1] to [1,1]",
     {"kind": "move", "saucer": "red", "from": [0, 1], "to": [1, 1], "direction": "east", "pushed": False}),
    (Move("blue", (2, 1), (3, 1), "east", pushed=True), "blue is pushed east from [2,1] to [3,1]", None),
    (Pickup("red", BLUE_PILOT, (1, 1), True), "red picks up the blue pilot at [1,1] (stationed)",
     {"kind": "pickup", "saucer": "red", "crew": {"color": "blue", "type": "pilot"}, "at": [1, 1], "stationed": True}),
    (Collision("red", "blue", (2, 1), (1, 1), "east", 2, "remaining"), "red pushed blue 2 spaces east from [2,1]",
     {"kind": "collision", "saucer": "red", "other": "blue", "at": [2, 1], "from": [1, 1], "direction": "east",
      "push_distance": 2, "ruling": "remaining"}),
    (Accelerator("red", (3, 0), 3, "south", False), "red hits the Accelerator at [3,0] and turns south for 3 more spaces",
     {"kind": "accelerator", "saucer": "red", "at": [3, 0], "distance": 3, "direction": "south", "forced": False}),
    (Accelerator("blue", (3, 0), 1, "east", True), "blue hits the Accelerator at [3,0] and keeps going east for 1 more space",
     None),
    (Crash("red", (7, 2), (8, 2), "east", "red", "p1", True), "red crashes going east off the board at [8,2] on its own turn",
     {"kind": "crash", "saucer": "red", "at": [7, 2], "into": [8, 2], "direction": "east", "turn_saucer": "red",
      "turn_player": "p1", "own_turn": True}),
    (Crash("blue", (7, 2), (8, 2), "east", "red", "p1", False),
     "blue crashes going east off the board at [8,2] on p1's turn (red)", None),
    (BoostUsed("red", "south", 2), "red spends a booster to move 2 spaces south",
     {"kind": "boost", "saucer": "red", "direction": "south", "distance": 2}),
    (Penalty("red", "give", BLUE_PILOT, "red", "green"), "red crashed and gives the blue pilot to green",
     {"kind": "penalty", "saucer": "red", "outcome": "give", "crew": {"color": "blue", "type": "pilot"},
      "giver": "red", "receiver": "green"}),
    (Penalty("blue", "steal", BLUE_PILOT, "blue", "red"), "red steals the blue pilot from crashed blue", None),
    (Penalty("blue", "energy", receiver="red"), "red takes an energy for crashing blue",
     {"kind": "penalty", "saucer": "blue", "outcome": "energy", "crew": None, "giver": None, "receiver": "red"}),
    (Transfer("red", "yellow", Crew("red", "doctor")), "red hands the red doctor over to yellow",
     {"kind": "transfer", "giver": "red", "receiver": "yellow", "crew": {"color": "red", "type": "doctor"}}),
    (Place("crew", None, BLUE_PILOT, 12, (12, 1, 2), 2, (0, 2), "script", "pickup"),
     "the blue pilot is placed: die 12, site 12, 1 taken -> Crash Site 2 at [0,2]",
     {"kind": "place", "piece": "crew", "saucer": None, "crew": {"color": "blue", "type": "pilot"}, "roll": 12,
      "tried": [12, 1, 2], "site": 2, "at": [0, 2], "source": "script", "reason": "pickup"}),
    (Place("saucer", "red", None, 7, (7,), 7, (1, 4), "seed", "turn"), "red is placed: die 7 -> Crash Site 7 at [1,4]",
     None),
    (ProbeMoved("p1", "p3", (("p1", 2), ("p2", 1), ("p3", 0))),
     "the Probe moves from p1 to p3 (0 stationed crewmembers)",
     {"kind": "probe", "from": "p1", "to": "p3", "counts": {"p1": 2, "p2": 1, "p3": 0}}),
    (ProbeMoved("p3", "p3", (("p1", 2), ("p3", 1))), "the Probe stays with p3 (1 stationed crewmember)", None),
    (ProbeMoved(None, "p1", (("p1", 0),)), "the Probe goes to p1 (0 stationed crewmembers)", None),
    (Win("p1", "red", (BLUE_PILOT,)), "p1 wins: a stationed pilot, scientist, doctor and engineer",
     {"kind": "win", "player": "p1", "saucer": "red", "stationed": [{"color": "blue", "type": "pilot"}]}),
    (Penalty("yellow", "give", BLUE_PILOT, "red", "green"), "yellow crashed, so red gives the blue pilot to green",
     None),
    (Penalty("yellow", "nothing", giver="red"), "yellow crashed but red has no off-coloured crewmember to give", None),
    (RoundBegan("left", None, ("red", "blue"), ()), "a round begins: turn order passes left; order red, blue",
     {"kind": "round", "rotation": "left", "roll": None, "order": ["red", "blue"], "overrides": []}),
    (RoundBegan(None, None, ("red", "blue", "yellow", "green"), ()),
     "a round begins: no rotation die (2 players); order red, blue, yellow, green", None),
    (RoundBegan("right", 9, ("a", "b"), ("b",)),
     "a round begins: turn order passes right (die 9); order a, b; override tokens: b", None),
    (TurnBegan("red", "p1", "3", "Sun", False), "p1's turn: red reveals card 3, Sun",
     {"kind": "turn", "saucer": "red", "player": "p1", "card": "3", "direction": "Sun", "free": False}),
    (TurnBegan("red", "p1", "2", "west", True), "p1's turn: red reveals card 2, west (any direction allowed)", None),
    (UpgradeBought("red", ("Hyperdrive", "Cargo Hold"), "Hyperdrive"),
     "red trades 2 energy for an upgrade: keeps Hyperdrive, discards Cargo Hold",
     {"kind": "upgrade", "saucer": "red", "drawn": ["Hyperdrive", "Cargo Hold"], "kept": "Hyperdrive",
      "reshuffled": []}),
    (UpgradeBought("red", ("Airlock",), "Airlock", ("Airlock",)),
     "red trades 2 energy for an upgrade: keeps Airlock (the discard pile is reshuffled into the deck)", None),
    (AbilityUsed("red", "Hyperdrive", "the move goes 4 instead of 2"), "red uses Hyperdrive: the move goes 4 instead of 2",
     {"kind": "ability", "saucer": "red", "card": "Hyperdrive", "detail": "the move goes 4 instead of 2"}),
    (Jump("red", (0, 0), (1, 0)), "red goes from [0,0] to [1,0]",
     {"kind": "jump", "saucer": "red", "from": [0, 0], "to": [1, 0]}),
    (Swap("red", "blue", (0, 0), (5, 5)), "red at [0,0] and blue at [5,5] swap places",
     {"kind": "swap", "saucer": "red", "other": "blue", "at": [0, 0], "other_at": [5, 5]}),
    (Mined("red", "blue", (2, 0)), "red's Proximity Mines crash blue at [2,0]",
     {"kind": "mine", "saucer": "red", "other": "blue", "at": [2, 0]}),
    (Jump("red", (0, 0), None), "red leaves the board from [0,0]", None),
    (TileTurned("red", "1", (0, 0), 90), "red's Quake Maker turns tile 1 at [0,0] to 90\u00b0",
     {"kind": "quake", "saucer": "red", "tile": "1", "corner": [0, 0], "rotation": 90}),
    (Exchange("red", BLUE_PILOT, Crew("green", "engineer"), (5, 5)),
     "red exchanges the blue pilot for the green engineer at [5,5]",
     {"kind": "exchange", "saucer": "red", "given": {"color": "blue", "type": "pilot"},
      "taken": {"color": "green", "type": "engineer"}, "at": [5, 5]}),
    (UpgradesShuffled(("Airlock", "Hyperdrive"), "seed", 1), "the upgrade deck of 2 cards is shuffled; Airlock on top",
     {"kind": "shuffle", "deck": ["Airlock", "Hyperdrive"], "source": "seed", "draws": 1}),
]


@pytest.mark.parametrize("event, words, document", EVENTS, ids=[e[1] for e in EVENTS])
def test_event_words_json_and_round_trip(event, words, document):
    assert event.kind in EVENT_KINDS
    assert event.describe() == words
    if document is not None:
        assert event.to_json() == document
    text = json.dumps(event.to_json())
    assert event_from_json(json.loads(text)) == event


def test_every_kind_is_covered():
    assert {e.kind for e, _, _ in EVENTS} == set(EVENT_KINDS)


def test_events_are_frozen():
    with pytest.raises(AttributeError):
        Move("red", (0, 0), (1, 0), "east").saucer = "blue"


def test_folding_a_turns_events_gives_its_state_and_every_step_in_between():
    state = game(["RB.>....", "1.2....."], crew={(4, 0): BLUE_PILOT}, dice=(1,))
    new_state, events = apply(state, Turn("red", "3", direction="east"))
    assert replay(state, events) == new_state
    steps = [state]
    for event in events:
        steps.append(apply_event(steps[-1], event))
    # after the pickup (blue pushed over [4,0]) the crewmember is held, before it is on the board
    pickup = next(i for i, e in enumerate(events) if e.kind == "pickup")
    assert (4, 0) in steps[pickup].crew and (4, 0) not in steps[pickup + 1].crew
    assert steps[-1] == new_state
    assert state.saucers["red"].at == (0, 0)  # the old state is untouched
