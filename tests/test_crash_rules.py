"""Crash!'s rules, case by case, each worked out by hand from the rulebook (docs/rulings.md),
then invariants over random legal play (hypothesis)."""
from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from crashgrab.engine.crash.model import CrashLayout, Junkyard, Start
from crashgrab.engine.crash.rules import (AutomaticPart, Car, EndTurn, GameOver, IllegalAction, Reroll, Roll,
                                          Steer, Turn, apply, initial_state, legal_actions)
from crashgrab.engine.crash.templates import hexagon, template_layout
from crashgrab.engine.crash.terms import CARS, PLAYERS

BOARD = hexagon(3)  # rows r = -3 .. 3; the middle row runs from [-3,0] to [3,0]


def position(cars, junkyards=None, *, player="p1", opening=False, variant="standard", turning="any",
             score=(0, 0)):
    """A state on the 37-hex board with just `cars` ((player, number, hex, facing), hex None: out)."""
    junkyards = junkyards or {"p1": (-1, 0), "p2": (1, 0)}
    layout = CrashLayout("t", BOARD, tuple(Start(p, n, at, f) for p, n, at, f in cars if at is not None),
                         tuple(Junkyard(p, at) for p, at in junkyards.items()))
    state = initial_state(layout, variant=variant, turning=turning, first=player)
    listed = {(p, n): Car(p, n, at, f) for p, n, at, f in cars}
    all_cars = tuple(listed.get((p, n), Car(p, n, None, "east")) for p in PLAYERS for n in CARS)
    return replace(state, cars=all_cars, opening=opening, score=score)


def run(state, *actions):
    events = []
    for action in actions:
        state, more = apply(state, action)
        events += more
    return state, events


def where(state, player, number):
    car = state.car(player, number)
    return "slot" if car.in_slot else car.at


# --- moving and pushing -------------------------------------------------------------------------
MOVE_CASES = [
    # (name, cars, junkyards, dice, control, expected places, expected score)
    ("a move is one hex forward",
     [("p1", 1, (0, 0), "northeast")], None, (1, 2, 3), [Steer(1, move=True)],
     {("p1", 1): (1, -1)}, (0, 0)),
    ("a line of cars is pushed one hex, the last off the edge",
     [("p1", 1, (1, -3), "east"), ("p2", 1, (2, -3), "west"), ("p2", 2, (3, -3), "southwest")], None,
     (1, 5, 5), [Steer(1, move=True)],
     {("p1", 1): (2, -3), ("p2", 1): (3, -3), ("p2", 2): None}, (0, 0)),
    ("a line pushed into a junkyard: the car entering it scores for the junkyard's owner",
     [("p1", 1, (2, 0), "west"), ("p1", 2, (1, 0), "east"), ("p2", 4, (0, 0), "east")],
     {"p1": (-1, 0), "p2": (3, -3)}, (1, 4, 2), [Steer(1, move=True)],
     {("p1", 1): (1, 0), ("p1", 2): (0, 0), ("p2", 4): None}, (1, 0)),
    ("your own car pushed into your junkyard scores for you",
     [("p1", 1, (1, 0), "west"), ("p2", 2, (0, 0), "east"), ("p1", 3, (-1, 0), "east")],
     {"p1": (-2, 0), "p2": (3, 0)}, (1, 4, 6), [Steer(1, move=True)],
     {("p1", 1): (0, 0), ("p2", 2): (-1, 0), ("p1", 3): None}, (1, 0)),
    ("a car pushed into the opponent's junkyard scores for the opponent",
     [("p1", 1, (0, 0), "east"), ("p1", 2, (1, 0), "northwest")], {"p1": (-3, 0), "p2": (2, 0)},
     (1, 3, 3), [Steer(1, move=True)],
     {("p1", 1): (1, 0), ("p1", 2): None}, (0, 1)),
    ("a car driving itself into the other junkyard scores for its owner's opponent",
     [("p1", 5, (2, 0), "west")], None, (5, 6, 6), [Steer(5, move=True)],
     {("p1", 5): None}, (0, 1)),
    ("pushed cars keep their facing",
     [("p1", 1, (-2, 1), "east"), ("p2", 1, (-1, 1), "northwest")], None, (1, 2, 2), [Steer(1, move=True)],
     {("p1", 1): (-1, 1), ("p2", 1): (0, 1)}, (0, 0)),
    ("a car rolled twice may turn and then move",
     [("p1", 3, (0, 2), "west")], None, (3, 3, 6), [Steer(3, turn="northeast"), Steer(3, move=True)],
     {("p1", 3): (1, 1)}, (0, 0)),
]


