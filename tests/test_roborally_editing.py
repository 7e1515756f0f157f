"""RoboRally's edits as pure functions (what the editor's undo commands call): each gives a new
value and leaves its argument as it was; an edge is edited the same from either of its squares."""
from __future__ import annotations

import pytest

from crashgrab.engine.roborally import editing
from crashgrab.engine.roborally.boardset_io import standard_boardset
from crashgrab.engine.roborally.model import CellElement, EdgeElement, Piece, Placement, Start
from crashgrab.engine.roborally.resolved import resolve_course
from crashgrab.engine.roborally.templates import template_layout
from tests.roborally_support import board, boardset

PLAIN = boardset(board("a", 4, 4, edges=[{"at": [3, 0], "side": "east", "type": "wall"}])).boards[0]


def test_painting_and_clearing_a_square():
    belt = CellElement("conveyor", facing="north", express=False)
    painted = editing.with_cell(PLAIN, (1, 2), belt)
    assert painted.element((1, 2)) == belt and PLAIN.element((1, 2)) is None
    assert editing.with_cell(painted, (1, 2), None).cells == {}
    with pytest.raises(ValueError):
        editing.with_cell(PLAIN, (4, 0), belt)


def test_a_wall_toggled_from_either_side_is_one_wall():
    walled = editing.toggled_wall(PLAIN, (1, 1), "east")
    assert walled.wall_between((1, 1), (2, 1))
    assert editing.toggled_wall(walled, (2, 1), "west").edges == PLAIN.edges  # off again, from the other square
    again = editing.with_edge(walled, EdgeElement("wall", ((2, 1), "west")))
    assert again.edges == walled.edges  # drawing it again from the other side adds no second wall


def test_a_door_replaces_the_wall_and_a_laser_keeps_its_side():
    walled = editing.toggled_wall(PLAIN, (1, 1), "south")
    door = editing.with_edge(walled, EdgeElement("door", ((1, 2), "north"), steps=(1, 3)))
    assert [e.type for e in door.edge_elements((1, 1), "south")] == ["door"]
    laser = editing.with_edge(PLAIN, EdgeElement("laser", ((2, 2), "west"), beams=2))
    assert laser.wall_between((1, 2), (2, 2))
    assert editing.without_edge(laser, (1, 2), "east", "laser").edges == laser.edges  # not mounted on that side
    assert editing.without_edge(laser, (2, 2), "west", "laser").edges == PLAIN.edges
    assert editing.toggled_wall(laser, (1, 2), "east").edges == PLAIN.edges  # its wall goes, and the laser with it


def test_resizing_drops_what_falls_off():
    painted = editing.with_cell(editing.with_cell(PLAIN, (3, 3), CellElement("pit")), (0, 0), CellElement("oil"))
    smaller = editing.resized(painted, 3, 3)
    assert smaller.cells == {(0, 0): CellElement("oil")} and smaller.edges == {}  # the wall on [3,0] east went too


def test_placing_turning_and_removing_boards():
    course = template_layout(2)
    turned = course
    for _ in range(4):
        turned = editing.turned_placement(turned, 0)
    assert turned.boards == course.boards
    once = editing.turned_placement(course, 0)
    assert once.boards[0] == Placement("foundry", 0, 0, 90) and course.boards[0].rotation == 0
    with pytest.raises(ValueError):
        editing.with_placement(course, None, Placement("nowhere", 0, 0))
    added = editing.with_placement(course, None, Placement("smelter", 12, 0, 180))
    assert len(added.boards) == 3 and editing.without_placement(added, 2).boards == course.boards


def test_moving_a_checkpoint_and_numbering_starts():
    course = template_layout(2)
    moved = editing.moved_checkpoint(course, 2, (3, 3))
    assert moved.checkpoints == ((9, 2), (3, 3), (7, 4)) and course.checkpoints[1] == (2, 9)
    renumbered = editing.with_start(editing.without_start(course, 1), Start(3, (0, 14), "north"))
    assert [s.number for s in renumbered.starts] == [2, 3]


def test_pieces_and_a_door_needs_its_side():
    course = template_layout(2)
    placed = editing.with_piece(course, None, Piece("crusher", (0, 0), steps=(2,)))
    assert placed.pieces == (Piece("crusher", (0, 0), steps=(2,)),)
    assert editing.without_piece(placed, 0).pieces == ()
    with pytest.raises(ValueError):
        editing.with_piece(course, None, Piece("door", (0, 0), steps=()))


def test_a_board_alone_as_a_course_for_showing_and_printing():
    alone = editing.single_board_course(standard_boardset(), "dock", "standard")
    resolved = resolve_course(alone)
    assert resolved.bounds() == (12, 4) and len(alone.starts) == 8
