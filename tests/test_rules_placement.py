"""Placing lost crewmembers and crashed saucers; the end of the round and the Probe;
setting up by the rulebook (rules 4, 7, 9)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from crashgrab.engine.crash_and_grab.rules import (Crew, EndRound, IllegalAction, MissingChoice, Player, SaucerState, SetUp, Turn,
                                    apply, crash_sites, replay)
from crashgrab.engine.crash_and_grab.resolve import resolve_layout
from crashgrab.engine.formats.layout_io import load_layout
from tests.conftest import LAYOUTS
from tests.rules_support import game, kinds

def test_lost_crew_options_are_colours_with_a_queue_in_colour_order():
    state = game(["R1", "23"], crew={(1, 0): Crew("blue", "pilot")}, dice=(2,), replacement_queue="any")
    with pytest.raises(MissingChoice) as caught:
        apply(state, Turn("red", "0-5", 1, direction="east"))
    assert caught.value.choice == "lost_crew"
    assert caught.value.options == ["red", "yellow", "green", "blue", "purple", "orange"]
    assert "blue scientist" in str(caught.value)  # the queue fronts are listed


def test_each_pickup_places_one_lost_crewmember_chosen_by_the_turns_player():
    state = game(["R12.", "3456"], crew={(1, 0): Crew("blue", "pilot"), (2, 0): Crew("blue", "doctor")},
                 dice=(1, 1), replacement_queue="any")
    new_state, events = apply(state, Turn("red", "2", direction="east", choices={"lost_crew": ["green", "green"]}))
    assert kinds(events) == ["bonus", "move", "pickup", "move", "pickup", "place", "place"]
    # die 1: site 1 at [1,0] is free again (red moved on); then site 1 taken -> site 2 at [2,0] holds red -> 3
    assert dict(new_state.crew) == {(1, 0): Crew("green", "pilot"), (0, 1): Crew("green", "scientist")}
    assert new_state.lost["green"] == ("doctor", "engineer")


def test_nothing_left_to_place_when_every_queue_is_empty():
    state = game(["R1", "23"], crew={(1, 0): Crew("blue", "pilot")})
    state = replace(state, lost={c: () for c in state.lost})
    new_state, events = apply(state, Turn("red", "0-5", 1, direction="east"))
    assert kinds(events) == ["move", "pickup"]


def round_game(probe: str, **options):
    # Seats in colour order: p1 red, p2 yellow, p3 green, p4 blue; only yellow is on the board.
    return game(["1.2.", "3...", "..Y.", "...4"], off_board=("red", "blue", "green"), probe=probe, **options)


@pytest.mark.parametrize("probe, order", [
    ("p1", ["red", "green", "blue"]),      # seats: p1 red, p2 yellow (on the board), p3 green, p4 blue
    ("p2", ["green", "blue", "red"]),
    ("p3", ["green", "blue", "red"]),
    ("p4", ["blue", "red", "green"]),
])
def test_end_of_round_places_crashed_saucers_from_the_probe_holder_clockwise(probe, order):
    state = round_game(probe, dice=(1, 1, 1))
    events = apply(state, EndRound())[1]
    assert [e.saucer for e in events if e.kind == "place"] == order
    assert [e.site for e in events if e.kind == "place"] == [1, 2, 3]  # each die 1: taken sites add 1


@pytest.mark.parametrize("held, probe, new_probe", [
    ({}, "p1", "p4"),                                           # all tied: the last of the round from p1
    ({}, "p3", "p2"),                                           # round p3 p4 p1 p2: p2 went last
    ({"red": ["red pilot"]}, "p2", "p4"),                      # p2..p4 tied at 0; p2 p3 p4 p1: p4 last
    ({"red": ["red pilot"], "yellow": ["yellow pilot"], "blue": ["blue pilot"]}, "p1", "p3"),  # green alone
])
def test_the_probe_goes_to_the_fewest_stationed_tie_the_one_who_went_last(held, probe, new_probe):
    state = game(["RYGB"], probe=probe, held={c: [Crew(*m.split()) for m in ms] for c, ms in held.items()})
    new_state, events = apply(state, EndRound())
    assert kinds(events) == ["probe"] and new_state.probe == new_probe
    assert events[0].origin == probe and events[0].to == new_probe


def test_setup_by_the_rulebook_is_reproducible_and_legal():
    board = resolve_layout(load_layout(LAYOUTS / "standard-5p.json")).board
    base = game(["R"])
    colors = ("red", "yellow", "green", "blue", "purple")
    state = replace(base, board=board, players=tuple(Player(f"p{i + 1}", (c,)) for i, c in enumerate(colors)),
                    saucers={c: SaucerState(c) for c in colors}, probe="p3")
    one, events_one = apply(state, SetUp(seed=11))
    two, events_two = apply(state, SetUp(seed=11))
    assert events_one == events_two and one == two
    assert apply(state, SetUp(seed=12))[1] != events_one
    sites = set(crash_sites(board).values())
    saucer_cells = [one.saucers[c].at for c in colors]
    assert len(set(saucer_cells)) == 5 and set(saucer_cells) <= sites
    # p2 sits to the right of p3 (the Probe holder): booster, no Pilot; p3 (the Probe): no Pilot
    assert {crew: cell for cell, crew in one.crew.items()}.keys() == {Crew(c, "pilot") for c in ("red", "blue", "purple")}
    assert set(one.crew) <= sites and not set(one.crew) & set(saucer_cells)
    # placed in seat order from the Probe holder: p3, p4, p5, p1, p2
    assert [e.saucer for e in events_one if e.kind == "place"][:5] == ["green", "blue", "purple", "red", "yellow"]
    assert [one.saucers[c].boosters for c in colors] == [0, 1, 0, 0, 0]
    assert all(one.saucers[c].energy == 1 for c in colors)
    assert replay(state, events_one) == one


def test_setup_needs_an_empty_board():
    with pytest.raises(IllegalAction, match="empty board"):
        apply(game(["R."]), SetUp(seed=1))