@pytest.mark.parametrize("name, cars, junkyards, dice, control, places, score", MOVE_CASES, ids=[c[0] for c in MOVE_CASES])
def test_moves_and_pushes(name, cars, junkyards, dice, control, places, score):
    # the opening turn: a control part only, so the automatic part does not blur the case
    state, _ = run(position(cars, junkyards, opening=True), Roll(dice), *control, EndTurn())
    for (player, number), place in places.items():
        assert where(state, player, number) == place, (player, number)
    assert state.score == score


def test_pushed_cars_keep_their_facing_and_fates_say_where_cars_went():
    state, _ = run(position([("p1", 1, (-2, 1), "east"), ("p2", 1, (-1, 1), "northwest")], opening=True),
                   Roll((1, 2, 2)), Steer(1, move=True), EndTurn())
    assert state.car("p2", 1).facing == "northwest"
    state, _ = run(position([("p1", 5, (2, 0), "west"), ("p1", 6, (3, -3), "east")], opening=True),
                   Roll((5, 6, 1)), Steer(5, move=True), Steer(6, move=True), EndTurn())
    assert (state.car("p1", 5).fate, state.car("p1", 6).fate) == ("p2", "off")


# --- dice -----------------------------------------------------------------------------------------
def test_a_die_is_used_once():
    state, _ = run(position([("p1", 2, (0, 1), "east"), ("p2", 1, (0, 3), "east")], opening=True),
                   Roll((2, 3, 5)), Steer(2, move=True))
    with pytest.raises(IllegalAction, match="rolled 1 time .*every such die is used") as caught:
        apply(state, Steer(2, move=True))
    assert (caught.value.turn, caught.value.player) == (1, "p1")


def test_no_die_shows_the_car():
    state, _ = run(position([("p1", 2, (0, 0), "east")], opening=True), Roll((1, 3, 5)))
    with pytest.raises(IllegalAction, match="no die shows car 2"):
        apply(state, Steer(2, turn="west"))


def test_only_dice_showing_cars_out_of_the_game_may_be_re_rolled_once_and_first():
    cars = [("p1", 1, (0, 0), "east"), ("p1", 2, (0, 1), "east"), ("p2", 1, (0, -3), "east")]  # p1's 3-6 out
    state, _ = run(position(cars, opening=True), Roll((1, 4, 4)))
    with pytest.raises(IllegalAction, match="die 0 shows 1, and car 1 is on the board"):
        apply(state, Reroll(((0, 3),)))
    rerolled, events = run(state, Reroll(((1, 2), (2, 5))))
    assert rerolled.dice == (1, 2, 5)
    with pytest.raises(IllegalAction, match="one re-roll"):
        apply(rerolled, Reroll(((2, 1),)))
    steered, _ = run(state, Steer(1, move=True))
    with pytest.raises(IllegalAction, match="before any die is used"):
        apply(steered, Reroll(((1, 2),)))
    # after the re-roll, a die still showing a car out of the game is not used
    still_out, _ = run(state, Reroll(((1, 5),)))
    with pytest.raises(IllegalAction, match="car 5 is out of the game"):
        apply(still_out, Steer(5, move=True))


def test_a_car_in_its_slot_is_not_out_of_the_game_for_the_re_roll():
    state = initial_state(template_layout(), variant="german")
    state, _ = run(state, Roll((3, 3, 3)))
    with pytest.raises(IllegalAction, match="car 3 is in its slot"):
        apply(state, Reroll(((0, None),)))


def test_seeded_dice_replay_and_advance_the_seed():
    a, _ = apply(initial_state(template_layout(), seed=7), Roll())
    b, _ = apply(initial_state(template_layout(), seed=7), Roll())
    assert a.dice == b.dice and a.seed == b.seed != 7
    assert all(1 <= d <= 6 for d in a.dice)


