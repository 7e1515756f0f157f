"""Metrics worked out by hand on small boards."""
from __future__ import annotations

import math

import pytest

from crashgrab.engine.crash_and_grab.validation import validate_layout
from tests.test_validation_helpers import board_layout


def metrics(picture):
    return validate_layout(board_layout(picture)).metrics


# --- exposure ---------------------------------------------------------------------------
def test_exposure_of_a_row_of_four():
    # Each cell's moves reach the other three cells of the row and nothing else: 20 - 3 = 17 crash.
    # [0,0]: north 5 + south 5 + west 5 + east d = 4, 5 -> 17; [1,0]: 10 + west d >= 2 (4) + east d >= 3 (3) -> 17.
    exposure = metrics("....")["exposure"]
    assert exposure == {"cells": [{"x": x, "y": 0, "off_moves": 17} for x in range(4)],
                        "mean": 17.0, "border_cells": 4}


def test_exposure_counts_moves_onto_an_accelerator_as_staying_on():
    # [0,0]: north, south, west crash (15); east d = 1 ends on [1,0], d >= 2 reaches the Accelerator.
    # [1,0]: north and south crash (10), west d >= 2 crashes (4), east reaches the Accelerator.
    exposure = metrics("..>")["exposure"]
    assert exposure == {"cells": [{"x": 0, "y": 0, "off_moves": 15}, {"x": 1, "y": 0, "off_moves": 14}],
                        "mean": 14.5, "border_cells": 3}


def test_exposure_of_a_single_cell_and_of_a_board_with_no_rest_cell():
    assert metrics("1")["exposure"] == {"cells": [{"x": 0, "y": 0, "off_moves": 20}], "mean": 20.0,
                                        "border_cells": 1}
    assert metrics(">")["exposure"] == {"cells": [], "mean": None, "border_cells": 1}


def test_border_cells_include_cells_beside_holes_but_not_the_inside():
    # 5x3 board with a hole at [2,1]: the two cells that would be inside touch the hole, so all 14 are border.
    assert metrics(".....\n..#..\n.....")["exposure"]["border_cells"] == 14
    # 5x5 without holes: the 3x3 inside is not border.
    assert metrics("\n".join(["....."] * 5))["exposure"]["border_cells"] == 16


# --- crash_site_moves -------------------------------------------------------------------
def test_crash_site_moves_along_a_row_of_all_twelve():
    # Sites in order along a 12x1 row: i -> j takes ceil(|i - j| / 5) moves.
    moves = metrics("123456789abc")["crash_site_moves"]
    assert moves["matrix"] == [[math.ceil(abs(i - j) / 5) for j in range(12)] for i in range(12)]
    # Ordered pairs at gap k: 2 (12 - k); sum of moves = 2 (45*1 + 20*2 + 1*3) = 176 over 132 pairs.
    assert moves["mean"] == round(176 / 132, 4)
    # The ends are hardest (mean 18/11 each); the tie goes to the lower number.
    assert moves["hardest"] == 1


def test_a_bounce_is_part_of_the_same_move():
    # 1 [0,0] -> 2 [5,0]: east 4 onto the Accelerator, bounced east 4: one move.
    # 2 -> 1: west 3 to [2,0], then west 1 onto the Accelerator and west 1 on: two moves.
    moves = metrics("1>...2")["crash_site_moves"]
    expected = [[None] * 12 for _ in range(12)]
    expected[0][0] = expected[1][1] = 0
    expected[0][1], expected[1][0] = 1, 2
    assert moves == {"matrix": expected, "mean": 1.5, "hardest": 1}


def test_unreachable_sites_are_null_and_hardest():
    # 1 [0,0] and 2 [2,2] reach each other in 2 moves; 3 [4,0] is behind the wall of holes.
    moves = metrics("1..#3\n...#.\n..2#.")["crash_site_moves"]
    assert moves["matrix"][0][:3] == [0, 2, None]
    assert moves["matrix"][1][:3] == [2, 0, None]
    assert moves["matrix"][2][:3] == [None, None, 0]
    assert moves["mean"] == 2.0
    assert moves["hardest"] == 3


def test_no_hardest_site_with_fewer_than_two():
    assert metrics("1..")["crash_site_moves"]["hardest"] is None
    assert metrics("...")["crash_site_moves"] == {"matrix": [[None] * 12 for _ in range(12)],
                                                  "mean": None, "hardest": None}


# --- accelerators -----------------------------------------------------------------------
@pytest.mark.parametrize("picture, expected", [
    # [3,0]-[3,2] link both ways from d = 2; [0,0]-[3,0] from d = 3.
    (">..>\n....\n...>", {"count": 3, "links": {"1": 0, "2": 2, "3": 4, "4": 4, "5": 4},
                          "loop_groups": {"1": 0, "2": 1, "3": 1, "4": 1, "5": 1}}),
    (">.....>", {"count": 2, "links": {str(d): 0 for d in range(1, 6)},
                 "loop_groups": {str(d): 0 for d in range(1, 6)}}),
    ("....", {"count": 0, "links": {str(d): 0 for d in range(1, 6)},
              "loop_groups": {str(d): 0 for d in range(1, 6)}}),
])
def test_accelerator_metrics(picture, expected):
    assert metrics(picture)["accelerators"] == expected
