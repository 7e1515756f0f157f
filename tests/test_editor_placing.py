"""What dropping, rotating, flipping and removing a tile means, worked out by hand.

Standard tiles: 1-4 core 4x4, 5-8 arms 4x1, 9 centre 1x1, 10-13 arms 4x2, 14 centre 2x2.
Template 2-4: core slots at (0,0) NW, (4,0) NE, (0,4) SW, (4,4) SE. Template 5: cores at
(0,0), (5,0), (0,5), (5,5); arms north (4,0) and south (4,5) standing (90/270), west
(0,4) and east (5,4) flat (0/180); centre (4,4).
"""
from __future__ import annotations

import pytest

from crashgrab.editor.crash_and_grab.document import blank_layout
from crashgrab.editor.crash_and_grab.placing import (Edit, Refusal, TileDrag, plan_auto_place, plan_drop, plan_flip, plan_remove,
                            plan_rotation, slot_under, tile_at)
from crashgrab.engine.grid.model import Placement as P


def board(template, *placements):
    return blank_layout(template).with_placements(placements)


def palette(tile, side="A", grab=(0, 0)):
    return TileDrag(tile, side, 0, grab)


def moving(placement, grab=(0, 0)):
    return TileDrag(placement.tile, placement.side, placement.rotation, grab)


CORE_1 = P("1", "A", 0, 0, 0)
CORE_4 = P("4", "B", 4, 4, 90)
NORTH_5 = P("5", "A", 4, 0, 90)
WEST_6 = P("6", "A", 0, 4, 0)

DROPS = [
    # (case, layout, drag, cell under the cursor, kind, placements after, removed, text)
    ("palette tile snaps to the slot under the cursor", board("2-4"), palette("3", "B"), (5, 6),
     "place", (P("3", "B", 4, 4, 0),), (), "Place tile 3B in the south-east core slot"),
    ("palette tile on an occupied slot replaces it", board("2-4", CORE_1), palette("2"), (2, 2),
     "replace", (P("2", "A", 0, 0, 0),), ("1",), "Replace tile 1 with tile 2A"),
    ("board tile onto an occupied slot swaps, each keeping side and rotation", board("2-4", CORE_1, CORE_4),
     moving(CORE_1, (1, 1)), (6, 6), "swap", (P("1", "A", 4, 4, 0), P("4", "B", 0, 0, 90)), (),
     "Swap tiles 1 and 4"),
    ("board tile onto an empty slot moves", board("2-4", CORE_1), moving(CORE_1), (4, 0),
     "move", (P("1", "A", 4, 0, 0),), (), "Move tile 1 to the north-east core slot"),
    ("the palette's other side of a placed tile flips it in place", board("2-4", P("1", "A", 0, 0, 90)),
     palette("1", "B"), (3, 3), "flip", (P("1", "B", 0, 0, 90),), (), "Flip tile 1 to side B"),
    ("an arm dropped on a standing slot stands up", board("5"), palette("5"), (4, 2),
     "place", (P("5", "A", 4, 0, 90),), (), "Place tile 5A in the north arm slot"),
    ("arms swap between a standing and a flat slot, turning to fit", board("5", NORTH_5, WEST_6),
     moving(NORTH_5), (2, 4), "swap", (P("5", "A", 0, 4, 0), P("6", "A", 4, 0, 90)), (), "Swap tiles 5 and 6"),
    ("a tile lying off every slot swaps by position", board("2-4", P("2", "A", 1, 1, 0), CORE_4),
     moving(P("2", "A", 1, 1, 0)), (5, 5), "swap", (P("2", "A", 4, 4, 0), P("4", "B", 1, 1, 90)), (),
     "Swap tiles 2 and 4"),
    # Free-form: the board's top-left corner is [0,0] in the file, wherever the tiles lie on the
    # canvas; an edit that moves it moves every tile back by `shift`, which the canvas follows.
    # The edit's own tile comes first (it is selected after the edit), then the others.
    ("free-form: the first tile is the board's corner, wherever it is dropped", board(None),
     palette("3", grab=(2, 2)), (5, 5), "place", (P("3", "A", 0, 0, 0),), (), "Place tile 3A at [0,0]", (-3, -3)),
    ("free-form: next to another tile", board(None, CORE_1), palette("9"), (4, 0),
     "place", (P("9", "A", 4, 0, 0),), (), "Place tile 9A at [4,0]", (0, 0)),
    ("free-form: dropped left of the board, it grows left", board(None, CORE_1), palette("9"), (-1, 2),
     "place", (P("9", "A", 0, 2, 0), P("1", "A", 1, 0, 0)), (), "Place tile 9A at [0,2]", (1, 0)),
    ("free-form: held by its top-left cell above the top-left tile, it grows up", board(None, CORE_1),
     palette("3"), (0, -4), "place", (P("3", "A", 0, 0, 0), P("1", "A", 0, 4, 0)), (), "Place tile 3A at [0,0]",
     (0, 4)),
    ("free-form: a placed tile moves", board(None, CORE_1, P("9", "A", 6, 0, 0)), moving(CORE_1, (1, 1)), (2, 3),
     "move", (P("1", "A", 0, 2, 0), P("9", "A", 5, 0, 0)), (), "Move tile 1 right by 1 and down by 2", (-1, 0)),
    ("free-form: the corner tile moving away takes the corner along", board(None, CORE_1, P("9", "A", 6, 0, 0)),
     moving(CORE_1), (2, 0), "move", (P("1", "A", 0, 0, 0), P("9", "A", 4, 0, 0)), (), "Move tile 1 right by 2",
     (-2, 0)),
    ("free-form: a move up and left grows the board", board(None, CORE_1, P("9", "A", 6, 0, 0)),
     moving(P("9", "A", 6, 0, 0)), (5, -1), "move", (P("9", "A", 5, 0, 0), P("1", "A", 0, 1, 0)), (),
     "Move tile 9 left by 1 and up by 1", (0, 1)),
]


