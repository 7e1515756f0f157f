"""The playtest model without Qt (engine.crash_and_grab.playtest): start positions set by hand,
a session stepping through played actions, the steps before an open choice, scenarios.

Boards: the corridor (tests/scenarios/layouts/accelerator-corridor.json, one row
`...>....`, Accelerator at [3,0], no Crash Sites) and the shipped 2-4 board, whose row 2
reads `2...4>..`: Crash Site 2 at [0,2], Crash Site 4 at [4,2], Accelerator at [5,2].
"""
from __future__ import annotations

from pathlib import Path

import pytest

from crashgrab.engine.crash_and_grab.playtest import (PlaytestSession, PositionError, empty_start, events_before_choice,
                                       place_crew, place_saucer, players_for_setup, remove_at, set_supplies,
                                       setup_start, two_saucers_each, with_die_seed, with_pairing)
from crashgrab.engine.crash_and_grab.rules import (Rulings, Crew, EndRound, IllegalAction, MissingChoice, Player, SetUp, Turn, apply,
                                    replay)
from crashgrab.engine.formats.layout_io import load_layout
from crashgrab.engine.crash_and_grab.scenario_file import Scenario, load_scenario, run_scenario, scenario_from_json, scenario_to_json
from tests.conftest import LAYOUTS, ROOT

SCENARIOS = ROOT / "tests" / "scenarios"
CORRIDOR = SCENARIOS / "layouts" / "accelerator-corridor.json"


@pytest.fixture(scope="module")
def corridor():
    return load_layout(CORRIDOR)


@pytest.fixture(scope="module")
def standard():
    return load_layout(LAYOUTS / "standard-2-4p.json")


# --- start positions ------------------------------------------------------------------------------
def test_saucers_on_the_board_make_one_player_each_in_colour_order(corridor):
    state = place_saucer(empty_start(corridor), "blue", (5, 0))
    state = place_saucer(state, "red", (1, 0))
    assert state.players == (Player("p1", ("red",)), Player("p2", ("blue",)))
    assert state.probe == "p1"
    assert state.saucers["red"].at == (1, 0) and state.saucers["blue"].at == (5, 0)
    moved = place_saucer(state, "red", (2, 0))
    assert moved.saucers["red"].at == (2, 0) and moved.players == state.players


def test_crewmembers_leave_their_lost_queue_and_a_saucer_can_hold_them(corridor):
    state = place_saucer(empty_start(corridor), "red", (1, 0))
    assert state.lost["green"] == ("pilot", "scientist", "doctor", "engineer")
    state = place_crew(state, Crew("green", "doctor"), (6, 0))
    assert state.crew == {(6, 0): Crew("green", "doctor")}
    assert state.lost["green"] == ("pilot", "scientist", "engineer")
    held = place_crew(state, Crew("green", "doctor"), (1, 0))  # dropped on the red saucer
    assert held.crew == {}
    assert held.saucers["red"].stationed == (Crew("green", "doctor"),)
    assert held.lost["green"] == ("pilot", "scientist", "engineer")
    back = remove_at(held, (1, 0))  # the saucer leaves the game; its crew are lost again
    assert back.saucers == {} and back.players == ()
    assert back.lost["green"] == ("pilot", "scientist", "doctor", "engineer")
    for each in (state, held, back):
        assert each.crew_count() == 24


@pytest.mark.parametrize("edit, words", [
    (lambda s: place_saucer(s, "blue", (1, 0)), "already holds the red saucer"),
    (lambda s: place_saucer(s, "blue", (6, 0)), "would already have picked it up"),
    (lambda s: place_saucer(s, "blue", (8, 0)), "not on the board"),
    (lambda s: place_crew(s, Crew("blue", "pilot"), (6, 0)), "already holds the green doctor"),
    (lambda s: place_saucer(s, "black", (2, 0)), "no 'black' saucer"),
    (lambda s: with_pairing(s, True), "needs 4 saucers"),
    (lambda s: set_supplies(s, "red", boosters=-1), "0 or more"),
])
def test_edits_that_cannot_be_made_say_why(corridor, edit, words):
    state = place_crew(place_saucer(empty_start(corridor), "red", (1, 0)), Crew("green", "doctor"), (6, 0))
    with pytest.raises(PositionError, match=words):
        edit(state)


def test_a_position_that_is_already_won_is_refused(corridor):
    state = place_saucer(empty_start(corridor), "red", (1, 0))
    for crew_type in ("pilot", "scientist", "doctor"):
        state = place_crew(state, Crew("blue", crew_type), (1, 0))
    with pytest.raises(PositionError, match="won before it starts"):
        place_crew(state, Crew("blue", "engineer"), (1, 0))


