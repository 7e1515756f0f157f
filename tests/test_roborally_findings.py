"""RoboRally's structural findings, one table row per case, each worked out by hand on small boards,
and the metrics (life points by the seed's table, the cells of each laser's beam)."""
from __future__ import annotations

import pytest

from crashgrab.engine.formats.schemas import validate
from crashgrab.engine.roborally.system import SYSTEM
from crashgrab.engine.roborally.terms import life_points
from crashgrab.engine.roborally.validation import CODES, validate_course
from tests.roborally_support import board, course

# Board "a", 4 x 4:      x: 0 1 2 3
#   y 0  L> . . .|       a laser on [0,0] west fires east; a wall on [2,0] east stops it at [2,0]
#   y 1   . O X .        pit [1,1], crusher [2,1] (always active)
#   y 2   . W . @        a repair site [1,2] (start 2 stands on it); blue portals [3,2] and [3,3]
#   y 3   > . . @        a belt [0,3] facing east
A = board("a", 4, 4, cells=[{"at": [1, 1], "type": "pit"}, {"at": [1, 2], "type": "repair", "wrenches": 1},
                            {"at": [2, 1], "type": "crusher", "steps": []},
                            {"at": [3, 2], "type": "portal", "colour": "blue"},
                            {"at": [3, 3], "type": "portal", "colour": "blue"},
                            {"at": [0, 3], "type": "conveyor", "facing": "east", "express": False}],
          edges=[{"at": [0, 0], "side": "west", "type": "laser", "beams": 1},
                 {"at": [2, 0], "side": "east", "type": "wall"}])
# Board "ring", 2 x 2: four belts round in a ring: [0,0] east, [1,0] south, [1,1] west, [0,1] north.
RING_CELLS = [{"at": [0, 0], "type": "conveyor", "facing": "east", "express": True},
              {"at": [1, 0], "type": "conveyor", "facing": "south", "express": False},
              {"at": [1, 1], "type": "conveyor", "facing": "west", "express": False},
              {"at": [0, 1], "type": "conveyor", "facing": "north", "express": True}]
RING = board("ring", 2, 2, cells=RING_CELLS)
BROKEN_RING = board("broken", 2, 2, cells=RING_CELLS, edges=[{"at": [1, 0], "side": "south", "type": "wall"}])
BOARDS = [A, RING, BROKEN_RING, board("big", 12, 12)]
ONE_A = [("a", 0, 0, 0)]
STARTS = [(1, (0, 2), "north"), (2, (1, 2), "north")]
CHECKPOINT = [(1, 3)]


def findings(placements=ONE_A, checkpoints=CHECKPOINT, starts=STARTS, pieces=(), **extra):
    return validate_course(course(BOARDS, placements, checkpoints, starts, pieces, **extra)).findings


def crusher(at):
    return {"type": "crusher", "at": list(at), "steps": [2]}


