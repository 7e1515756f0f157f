"""RoboRally's board model: an edge is one thing whichever cell names it, a laser or pusher stands
on a wall, rotation turns cells, facings and edges (four quarter turns are the identity), and
loading a board set refuses what no board can hold, naming the JSON path."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.roborally.boardset_io import boardset_from_json, boardset_to_json
from crashgrab.engine.roborally.model import Board, CellElement, EdgeElement, Start, edges_by_key
from crashgrab.engine.roborally.terms import DIRECTIONS, edge_key
from tests.roborally_support import board, boardset, boardset_document

WALL_3_4_EAST = {"at": [3, 4], "side": "east", "type": "wall"}


def test_an_edge_named_from_either_side_is_one_edge():
    east = boardset(board("a", 6, 6, edges=[WALL_3_4_EAST])).boards[0]
    west = boardset(board("a", 6, 6, edges=[{"at": [4, 4], "side": "west", "type": "wall"}])).boards[0]
    assert east.edges == west.edges == {((3, 4), "east"): (EdgeElement("wall", ((3, 4), "east")),)}
    for a_board in (east, west):
        assert a_board.wall_between((3, 4), (4, 4)) and a_board.wall_between((4, 4), (3, 4))
        assert not a_board.wall_between((3, 4), (3, 5)) and not a_board.wall_between((4, 4), (5, 4))
    assert edge_key((4, 4), "west") == edge_key((3, 4), "east") == ((3, 4), "east")
    assert edge_key((2, 2), "south") == edge_key((2, 3), "north") == ((2, 3), "north")


def test_the_same_wall_drawn_from_both_sides_is_refused_at_its_path():
    document = boardset_document(board("a", 6, 6, edges=[WALL_3_4_EAST, {"at": [4, 4], "side": "west", "type": "wall"}]))
    with pytest.raises(InvalidFileError) as caught:
        boardset_from_json(document, "set.json")
    assert caught.value.where == "$.boards[0].edges[1]"
    assert "drawn twice" in caught.value.message and "[3,4] east" in caught.value.message


def test_a_laser_or_pusher_stands_on_a_wall_but_keeps_its_own_side():
    laser = {"at": [4, 4], "side": "west", "type": "laser", "beams": 2}
    pusher = {"at": [1, 1], "side": "south", "type": "pusher", "steps": [3, 1]}
    a_board = boardset(board("a", 6, 6, edges=[laser, pusher])).boards[0]
    assert a_board.wall_between((3, 4), (4, 4)) and a_board.wall_between((1, 1), (1, 2))
    assert a_board.edge_elements((3, 4), "east") == (EdgeElement("laser", ((4, 4), "west"), beams=2),)
    assert a_board.edge_elements((1, 2), "north") == (EdgeElement("pusher", ((1, 1), "south"), steps=(1, 3)),)


def test_a_wall_on_the_boards_outer_side_is_written_from_the_board():
    outer = {"at": [0, 2], "side": "west", "type": "wall"}
    a_board = boardset(board("a", 6, 6, edges=[outer])).boards[0]
    assert list(a_board.edges) == [((-1, 2), "east")]  # the canonical name lies off the board
    assert boardset_to_json(boardset(board("a", 6, 6, edges=[outer])))["boards"][0]["edges"] == [outer]


def test_a_quarter_turn_by_hand():
    """A 3 x 2 board turned 90 degrees clockwise is 2 x 3: (x, y) -> (1 - y, x)."""
    source = boardset(board("a", 3, 2, cells=[{"at": [2, 0], "type": "conveyor", "facing": "east", "express": True}],
                            edges=[{"at": [0, 0], "side": "north", "type": "wall"},
                                   {"at": [2, 1], "side": "south", "type": "laser", "beams": 1}],
                            starts=[{"number": 1, "at": [0, 1], "facing": "north"}])).boards[0]
    turned = source.rotated(90)
    assert (turned.width, turned.height) == (2, 3)
    assert turned.cells == {(1, 2): CellElement("conveyor", facing="south", express=True)}
    assert turned.edges == {((1, 0), "east"): (EdgeElement("wall", ((1, 0), "east")),),
                            ((-1, 2), "east"): (EdgeElement("laser", ((0, 2), "west"), beams=1),)}
    assert turned.starts == (Start(1, (0, 0), "east"),)
    assert turned.wall_between((1, 0), (2, 0)) and turned.wall_between((0, 2), (-1, 2))


def test_a_loaded_board_set_turns_back_into_its_document():
    document = boardset_document(board("a", 4, 3, cells=[{"at": [1, 1], "type": "gear", "turn": "left"},
                                                         {"at": [2, 2], "type": "crusher", "steps": [2, 4]}],
                                       edges=[{"at": [0, 1], "side": "north", "type": "wall"},
                                              {"at": [3, 2], "side": "east", "type": "door", "steps": []}]))
    assert boardset_to_json(boardset_from_json(document)) == document


@pytest.mark.parametrize("edit, where, words", [
    (lambda b: b["cells"].append({"at": [5, 0], "type": "pit"}), "$.boards[0].cells[0].at", "outside the 4x4 board"),
    (lambda b: b["cells"].extend([{"at": [1, 1], "type": "pit"}, {"at": [1, 1], "type": "oil"}]),
     "$.boards[0].cells[1]", "listed twice"),
    (lambda b: b["edges"].extend([{"at": [1, 1], "side": "east", "type": "door", "steps": [1]},
                                  {"at": [2, 1], "side": "west", "type": "wall"}]), "$.boards[0].edges[1]",
     "a door and a wall"),
    (lambda b: b["cells"].append({"at": [1, 1], "type": "gear"}), "$.boards[0].cells[0]", "missing field 'turn'"),
    (lambda b: b["cells"].append({"at": [1, 1], "type": "pit", "facing": "east"}), "$.boards[0].cells[0]",
     "unknown field 'facing'"),
    (lambda b: b["edges"].append({"at": [1, 1], "side": "up", "type": "wall"}), "$.boards[0].edges[0].side",
     "not allowed"),
    (lambda b: b["edges"].append({"at": [1, 1], "side": "north", "type": "laser", "beams": 4}),
     "$.boards[0].edges[0].beams", "not allowed"),
    (lambda b: b.update(width=17), "$.boards[0].width", "17"),
])
def test_loading_refuses_what_no_board_holds_at_its_json_path(edit, where, words):
    raw = board("a", 4, 4)
    edit(raw)
    with pytest.raises(InvalidFileError) as caught:
        boardset_from_json(boardset_document(raw), "set.json")
    assert caught.value.where == where and words in caught.value.message, caught.value


def test_two_boards_with_one_id_are_refused():
    with pytest.raises(InvalidFileError) as caught:
        boardset_from_json(boardset_document(board("a", 2, 2), board("a", 3, 3)))
    assert caught.value.where == "$.boards[1].id"


# --- rotation invariants -----------------------------------------------------------------

@st.composite
def boards(draw) -> Board:
    width, height = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    cell = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    elements = st.one_of(st.builds(lambda f, e: CellElement("conveyor", facing=f, express=e), st.sampled_from(DIRECTIONS),
                                   st.booleans()),
                         st.just(CellElement("pit")),
                         st.builds(lambda f: CellElement("flamethrower", facing=f, steps=(1,)), st.sampled_from(DIRECTIONS)))
    cells = draw(st.dictionaries(cell, elements, max_size=8))
    mounts = draw(st.lists(st.tuples(cell, st.sampled_from(DIRECTIONS), st.sampled_from(("wall", "laser", "pusher"))),
                           max_size=8, unique_by=lambda m: (edge_key(m[0], m[1]), m[2])))
    edges = [EdgeElement(kind, (at, side), beams=1 if kind == "laser" else None,
                         steps=(2,) if kind == "pusher" else None).moved((at, side)) for at, side, kind in mounts]
    return Board("b", "B", width, height, cells, edges_by_key(edges))


def _walls(board_: Board) -> set[tuple[tuple[int, int], tuple[int, int]]]:
    """Every pair of neighbouring cells a wall separates, in both orders."""
    pairs = set()
    for a in board_.all_cells():
        for side in DIRECTIONS:
            b = (a[0] + {"east": 1, "west": -1}.get(side, 0), a[1] + {"south": 1, "north": -1}.get(side, 0))
            if board_.wall_between(a, b):
                pairs.add((a, b))
    return pairs


@settings(max_examples=60, deadline=None)
@given(boards())
def test_four_quarter_turns_are_the_identity_on_cells_and_edges(board_):
    turned = board_
    for _ in range(4):
        turned = turned.rotated(90)
    assert (turned.width, turned.height) == (board_.width, board_.height)
    assert turned.cells == board_.cells
    assert turned.edges == board_.edges
    assert board_.rotated(90).rotated(270).edges == board_.edges
    assert board_.rotated(180) == board_.rotated(90).rotated(90)


@settings(max_examples=60, deadline=None)
@given(boards())
def test_a_turn_carries_each_wall_between_the_turned_cells(board_):
    from crashgrab.engine.roborally.model import rotate_in_box

    turned = board_.rotated(90)
    moved = {(rotate_in_box(a, 90, board_.width, board_.height), rotate_in_box(b, 90, board_.width, board_.height))
             for a, b in _walls(board_)}
    assert _walls(turned) == moved


def test_the_resolved_course_is_the_studios_generic_board():
    """Two 3x2 boards side by side, the second turned: walls on one edge once under the geometry's
    canonical key, a laser facing away from its wall, a piece placed on the board (ON_BOARD)."""
    from crashgrab.engine.grid.geometry import Direction
    from crashgrab.engine.grid.model import ON_BOARD, Board as GenericBoard
    from crashgrab.engine.grid.square import SQUARE
    from crashgrab.engine.roborally.resolved import resolve_course
    from tests.roborally_support import course

    left = board("left", 3, 2, cells=[{"at": [0, 0], "type": "pit"}],
                 edges=[{"at": [2, 0], "side": "east", "type": "wall"},
                        {"at": [2, 1], "side": "east", "type": "laser", "beams": 2}])
    right = board("right", 3, 2, edges=[{"at": [0, 0], "side": "west", "type": "wall"}])
    pieces = [{"type": "crusher", "at": [4, 1], "steps": [2]}]
    resolved = resolve_course(course([left, right], [("left", 0, 0, 0), ("right", 3, 0, 0)], pieces=pieces))
    floor = resolved.floor
    assert isinstance(floor, GenericBoard) and (floor.width, floor.height) == (6, 2)
    assert floor.cell_tiles[(1, 1)] == "left" and floor.cell_tiles[(4, 1)] == "right"
    assert [(f.type, f.tile) for f in floor.features_at((0, 0))] == [("pit", "left")]
    assert [(f.type, f.tile, dict(f.settings)) for f in floor.features_at((4, 1))] == [("crusher", ON_BOARD, {"steps": [2]})]
    # the boards' two walls on [2,0] east / [3,0] west are one
    assert [f.type for f in floor.edge_features_at(SQUARE, (3, 0), "west")] == ["wall"]
    laser = floor.edge_features_at(SQUARE, (3, 1), "west")   # mounted on [2,1]'s east side: fires west
    assert [(f.type, f.facing) for f in laser] == [("wall", None), ("laser", Direction.WEST)]
    # RoboRally's own terms read it back: the laser on [2,1] east, the piece not a board's element
    assert resolved.edges[edge_key((2, 1), "east")][1] == EdgeElement("laser", ((2, 1), "east"), beams=2)
    assert resolved.elements[(4, 1)] == CellElement("crusher", steps=(2,)) and (4, 1) not in resolved.board_elements
