"""The editor's reachability overlay: rest cells one card reaches, with the smallest card."""
from __future__ import annotations

from crashgrab.engine.crash_and_grab.resolve import resolve_layout
from crashgrab.engine.crash_and_grab.validation.overlays import reachable_in_one_move
from tests.test_validation_helpers import board_layout

# Crash Site 1 [0,0], Accelerator [1,0], plain [2,0]-[4,0], Crash Site 2 [5,0].
ROW = resolve_layout(board_layout("1>...2")).board


def test_from_a_rest_cell_through_the_accelerator():
    # East d lands on the Accelerator at once and bounces on d: [2,0]..[5,0] for d = 1..4,
    # d = 5 runs off the east edge. Bounced west with 1 the saucer comes back to the start,
    # which is left out; every other move crashes.
    assert reachable_in_one_move(ROW, (0, 0)) == {(2, 0): 1, (3, 0): 2, (4, 0): 3, (5, 0): 4}


def test_from_the_far_end():
    # West 1-3 stays on plain cells; west 4 bounces on [1,0] with 4: west crashes, east comes
    # back to the start; west 5 crashes either way.
    assert reachable_in_one_move(ROW, (5, 0)) == {(4, 0): 1, (3, 0): 2, (2, 0): 3}


def test_from_an_accelerator_cell_the_bounces_of_each_distance():
    assert reachable_in_one_move(ROW, (1, 0)) == {(0, 0): 1, (2, 0): 1, (3, 0): 2, (4, 0): 3, (5, 0): 4}


def test_from_a_hole_or_outside_nothing():
    board = resolve_layout(board_layout("1#.")).board
    assert reachable_in_one_move(board, (1, 0)) == {}
    assert reachable_in_one_move(board, (9, 9)) == {}
    assert reachable_in_one_move(board, (0, 0)) == {}  # every move from the island crashes
