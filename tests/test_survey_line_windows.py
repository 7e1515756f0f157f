"""Geometry's line tables, made from window templates moved onto each cell (survey/lines.py),
equal what line_table gives by walking every position step by step, on random lines."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from crashgrab.engine.crash_and_grab.survey.lines import Geometry, line_table


@st.composite
def boards_and_lines(draw):
    """A board size, a row or column of it, and that line's Accelerators and holes (as line bits)."""
    width = draw(st.integers(1, 40))
    height = draw(st.integers(1, 40))
    along_row = draw(st.booleans())
    length = width if along_row else height
    index = draw(st.integers(0, (height if along_row else width) - 1))
    kinds = draw(st.lists(st.sampled_from(".>#"), min_size=length, max_size=length))
    accelerators = sum(1 << p for p, kind in enumerate(kinds) if kind == ">")
    holes = sum(1 << p for p, kind in enumerate(kinds) if kind == "#")
    return width, height, along_row, index, accelerators, holes


def direct(width: int, along_row: bool, index: int, length: int, accelerators: int, holes: int):
    if along_row:
        return line_table(length, accelerators, holes, lambda p: index * width + p)
    return line_table(length, accelerators, holes, lambda p: p * width + index)


@settings(max_examples=300, deadline=None)
@given(st.lists(boards_and_lines(), min_size=1, max_size=6))
def test_window_tables_equal_the_step_by_step_walk(lines):
    # Several lines on one Geometry each time, so that later lines reuse the templates and
    # placed positions of earlier ones (and of lines of other sizes, which have their own).
    geometries: dict[tuple[int, int], Geometry] = {}
    for width, height, along_row, index, accelerators, holes in lines:
        geometry = geometries.setdefault((width, height), Geometry(width, height))
        length = width if along_row else height
        table = (geometry.row(index, accelerators, holes) if along_row
                 else geometry.column(index, accelerators, holes))
        expected = direct(width, along_row, index, length, accelerators, holes)
        assert list(table) == list(expected)
        assert table.rest_off_moves == expected.rest_off_moves


def test_a_window_reused_on_another_cell_names_that_cell():
    # . > . . . . > .  on rows 0 and 2 of an 8x3 board: the same windows, cells 16 apart.
    geometry = Geometry(8, 3)
    accelerators = 1 << 1 | 1 << 6
    first, third = geometry.row(0, accelerators, 0), geometry.row(2, accelerators, 0)
    assert third[3].first_hits == ((22, 3), (17, 2))       # east to x = 6, west to x = 1, on row 2
    assert first[3].first_hits == ((6, 3), (1, 2))
    assert third[3].bounce_rests[0] == 1 << 20 | 1 << 18   # d = 1: x = 4 and x = 2 of row 2
    assert list(third) == list(line_table(8, accelerators, 0, lambda p: 16 + p))