@pytest.mark.parametrize("case, layout, drag, cell, kind, placements, removed, text, shift",
                         [d if len(d) == 9 else (*d, (0, 0)) for d in DROPS], ids=[d[0] for d in DROPS])
def test_drop_plans(case, layout, drag, cell, kind, placements, removed, text, shift):
    plan = plan_drop(layout, drag, cell)
    assert isinstance(plan, Edit), plan
    assert (plan.kind, plan.placements, plan.removed, plan.text, plan.shift) == (kind, placements, removed, text, shift)


def test_removing_the_corner_tile_keeps_the_board_at_0_0():
    plan = plan_remove(board(None, CORE_1, P("9", "A", 4, 1, 0)), "1")
    assert (plan.removed, plan.placements, plan.shift) == (("1",), (P("9", "A", 0, 0, 0),), (-4, -1))
    assert plan_remove(board(None, CORE_1, P("9", "A", 4, 1, 0)), "9").shift == (0, 0)


def test_the_only_tile_moving_stays_the_corner_and_the_canvas_follows():
    plan = plan_drop(board(None, CORE_1), moving(CORE_1), (5, 3))
    assert (plan.kind, plan.placements, plan.shift, plan.text) == ("move", (CORE_1,), (-5, -3),
                                                                    "Move tile 1 right by 5 and down by 3")


REFUSED = [
    ("an arm tile does not go in a core slot", board("2-4"), palette("5"), (1, 1), (0, 0, 4, 4),
     "Tile 5 does not fit: the north-west core slot takes a core tile (1-4), not tile 5 (a 4x1 arm tile (5-8))."),
    ("the centre of the 5 board takes tile 9 only", board("5"), palette("14"), (4, 4), (4, 4, 1, 1),
     "Tile 14 does not fit: the centre slot takes the 1x1 centre tile (9), not tile 14 (the 2x2 centre tile (14))."),
    ("free-form: left of the board, still no overlap", board(None, CORE_1), palette("3", grab=(2, 2)), (1, 1),
     (-1, -1, 4, 4), "Tile 3 would overlap tile 1 at [0,0]; tiles may not overlap, so use free cells."),
    ("free-form: no overlap", board(None, CORE_1), palette("9"), (3, 3), (3, 3, 1, 1),
     "Tile 9 would overlap tile 1 at [3,3]; tiles may not overlap, so use free cells."),
    ("free-form: a move may not overlap either", board(None, CORE_1, P("9", "A", 6, 0, 0)), moving(CORE_1), (3, 0),
     (3, 0, 4, 4), "Tile 1 would overlap tile 9 at [6,0]; tiles may not overlap, so use free cells."),
]


@pytest.mark.parametrize("case, layout, drag, cell, area, reason", REFUSED, ids=[r[0] for r in REFUSED])
def test_refused_drops_say_why(case, layout, drag, cell, area, reason):
    assert plan_drop(layout, drag, cell) == Refusal(reason, area)


def test_dropping_outside_every_slot_is_refused_without_an_area():
    plan = plan_drop(board("5"), palette("1"), (20, 20))
    assert isinstance(plan, Refusal) and plan.area is None
    assert "slots" in plan.reason


def test_dropping_a_tile_back_where_it_is_changes_nothing():
    assert plan_drop(board("2-4", CORE_1), moving(CORE_1, (2, 2)), (2, 2)) is None
    assert plan_drop(board(None, CORE_1), moving(CORE_1, (2, 2)), (2, 2)) is None


