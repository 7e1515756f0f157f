"""The RoboRally editor's edits (editor/roborally/edits.py) on the engine's values: what a click
adds or takes away, and what is refused with a reason, worked out by hand on the standard set."""
from __future__ import annotations

import pytest

from crashgrab.editor.roborally import edits
from crashgrab.engine.roborally.model import EdgeElement, Piece, Start
from crashgrab.engine.roborally.templates import template_layout


@pytest.fixture
def course():
    return template_layout(4)  # Foundry at [0,0], the loading dock at [0,12]; checkpoints [9,2] [2,9] [7,4]


def edge_types(course, cell, side):
    return sorted(e.type for e in course.boardset.board("foundry").edge_elements(cell, side))


def test_a_wall_toggles_from_either_of_its_squares(course):
    walled = edits.with_edge_toggled(course, "foundry", EdgeElement("wall", ((2, 2), "east")))
    assert edge_types(walled, (3, 2), "west") == ["wall"]
    assert walled.boardset_ref is None and course.boardset_ref == "standard"  # the edited set is the course's own
    unwalled = edits.with_edge_toggled(walled, "foundry", EdgeElement("wall", ((3, 2), "west")))
    assert edge_types(unwalled, (2, 2), "east") == []


def test_a_wall_on_the_boards_rim_is_kept_under_the_boards_own_square(course):
    walled = edits.with_edge_toggled(course, "foundry", EdgeElement("wall", ((-1, 4), "east")))
    assert edge_types(walled, (0, 4), "west") == ["wall"]
    assert [e.mount for e in walled.boardset.board("foundry").edge_elements((0, 4), "west")] == [((-1, 4), "east")]


@pytest.mark.parametrize("first, second, words", [
    (EdgeElement("wall", ((5, 5), "north")), EdgeElement("door", ((5, 5), "north"), steps=(1,)), "holds a wall"),
    (EdgeElement("door", ((5, 5), "north"), steps=(1,)), EdgeElement("laser", ((5, 4), "south"), beams=1),
     "holds a door"),
])
def test_a_door_and_a_wall_never_share_a_side(course, first, second, words):
    once = edits.with_edge_toggled(course, "foundry", first)
    with pytest.raises(edits.RoboRallyEditRefused, match=words):
        edits.with_edge_toggled(once, "foundry", second)


def test_lasers_on_both_faces_of_one_wall_are_two_lasers(course):
    one = edits.with_edge_toggled(course, "foundry", EdgeElement("laser", ((5, 5), "north"), beams=2))
    two = edits.with_edge_toggled(one, "foundry", EdgeElement("laser", ((5, 4), "south"), beams=1))
    assert edge_types(two, (5, 5), "north") == ["laser", "laser"]
    back = edits.with_edge_toggled(two, "foundry", EdgeElement("laser", ((5, 5), "north"), beams=2))
    assert [e.mount for e in back.boardset.board("foundry").edge_elements((5, 5), "north")] == [((5, 4), "south")]


@pytest.mark.parametrize("edit, words", [
    (lambda c: edits.with_checkpoint(c, (9, 2)), "checkpoint 1 is already on \\[9,2\\]"),
    (lambda c: edits.with_checkpoint_moved(c, 4, (1, 1)), "no checkpoint 4"),
    (lambda c: edits.with_board(c, "nowhere", 0, 0), "no board 'nowhere'"),
    (lambda c: edits.with_board_moved(c, 0, -1, 0), "\\[0,0\\] to \\[1023,1023\\]"),
    (lambda c: edits.with_start_moved(c, 1, c.starts[1].at), "start 2 is already on"),
    (lambda c: edits.with_piece(c, Piece("door", (3, 3), steps=(1,))), "a cell's side"),
    (lambda c: edits.with_cell_element(c, "foundry", (12, 0), None), "outside the 12x12 board"),
    (lambda c: edits.with_piece_turned(edits.with_piece(c, Piece("portal", (5, 5), colour="blue")), 0),
     "does not face a way"),
])
def test_refused_edits_say_why_and_change_nothing(course, edit, words):
    with pytest.raises(edits.RoboRallyEditRefused, match=words):
        edit(course)


def test_a_new_start_takes_the_lowest_free_number(course):
    without_two = edits.without_start(course, 2)
    added = edits.with_start(without_two, (6, 6), "west")
    assert Start(2, (6, 6), "west") in added.starts
    assert edits.next_start_number(added) == 5


def test_a_board_turns_about_its_top_left_square_and_four_turns_are_none(course):
    turned = course
    for _ in range(4):
        turned = edits.with_board_turned(turned, 1)
        assert (turned.boards[1].x, turned.boards[1].y) == (0, 12)
    assert turned.boards == course.boards