# --- turning ------------------------------------------------------------------------------------
def test_turning_rulings():
    cars = [("p1", 1, (0, 0), "west")]
    state, _ = run(position(cars, opening=True), Roll((1, 1, 2)))
    assert apply(state, Steer(1, turn="east"))[0].car("p1", 1).facing == "east"  # any: the rulebook
    with pytest.raises(IllegalAction, match="already faces west"):
        apply(state, Steer(1, turn="west"))
    one_side, _ = run(position(cars, opening=True, turning="one_side"), Roll((1, 1, 2)))
    with pytest.raises(IllegalAction, match="to northwest or southwest"):
        apply(one_side, Steer(1, turn="east"))
    assert apply(one_side, Steer(1, turn="southwest"))[0].car("p1", 1).facing == "southwest"


# --- the turn's parts ---------------------------------------------------------------------------
def test_the_opening_turn_has_no_automatic_part_and_the_next_turn_has():
    state = initial_state(template_layout())
    after, events = apply(state, Turn(dice=(1, 2, 3)))
    assert after.cars == state.cars and not any(isinstance(e, AutomaticPart) for e in events)
    assert (after.player, after.opening) == ("p2", False)
    second, events = apply(after, Turn(dice=(1, 2, 3)))
    moved = [n for n in CARS if second.car("p2", n).at != after.car("p2", n).at]
    assert moved == [1, 2, 3, 4, 5, 6]
    assert second.car("p2", 5).at == (-2, 0)        # [-3,0] facing east, one hex on
    assert all(second.car("p1", n) == after.car("p1", n) for n in CARS)


def test_the_automatic_part_moves_cars_in_number_order():
    # car 1 pushes car 2 first, then car 2 moves on from where it was pushed: two hexes in all
    state = position([("p1", 1, (-2, 2), "east"), ("p1", 2, (-1, 2), "east")])
    after, _ = run(state, Roll((6, 6, 6)), EndTurn())
    assert (after.car("p1", 1).at, after.car("p1", 2).at) == ((-1, 2), (1, 2))


def test_the_german_order_plays_the_automatic_part_first():
    state = position([("p1", 1, (0, 0), "east"), ("p2", 1, (0, 3), "east")], variant="german")
    after, events = run(state, Roll((1, 2, 3)))
    kinds = [e.kind for e in events]
    assert kinds.index("automatic") < kinds.index("rolled")
    assert after.car("p1", 1).at == (1, 0) or after.car("p1", 1).fate == "p2"
    end, events = run(after, EndTurn())
    assert not any(isinstance(e, AutomaticPart) for e in events)


def test_german_cars_start_in_their_slots_and_a_move_brings_one_onto_its_start():
    layout = template_layout()
    state = initial_state(layout, variant="german")
    assert all(c.in_slot and c.at is None for c in state.cars)
    after, _ = apply(state, Turn(dice=(5, 1, 1), control=(Steer(5, move=True),)))
    assert after.car("p1", 5).at == (3, 0) and after.car("p1", 1).in_slot
    # p2's first turn: the automatic part first brings every p2 car onto its start
    second, _ = apply(after, Turn(dice=(6, 6, 6)))
    assert [second.car("p2", n).at for n in CARS] == [s.at for s in layout.starts_of("p2")]


def test_a_car_entering_from_its_slot_pushes_the_car_on_its_start():
    layout = template_layout()
    state = initial_state(layout, variant="german")
    state = state.with_car(Car("p2", 4, (3, 0), "east"))  # on p1 car 5's start hex, [3,0]
    state = state.with_car(replace(state.car("p2", 4), in_slot=False))
    after, _ = apply(state, Turn(dice=(5, 2, 2), control=(Steer(5, move=True),)))
    assert after.car("p1", 5).at == (3, 0)
    assert after.car("p2", 4).at == (2, 0)  # pushed west, p1 car 5's facing


