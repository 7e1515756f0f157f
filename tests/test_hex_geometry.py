"""The hex geometry (engine/grid/hex.py): cases worked out by hand from the issue's formulas,
and hypothesis properties."""
import math

import pytest
from hypothesis import given, strategies as st

from crashgrab.engine.grid.hex import DIRECTIONS, HEX, ROTATIONS, distance, nearest_directions, rotate_cell
from crashgrab.engine.system import BoardPicture, Geometry

cells = st.tuples(st.integers(-50, 50), st.integers(-50, 50))
directions = st.sampled_from(DIRECTIONS)
rotations = st.sampled_from(ROTATIONS)


def test_it_is_a_geometry():
    assert isinstance(HEX, Geometry)
    assert HEX.directions == ("east", "southeast", "southwest", "west", "northwest", "northeast")


@pytest.mark.parametrize("direction, expected", [
    ("east", (1, 0)), ("southeast", (0, 1)), ("southwest", (-1, 1)),
    ("west", (-1, 0)), ("northwest", (0, -1)), ("northeast", (1, -1)),
])
def test_steps_from_the_centre(direction, expected):
    assert HEX.step((0, 0), direction) == expected


@pytest.mark.parametrize("a, b, expected", [
    ((0, 0), (3, 0), 3), ((0, 0), (-3, 3), 3), ((0, 0), (2, 1), 3),   # s = -3
    ((1, -2), (-1, 2), 4), ((0, 0), (1, 1), 2), ((2, -1), (2, -1), 0),
])
def test_cube_distance(a, b, expected):
    assert distance(a, b) == expected


@pytest.mark.parametrize("direction, rotation, expected", [
    ("east", 60, "southeast"), ("northeast", 60, "east"), ("west", 180, "east"), ("southwest", 300, "southeast"),
])
def test_turns_clockwise(direction, rotation, expected):
    assert HEX.turned(direction, rotation) == expected


def test_rotating_a_cell_a_sixth_turns_east_into_southeast():
    assert rotate_cell((3, 0), 60) == (0, 3)
    assert rotate_cell((1, 2), 180) == (-1, -2)


@pytest.mark.parametrize("cell, centre", [
    ((0, 0), (0.0, 0.0)), ((1, 0), (math.sqrt(3), 0.0)), ((0, 1), (math.sqrt(3) / 2, 1.5)), ((-1, 2), (0.0, 3.0)),
])
def test_centres(cell, centre):
    assert HEX.cell_centre(cell) == pytest.approx(centre)


def test_polygon_corners_are_one_radius_out_and_bound_the_side_they_name():
    corners = HEX.cell_polygon((0, 0))
    assert len(corners) == 6
    assert all(math.hypot(x, y) == pytest.approx(1.0) for x, y in corners)
    (ax, ay), (bx, by) = HEX.edge((0, 0), "east")
    assert (ax, ay) == pytest.approx((math.sqrt(3) / 2, -0.5)) and (bx, by) == pytest.approx((math.sqrt(3) / 2, 0.5))


def test_nearest_directions_and_their_ties():
    assert nearest_directions((1.0, 0.1)) == ("east",)
    assert nearest_directions((0.0, 1.0)) == ("southeast", "southwest")   # straight down: exactly between
    assert nearest_directions((0.0, -1.0)) == ("northwest", "northeast")
    assert nearest_directions((0.0, 0.0)) == ()


def test_edge_at_finds_the_side_near_a_point_and_none_in_the_middle():
    assert HEX.edge_at((math.sqrt(3) / 2 - 0.05, 0.0)) == ((0, 0), "east")
    assert HEX.edge_at((0.0, 0.0)) is None


def test_picture_extent_spans_every_hex_polygon():
    picture = BoardPicture(0, 0, ((0, 0), (1, 0), (-1, 0)))
    left, top, right, bottom = picture.extent(HEX)
    assert (left, top, right, bottom) == pytest.approx((-1.5 * math.sqrt(3), -1.0, 1.5 * math.sqrt(3), 1.0))


@given(cells)
def test_six_neighbours_all_at_distance_one(cell):
    neighbours = HEX.neighbours(cell)
    assert len(set(neighbours)) == 6
    assert all(distance(cell, n) == 1 for n in neighbours)


@given(directions)
def test_turning_six_times_is_the_identity(direction):
    turned = direction
    for _ in range(6):
        turned = HEX.turned(turned, 60)
    assert turned == direction


@given(cells, cells)
def test_rotating_a_cell_six_times_is_the_identity_and_keeps_distances(cell, centre):
    rotated = cell
    for _ in range(6):
        rotated = rotate_cell(rotated, 60, centre)
        assert distance(rotated, centre) == distance(cell, centre)
    assert rotated == cell


@given(cells, directions, st.integers(1, 5))
def test_a_step_and_the_opposite_step_cancel(cell, direction, steps):
    assert HEX.step(HEX.step(cell, direction, steps), HEX.opposite(direction), steps) == cell
    assert distance(cell, HEX.step(cell, direction, steps)) == steps


@given(cells)
def test_hit_testing_a_centre_returns_its_hex(cell):
    assert HEX.cell_at(HEX.cell_centre(cell)) == cell


@given(cells, st.floats(0, 0.85), st.floats(0, 2 * math.pi))
def test_hit_testing_inside_the_inscribed_circle_returns_the_hex(cell, radius, angle):
    cx, cy = HEX.cell_centre(cell)
    assert HEX.cell_at((cx + radius * math.cos(angle), cy + radius * math.sin(angle))) == cell


@given(cells, directions)
def test_the_side_toward_a_neighbour_is_shared_with_it(cell, direction):
    a, b = HEX.edge(cell, direction)
    c, d = HEX.edge(HEX.step(cell, direction), HEX.opposite(direction))
    assert a == pytest.approx(d) and b == pytest.approx(c)


@given(cells, directions, rotations)
def test_rotating_a_step_is_the_step_in_the_turned_direction(cell, direction, rotation):
    assert rotate_cell(HEX.step(cell, direction), rotation) == HEX.step(rotate_cell(cell, rotation),
                                                                         HEX.turned(direction, rotation))
