"""A whole round (Round Overview): the plan, the rotation die, override tokens, 2-player
alternation, placed saucers, the End of Round's Probe by the real order. Worked by hand."""
from __future__ import annotations

import pytest

from crashgrab.engine.crash_and_grab.rules import (Crew, IllegalAction, MissingChoice, Round, apply, apply_event, event_from_json,
                                    replay)
from crashgrab.engine.crash_and_grab.rules.session import play_action
from tests.rules_support import game, kinds

STILL = {"card": "0-5", "direction": "north", "distance": 0}  # a plan that moves nowhere
ROWS = ["......", "......", "......", "123456"]


def six(probe: str = "p1", **options):
    """Six players in a row on row 0: red [0,0] ... orange [5,0]."""
    return game(["RYGBPO", "......", "......", "123456"], probe=probe, **options)


def still_plan(state):
    return {c: STILL for c in state.saucer_colors()}


@pytest.mark.parametrize("count, probe, rotation, order, overrides", [
    (3, "p1", "left", ["red", "yellow", "green"], []),
    (3, "p1", "right", ["red", "green", "yellow"], []),
    (4, "p3", "left", ["green", "blue", "red", "yellow"], []),
    (4, "p3", "right", ["green", "yellow", "red", "blue"], []),
    (5, "p2", "left", ["yellow", "green", "blue", "purple", "red"], ["red"]),
    (5, "p2", "right", ["yellow", "red", "purple", "blue", "green"], ["green"]),
    (6, "p1", "left", ["red", "yellow", "green", "blue", "purple", "orange"], ["purple", "orange"]),
    (6, "p4", "right", ["blue", "green", "yellow", "red", "orange", "purple"], ["orange", "purple"]),
])
def test_turn_order_and_override_tokens(count, probe, rotation, order, overrides):
    rows = ["RYGBPO"[:count] + "." * (6 - count), "......", "......", "123456"]
    state = game(rows, probe=probe)
    new_state, events = apply(state, Round(still_plan(state), rotation))
    began = events[0]
    assert began.kind == "round" and began.rotation == rotation and began.roll is None
    assert list(began.order) == order and sorted(began.overrides) == sorted(overrides)
    assert [e.saucer for e in events if e.kind == "turn"] == order
    assert [e.free for e in events if e.kind == "turn"] == [c in overrides for c in order]
    # everyone 0 stationed: the Probe goes to the player who went last
    assert new_state.probe == state.player_of(order[-1]).id
    assert replay(state, events) == new_state


def test_only_a_placed_saucer_or_an_override_token_may_leave_its_planned_direction():
    # six players, p1 holds the Probe, left: orange goes last and holds an override token
    state = game(["R.Y.G.B.P..O", "............", "............", "123456789abc"])
    plan = {**still_plan(state), "red": {"card": "2", "direction": "south"},
            "orange": {"card": "2", "direction": "south"}}
    with pytest.raises(IllegalAction, match="red must move south as planned"):
        apply(state, Round(plan, "left", {"red": {"direction": "east"}}))
    new_state, _ = apply(state, Round(plan, "left", {"orange": {"direction": "west"}}))
    assert new_state.saucers["orange"].at == (9, 0) and new_state.saucers["red"].at == (0, 2)
    new_state, _ = apply(state, Round(plan, "left"))  # without a choice: the planned direction
    assert new_state.saucers["orange"].at == (11, 2)


def test_two_players_choose_which_saucer_moves_first():
    state = game(["RYGB", "....", "1234"], players=[("p1", ("red", "yellow")), ("p2", ("green", "blue"))], probe="p2")
    plan = {c: STILL for c in ("red", "yellow", "green", "blue")}
    with pytest.raises(MissingChoice) as first:
        apply(state, Round(plan))
    assert (first.value.choice, first.value.player, first.value.options) == ("first", "p2", ["green", "blue"])
    action = Round(plan).answered(first.value, "blue")
    with pytest.raises(MissingChoice) as second:
        apply(state, action)
    assert (second.value.player, second.value.options) == ("p1", ["red", "yellow"])
    new_state, events = apply(state, action.answered(second.value, "yellow"))
    assert [e.saucer for e in events if e.kind == "turn"] == ["blue", "yellow", "green", "red"]
    assert events[0].rotation is None and new_state.probe == "p1"  # p1 went last
    with pytest.raises(IllegalAction, match="not used in 2-player games"):
        apply(state, Round(plan, "left", {"first": {"p1": "red", "p2": "green"}}))


