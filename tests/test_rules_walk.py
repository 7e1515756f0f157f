"""crashgrab.engine.grid.walk: generic stepping along a direction (no game rules)."""
from __future__ import annotations

import pytest

from crashgrab.engine.grid.geometry import Direction
from crashgrab.engine.grid.walk import Step, direction_between, orthogonally_adjacent, path, steps
from tests.rules_support import board_from_rows

BOARD, _ = board_from_rows(["..#.", "....", "...."])


@pytest.mark.parametrize("start, direction, distance, expected", [
    ((0, 0), Direction.EAST, 3, [Step(1, (0, 0), (1, 0), 2, True), Step(2, (1, 0), (2, 0), 1, False),
                                 Step(3, (2, 0), (3, 0), 0, True)]),
    ((1, 1), Direction.NORTH, 2, [Step(1, (1, 1), (1, 0), 1, True), Step(2, (1, 0), (1, -1), 0, False)]),
    ((3, 2), Direction.SOUTH, 1, [Step(1, (3, 2), (3, 3), 0, False)]),
    ((2, 2), Direction.WEST, 0, []),
])
def test_steps_yield_every_entered_cell_with_what_is_left(start, direction, distance, expected):
    assert list(steps(BOARD, start, direction, distance)) == expected


def test_steps_refuse_a_negative_distance():
    with pytest.raises(ValueError):
        list(steps(BOARD, (0, 0), Direction.EAST, -1))


def test_path_ignores_the_board():
    assert path((0, 0), Direction.WEST, 2) == [(-1, 0), (-2, 0)]


@pytest.mark.parametrize("a, b, adjacent, direction", [
    ((1, 1), (2, 1), True, Direction.EAST),
    ((1, 1), (1, 0), True, Direction.NORTH),
    ((1, 1), (2, 2), False, None),
    ((1, 1), (1, 1), False, None),
    ((1, 1), (3, 1), False, None),
])
def test_adjacency(a, b, adjacent, direction):
    assert orthogonally_adjacent(a, b) is adjacent
    assert direction_between(a, b) == direction