@pytest.mark.parametrize("template, cell, slot", [
    ("2-4", (7, 0), "north-east core"), ("2-4", (3, 4), "south-west core"),
    ("5", (4, 3), "north arm"), ("5", (4, 4), "centre"), ("5", (8, 4), "east arm"), ("5", (4, 8), "south arm"),
    ("6", (5, 5), "centre"), ("6", (5, 0), "north arm"), ("6", (0, 5), "west arm"), ("6", (6, 6), "south-east core"),
])
def test_the_slot_under_a_cell_covers_the_tile_it_takes(template, cell, slot):
    assert slot_under(board(template), cell).name == slot


ROTATIONS = [
    ("a core tile turns a quarter clockwise", board("2-4", CORE_1), "1", True, P("1", "A", 0, 0, 90), ""),
    ("and counter-clockwise", board("2-4", CORE_1), "1", False, P("1", "A", 0, 0, 270), ""),
    ("a flat arm skips the standing rotations", board("5", WEST_6), "6", True, P("6", "A", 0, 4, 180),
     "The west arm slot takes rotation 0 or 180 only, so tile 6 turned 180\u00b0 to 180."),
    ("a standing arm skips the flat ones the other way too", board("5", NORTH_5), "5", False,
     P("5", "A", 4, 0, 270), "The north arm slot takes rotation 90 or 270 only, so tile 5 turned 180\u00b0 to 270."),
    ("free-form turns about the top-left cell", board(None, P("5", "A", 0, 0, 0)), "5", True,
     P("5", "A", 0, 0, 90), ""),
]


@pytest.mark.parametrize("case, layout, tile, clockwise, after, note", ROTATIONS, ids=[r[0] for r in ROTATIONS])
def test_rotation_plans(case, layout, tile, clockwise, after, note):
    plan = plan_rotation(layout, tile, clockwise)
    assert isinstance(plan, Edit)
    assert (plan.kind, plan.placements, plan.note) == ("rotate", (after,), note)


def test_free_form_rotation_into_another_tile_is_refused():
    layout = board(None, P("5", "A", 0, 0, 0), P("9", "A", 0, 1, 0))
    assert plan_rotation(layout, "5") == Refusal(
        "Tile 5 would overlap tile 9 at [0,1]; tiles may not overlap, so use free cells.", (0, 0, 1, 4))


def test_flip_and_remove():
    layout = board("2-4", CORE_1, CORE_4)
    assert plan_flip(layout, "4") == Edit("flip", (P("4", "A", 4, 4, 90),), text="Flip tile 4 to side A")
    assert plan_remove(layout, "1") == Edit("remove", removed=("1",), text="Remove tile 1")
    assert plan_flip(layout, "7") is None and plan_remove(layout, "7") is None and plan_rotation(layout, "7") is None


@pytest.mark.parametrize("layout, tile, expected", [
    (board("5"), "7", P("7", "A", 4, 0, 90)),  # the first free arm slot is the north one, standing
    (board("5", NORTH_5), "7", P("7", "A", 0, 4, 0)),  # then the west arm, flat
    (board("2-4", CORE_1), "3", P("3", "A", 4, 0, 0)),
    (board(None), "9", P("9", "A", 0, 0, 0)),
    (board(None, CORE_1), "9", P("9", "A", 4, 0, 0)),  # first free cell row by row
])
def test_auto_place_fills_the_first_free_spot(layout, tile, expected):
    plan = plan_auto_place(layout, tile, "A")
    assert isinstance(plan, Edit) and plan.placements == (expected,)


def test_auto_place_refuses_with_reasons():
    full = board("2-4", CORE_1, P("2", "A", 4, 0, 0), P("3", "A", 0, 4, 0), CORE_4)
    assert plan_auto_place(full, "1", "A") == Refusal("Tile 1 is already on the board; drag it to move it.")
    assert plan_auto_place(board("2-4", CORE_1), "5", "A") == Refusal(
        "No free slot takes tile 5 (the north-east core slot takes a core tile (1-4), "
        "not tile 5 (a 4x1 arm tile (5-8))).")


def test_tile_at_finds_the_covering_tile():
    layout = board("2-4", CORE_1, CORE_4)
    assert tile_at(layout, (3, 3)) == CORE_1
    assert tile_at(layout, (7, 7)) == CORE_4
    assert tile_at(layout, (4, 0)) is None


def test_drag_data_round_trips_and_rejects_garbage():
    drag = TileDrag("12", "B", 270, (1, 3))
    assert TileDrag.from_bytes(drag.to_bytes()) == drag
    assert TileDrag.from_bytes(b"not json") is None
    assert TileDrag.from_bytes(b'{"tile": "1"}') is None