CASES = [
    # (case, course fields, the code, its cells; None: the code must not be found)
    ("a clean course", {}, None, None),
    ("boards overlap in two columns", {"placements": ONE_A + [("a", 2, 0, 0)]}, "board-overlap",
     [(x, y) for y in range(4) for x in (2, 3)]),
    ("side by side is no overlap", {"placements": ONE_A + [("a", 4, 0, 0)]}, "board-overlap", None),
    ("a gap column splits the course", {"placements": ONE_A + [("ring", 5, 0, 0)]}, "course-split", [(0, 0)]),
    ("touching at a corner only splits it", {"placements": ONE_A + [("ring", 4, 4, 0)]}, "course-split", [(0, 0)]),
    ("side by side is one course", {"placements": ONE_A + [("ring", 4, 2, 0)]}, "course-split", None),
    ("a checkpoint off the course", {"checkpoints": [(1, 3), (4, 0)]}, "off-course", [(4, 0)]),
    ("a start off the course", {"starts": STARTS + [(3, (0, 7), "north")]}, "off-course", [(0, 7)]),
    ("a piece off the course", {"pieces": [crusher((9, 9))]}, "off-course", [(9, 9)]),
    ("no checkpoint", {"checkpoints": []}, "checkpoint-count", []),
    ("nine checkpoints", {"checkpoints": [(x, 2) for x in range(3)] + [(x, 0) for x in range(4)] + [(2, 3), (1, 3)]},
     "checkpoint-count", [(1, 3)]),
    ("eight checkpoints are fine", {"checkpoints": [(x, 0) for x in range(4)] + [(0, 1), (3, 1), (1, 3), (2, 3)]},
     "checkpoint-count", None),
    ("a checkpoint on the pit", {"checkpoints": [(1, 1)]}, "checkpoint-on-pit", [(1, 1)]),
    ("a checkpoint on the board's crusher", {"checkpoints": [(2, 1)]}, "checkpoint-on-crusher", [(2, 1)]),
    ("a checkpoint on a crusher piece (piece-not-empty too)", {"pieces": [crusher((1, 3))]}, "checkpoint-on-crusher",
     [(1, 3)]),
    ("a crusher piece beside the checkpoint", {"pieces": [crusher((2, 3))]}, "checkpoint-on-crusher", None),
    ("fewer starts than players", {"players": 3}, "start-count", [(0, 2), (1, 2)]),
    ("a gap in the numbers", {"starts": [(1, (0, 2), "north"), (3, (1, 2), "north")]}, "start-count",
     [(0, 2), (1, 2)]),
    ("a number twice", {"starts": [(1, (0, 2), "north"), (1, (1, 2), "north")]}, "start-count", [(0, 2), (1, 2)]),
    ("nine starts", {"placements": [("big", 0, 0, 0)], "starts": [(n, (n, 5), "north") for n in range(1, 10)]},
     "start-count", [(n, 5) for n in range(1, 10)]),
    ("a start on the pit", {"starts": [(1, (1, 1), "north"), (2, (1, 2), "north")]}, "start-hazard", [(1, 1)]),
    ("a start on the belt", {"starts": [(1, (0, 3), "east"), (2, (1, 2), "north")]}, "start-hazard", [(0, 3)]),
    ("a start on a portal", {"starts": [(1, (3, 2), "west"), (2, (1, 2), "north")]}, "start-hazard", [(3, 2)]),
    ("a start on a crusher piece (piece-not-empty too)", {"pieces": [crusher((0, 2))]}, "start-hazard", [(0, 2)]),
    ("a start on the repair site is safe", {}, "start-hazard", None),
    ("a crusher piece on the pit", {"pieces": [crusher((1, 1))]}, "piece-not-empty", [(1, 1)]),
    ("a crusher piece on the checkpoint", {"pieces": [crusher((1, 3))]}, "piece-not-empty", [(1, 3)]),
    ("a crusher piece on a start", {"pieces": [crusher((0, 2))]}, "piece-not-empty", [(0, 2)]),
    ("two pieces on one square", {"pieces": [crusher((2, 2)), crusher((2, 2))]}, "piece-not-empty", [(2, 2)]),
    ("a piece next to a wall is fine", {"pieces": [crusher((2, 0))]}, "piece-not-empty", None),
    ("a door on the wall", {"pieces": [{"type": "door", "at": [3, 0], "side": "west", "steps": [1]}]},
     "piece-not-empty", [(3, 0)]),
    ("a door on the laser's side", {"pieces": [{"type": "door", "at": [0, 0], "side": "west", "steps": [1]}]},
     "piece-not-empty", [(0, 0)]),
    ("a door on a free side", {"pieces": [{"type": "door", "at": [1, 2], "side": "north", "steps": [1]}]},
     "piece-not-empty", None),
    ("two doors on one edge", {"pieces": [{"type": "door", "at": [1, 2], "side": "north", "steps": [1]},
                                          {"type": "door", "at": [1, 1], "side": "south", "steps": []}]},
     "piece-not-empty", [(1, 1)]),
    ("a third blue portal", {"pieces": [{"type": "portal", "at": [2, 2], "colour": "blue"}]}, "portal-unpaired",
     [(2, 2), (3, 2), (3, 3)]),
    ("a lone red portal", {"pieces": [{"type": "portal", "at": [2, 2], "colour": "red"}]}, "portal-unpaired",
     [(2, 2)]),
    ("a ring of belts", {"placements": ONE_A + [("ring", 4, 0, 0)]}, "conveyor-loop", [(4, 0), (5, 0), (4, 1), (5, 1)]),
    ("a ring turned is a ring", {"placements": ONE_A + [("ring", 4, 0, 90)]}, "conveyor-loop",
     [(4, 0), (5, 0), (4, 1), (5, 1)]),
    ("a wall breaks the ring", {"placements": ONE_A + [("broken", 4, 0, 0)]}, "conveyor-loop", None),
    ("the beam crosses a checkpoint", {"checkpoints": [(1, 0)]}, "laser-on-checkpoint", [(0, 0), (1, 0)]),
    ("the wall stops the beam short of it", {"checkpoints": [(3, 0)]}, "laser-on-checkpoint", None),
]


