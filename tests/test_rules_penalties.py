"""Crash penalties: give on your own turn, steal or energy on another's (rule 5)."""
from __future__ import annotations

import pytest

from crashgrab.engine.crash_and_grab.rules import Boost, Crew, MissingChoice, Penalty, Turn, apply
from tests.rules_support import game, kinds


def crew(text: str) -> Crew:
    color, kind = text.split()
    return Crew(color, kind)


def crews(*texts: str) -> list[Crew]:
    return [crew(t) for t in texts]


def test_give_options_are_off_coloured_in_type_order_then_stack_order():
    state = game(["..R", "B.G"], held={"red": crews("red pilot", "blue doctor", "yellow doctor", "green engineer")})
    with pytest.raises(MissingChoice) as caught:
        apply(state, Turn("red", "0-5", 1, direction="east"))
    assert caught.value.choice == "give" and caught.value.saucer == "red"
    assert [str(o) for o in caught.value.options] == ["blue doctor", "yellow doctor", "green engineer"]


@pytest.mark.parametrize("held, receivers", [
    ({}, ["green", "blue"]),                                  # all 0: every opponent, clockwise from red
    ({"blue": ["green pilot"]}, ["green"]),                   # blue has 1: green alone has the fewest
    ({"blue": ["green pilot"], "green": ["blue pilot"]}, ["green", "blue"]),
])
def test_the_receiver_is_an_opponent_with_the_fewest_stationed(held, receivers):
    # Seats: p1 blue, p2 red, p3 green; red crashes; clockwise from p2: p3 green, then p1 blue.
    players = [("p1", ("blue",)), ("p2", ("red",)), ("p3", ("green",))]
    state = game(["..R", "B.G"], players=players,
                 held={"red": [crew("yellow doctor")], **{c: crews(*m) for c, m in held.items()}})
    turn = Turn("red", "0-5", 1, direction="east")
    if len(receivers) == 1:
        events = apply(state, turn)[1]
        assert events[-1] == Penalty("red", "give", crew("yellow doctor"), giver="red", receiver=receivers[0])
        return
    with pytest.raises(MissingChoice) as caught:
        apply(state, turn)
    assert caught.value.choice == "receiver" and caught.value.options == receivers


def test_nothing_to_give_is_said():
    state = game(["..R", "B.."], held={"red": [crew("red pilot")]})
    new_state, events = apply(state, Turn("red", "0-5", 1, direction="east"))
    assert events[-1] == Penalty("red", "nothing")
    assert events[-1].describe() == "red crashed but has no off-coloured crewmember to give"
    assert new_state.saucers["red"].held == (crew("red pilot"),)


# red pushes blue off a 2-wide board: blue crashed on red's turn.
@pytest.mark.parametrize("red_held, blue_held, options", [
    (["red pilot"], ["green doctor"], ["steal", "energy"]),                      # 1 >= 1
    (["red pilot", "red doctor"], ["green doctor"], ["steal", "energy"]),        # 2 >= 1
    ([], ["green doctor"], ["energy"]),                                           # 0 < 1: energy only
    (["red pilot", "red doctor"], ["blue doctor"], ["energy"]),                  # nothing off-coloured to steal
    (["red pilot"], ["blue pilot", "green doctor"], ["energy"]),                 # 1 < 2
])
def test_steal_is_allowed_with_at_least_as_many_stationed(red_held, blue_held, options):
    state = game(["RB"], held={"red": crews(*red_held), "blue": crews(*blue_held)})
    turn = Turn("red", "0-5", 1, direction="east")
    if options == ["energy"]:
        new_state, events = apply(state, turn)
        assert events[-1] == Penalty("blue", "energy", receiver="red")
        assert new_state.saucers["red"].energy == 1
        return
    with pytest.raises(MissingChoice) as caught:
        apply(state, turn)
    assert (caught.value.choice, caught.value.saucer, caught.value.options) == ("steal_or_energy", "blue", options)


def test_choosing_energy_although_a_steal_is_allowed():
    state = game(["RB"], held={"red": crews("red pilot"), "blue": crews("green doctor")})
    new_state, events = apply(state, Turn("red", "0-5", 1, direction="east",
                                          choices={"steal_or_energy": {"blue": "energy"}}))
    assert new_state.saucers["red"].energy == 1 and new_state.saucers["blue"].held == (crew("green doctor"),)


def test_the_stolen_crewmember_goes_to_the_turns_saucer():
    state = game(["RB"], held={"red": crews("red pilot", "red doctor"), "blue": crews("green doctor", "yellow pilot")})
    with pytest.raises(MissingChoice) as caught:
        apply(state, Turn("red", "0-5", 1, direction="east", choices={"steal_or_energy": {"blue": "steal"}}))
    assert caught.value.choice == "steal" and [str(o) for o in caught.value.options] == ["yellow pilot", "green doctor"]
    new_state, events = apply(state, Turn("red", "0-5", 1, direction="east", choices={
        "steal_or_energy": {"blue": "steal"}, "steal": {"blue": crew("yellow pilot")}}))
    assert events[-1].describe() == "red steals the yellow pilot from crashed blue"
    assert [str(c) for c in new_state.saucers["red"].stack("pilot")] == ["red pilot", "yellow pilot"]
    assert new_state.saucers["blue"].held == (crew("green doctor"),)


def test_two_crashes_in_one_turn_are_penalised_in_order():
    # red's move pushes blue off; then its boost takes red itself off the board.
    state = game(["R.B", "..."], boosters={"red": 1},
                 held={"red": crews("green pilot"), "blue": crews("yellow doctor")})
    new_state, events = apply(state, Turn("red", "0-5", 2, direction="east", boost=Boost("north"),
                                          choices={"steal_or_energy": {"blue": "energy"}}))
    assert kinds(events) == ["move", "collision", "crash", "move", "boost", "crash", "penalty", "penalty"]
    assert [(e.saucer, e.outcome) for e in events if e.kind == "penalty"] == [("blue", "energy"), ("red", "give")]
    assert set(new_state.saucers["blue"].held) == {crew("yellow doctor"), crew("green pilot")}


def test_two_player_own_saucer_crash_is_a_give():
    state = game(["RY", "BG"], players=[("p1", ("red", "yellow")), ("p2", ("blue", "green"))],
                 held={"yellow": crews("blue pilot")}, own_saucer_crash="crashed")
    with pytest.raises(MissingChoice) as caught:
        apply(state, Turn("red", "0-5", 1, direction="east"))
    assert caught.value.choice == "receiver" and caught.value.saucer == "yellow"
    assert caught.value.options == ["blue", "green"]
