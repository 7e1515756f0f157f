"""RoboRally rules: the floor from a resolved course, and the rules' pieces worked out by hand.

`course()` writes a resolved-course dict by hand (the contract's shape; docs/roborally-rules.md)
for a rectangle of floor: every cell listed unless it is `off` the course."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable, Mapping

import pytest

from crashgrab.engine.roborally.rules import (PROGRAM_DECK, Card, Choice, IllegalAction, MissingChoice, RallyState,
                                              Robot, Turn, apply, floor_from_course, life_points)
from crashgrab.engine.play import rules as kernel
from crashgrab.engine.play import seeded
from crashgrab.engine.roborally.rules.dealing import deal, hand_size


def course(width: int, height: int, *, cells: Mapping[tuple[int, int], Mapping[str, Any]] | None = None,
           edges: Iterable[Mapping[str, Any]] = (), off: Iterable[tuple[int, int]] = (),
           checkpoints: Iterable[tuple[int, int]] = (), starts: Iterable[Mapping[str, Any]] = (),
           board: str = "test", name: str = "test course") -> dict[str, Any]:
    cells = dict(cells or {})
    off = set(off)
    listed = []
    for y in range(height):
        for x in range(width):
            if (x, y) in off:
                continue
            listed.append({"at": [x, y], "board": board, **({"type": "floor"} | dict(cells.get((x, y), {})))})
    return {"game": "roborally", "name": name, "width": width, "height": height, "cells": listed,
            "edges": [dict(e) for e in edges], "checkpoints": [list(c) for c in checkpoints],
            "starts": [dict(s) for s in starts], "players": max(1, len(list(starts)))}


# --- the floor ----------------------------------------------------------------------------


def test_a_wall_named_from_either_side_is_one_wall():
    floor = floor_from_course(course(3, 3, edges=[{"at": [1, 1], "side": "east", "type": "wall"}]))
    assert floor.blocked((1, 1), "east", 1) and floor.blocked((2, 1), "west", 1)
    assert not floor.blocked((1, 1), "west", 1) and not floor.blocked((2, 1), "east", 1)


def test_lasers_and_pushers_stand_on_walls_and_fire_away_from_them():
    floor = floor_from_course(course(4, 4, edges=[{"at": [0, 1], "side": "west", "type": "laser", "beams": 3},
                                                  {"at": [2, 2], "side": "south", "type": "pusher", "steps": [2]}]))
    assert floor.blocked((0, 1), "west", 1) and floor.blocked((2, 2), "south", 1)
    assert [(beam.at, beam.direction, beam.beams) for beam in floor.lasers] == [((0, 1), "east", 3)]
    assert [(p.at, p.direction, sorted(p.steps)) for p in floor.pushers] == [((2, 2), "north", [2])]


def test_a_door_is_a_wall_outside_its_steps_and_without_steps_always_open():
    floor = floor_from_course(course(3, 3, edges=[{"at": [1, 1], "side": "north", "type": "door", "steps": [1, 2, 3]},
                                                  {"at": [1, 1], "side": "south", "type": "door", "steps": []}]))
    assert [floor.blocked((1, 0), "south", s) for s in range(1, 6)] == [False, False, False, True, True]
    assert not any(floor.blocked((1, 1), "south", s) for s in range(1, 6))


def test_unlisted_cells_are_off_the_course_and_pits_are_deadly():
    floor = floor_from_course(course(3, 3, off=[(2, 2)], cells={(0, 0): {"type": "pit"}}))
    assert floor.deadly((2, 2)) and floor.deadly((0, 0)) and floor.deadly((5, 5)) and not floor.deadly((1, 1))
    assert floor.kind((2, 2)) is None and floor.kind((1, 1)) == "floor"


def test_empty_steps_mean_every_step_for_crushers_and_flamethrowers():
    floor = floor_from_course(course(2, 1, cells={(0, 0): {"type": "crusher", "steps": []},
                                                  (1, 0): {"type": "flamethrower", "facing": "east", "steps": [2, 4]}}))
    assert sorted(floor.element((0, 0)).steps) == [1, 2, 3, 4, 5]
    assert sorted(floor.element((1, 0)).steps) == [2, 4]


def test_portals_pair_by_colour_and_an_unpaired_portal_leads_nowhere():
    floor = floor_from_course(course(4, 1, cells={(0, 0): {"type": "portal", "colour": "blue"},
                                                  (3, 0): {"type": "portal", "colour": "blue"},
                                                  (1, 0): {"type": "portal", "colour": "red"}}))
    assert floor.portals == {(0, 0): (3, 0), (3, 0): (0, 0)}


@pytest.mark.parametrize("players, boards, lives", [
    (2, 1, 3), (4, 4, 3), (5, 4, 4), (4, 5, 4), (5, 6, 5), (8, 1, 4)])   # the seed's example: 5 players, 6 boards -> 5
def test_life_points_follow_the_seed_table(players, boards, lives):
    assert life_points(players, boards) == lives


def test_boards_are_counted_from_the_cells():
    document = course(2, 1)
    document["cells"][1]["board"] = "other"
    assert floor_from_course(document).boards == 2


def test_the_program_deck_is_the_classic_84_cards_with_unique_priorities():
    kinds = {}
    for card in PROGRAM_DECK:
        kinds[card.kind] = kinds.get(card.kind, 0) + 1
    assert kinds == {"u_turn": 6, "turn_left": 18, "turn_right": 18, "back_up": 6, "move1": 18, "move2": 12, "move3": 6}
    assert len({c.priority for c in PROGRAM_DECK}) == 84
    assert (min(c.priority for c in PROGRAM_DECK if c.kind == "move3"), max(c.priority for c in PROGRAM_DECK)) == (790, 840)


# --- apply: illegal turns change nothing ---------------------------------------------------------
def _state(**robot):
    floor = floor_from_course(course(5, 5, checkpoints=[(4, 4)]))
    return RallyState(floor, (Robot("red", (2, 2), "north", archive=(2, 2), **robot),
                              Robot("blue", (0, 0), "south", archive=(0, 0))))


def test_an_illegal_turn_raises_a_typed_error_and_leaves_the_state_as_it_was():
    state = _state()
    before = repr(state)
    with pytest.raises(IllegalAction) as caught:
        apply(state, Turn({"red": (Card(500, "move1"),), "blue": (Card(500, "move1"),)}))
    assert (caught.value.turn, caught.value.step, caught.value.robot) == (1, 1, "blue")
    assert repr(state) == before


@pytest.mark.parametrize("turn, words", [
    (Turn({"red": (Card(10, "u_turn"),), "blue": (), "green": ()}), "no robot 'green'"),
    (Turn({"red": (Card(10, "u_turn"),), "blue": ()}, power_down=frozenset({"blue"})), "blue is powered down"),
    (Turn({"red": (Card(10, "u_turn"),), "blue": ()}, choices={"red": Choice(options={"Brakes": [1]})}),
     "does not hold the option card Brakes"),
])
def test_illegal_turns(turn, words):
    with pytest.raises(IllegalAction, match=words):
        apply(_state(), turn)


def test_a_missing_program_is_a_missing_choice():
    with pytest.raises(MissingChoice) as caught:
        apply(_state(), Turn({"red": (Card(10, "u_turn"),)}))
    assert (caught.value.robot, caught.value.choice) == ("blue", "programs")


def test_the_rule_errors_are_the_play_kernels_so_generic_code_reads_them():
    with pytest.raises(kernel.RuleError) as missing:
        apply(_state(), Turn({"red": (Card(10, "u_turn"),)}))
    assert isinstance(missing.value, kernel.MissingChoice) and missing.value.exit_code == 2
    assert missing.value.decision == kernel.Decision("programs", (), "blue")
    with pytest.raises(kernel.RuleError) as illegal:
        apply(_state(), Turn({"red": (Card(500, "move1"),), "blue": (Card(500, "move1"),)}))
    assert isinstance(illegal.value, IllegalAction) and not isinstance(illegal.value, kernel.MissingChoice)


def test_no_turn_after_the_race_is_won():
    state, _ = apply(_state(next=1), Turn({"red": (Card(10, "u_turn"),), "blue": ()}))
    won = RallyState(state.floor, state.robots, winner="red")
    with pytest.raises(IllegalAction, match="the race is over"):
        apply(won, Turn({"red": (Card(10, "u_turn"),), "blue": ()}))


def test_each_event_carries_its_phase_and_step():
    _, events = apply(_state(), Turn({"red": (Card(700, "move2"), Card(70, "turn_left")), "blue": ()}))
    document = [e.to_json() for e in events]
    assert all({"kind", "phase", "step"} <= set(e) for e in document)
    assert [(e["kind"], e["phase"], e["step"]) for e in document if e["kind"] in ("reveal", "move", "turn")] == [
        ("reveal", "move", 1), ("move", "move", 1), ("move", "move", 1), ("reveal", "move", 2), ("turn", "move", 2)]


# --- dealing: Extra Memory, Flywheel, Recompile ---------------------------------------------------
def test_hands_are_nine_less_damage_and_extra_memory_adds_one():
    assert [hand_size(0, ()), hand_size(4, ()), hand_size(9, ()), hand_size(0, ("Extra Memory",))] == [9, 5, 0, 10]


def test_a_deal_is_repeatable_holds_no_card_twice_and_skips_locked_cards():
    locked = PROGRAM_DECK[0]
    state = _state(damage=5, registers=(None, None, None, None, locked))
    _, hands = deal(state)
    assert deal(state)[1] == hands
    assert [len(hands["red"]), len(hands["blue"])] == [4, 9]
    every = hands["red"] + hands["blue"]
    assert len(set(every)) == len(every) and locked not in every


def test_the_generator_is_kept_in_the_state_a_draw_advances_it_and_a_deal_only_reads_it():
    state = replace(_state(options=("Emergency Stop",)), seed=7)
    quiet, _ = apply(state, Turn({"red": (Card(500, "move1"),), "blue": ()}))
    assert quiet.seed == 7                      # nothing drawn: the generator as it was
    drawn, _ = apply(state, Turn({"red": (Card(500, "move1"), Card(10, "u_turn")), "blue": ()},
                                 choices={"red": Choice(options={"Emergency Stop": 2})}))
    # The draw pile is 82 cards (84 less red's two): Fisher-Yates draws once per card but the first.
    assert drawn.seed == (7 + 81 * seeded.GOLDEN) & seeded.MASK
    dealt, hands = deal(drawn)
    assert dealt.seed == drawn.seed and deal(drawn)[1] == hands
    assert deal(quiet)[1] != deal(state)[1]       # the next turn is dealt afresh from the same generator


def test_flywheel_adds_its_card_and_recompile_redraws_for_one_damage():
    kept = PROGRAM_DECK[-1]
    state = _state(options=("Flywheel", "Recompile"))
    _, plain = deal(state, flywheel={"red": kept})
    after, redrawn = deal(state, flywheel={"red": kept}, recompile=["red"])
    assert plain["red"][-1] == kept and len(plain["red"]) == 10
    assert redrawn["red"][-1] == kept and not set(redrawn["red"][:-1]) & set(plain["red"][:-1])
    assert (after.robot("red").damage, state.robot("red").damage) == (1, 0)


def test_apply_in_phases_gives_the_robots_after_every_phase():
    from crashgrab.engine.roborally.rules.turn import apply_in_phases
    floor = floor_from_course(course(5, 5, cells={(2, 1): {"type": "conveyor", "facing": "east", "express": False}}))
    state = RallyState(floor, (Robot("red", (2, 3), "north", archive=(2, 3)),))
    after, events, frames = apply_in_phases(state, Turn({"red": (Card(700, "move2"),)}))
    assert (after, events) == apply(state, Turn({"red": (Card(700, "move2"),)}))
    phases = ["move", "express", "belts", "pushers", "gears", "crushers", "lasers", "flamethrowers", "checkpoints"]
    assert [(step, phase) for step, phase, _ in frames] == [(None, "start"), *((1, p) for p in phases), (None, "end")]
    where = {phase: robots[0].at for _, phase, robots in frames}
    assert (where["start"], where["move"], where["belts"], where["end"]) == ((2, 3), (2, 1), (3, 1), (3, 1))


def test_a_robot_with_no_free_square_around_its_taken_archive_waits_off_the_course():
    # 3x1: red's marker [0,0] is held by blue, the only square next to it by green.
    floor = floor_from_course(course(3, 1))
    state = RallyState(floor, (Robot("red", None, "east", lives=2, archive=(0, 0)),
                               Robot("blue", (0, 0), "north", archive=(0, 0)), Robot("green", (1, 0), "north")))
    turn = Turn({"blue": (Card(70, "turn_left"),), "green": (Card(80, "turn_right"),)},
                choices={"red": Choice(respawn_facing="east")})
    after, events = apply(state, turn)
    assert (after.robot("red").at, after.robot("red").lives) == (None, 2)
    assert "return" not in [e.kind for e in events]
    freed = RallyState(floor, (after.robot("red"), after.robot("blue"), Robot("green", (2, 0), "north")), turns=1)
    back, _ = apply(freed, Turn({"blue": (Card(90, "turn_left"),), "green": ()},
                                choices={"red": Choice(respawn_facing="east", respawn_at=(1, 0))}))
    assert (back.robot("red").at, back.robot("red").damage) == ((1, 0), 2)


# --- on the play kernel: decisions as data, every legal turn, the cursor session ----------------
def test_the_rules_decisions_are_each_programming_robots_dealt_hand():
    from crashgrab.engine.roborally.rules.play_rules import RULES

    state = _state()
    _, hands = deal(state)
    assert RULES.decisions(state) == (kernel.Decision("programs", hands["red"], "red"),
                                      kernel.Decision("programs", hands["blue"], "blue"))
    assert RULES.chance(state) is None and RULES.decisions(replace(state, winner="red")) == ()


def test_the_legal_turns_are_every_order_of_each_hand_in_the_free_registers_listed_lazily():
    from crashgrab.engine.roborally.rules.play_rules import RULES

    locked = (None, None, None, Card(500, "move1"), Card(670, "move2"))
    state = _state(damage=6, registers=locked)     # red: a hand of 3 for its 3 free registers
    _, hands = deal(state)
    red, blue = hands["red"], hands["blue"]
    turns = RULES.legal_actions(state)
    assert len(red) == 3 and len(turns) == (3 * 2 * 1) * (9 * 8 * 7 * 6 * 5)
    assert turns[0].programs == {"red": red + (None, None), "blue": blue[:5]}
    # the last: each robot's last permutation, its hand taken from the end (see HandTurns)
    assert turns[-1].programs == {"red": (red[2], red[1], red[0], None, None),
                                  "blue": (blue[8], blue[7], blue[6], blue[5], blue[4])}
    assert turns[1].programs["red"] == (red[1], red[0], red[2], None, None) and turns[1].programs["blue"] == blue[:5]
    facing = {name: Choice(respawn_facing="north") for name in ("red", "blue")}   # (if one drives off)
    for turn in (turns[0], turns[len(turns) // 2], turns[-1]):
        after, _ = apply(state, replace(turn, choices=facing))   # each is legal, the locked cards kept
        assert after.turns == 1 and after.robot("red").registers[3:] == locked[3:]
    assert len(RULES.legal_actions(replace(state, winner="blue"))) == 0


def test_a_kernel_session_plays_the_races_turns_and_steps_back():
    from crashgrab.engine.play.session import Session
    from crashgrab.engine.roborally.rules.play_rules import RULES

    state = _state()
    session = Session(RULES, state).play(RULES.legal_actions(state)[0])
    assert session.state.turns == 1 and session.events and session.back().state == state
    with pytest.raises(IllegalAction):
        session.play(Turn({"red": (Card(500, "move1"),), "blue": (Card(500, "move1"),)}))