@pytest.mark.parametrize("fields, code, cells", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_structural_findings(fields, code, cells):
    found = findings(**fields)
    if code is None:
        assert found == ()
        return
    of_code = [f for f in found if f.code == code]
    if cells is None:
        assert of_code == []
        return
    assert len(of_code) == 1, found
    assert sorted(of_code[0].cells) == sorted(cells)
    assert of_code[0].severity == CODES[code]


def test_every_code_has_a_case():
    assert {c[2] for c in CASES if c[3] is not None} == set(CODES)


def test_a_wall_where_two_boards_meet_counts_once():
    """Board a's east wall on [2,0] and a second board's matching west wall are one edge."""
    other = board("b", 4, 4, edges=[{"at": [0, 0], "side": "west", "type": "wall"}])
    layout = course([A, other], [("a", 0, 0, 0), ("b", 4, 0, 0)], CHECKPOINT, STARTS)
    from crashgrab.engine.roborally.resolved import resolved_course_json

    walls = [e for e in resolved_course_json(layout)["edges"] if e["type"] == "wall" and e["at"] == [3, 0]]
    assert walls == [{"at": [3, 0], "side": "east", "type": "wall"}]


@pytest.mark.parametrize("players, boards, points", [
    (2, 1, 3), (4, 4, 3), (5, 1, 4), (4, 5, 4), (5, 6, 5),  # the seed's example: five players, six boards
    (8, 5, 5), (3, 7, 4),
])
def test_life_points_by_the_seeds_table(players, boards, points):
    assert life_points(players, boards) == points


def test_metrics_count_boards_cells_life_points_and_each_beam():
    report = validate_course(course(BOARDS, ONE_A + [("ring", 4, 0, 0)], CHECKPOINT, STARTS))
    metrics = report.metrics
    assert (metrics["boards"], metrics["factory_boards"], metrics["cells"], metrics["checkpoints"]) == (2, 0, 20, 1)
    assert metrics["lasers"] == [{"at": [0, 0], "side": "west", "beams": 1, "cells": [[0, 0], [1, 0], [2, 0]]}]
    five = validate_course(course(BOARDS, [("big", 12 * i, 0, 0) for i in range(5)] + [("a", 0, 12, 0)],
                                  [(1, 1)], [(1, (0, 0), "north"), (2, (1, 0), "north")])).metrics
    assert five["factory_boards"] == 5 and five["boards"] == 6
    assert five["life_points"] == {"2": 4, "3": 4, "4": 4, "5": 5, "6": 5, "7": 5, "8": 5}
    validate(metrics, "roborally-metrics")
    validate(five, "roborally-metrics")


def test_resolve_gives_the_structural_errors_and_warnings_not_the_notes():
    layout = course(BOARDS, ONE_A + [("ring", 5, 0, 0)], [(1, 0)], STARTS)
    assert {f.code for f in SYSTEM.resolve(layout).findings} == {"course-split"}
    assert {f.code for f in SYSTEM.validate(layout).findings} == {"course-split", "conveyor-loop", "laser-on-checkpoint"}
