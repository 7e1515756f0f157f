"""RoboRally rules: which option cards ask for a choice and their legal answers register by register
(option_choices.py), an answer written into a turn's choices and read back, and Recompile in a turn
and in the deal. Every answer below is worked out by hand from docs/roborally-rules.md's table."""
from __future__ import annotations

import pytest

from crashgrab.engine.roborally.rules import Card, Choice, IllegalAction, RallyState, Robot, Turn, apply, floor_from_course
from crashgrab.engine.roborally.rules.dealing import deal, shuffled_option_deck
from crashgrab.engine.roborally.rules.option_choices import (answer_in, choosing_options, legal_uses,
                                                             register_answers, with_answer)
from tests.test_roborally_rules import course

M1, M2, M3, BACK, LEFT = Card(500, "move1"), Card(670, "move2"), Card(790, "move3"), Card(430, "back_up"), \
    Card(70, "turn_left")
PROGRAM = (M1, M2, M3, BACK, LEFT)


def race(*options: str, shots: int = 0, blue: tuple[str, ...] = ("Shield", "Brakes")) -> RallyState:
    floor = floor_from_course(course(5, 5))
    return RallyState(floor, (Robot("red", (2, 2), "north", archive=(2, 2), options=options, shots=shots),
                              Robot("blue", (0, 0), "south", archive=(0, 0), options=blue)))


def test_only_the_nine_choosing_cards_ask_and_in_the_rules_order():
    held = ("Rear Laser", "Target Control", "Brakes", "Mechanical Arm", "Recompile", "Shield", "Double Laser")
    assert choosing_options(held) == ("Brakes", "Shield", "Target Control")


@pytest.mark.parametrize("option, shots, answers", [
    ("Brakes", 0, [(None, True), (None,), (None,), (None,), (None,)]),          # a Move 1 in register 1 only
    ("Fourth Gear", 0, [(None,), (None,), (None, True), (None,), (None,)]),     # the Move 3
    ("Reverse Gear", 0, [(None,), (None,), (None,), (None, True), (None,)]),    # the Back Up
    ("Turbo Blaster", 2, [(None, True)] * 5),                                    # any card while it has shots
    ("Turbo Blaster", 0, [(None,)] * 5),
    ("Emergency Stop", 0, [(None, True)] * 5),
    ("Shield", 0, [(None, "front", "right", "back", "left")] * 5),
    ("Turret", 0, [(None, "right", "back", "left")] * 5),                       # ahead is its default
])
def test_the_legal_answers_follow_the_card_in_each_register(option, shots, answers):
    assert list(register_answers(race(option, shots=shots), "red", option, PROGRAM)) == answers


def test_a_register_with_no_card_and_a_card_the_robot_lacks_have_no_answer():
    state = race("Brakes")
    assert register_answers(state, "red", "Brakes", (M1, None, M1)) == ((None, True), (None,), (None, True),
                                                                       (None,), (None,))
    assert register_answers(state, "red", "Fourth Gear", PROGRAM) == ((None,),) * 5
    assert register_answers(state, "red", "Mechanical Arm", PROGRAM) == ((None,),) * 5   # always on: no choice


def test_conditional_command_offers_the_spare_cards_and_target_control_locks_or_discards_others_options():
    spare = (Card(80, "turn_right"), Card(840, "move3"))
    answers = register_answers(race("Conditional Command"), "red", "Conditional Command", PROGRAM, spare)
    assert answers[1] == (None, Card(840, "move3"), Card(80, "turn_right"))       # highest first
    target = register_answers(race("Target Control"), "red", "Target Control", PROGRAM)[0]
    assert target == (None, {"lock": 1}, {"lock": 2}, {"lock": 3}, {"lock": 4}, {"lock": 5},
                      {"discard": "Brakes"}, {"discard": "Shield"})               # blue's, sorted


