"""RoboRally scenarios: every hand-worked file passes, bad turns stop naming the turn, the step
and the robot, a wrong expectation fails; and invariants over random turns (hypothesis)."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.roborally.rules import (PROGRAM_DECK, Choice, MissingChoice, RallyState, Robot, Turn, apply,
                                              floor_from_course)
from crashgrab.engine.roborally.rules.events import Damaged, PoweredDown, Repaired, Returned
from crashgrab.engine.roborally.rules.scenario import ScenarioTurnError
from crashgrab.engine.roborally.rules.scenario_io import run_scenario_document
from crashgrab.engine.cli import main
from crashgrab.engine.roborally.layout_io import layout_from_json
from crashgrab.engine.roborally.resolved import resolved_course_json
from tests.test_roborally_rules import course

FOLDER = Path(__file__).parent / "roborally_scenarios"
GOOD = sorted(FOLDER.glob("*.json"))


def _load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def play_on_course(document, file):
    """Play a scenario on its course as `crashgrab scenario run` does: the course model resolves the
    course its "layout" holds, the rules play on that resolved course."""
    layout = document["layout"]
    course = resolved_course_json(layout_from_json(layout, file)) if isinstance(layout, dict) else None
    return run_scenario_document(document, file, course)


def test_every_shipped_scenario_passes_through_the_command_line(capsys):
    assert main(["scenario", "run", *map(str, GOOD)]) == 0
    assert f"{len(GOOD)} scenario files: all passed" in capsys.readouterr().out


def test_the_issue_s_cases_are_all_shipped():
    names = {p.stem for p in GOOD}
    assert len(GOOD) >= 25
    assert {"push-line-into-wall", "push-into-pit", "belts-express-curve", "belt-merge-turns", "belts-cannot-move",
            "pushers-in-and-out-of-steps", "gears", "crushers-in-their-steps", "flamethrowers-in-their-steps",
            "board-lasers-walls-robots", "robot-laser-first-robot", "oil-start-and-slide", "portal-continues-move",
            "portal-switched-off", "door-open-and-closed", "checkpoints-out-of-order", "repair-one-wrench",
            "two-wrench-repair-or-option", "return-next-to-taken-archive", "locked-registers", "power-down"} <= names
    for option in ("brakes", "fourth-gear", "reverse-gear", "mechanical-arm", "ramming-device", "double-laser",
                   "power-laser", "rear-laser", "turbo-blaster", "shield", "turret", "emergency-stop",
                   "conditional-command", "target-control"):
        assert f"option-{option}" in names


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.stem)
def test_scenario_passes(path):
    run = play_on_course(_load(path), str(path))
    assert run.result.checks, "every shipped scenario checks something"
    assert run.passed, [c.to_json() for c in run.result.failures]


def test_a_wrong_expectation_fails_and_the_reports_say_so():
    document = _load(FOLDER / "push-line-into-wall.json")
    document["expect"]["robots"]["red"]["at"] = [2, 2]
    run = play_on_course(document, "x.json")
    assert not run.passed
    assert "FAIL robots.red.at: expected [2,2], actual [1,2]" in run.text()
    report = run.to_json()
    assert report["expect"]["passed"] is False
    assert report["events"][0] == {"turn": 1, "kind": "reveal", "phase": "move", "step": 1, "order": [["red", "move3 (800)"]]}
    assert {e["phase"] for e in report["events"]} == {"move", "lasers"}


@pytest.mark.parametrize("name, turn, step, robot, where, words", [
    ("equal-priorities", 1, 2, "blue", "$.turns[0].programs.blue", "turn 1, step 2 (blue): blue and red both play priority 500"),
    ("locked-register-other-card", 1, 5, "red", "$.turns[0].programs.red",
     "turn 1, step 5 (red): red's register 5 is locked with move1 (500); it cannot take move2 (700)"),
    ("missing-repair-choice", 1, None, "red", "$.turns[0].choices.red.repair",
     "turn 1, end of turn (red): red ends the turn on a two-wrench site"),
    ("missing-respawn-facing", 1, None, "red", "$.turns[0].choices.red.respawn_facing",
     "turn 1, end of turn (red): red returns at [1,2] and needs a facing"),
    ("missing-program", 1, 1, "blue", "$.turns[0].programs", "turn 1, step 1 (blue): blue has no program"),
])
def test_bad_turns_name_the_turn_the_step_and_the_robot(name, turn, step, robot, where, words):
    path = FOLDER / "bad" / f"{name}.json"
    with pytest.raises(ScenarioTurnError) as caught:
        play_on_course(_load(path), str(path))
    error = caught.value
    assert (error.number, error.error.step, error.error.robot, error.where, error.exit_code) == (turn, step, robot, where, 2)
    assert words in str(error)


@pytest.mark.parametrize("edit, where", [
    (lambda d: d["robots"].append({"name": "red", "at": [4, 4], "facing": "north"}), "$.robots[3].name"),
    (lambda d: d["robots"][1].update(at=[0, 2]), "$.robots[1].at"),
    (lambda d: d["robots"][1].update(at=[9, 9]), "$.robots[1].at"),
    (lambda d: d["robots"][0].update(facing="up"), "$.robots[0].facing"),
    (lambda d: d["expect"]["robots"].update(pink={"damage": 1}), "$.expect.robots.pink"),
    (lambda d: d.update(layout="course.json"), "$.layout"),
])
def test_bad_files_name_the_json_path(edit, where):
    document = copy.deepcopy(_load(FOLDER / "push-line-into-wall.json"))
    edit(document)
    with pytest.raises(InvalidFileError) as caught:
        play_on_course(document, "x.json")
    assert caught.value.where == where


def test_the_course_given_by_the_caller_is_the_one_played():
    document = _load(FOLDER / "push-line-into-wall.json")
    walled_earlier = course(5, 5, edges=[{"at": [0, 2], "side": "east", "type": "wall"}])
    run = run_scenario_document({**document, "layout": "course.json"}, "x.json", walled_earlier)
    assert run.result.final.robot("red").at == (0, 2)


# --- invariants over random turns -------------------------------------------------------------
ELEMENTS = [{"type": "floor"}] * 6 + [
    {"type": "pit"}, {"type": "oil"}, {"type": "gear", "turn": "left"}, {"type": "gear", "turn": "right"},
    {"type": "conveyor", "facing": "east", "express": True}, {"type": "conveyor", "facing": "south", "express": False},
    {"type": "conveyor", "facing": "west", "express": False}, {"type": "crusher", "steps": [3]},
    {"type": "flamethrower", "facing": "north", "steps": [1, 2]}, {"type": "repair", "wrenches": 1},
    {"type": "repair", "wrenches": 2}]
SIDES = ["north", "east", "south", "west"]
SIZE = 5


@st.composite
def races(draw):
    cells = {(x, y): draw(st.sampled_from(ELEMENTS)) for y in range(SIZE) for x in range(SIZE)}
    cells[(0, 0)] = {"type": "portal", "colour": "blue"}
    cells[(4, 4)] = {"type": "portal", "colour": "blue"}
    edges = [{"at": [draw(st.integers(0, SIZE - 1)), draw(st.integers(0, SIZE - 1))], "side": draw(st.sampled_from(SIDES)),
              "type": draw(st.sampled_from(["wall", "laser", "pusher", "door"])), "beams": 2, "steps": [1, 3]}
             for _ in range(draw(st.integers(0, 6)))]
    floor = floor_from_course(course(SIZE, SIZE, cells=cells, edges=edges, checkpoints=[(2, 2), (3, 1)]))
    safe = [c for c in floor.cells if not floor.deadly(c)]
    spots = draw(st.lists(st.sampled_from(safe), min_size=2, max_size=4, unique=True))
    options = ["Ramming Device", "Power Laser", "Rear Laser", "Double Laser", "Mechanical Arm", "Fourth Gear"]
    robots = tuple(Robot(f"r{i}", at, draw(st.sampled_from(SIDES)), damage=draw(st.integers(0, 9)), archive=at,
                         options=tuple(draw(st.lists(st.sampled_from(options), max_size=2, unique=True))))
                   for i, at in enumerate(spots))
    cards = draw(st.permutations(PROGRAM_DECK))
    programs = {}
    for index, robot in enumerate(robots):
        programs[robot.name] = tuple(cards[index * 5:(index + 1) * 5])
    state = RallyState(floor, robots, option_deck=("Shield", "Brakes"), seed=draw(st.integers(0, 99)))
    return state, programs


def _play(state, programs):
    """Apply the turn, answering each return with a facing and a free square as the rules ask;
    a robot holding Fourth Gear uses it in every step."""
    uses = {r.name: {"Fourth Gear": [1, 2, 3, 4, 5]} if "Fourth Gear" in r.options else {} for r in state.robots}
    choices = {name: Choice(repair="repair", respawn_facing="east", options=uses[name]) for name in programs}
    while True:
        try:
            return apply(state, Turn(programs, choices=choices))
        except MissingChoice as missing:
            assert missing.choice == "respawn_at", missing
            x, y = missing.options[0].strip("[]").split(",")
            choices[missing.robot] = Choice(repair="repair", respawn_facing="east", respawn_at=(int(x), int(y)),
                                            options=uses[missing.robot])


def _next_programs(state, programs):
    """The same cards again for the robots on the course, null where a register is locked."""
    return {r.name: tuple(None if kept is not None else card for kept, card in zip(r.registers, programs[r.name]))
            for r in state.robots if r.at is not None}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(races())
def test_no_two_robots_share_a_square_and_damage_changes_only_by_the_rules(race):
    state, programs = race
    after, events = _play(state, programs)
    squares = [r.at for r in after.robots if r.at is not None]
    assert len(squares) == len(set(squares))
    assert all(after.floor.on_course(cell) and not after.floor.deadly(cell) for cell in squares)
    for robot in state.robots:
        damage = robot.damage
        for event in events:
            if getattr(event, "robot", None) != robot.name:
                continue
            if isinstance(event, PoweredDown):
                damage = 0
            elif isinstance(event, Damaged):
                assert event.cause in ("laser", "robot-laser", "flamethrower", "ram", "turbo-blaster")
                damage += event.amount
                assert event.damage == damage
            elif isinstance(event, Repaired):
                damage -= event.amount
            elif isinstance(event, Returned):
                damage = 2
        final = after.robot(robot.name)
        if final.at is not None:
            assert final.damage == damage
        assert 0 <= final.damage <= 9 or final.at is None


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(races())
def test_a_replay_is_deterministic(race):
    """Two turns (the second replaying locked registers), played twice: the same states and events."""
    state, programs = race
    runs = []
    for _ in range(2):
        after, events = _play(state, programs)
        if after.over:
            runs.append((after, events))
            continue
        again, more = _play(after, _next_programs(after, programs))
        runs.append((again, events + more))
    assert runs[0][0] == runs[1][0]
    assert [e.to_json() for e in runs[0][1]] == [e.to_json() for e in runs[1][1]]


@pytest.mark.parametrize("card, priority, words", [
    ("move3", 805, "no Move 3 card has priority 805: theirs are 790 to 840 in steps of 10."),
    ("move3", 10, "no Move 3 card has priority 10"),            # a U-turn's
    ("turn_left", 80, "no Rotate Left card has priority 80: theirs are 70 to 410 in steps of 20."),
])
def test_a_card_none_of_the_84_is_refused_at_its_json_path(card, priority, words):
    """The deck's 84 cards each have their own priority (issue 23): a typo is named, not played."""
    document = copy.deepcopy(_load(FOLDER / "push-line-into-wall.json"))
    name = next(iter(document["turns"][0]["programs"]))
    document["turns"][0]["programs"][name][0] = {"card": card, "priority": priority}
    with pytest.raises(InvalidFileError) as caught:
        play_on_course(document, "x.json")
    assert caught.value.where == f"$.turns[0].programs.{name}[0].priority" and words in caught.value.message


def test_every_event_of_the_shipped_scenarios_reads_back_from_its_json_through_the_registry():
    from crashgrab.engine.roborally.rules.events import EVENTS

    kinds = set()
    for path in GOOD:
        for event in play_on_course(_load(path), str(path)).result.events:
            assert EVENTS.from_json(json.loads(json.dumps(event.to_json()))) == event
            kinds.add(event.kind)
    assert kinds == set(EVENTS.kinds)      # the scenarios play every kind