def test_two_saucers_each_pairs_the_first_two_and_the_last_two(corridor):
    state = empty_start(corridor)
    for color, x in (("orange", 0), ("red", 2), ("green", 4), ("yellow", 6)):
        state = place_saucer(state, color, (x, 0))
    paired = with_pairing(state, True)
    assert paired.players == (Player("p1", ("red", "yellow")), Player("p2", ("green", "orange")))
    assert two_saucers_each(paired) and not two_saucers_each(state)
    assert not two_saucers_each(remove_at(paired, (0, 0)))  # three saucers: one each again


def test_players_for_set_up_by_the_rules():
    assert players_for_setup(2) == (Player("p1", ("red", "yellow")), Player("p2", ("green", "blue")))
    assert [p.saucers for p in players_for_setup(4)] == [("red",), ("yellow",), ("green",), ("blue",)]
    with pytest.raises(PositionError):
        players_for_setup(7)


# --- the session: a push onto an Accelerator on the corridor, step by step ---------------------------
# Red at [0,0] plays 3 east and hits blue at [1,0] with 2 spaces left: blue is pushed 2, onto the
# Accelerator at [3,0], keeps going east 2 more (no choice: it was pushed) to [5,0]; red moves into [1,0].
PUSH_STEPS = [  # (kind of the event just shown, red's cell, blue's cell), worked out from rule 2
    (None, (0, 0), (1, 0)),
    ("bonus", (0, 0), (1, 0)),
    ("collision", (0, 0), (1, 0)),
    ("move", (0, 0), (2, 0)),
    ("move", (0, 0), (3, 0)),
    ("accelerator", (0, 0), (3, 0)),
    ("move", (0, 0), (4, 0)),
    ("move", (0, 0), (5, 0)),
    ("move", (1, 0), (5, 0)),
]


def corridor_push_session(corridor) -> PlaytestSession:
    start = place_saucer(place_saucer(empty_start(corridor), "red", (0, 0)), "blue", (1, 0))
    session = PlaytestSession(start)
    session.play(Turn("red", "3", direction="east"))
    return session


def test_stepping_forward_and_back_shows_each_event_in_turn(corridor):
    session = corridor_push_session(corridor)
    assert session.cursor == 0 and len(session.events) == len(PUSH_STEPS) - 1
    for index, (kind, red, blue) in enumerate(PUSH_STEPS):
        if index:
            assert session.step().kind == kind
        assert (session.current.saucers["red"].at, session.current.saucers["blue"].at) == (red, blue)
    assert session.at_end and session.step() is None
    for index in reversed(range(len(PUSH_STEPS) - 1)):
        assert session.back()
        _, red, blue = PUSH_STEPS[index]
        assert (session.current.saucers["red"].at, session.current.saucers["blue"].at) == (red, blue)
    assert session.at_start and not session.back()


def test_each_step_is_the_start_with_the_events_up_to_it_folded_in(corridor):
    session = corridor_push_session(corridor)
    for index in range(len(session.events) + 1):
        assert session.state_at(index) == replay(session.start, session.events[:index])
    assert session.end_state == apply(session.start, Turn("red", "3", direction="east"))[0]


def test_an_illegal_action_or_an_open_choice_leaves_the_session_as_it_was(corridor):
    session = corridor_push_session(corridor)
    session.seek(4)
    before = (session.events, session.cursor, session.end_state)
    with pytest.raises(IllegalAction):
        session.play(Turn("green", "2", direction="east"))
    with pytest.raises(MissingChoice) as missing:
        session.play(Turn("red", "0-5", 2, "east"))  # red [1,0] -> [2,0], [3,0]: its own Accelerator
    assert missing.value.choice == "accelerator" and missing.value.at == (3, 0)
    assert (session.events, session.cursor, session.end_state) == before


def test_take_back_reset_and_clear(corridor):
    session = corridor_push_session(corridor)
    session.play(Turn("blue", "0-5", 1, "west"))  # blue [5,0] -> [4,0]
    assert [p.first for p in session.played] == [0, 8] and len(session.events) == 9
    session.seek(9)
    assert session.take_back().action.saucer == "blue"
    assert len(session.events) == 8 and session.cursor == 8
    session.reset()
    assert session.played == () and session.cursor == 0 and session.editable
    setup = PlaytestSession(setup_start(corridor, (Player("p1", ("red",)),)))
    with pytest.raises(IllegalAction, match="no Crash Site|every Crash Site"):
        setup.play(SetUp(seed=1))  # the corridor has no Crash Sites to place on


def test_the_start_is_fixed_once_an_action_is_played(corridor):
    session = corridor_push_session(corridor)
    with pytest.raises(PositionError, match="fixed"):
        session.set_start(session.start)