@pytest.mark.parametrize("option, answers, written", [
    # (register, answer) in order -> the turn's "options" entry, as docs/roborally-rules.md writes it
    ("Brakes", [(3, True), (1, True)], [1, 3]),
    ("Brakes", [(3, True), (1, True), (3, None)], [1]),
    ("Brakes", [(2, True), (2, None)], None),
    ("Shield", [(2, "back"), (4, "left")], {"2": "back", "4": "left"}),
    ("Turret", [(2, "left"), (2, None)], None),
    ("Emergency Stop", [(2, True), (4, True)], 4),                                 # one register: it moves
    ("Emergency Stop", [(4, True), (2, None)], 4),                                 # clearing another keeps it
    ("Conditional Command", [(2, Card(840, "move3")), (5, Card(80, "turn_right"))],
     {"step": 5, "card": "turn_right", "priority": 80}),
    ("Target Control", [(3, {"lock": 5}), (1, {"discard": "Shield"})],
     [{"step": 1, "discard": "Shield"}, {"step": 3, "lock": 5}]),
])
def test_answers_are_written_in_the_scenario_s_shape_and_read_back(option, answers, written):
    uses: dict = {"Double Laser": "kept"}
    for register, answer in answers:
        before = dict(uses)
        uses = with_answer(uses, option, register, answer)
        assert answer_in(uses, option, register) == answer
        assert before != uses or answer is None            # a new mapping; the old one unchanged
    assert uses.get(option) == written and uses["Double Laser"] == "kept"


def test_answers_the_program_no_longer_allows_are_taken_out():
    state = race("Brakes", "Conditional Command")
    uses = with_answer(with_answer({}, "Brakes", 1, True), "Conditional Command", 2, Card(840, "move3"))
    assert legal_uses(state, "red", uses, PROGRAM, (Card(840, "move3"),)) == uses
    # register 1 now holds a Move 2 and the spare Move 3 went into a register: both answers go
    assert legal_uses(state, "red", uses, (M2, M2, M3, BACK, LEFT), ()) == {}


def test_a_brakes_answer_written_here_is_the_one_the_rules_play():
    state = race("Brakes")
    uses = with_answer({}, "Brakes", 1, True)
    after, _ = apply(state, Turn({"red": (M1, Card(510, "move1"))}, power_down=frozenset({"blue"}),
                                 choices={"red": Choice(options=uses)}))
    assert after.robot("red").at == (2, 1)      # step 1 braked, step 2 moved one north


# --- Recompile ---------------------------------------------------------------------------------
def test_recompile_costs_one_damage_at_the_turn_s_start():
    state = race("Recompile")
    after, events = apply(state, Turn({"red": (LEFT,), "blue": (M1,)}, recompile=frozenset({"red"})))
    assert (after.robot("red").damage, after.robot("blue").damage) == (1, 0)
    assert [(e.kind, e.phase) for e in events][:2] == [("option-used", "start"), ("damage", "start")]


@pytest.mark.parametrize("turn, words", [
    (Turn({"red": (LEFT,), "blue": (M1,)}, recompile=frozenset({"blue"})), "blue does not hold the option card"),
    (Turn({"blue": (M1,)}, power_down=frozenset({"red"}), recompile=frozenset({"red"})), "red is powered down"),
    (Turn({"red": (LEFT,)}, recompile=frozenset({"green"})), "no robot 'green'"),
])
def test_recompile_without_the_card_or_a_hand_is_refused(turn, words):
    with pytest.raises(IllegalAction, match=words):
        apply(race("Recompile"), turn)


def test_one_robot_s_recompile_leaves_the_other_hands_as_they_were():
    state = race("Recompile", blue=())
    _, plain = deal(state)
    after, redrawn = deal(state, recompile=["red"])
    assert redrawn["blue"] == plain["blue"] and len(redrawn["red"]) == 9
    assert not set(redrawn["red"]) & (set(plain["red"]) | set(plain["blue"]))
    assert after.robot("red").damage == 1


def test_recompiled_hands_are_drawn_in_the_order_the_robots_recompiled():
    state = race("Recompile", blue=("Recompile",))
    _, red_first = deal(state, recompile=["red"])
    _, then_blue = deal(state, recompile=["red", "blue"])
    _, blue_first = deal(state, recompile=["blue"])
    _, then_red = deal(state, recompile=["blue", "red"])
    assert then_blue["red"] == red_first["red"] and then_red["blue"] == blue_first["blue"]
    assert then_blue["blue"] == then_red["red"]     # the second to recompile takes the next nine


def test_the_option_deck_is_one_of_each_card_less_those_held_in_an_order_the_seed_repeats():
    from crashgrab.engine.roborally.rules import OPTION_NAMES
    deck = shuffled_option_deck(3, held=("Brakes", "Shield"))
    assert sorted(deck) == sorted(set(OPTION_NAMES) - {"Brakes", "Shield"}) and len(deck) == 15
    assert shuffled_option_deck(3, held=("Brakes", "Shield")) == deck
    assert any(shuffled_option_deck(seed) != shuffled_option_deck(3) for seed in (4, 5))