def test_the_rotation_die_from_the_seed_and_without_one():
    state = six()
    with pytest.raises(IllegalAction, match="rotation die needs a result"):
        apply(state, Round(still_plan(state)))
    seeded = six(seed=7)
    new_state, events = apply(seeded, Round(still_plan(seeded)))
    roll = events[0].roll
    assert 1 <= roll <= 12 and events[0].rotation == ("left" if roll <= 6 else "right")
    assert new_state.rng != seeded.rng and replay(seeded, events) == new_state
    again = apply(new_state, Round(still_plan(seeded)))[1][0]
    assert again.roll is not None  # the generator moved on


def test_a_0_5_card_asks_for_its_distance_when_the_move_executes():
    state = six()
    plan = {**still_plan(state), "yellow": {"card": "0-5", "direction": "south"}}
    with pytest.raises(MissingChoice) as caught:
        apply(state, Round(plan, "left"))
    assert (caught.value.choice, caught.value.saucer, caught.value.options) == ("distance", "yellow", [0, 1, 2, 3, 4, 5])
    new_state, _ = apply(state, Round(plan, "left").answered(caught.value, 2))
    assert new_state.saucers["yellow"].at == (1, 2)


def test_auto_choices_play_a_whole_round_and_turn_choices_go_to_their_saucer():
    # green 2 south from [2,0] picks up the blue doctor on [2,1] ... replaced from the blue queue
    state = six(crew={(2, 1): Crew("blue", "doctor")}, dice=(1,), replacement_queue="any")
    plan = {**still_plan(state), "green": {"card": "2", "direction": "south"}}
    played, new_state, events = play_action(state, Round(plan, "left"), auto_choices=True)
    assert played.choices["green"]["lost_crew"] == ("red",)
    assert Crew("red", "pilot") in new_state.crew.values() and new_state.saucers["green"].at == (2, 2)


def test_bad_plans_and_choices_are_refused():
    state = six()
    plan = still_plan(state)
    with pytest.raises(IllegalAction, match="no card and direction for orange"):
        apply(state, Round({c: STILL for c in plan if c != "orange"}, "left"))
    with pytest.raises(IllegalAction, match="not a movement card"):
        apply(state, Round({**plan, "red": {"card": "4", "direction": "north"}}, "left"))
    with pytest.raises(IllegalAction, match="gives red twice"):
        apply(state, Round({**plan, "p1": STILL}, "left"))
    with pytest.raises(IllegalAction, match="distance is 0 in the plan but 3"):
        apply(state, Round(plan, "left", {"red": {"distance": 3}}))
    with pytest.raises(IllegalAction, match="choices name 'p1'"):
        apply(state, Round(plan, "left", {"p1": {"distance": 3}}))
    with pytest.raises(IllegalAction, match="\"first\" is only for 2-player"):
        apply(state, Round(plan, "left", {"first": {"p1": "red"}}))
    with pytest.raises(IllegalAction, match="red's turn in the round: .*no booster"):
        apply(state, Round({**plan, "red": {"card": "3", "direction": "south"}}, "left",
                           {"red": {"boost": {"direction": "east"}}}))


def test_a_win_ends_the_round_at_once():
    held = {"yellow": [Crew("yellow", "pilot"), Crew("yellow", "scientist"), Crew("yellow", "doctor")]}
    state = six(crew={(1, 1): Crew("red", "engineer")}, held=held)
    plan = {**still_plan(state), "yellow": {"card": "2", "direction": "south"}}
    new_state, events = apply(state, Round(plan, "left"))
    assert kinds(events)[-1] == "win" and new_state.winner == "p2"
    assert [e.saucer for e in events if e.kind == "turn"] == ["red", "yellow"]  # nobody after the win


def test_round_events_survive_json():
    state = six()
    events = apply(state, Round(still_plan(state), "right"))[1]
    assert [event_from_json(e.to_json()) for e in events] == list(events)
    assert apply_event(state, events[0]) == state  # a round's start changes nothing without a roll
