"""The shortest-program route search, on courses worked out by hand."""
from __future__ import annotations

import pytest

from crashgrab.engine.roborally.rules.routes import route_checks
from tests.test_roborally_rules import course


def _start(number, x, y, facing="east"):
    return {"number": number, "at": [x, y], "facing": facing}


def _wall(x, y, side):
    return {"at": [x, y], "side": side, "type": "wall"}


def test_a_straight_run_takes_a_move_3_and_a_move_1():
    findings, metrics = route_checks(course(5, 5, checkpoints=[(0, 0)], starts=[_start(1, 0, 4, "north")]))
    assert findings == []
    assert metrics == {"route_registers": {"1": 2}, "legs": {"1": [2]}, "damage": {"1": 0}}


def test_legs_count_the_registers_between_checkpoints():
    # to [3,0]: Move 3; back to [0,0]: U-turn, Move 3
    findings, metrics = route_checks(course(12, 1, checkpoints=[(3, 0), (0, 0)], starts=[_start(1, 0, 0)]))
    assert (findings, metrics["route_registers"], metrics["legs"]) == ([], {"1": 3}, {"1": [1, 2]})


def test_a_checkpoint_walled_in_on_all_sides_is_unreachable():
    walls = [_wall(2, 2, side) for side in ("north", "east", "south", "west")]
    findings, metrics = route_checks(course(5, 5, edges=walls, checkpoints=[(4, 4), (2, 2)], starts=[_start(1, 0, 0, "south")]))
    assert [(f.code, f.severity, f.cells, dict(f.details)) for f in findings] == [
        ("checkpoint-unreachable", "error", ((0, 0), (2, 2)), {"start": 1, "checkpoint": 2})]
    assert "checkpoint 2 at [2,2] can never be touched in order" in findings[0].message
    assert "move the checkpoint" in findings[0].message  # and how to fix it
    # A start that cannot finish has null figures (docs/findings.md), not missing ones.
    assert metrics == {"route_registers": {"1": None}, "legs": {"1": None}, "damage": {"1": None}}


# [2,1] holds the checkpoint, walled west, north and east. Its only open side leads to [2,2],
# walled south and east: a robot can enter [2,2] only from the west, going east, and cannot
# turn north in the middle of a move. Standing on [2,2] after a register, it could walk in next
# register; but a belt there moves it off first. Facing north, the belt carries it in.
BELT_WALLS = [_wall(2, 1, "west"), _wall(2, 1, "north"), _wall(2, 1, "east"), _wall(2, 2, "south"), _wall(2, 2, "east")]


@pytest.mark.parametrize("belt, registers", [("north", 1), ("west", None)])
def test_a_checkpoint_reachable_only_by_a_belt(belt, registers):
    cells = {(2, 2): {"type": "conveyor", "facing": belt, "express": False}}
    findings, metrics = route_checks(course(5, 5, cells=cells, edges=BELT_WALLS, checkpoints=[(2, 1)],
                                            starts=[_start(1, 0, 2)]))
    # Move 2 east: [1,2], [2,2]; the belt: [2,1]. Facing west, it carries the robot back to [1,2].
    assert metrics["route_registers"] == {"1": registers}
    assert [f.code for f in findings] == ([] if registers else ["checkpoint-unreachable"])


def test_damage_is_the_fewest_hits_on_a_fewest_register_route():
    # A flamethrower always on at [2,0] of a 5x1 strip: Move 3 + Move 1 (or Move 1 + Move 3)
    # passes it once (1 hit); Move 2 + Move 2 stops on it (2 hits).
    cells = {(2, 0): {"type": "flamethrower", "facing": "north", "steps": []}}
    _, metrics = route_checks(course(5, 1, cells=cells, checkpoints=[(4, 0)], starts=[_start(1, 0, 0)]))
    assert (metrics["route_registers"], metrics["damage"]) == ({"1": 2}, {"1": 1})


def test_a_laser_on_the_obvious_route_is_avoided_when_another_is_as_short():
    # The laser on [3,1]'s south wall covers [3,1] and [3,0]: Move 3 + Move 1 ends a register on
    # [3,1] (1 hit); Move 2 + Move 2 never does.
    edges = [{"at": [3, 1], "side": "south", "type": "laser", "beams": 1}]
    _, metrics = route_checks(course(5, 2, edges=edges, checkpoints=[(4, 1)], starts=[_start(1, 0, 1)]))
    assert (metrics["route_registers"], metrics["damage"]) == ({"1": 2}, {"1": 0})


def test_a_route_never_destroys_the_robot():
    # A pit at [2,0] of a 5x2 strip: the robot must go round it by row 1.
    cells = {(2, 0): {"type": "pit"}}
    _, metrics = route_checks(course(5, 2, cells=cells, checkpoints=[(4, 0)], starts=[_start(1, 0, 0)]))
    # Move 1 [1,0], Turn Right, Move 1 [1,1], Turn Left, Move 3 [4,1], Turn Left, Move 1 [4,0]: 7.
    # No fewer: going down a row and back up takes 2 cards, the 4 squares east 2 more, and
    # facing south, then east, then north 3 turns.
    assert metrics["route_registers"] == {"1": 7}


@pytest.mark.parametrize("far_start, unfair", [((0, 0), True), ((3, 0), False)])
def test_start_unfair_when_best_and_worst_starts_are_more_than_2_apart(far_start, unfair):
    # From [8,0]: one Move 3. From [0,0]: three Move 3s and a Move 2 (4); from [3,0]: 3.
    starts = [_start(1, 8, 0), _start(2, *far_start)]
    findings, metrics = route_checks(course(12, 1, checkpoints=[(11, 0)], starts=starts))
    assert metrics["route_registers"] == {"1": 1, "2": 4 if unfair else 3}
    found = [(f.code, f.severity, dict(f.details)) for f in findings]
    assert found == ([("start-unfair", "warning", {"best": 1, "worst": 2, "best_registers": 1, "worst_registers": 4})]
                     if unfair else [])
