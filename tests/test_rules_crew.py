"""Crew on a saucer (stationed, extras, own colour at the bottom), pickups, hand-over and winning."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from crashgrab.engine.crash_and_grab.rules import (ALL_CREW, COLORS, Crew, IllegalAction, SaucerState, Turn, Win, apply)
from tests.rules_support import game, kinds


def crew(text: str) -> Crew:
    color, kind = text.split()
    return Crew(color, kind)


def pilots(saucer: SaucerState) -> list[str]:
    return [str(c) for c in saucer.stack("pilot")]


@pytest.mark.parametrize("added, stack", [
    (["blue pilot"], ["blue pilot"]),
    (["blue pilot", "green pilot"], ["blue pilot", "green pilot"]),
    (["blue pilot", "green pilot", "yellow pilot"], ["blue pilot", "yellow pilot", "green pilot"]),  # newest on top
    (["blue pilot", "red pilot", "green pilot"], ["blue pilot", "green pilot", "red pilot"]),  # own colour at the bottom
    (["red pilot", "blue pilot"], ["red pilot", "blue pilot"]),  # own colour first: stationed
])
def test_stacking_a_red_saucers_pilots(added, stack):
    saucer = SaucerState("red")
    for item in added:
        saucer = saucer.with_crew(crew(item))
    assert pilots(saucer) == stack
    assert saucer.stationed == (crew(stack[0]),)


@pytest.mark.parametrize("removed, stack", [
    ("blue pilot", ["yellow pilot", "green pilot", "red pilot"]),  # the top extra becomes stationed
    ("yellow pilot", ["blue pilot", "green pilot", "red pilot"]),
    ("red pilot", ["blue pilot", "yellow pilot", "green pilot"]),
])
def test_removing_from_the_stack(removed, stack):
    saucer = SaucerState("red")
    for item in ["blue pilot", "red pilot", "green pilot", "yellow pilot"]:
        saucer = saucer.with_crew(crew(item))
    assert pilots(saucer) == ["blue pilot", "yellow pilot", "green pilot", "red pilot"]
    assert pilots(saucer.without_crew(crew(removed))) == stack


def test_off_coloured_crew_never_includes_the_own_colour():
    saucer = SaucerState("red")
    for item in ["red pilot", "blue doctor", "yellow doctor", "green engineer", "red engineer"]:
        saucer = saucer.with_crew(crew(item))
    assert [str(c) for c in saucer.off_coloured()] == ["blue doctor", "yellow doctor", "green engineer"]


@given(st.sampled_from(COLORS), st.lists(st.sampled_from(ALL_CREW), unique=True, max_size=24))
def test_pickup_order_rebuilds_the_same_stacks(color, added):
    saucer = SaucerState(color)
    for member in added:
        saucer = saucer.with_crew(member)
    rebuilt = SaucerState(color)
    for member in saucer.pickup_order():
        rebuilt = rebuilt.with_crew(member)
    assert rebuilt.stacks == saucer.stacks
    assert sorted(saucer.held) == sorted(added)
    for stack in saucer.stacks:  # the own colour is never above an off-coloured extra
        own = [i for i, c in enumerate(stack[1:]) if c.color == color]
        assert not own or own[0] == len(stack) - 2


def test_placing_on_a_board_without_crash_sites_is_refused():
    state = game(["R.."], crew={(1, 0): crew("blue pilot"), (2, 0): crew("green pilot")}, dice=(1, 1))
    with pytest.raises(IllegalAction, match="every Crash Site is taken"):
        apply(state, Turn("red", "2", direction="east"))


def test_pickups_stationed_then_extra():
    state = game(["R..", "1.2"], crew={(1, 0): crew("blue pilot"), (2, 0): crew("green pilot")}, dice=(1, 2))
    new_state, events = apply(state, Turn("red", "2", direction="east"))
    pickups = [(e.crew, e.stationed) for e in events if e.kind == "pickup"]
    assert pickups == [(crew("blue pilot"), True), (crew("green pilot"), False)]
    assert pilots(new_state.saucers["red"]) == ["blue pilot", "green pilot"]
    # each replaced from its own colour's queue (replacement_queue same_colour): blue's and green's fronts
    assert dict(new_state.crew) == {(0, 1): crew("blue scientist"), (2, 1): crew("green scientist")}


TWO_PLAYERS = [("p1", ("red", "yellow")), ("p2", ("blue", "green"))]


@pytest.mark.parametrize("handover, red, yellow", [
    ([], ["red doctor", "blue pilot"], ["yellow engineer"]),
    (["red doctor"], ["blue pilot"], ["red doctor", "yellow engineer"]),
    (["yellow engineer"], ["red doctor", "blue pilot", "yellow engineer"], []),
])
def test_two_player_handover(handover, red, yellow):
    state = game(["R.Y", "..."], players=TWO_PLAYERS, places={"blue": (0, 1), "green": (2, 1)},
                 held={"red": [crew("red doctor"), crew("blue pilot")], "yellow": [crew("yellow engineer")]})
    new_state, events = apply(state, Turn("red", "0-5", 1, direction="east",
                                          choices={"handover": [crew(h) for h in handover]}))
    assert sorted(str(c) for c in new_state.saucers["red"].held) == sorted(red)
    assert sorted(str(c) for c in new_state.saucers["yellow"].held) == sorted(yellow)
    assert kinds(events) == ["move"] + ["transfer"] * len(handover)


@pytest.mark.parametrize("item, distance, message", [
    ("blue pilot", 1, "only its own-colour"),
    ("red doctor", 0, "not side by side"),
    ("green doctor", 1, "neither red nor yellow holds"),
])
def test_illegal_handovers(item, distance, message):
    state = game(["R.Y", "..."], players=TWO_PLAYERS, places={"blue": (0, 1), "green": (2, 1)},
                 held={"red": [crew("red doctor"), crew("blue pilot")], "yellow": [crew("yellow engineer")]})
    with pytest.raises(IllegalAction, match=message):
        apply(state, Turn("red", "0-5", distance, direction="east", choices={"handover": [crew(item)]}))


def test_handover_needs_a_two_saucer_player():
    state = game(["R.B"], held={"red": [crew("red doctor")]})
    with pytest.raises(IllegalAction, match="two saucers"):
        apply(state, Turn("red", "0-5", 1, direction="east", choices={"handover": [crew("red doctor")]}))


def test_win_across_both_saucers_of_a_two_saucer_player():
    state = game(["R.1.Y", "B...G"], players=TWO_PLAYERS, crew={(1, 0): crew("blue engineer")},
                 held={"red": [crew("green pilot"), crew("red scientist")], "yellow": [crew("yellow doctor")]},
                 two_player_win="combined")
    new_state, events = apply(state, Turn("red", "0-5", 2, direction="east"))
    assert kinds(events) == ["move", "pickup", "win"]
    assert new_state.winner == "p1" and new_state.saucers["red"].at == (1, 0)
    win = events[-1]
    assert isinstance(win, Win) and win.player == "p1" and win.saucer == "red"
    assert sorted(str(c) for c in win.stationed) == ["blue engineer", "green pilot", "red scientist", "yellow doctor"]
    with pytest.raises(IllegalAction, match="the game is over"):
        apply(new_state, Turn("blue", "2", direction="east"))


def test_extras_do_not_count_towards_a_win():
    state = game(["R.1"], crew={(1, 0): crew("blue pilot")}, dice=(1,),
                 held={"red": [crew("red pilot"), crew("red scientist"), crew("red doctor")]})
    new_state, events = apply(state, Turn("red", "0-5", 1, direction="east"))
    assert new_state.winner is None and "win" not in kinds(events)


def test_a_steal_can_win():
    state = game(["RB"], held={"red": [crew("red pilot"), crew("red scientist"), crew("red doctor")],
                               "blue": [crew("green engineer"), crew("blue pilot")]})
    new_state, events = apply(state, Turn("red", "0-5", 1, direction="east",
                                          choices={"steal_or_energy": {"blue": "steal"}}))
    assert kinds(events) == ["collision", "crash", "move", "penalty", "win"]
    assert new_state.winner == "p1"


def test_a_give_can_make_the_receiver_win():
    state = game([".R", "B."], held={"red": [crew("green engineer")],
                                     "blue": [crew("blue pilot"), crew("red scientist"), crew("red doctor")]})
    new_state, events = apply(state, Turn("red", "0-5", 1, direction="east"))
    assert kinds(events) == ["crash", "penalty", "win"]
    assert new_state.winner == "p2"
