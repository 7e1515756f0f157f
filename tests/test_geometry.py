"""Rotation and directions, worked out by hand from the issue's formulas."""
import pytest
from hypothesis import given, strategies as st

from crashgrab.engine.grid.geometry import ROTATIONS, Direction, rotate_point, rotated_size
from crashgrab.engine.grid.model import Feature, Tile

# A 4x2 tile (4 wide, 2 high); the feature at native (3, 0) is the top-right cell.
#   90  -> (h-1-y, x)     = (1, 3): the tile is 2 wide, 4 high; top-right went to bottom-right
#   180 -> (w-1-x, h-1-y) = (0, 1): bottom-left
#   270 -> (y, w-1-x)     = (0, 0): top-left
@pytest.mark.parametrize("rotation, expected_cell, expected_size", [
    (0, (3, 0), (4, 2)),
    (90, (1, 3), (2, 4)),
    (180, (0, 1), (4, 2)),
    (270, (0, 0), (2, 4)),
])
def test_non_square_tile_at_each_rotation(rotation, expected_cell, expected_size):
    tile = Tile("t", "custom", 4, 2, {"A": (Feature("accelerator", 3, 0),), "B": ()})
    (feature,) = tile.features("A", rotation)
    assert (feature.x, feature.y) == expected_cell
    assert tile.size(rotation) == expected_size


def test_rotation_of_45_is_refused():
    with pytest.raises(ValueError, match="rotation"):
        rotate_point(0, 0, 4, 4, 45)


@pytest.mark.parametrize("direction, rotation, expected", [
    (Direction.NORTH, 90, Direction.EAST),
    (Direction.EAST, 90, Direction.SOUTH),
    (Direction.WEST, 90, Direction.NORTH),
    (Direction.NORTH, 180, Direction.SOUTH),
    (Direction.SOUTH, 270, Direction.EAST),
])
def test_facing_turns_clockwise(direction, rotation, expected):
    assert direction.turned(rotation) is expected


def test_facing_feature_turns_with_its_tile():
    tile = Tile("t", "custom", 2, 1, {"A": (Feature("arrow", 0, 0, facing=Direction.NORTH),), "B": ()})
    (feature,) = tile.features("A", 90)
    assert (feature.x, feature.y, feature.facing) == (0, 0, Direction.EAST)


@given(st.integers(1, 8), st.integers(1, 8), st.data())
def test_rotation_is_a_bijection_onto_the_rotated_rectangle(width, height, data):
    rotation = data.draw(st.sampled_from(ROTATIONS))
    w, h = rotated_size(width, height, rotation)
    images = {rotate_point(x, y, width, height, rotation) for x in range(width) for y in range(height)}
    assert images == {(x, y) for x in range(w) for y in range(h)}


@given(st.integers(1, 8), st.integers(1, 8), st.integers(0, 7), st.integers(0, 7))
def test_four_quarter_turns_return_home(width, height, x, y):
    x, y = x % width, y % height
    w, h = width, height
    for _ in range(4):
        x, y = rotate_point(x, y, w, h, 90)
        w, h = rotated_size(w, h, 90)
    assert (x, y, w, h) == (x, y, width, height)
