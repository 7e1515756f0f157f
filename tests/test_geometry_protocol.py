"""Invariants every `system.Geometry` keeps, for the square and the hex grid alike."""
from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crashgrab.engine.grid.hex import HEX
from crashgrab.engine.grid.square import SQUARE

GEOMETRIES = pytest.mark.parametrize("geometry", [SQUARE, HEX], ids=["square", "hex"])
cells = st.tuples(st.integers(-20, 20), st.integers(-20, 20))


@GEOMETRIES
@given(cell=cells, index=st.integers(0, 5))
def test_an_edge_has_one_key_whichever_cell_names_it(geometry, cell, index):
    direction = geometry.directions[index % len(geometry.directions)]
    other = geometry.step(cell, direction)
    key = geometry.edge_key(cell, direction)
    assert key == geometry.edge_key(other, geometry.opposite(direction))
    assert key in {(cell, direction), (other, geometry.opposite(direction))}


@GEOMETRIES
@given(cell=cells)
def test_the_sides_of_a_cell_are_distinct_edges(geometry, cell):
    keys = {geometry.edge_key(cell, d) for d in geometry.directions}
    assert len(keys) == len(geometry.directions)


@GEOMETRIES
@given(cell=cells, centre=cells, turns=st.integers(0, 5))
def test_a_full_turn_of_rotation_steps_is_the_identity(geometry, cell, centre, turns):
    step = geometry.rotations[1]
    turned = cell
    for _ in range(len(geometry.rotations)):
        turned = geometry.rotate_cell(turned, step, centre)
    assert turned == cell
    rotation = geometry.rotations[turns % len(geometry.rotations)]
    assert geometry.distance(geometry.rotate_cell(cell, rotation, centre), centre) == geometry.distance(cell, centre)


@GEOMETRIES
@given(cell=cells, index=st.integers(0, 5), turns=st.integers(0, 5))
def test_rotating_a_step_turns_its_direction(geometry, cell, index, turns):
    direction = geometry.directions[index % len(geometry.directions)]
    rotation = geometry.rotations[turns % len(geometry.rotations)]
    moved = geometry.rotate_cell(geometry.step(cell, direction), rotation)
    assert moved == geometry.step(geometry.rotate_cell(cell, rotation), geometry.turned(direction, rotation))


@GEOMETRIES
@given(cell=cells)
def test_neighbours_are_one_step_away(geometry, cell):
    assert all(geometry.distance(cell, n) == 1 for n in geometry.neighbours(cell))
    assert geometry.distance(cell, cell) == 0


@GEOMETRIES
@given(cell=cells, index=st.integers(0, 5))
def test_a_direction_angle_points_from_a_cell_to_its_neighbour(geometry, cell, index):
    direction = geometry.directions[index % len(geometry.directions)]
    (ax, ay), (bx, by) = geometry.cell_centre(cell), geometry.cell_centre(geometry.step(cell, direction))
    angle = math.degrees(math.atan2(by - ay, bx - ax)) % 360.0
    assert math.isclose(angle, geometry.direction_angle(direction), abs_tol=1e-9)


@GEOMETRIES
@given(some=st.lists(cells, min_size=1, max_size=12))
def test_bounds_hold_every_cell_polygon(geometry, some):
    left, top, right, bottom = geometry.bounds(some)
    for cell in some:
        for x, y in geometry.cell_polygon(cell):
            assert left - 1e-9 <= x <= right + 1e-9 and top - 1e-9 <= y <= bottom + 1e-9


def test_bounds_of_worked_examples():
    assert SQUARE.bounds([(0, 0), (2, 1)]) == (0, 0, 3, 2)
    assert SQUARE.bounds([]) == (0.0, 0.0, 0.0, 0.0)
    left, top, right, bottom = HEX.bounds([(0, 0)])
    assert (round(left, 6), top, round(right, 6), bottom) == (round(-math.sqrt(3) / 2, 6), -1.0, round(math.sqrt(3) / 2, 6), 1.0)


@pytest.mark.parametrize("geometry,cell,direction,key", [
    (SQUARE, (3, 4), "east", ((3, 4), "east")),
    (SQUARE, (4, 4), "west", ((3, 4), "east")),
    (SQUARE, (2, 5), "south", ((2, 6), "north")),
    (HEX, (0, 0), "west", ((-1, 0), "east")),
    (HEX, (0, 0), "northeast", ((1, -1), "southwest")),
])
def test_edge_keys_worked_by_hand(geometry, cell, direction, key):
    assert geometry.edge_key(cell, direction) == key