# --- the end of the game ------------------------------------------------------------------------
def test_the_game_ends_at_the_end_of_the_turn_not_mid_turn():
    # p1 pushes p2's last car into p1's junkyard (p1 1 - 0) and turns car 1 away from it; p2 has
    # no car, yet the turn goes on: p1's automatic part drives car 2 into p2's junkyard (1 - 1).
    # Then the game is over: a tie.
    cars = [("p1", 1, (-3, 0), "east"), ("p2", 6, (-2, 0), "east"), ("p1", 2, (2, 0), "west")]
    state, _ = run(position(cars), Roll((1, 1, 4)), Steer(1, move=True), Steer(1, turn="northeast"))
    assert state.score == (1, 0) and not state.cars_in_play("p2") and not state.over
    state, events = run(state, EndTurn())
    assert state.score == (1, 1) and state.over and state.winner == "tie"
    assert isinstance(events[-1], GameOver)
    with pytest.raises(IllegalAction, match="game is over"):
        apply(state, Roll((1, 1, 1)))


def test_the_higher_score_wins():
    # as above, but without the turn car 1 drives on into p1's own junkyard in the automatic part:
    # 2 + 1 (the push) + 1 (its own car) = 4 to 4 + 0 ... a tie; the turn away leaves p2 ahead
    cars = [("p1", 1, (-3, 0), "east"), ("p2", 6, (-2, 0), "east"), ("p1", 2, (0, 3), "east")]
    state, _ = run(position(cars, score=(2, 4)), Roll((1, 4, 4)), Steer(1, move=True), EndTurn())
    assert state.over and state.score == (4, 4) and state.winner == "tie"
    state, _ = run(position(cars, score=(2, 4)), Roll((1, 1, 4)), Steer(1, move=True), Steer(1, turn="southeast"),
                   EndTurn())
    assert state.over and state.score == (3, 4) and state.winner == "p2"


def test_running_your_last_car_off_the_board_ends_the_game():
    cars = [("p1", 1, (3, -3), "east"), ("p2", 1, (0, 0), "east")]
    state, _ = run(position(cars, score=(3, 1), opening=True), Roll((1, 2, 2)), Steer(1, move=True), EndTurn())
    assert state.over and state.winner == "p1"


def test_an_illegal_step_changes_nothing():
    state, _ = run(position([("p1", 1, (0, 0), "east")], opening=True), Roll((1, 2, 3)))
    before = state
    with pytest.raises(IllegalAction):
        apply(state, Steer(4, move=True))
    assert state == before


def test_legal_actions_are_data():
    state = position([("p1", 1, (0, 0), "west"), ("p2", 1, (0, 3), "east")], opening=True)
    assert legal_actions(state) == [Roll()]
    rolled, _ = apply(state, Roll((1, 4, 1)))
    actions = legal_actions(rolled)
    assert Reroll(((1, None),)) in actions and EndTurn() in actions
    assert Steer(1, move=True) in actions and Steer(1, turn="east") in actions and Steer(1, turn="west") not in actions
    assert not any(isinstance(a, Steer) and a.car == 4 for a in actions)


# --- invariants over random legal play ---------------------------------------------------------
def play_randomly(seed: int, choices: list[int], variant: str, turning: str):
    state = initial_state(template_layout(), variant=variant, turning=turning, seed=seed)
    history = [state]
    for pick in choices:
        if state.over:
            break
        actions = legal_actions(state)
        state, _ = apply(state, actions[pick % len(actions)])
        history.append(state)
    return history


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.integers(0, 1000), min_size=20, max_size=150),
       st.sampled_from(["standard", "german"]), st.sampled_from(["any", "one_side"]))
def test_invariants_of_random_play(seed, choices, variant, turning):
    history = play_randomly(seed, choices, variant, turning)
    previous = None
    for state in history:
        on_board = [c.at for c in state.cars if c.at is not None]
        assert len(on_board) == len(set(on_board)), "no two cars share a hex"
        assert all(at in state.hexes and state.junkyard_owner(at) is None for at in on_board)
        slots = sum(c.in_slot for c in state.cars)
        out = sum(not c.in_play for c in state.cars)
        assert len(on_board) + out + slots == 12
        if previous is not None:
            assert state.score[0] >= previous.score[0] and state.score[1] >= previous.score[1], "scores only grow"
        previous = state
    assert sum(history[-1].score) == sum(c.fate in PLAYERS for c in history[-1].cars)
    assert play_randomly(seed, choices, variant, turning)[-1] == history[-1], "replay is deterministic"