def test_set_up_by_the_rules_stays_through_a_reset(standard):
    start = setup_start(standard, players_for_setup(2))
    session = PlaytestSession(start)
    setup = SetUp(seed=5, choices={"pilot": "red", "booster": "green"})
    played = session.play(setup)
    assert played.events == apply(start, setup)[1]
    # 2 energy, 4 saucers, then p1's red Pilot, p2's booster on green and blue's Pilot; the upgrade deck shuffled
    assert [e.kind for e in played.events] == ["bonus"] * 2 + ["place"] * 5 + ["bonus", "place", "shuffle"]
    session.play(EndRound())
    session.reset()
    assert session.setup == setup and session.turns == () and len(session.events) == 10


# --- what the board shows while a choice is open ------------------------------------------------------
def test_the_steps_before_an_accelerator_choice(standard):
    """Red at [3,2] plays 0-5, 2 east: [4,2], then the Accelerator at [5,2], where the owner chooses."""
    start = place_saucer(empty_start(standard), "red", (3, 2))
    turn = Turn("red", "0-5", 2, "east")
    with pytest.raises(MissingChoice) as missing:
        apply(start, turn)
    preview = events_before_choice(start, turn, missing.value)
    assert [(e.kind, e.origin, e.to) for e in preview] == [("move", (3, 2), (4, 2)), ("move", (4, 2), (5, 2))]
    answered = turn.answered(missing.value, "north")  # then [5,1], [5,0]
    _, events = apply(start, answered)
    assert events[:2] == preview
    assert [(e.kind, getattr(e, "to", None)) for e in events[2:]] == [
        ("accelerator", None), ("move", (5, 1)), ("move", (5, 0))]


def test_the_steps_before_a_lost_crewmember_choice(standard):
    """Red at [2,2] plays 3 east and pushes blue at [3,2] 2 spaces onto the Accelerator at [5,2]; blue
    keeps going east 2 and picks up the green doctor at [6,2]; so a lost crewmember must be placed (from any
    colour's queue: ruling replacement_queue "any")."""
    start = empty_start(standard, die_seed=None, rulings=Rulings(replacement_queue="any"))
    start = place_saucer(place_saucer(start, "red", (2, 2)), "blue", (3, 2))
    start = place_crew(start, Crew("green", "doctor"), (6, 2))
    turn = Turn("red", "3", direction="east")
    with pytest.raises(MissingChoice) as missing:
        apply(start, turn)
    assert missing.value.choice == "lost_crew"
    preview = events_before_choice(start, turn, missing.value)
    assert [e.kind for e in preview] == ["bonus", "collision", "move", "move", "accelerator", "move", "pickup",
                                         "move", "move"]
    assert replay(start, preview).saucers["blue"].stationed == (Crew("green", "doctor"),)


# --- scenarios ----------------------------------------------------------------------------------------
def test_a_session_saved_as_a_scenario_passes_with_its_outcome_expected(corridor):
    session = corridor_push_session(corridor)
    scenario = session.to_scenario("push", corridor, layout_ref="layouts/accelerator-corridor.json")
    document = scenario_to_json(scenario)
    assert document["expect"]["events"] == [kind for kind, _, _ in PUSH_STEPS[1:]]
    assert document["expect"]["saucers"]["blue"]["at"] == [5, 0]
    reloaded = scenario_from_json(document, SCENARIOS / "saved.json")
    result = run_scenario(reloaded)
    assert result.passed and result.events == session.events


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.json")), ids=lambda p: p.name)
def test_every_scenario_file_opens_as_a_session_with_the_same_events(path: Path):
    scenario = load_scenario(path)
    session, failure = PlaytestSession.from_scenario(scenario)
    assert failure is None
    assert session.events == run_scenario(scenario).events
    assert all(check.passed for check in session.check(scenario.expect))


def test_a_scenario_that_stops_keeps_the_turns_before_it(corridor):
    start = place_saucer(place_saucer(empty_start(corridor), "red", (0, 0)), "blue", (1, 0))
    scenario = Scenario(name="stops", layout=corridor, initial=start, turns=(
        Turn("red", "3", direction="east"), Turn("red", "0-5", 2, "east")))  # the second needs a direction
    session, failure = PlaytestSession.from_scenario(scenario)
    assert failure is not None and failure.number == 2 and "accelerator" in str(failure)
    assert len(session.turns) == 1 and len(session.events) == 8


def test_changing_the_die_seed_keeps_the_pieces(corridor):
    state = place_saucer(empty_start(corridor, die_seed=3), "red", (0, 0))
    assert state.rng is not None
    typed = with_die_seed(state, None)
    assert typed.rng is None and typed.saucers == state.saucers
