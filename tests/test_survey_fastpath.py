"""The fast path's pieces on lines and boards small enough to work out by hand."""
from __future__ import annotations

import pytest

from crashgrab.engine.crash_and_grab.survey.findings import board_facts, board_metrics
from crashgrab.engine.crash_and_grab.survey.lines import Geometry, line_table
from crashgrab.engine.crash_and_grab.resolve import resolve_layout
from tests.survey_boards import picture_layout


def cells(bits: int) -> set[int]:
    return {i for i in range(bits.bit_length()) if bits >> i & 1}


def test_line_with_an_accelerator_at_3():
    # . . . > . . . .   positions 0-7, cells numbered as positions
    table = line_table(8, 1 << 3, 0, lambda p: p)
    start = table[0]
    # West is off at once: d = 1..5 all crash. East: 1 and 2 are rest, 3 stops every d >= 3.
    assert start.off_moves == 5
    assert [cells(b) for b in start.bounce_rests] == [{1}, {2}, set(), set(), set()]
    assert start.bounce_hits == ((), (), (3,), (3,), (3,))
    middle = table[5]
    # East: 6, 7, then off for d = 3, 4, 5. West: 4, then the Accelerator at 3 for d >= 2.
    assert middle.off_moves == 3
    assert [cells(b) for b in middle.bounce_rests] == [{4, 6}, {7}, set(), set(), set()]
    assert middle.bounce_hits == ((), (3,), (3,), (3,), (3,))
    # Off moves of the rest positions 0,1,2,4,5,6,7: 5 + 4 + 3 + 2 + 3 + 4 + 5.
    assert table.rest_off_moves == 26


def test_a_hole_ends_a_move_like_the_edge():
    # . . # . .
    table = line_table(5, 0, 1 << 2, lambda p: p)
    assert table[2] is None
    assert table[0].off_moves == 5 + 4          # west at once, east from d = 2
    assert table[1].off_moves == 4 + 5          # west from d = 2, east at once
    assert table.rest_off_moves == 4 * 9


def test_columns_number_cells_down_the_board():
    geometry = Geometry(3, 4)
    column = geometry.column(2, 0, 0)          # x = 2 of a 3-wide board: cells 2, 5, 8, 11
    assert cells(column[0].bounce_rests[0]) == {5}
    assert cells(column[1].bounce_rests[0]) == {2, 8}
    assert geometry.column(2, 0, 0) is column  # memoised


@pytest.mark.parametrize("cell, holes, expected", [
    (0, 0, 2),          # a corner of a 3x3 board
    (1, 0, 1),          # the middle of the top row
    (4, 0, 0),          # the centre
    (4, 1 << 1 | 1 << 3, 2),   # the centre with holes north and west
])
def test_off_neighbours(cell, holes, expected):
    assert Geometry(3, 3).off_neighbours(cell, holes) == expected


def test_fewest_moves_through_an_accelerator():
    # 1 > . 2 : from 1, a move of 2 east stops on the Accelerator after one space and goes
    # on 2 east from there: 2 in one move. Back from 2, every move west either stops short
    # of the Accelerator or bounces a saucer off the west edge or back east; it takes [2,0]
    # first, then 1 west onto the Accelerator, which bounces the saucer on to 1: two moves.
    facts = board_facts(resolve_layout(picture_layout("1>.2")).board)
    assert facts.site_moves() == {0: {0: 0, 3: 1}, 3: {3: 0, 0: 2}}
    assert facts.site_move_sums() == (2, 3, 5)


def test_fewest_moves_in_a_clear_row():
    facts = board_facts(resolve_layout(picture_layout("1..2")).board)
    assert facts.site_moves() == {0: {0: 0, 3: 1}, 3: {3: 0, 0: 1}}


def test_a_loop_appears_at_the_distance_that_links_the_accelerators():
    # > . >  : two spaces apart, so they bounce a saucer moving 2 or more, never 1.
    facts = board_facts(resolve_layout(picture_layout(">.>")).board)
    assert facts.links == (0, 2, 2, 2, 2)
    assert facts.loop_groups == ((), (frozenset({0, 2}),), (frozenset({0, 2}),),
                                 (frozenset({0, 2}),), (frozenset({0, 2}),))


def test_a_single_cell_board_crashes_every_move():
    metrics = board_metrics(board_facts(resolve_layout(picture_layout("1")).board))
    assert metrics["exposure"] == {"cells": [{"x": 0, "y": 0, "off_moves": 20}], "mean": 20.0, "border_cells": 1}
    assert metrics["crash_site_moves"]["matrix"][0][0] == 0
    assert metrics["crash_site_moves"]["hardest"] is None


def test_holes_cut_the_board_into_parts_no_move_crosses():
    # 1 . # . 2 : a move across the hole crashes, so neither site reaches the other.
    facts = board_facts(resolve_layout(picture_layout("1.#.2")).board)
    assert facts.site_moves() == {0: {0: 0}, 4: {4: 0}}
    assert cells(facts.reached()) == {0, 1, 3, 4}


def test_both_crash_site_searches_give_the_same_distances(monkeypatch):
    # Lanes on small boards, site by site on big ones: on any board the results are equal.
    import random

    from crashgrab.engine.crash_and_grab.survey import fastcheck
    from tests.survey_boards import random_picture
    rng = random.Random(11)
    pictures = [random_picture(rng) for _ in range(150)]
    # and a few bigger boards with many Crash Sites, where the choice matters
    for size in (14, 18):
        rows = ["".join(rng.choice(".....>#123456789abc") for _ in range(size)) for _ in range(size)]
        pictures.append("\n".join(rows))
    for picture in pictures:
        board = resolve_layout(picture_layout(picture)).board
        results = []
        for limit in (10 ** 9, 0):
            monkeypatch.setattr(fastcheck, "LANE_SEARCH_LIMIT", limit)
            facts = board_facts(board)
            results.append((facts.site_levels, facts.visited))
        assert results[0] == results[1], picture
