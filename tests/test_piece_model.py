"""The generic piece model (engine/grid): pieces up to 16x16 with one or two sides, several
features a cell, edge features stored once, typed settings, any geometry's rotation steps and
features placed on the board; and Crash & Grab keeping its own one-feature-a-cell and 8x8 rules."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from crashgrab.engine.crash_and_grab.tileset_file import tileset_from_json
from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.feature_settings import Setting
from crashgrab.engine.grid import tile_editing
from crashgrab.engine.grid.geometry import Direction
from crashgrab.engine.grid.hex import HexGeometry
from crashgrab.engine.grid.model import (
    MAX_PIECE_SIZE, ON_BOARD, Feature, Placement, Tile, TileSet, piece_offset)
from crashgrab.engine.grid.resolve import place_tiles
from crashgrab.engine.grid.square import SQUARE
from crashgrab.engine.grid.tilecheck import piece_problems
from crashgrab.engine.system import FeatureKind

HEX = HexGeometry()
GEOMETRIES = [SQUARE, HEX]
FAST = settings(max_examples=25, deadline=None)


@st.composite
def pieces(draw, geometry, facing: bool = True):
    """A one- or two-sided piece with cell and edge features (facings only on the square grid)."""
    width = draw(st.integers(1, 6))
    height = draw(st.integers(1, 6))
    cells = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    edges = st.one_of(st.none(), st.sampled_from(geometry.directions))
    facings = st.one_of(st.none(), st.sampled_from(list(Direction))) if facing else st.none()

    def feature():
        return st.builds(lambda cell, edge, face, n: Feature("thing", cell[0], cell[1], n, face, edge),
                         cells, edges, facings, st.one_of(st.none(), st.integers(1, 9)))

    sides = draw(st.sampled_from([("A",), ("A", "B")]))
    return Tile("p", "any", width, height,
                {side: tuple(draw(st.lists(feature(), max_size=8))) for side in sides})


def turn(geometry, cells, features, rotation):
    """A piece's cells and features turned once by `rotation` about (0, 0), corner back at (0, 0)."""
    offset = piece_offset(geometry, cells, rotation)
    turned = [geometry.rotate_cell(c, rotation) for c in cells]
    return ([(x + offset[0], y + offset[1]) for x, y in turned],
            [f.turned_on(geometry, rotation, offset) for f in features])


@pytest.mark.parametrize("geometry", GEOMETRIES, ids=lambda g: g.name)
@FAST
@given(data=st.data())
def test_a_full_turn_of_rotation_steps_is_the_identity_on_cells_features_and_edges(geometry, data):
    tile = data.draw(pieces(geometry, facing=geometry is SQUARE))
    step = geometry.rotations[1]
    cells, features = tile.native_cells(), list(tile.sides["A"])
    for _ in geometry.rotations:
        cells, features = turn(geometry, cells, features, step)
    assert sorted(cells) == sorted(tile.native_cells())
    assert features == list(tile.sides["A"])


@FAST
@given(tile=pieces(SQUARE))
def test_the_square_fast_path_turns_a_piece_as_the_generic_one_does(tile):
    for rotation in SQUARE.rotations:
        assert tile.features("A", rotation) == tile.features("A", rotation, SQUARE)
        assert tile.cells(rotation) == tile.cells(rotation, SQUARE)


@pytest.mark.parametrize("geometry", GEOMETRIES, ids=lambda g: g.name)
@FAST
@given(data=st.data())
def test_an_edge_feature_is_one_whichever_cell_names_it(geometry, data):
    x, y = data.draw(st.integers(1, 4)), data.draw(st.integers(1, 4))
    direction = data.draw(st.sampled_from(geometry.directions))
    here = (x, y)
    there = geometry.step(here, direction)
    assert geometry.edge_key(here, direction) == geometry.edge_key(there, geometry.opposite(direction))
    # Named from each of its cells on a piece covering both, the wall lies on one edge of the board.
    tile = Tile("p", "any", 7, 7, {"A": (Feature("wall", *here, edge=direction),
                                         Feature("wall", *there, edge=geometry.opposite(direction)))})
    board, findings = place_tiles(TileSet("s", "S", (tile,)), [Placement("p", "A", 0, 0)], geometry=geometry)
    assert findings == [] and not board.features
    assert list(board.edge_features) == [geometry.edge_key(here, direction)]
    assert board.edge_features_at(geometry, there, geometry.opposite(direction)) == \
        board.edge_features_at(geometry, here, direction)
    assert [f.type for f in board.edge_features_at(geometry, here, direction)] == ["wall", "wall"]


@pytest.mark.parametrize("geometry", GEOMETRIES, ids=lambda g: g.name)
@FAST
@given(data=st.data())
def test_several_features_a_cell_survive_resolution(geometry, data):
    tile = data.draw(pieces(geometry, facing=geometry is SQUARE))
    rotation = data.draw(st.sampled_from(geometry.rotations))
    origin = (data.draw(st.integers(0, 3)), data.draw(st.integers(0, 3)))
    board, findings = place_tiles(TileSet("s", "S", (tile,)), [Placement("p", "A", *origin, rotation)],
                                  geometry=geometry)
    assert findings == []
    printed = [f for f in tile.features("A", rotation, geometry) if f.edge is None]
    expected = Counter(((origin[0] + f.x, origin[1] + f.y), f.type, f.number, f.facing) for f in printed)
    laid = Counter((cell, f.type, f.number, f.facing)
                   for cell, features in board.all_cell_features().items() for f in features)
    assert laid == expected
    for cell, features in board.all_cell_features().items():
        assert board.feature_at(cell) == features[0] and board.features_at(cell) == features
    edge_count = sum(len(v) for v in board.edge_features.values())
    assert edge_count == sum(1 for f in tile.sides["A"] if f.edge is not None)


def test_a_later_tile_does_not_print_on_a_cell_an_earlier_tile_covers():
    first = Tile("1", "any", 2, 1, {"A": (Feature("a", 1, 0),)})
    second = Tile("2", "any", 2, 1, {"A": (Feature("b", 0, 0), Feature("c", 1, 0))})
    board, findings = place_tiles(TileSet("s", "S", (first, second)),
                                  [Placement("1", "A", 0, 0), Placement("2", "A", 1, 0)])
    assert [f.code for f in findings] == ["overlap"]
    assert [f.type for f in board.features_at((1, 0))] == ["a"]
    assert [f.type for f in board.features_at((2, 0))] == ["c"]


def test_features_placed_on_the_board_join_the_printed_ones_after_them():
    tile = Tile("1", "any", 3, 1, {"A": (Feature("floor", 1, 0),)})
    placed = (Feature("start", 1, 0, 2, Direction.EAST), Feature("wall", 2, 0, edge="east"),
              Feature("start", 5, 0, 3))
    board, findings = place_tiles(TileSet("s", "S", (tile,)), [Placement("1", "A", 0, 0)],
                                  board_features=placed)
    assert board.placed == placed
    assert [(f.type, f.tile) for f in board.features_at((1, 0))] == [("floor", "1"), ("start", ON_BOARD)]
    assert board.feature_at((1, 0)).type == "floor"
    assert [f.type for f in board.edge_features_at(SQUARE, (3, 0), "west")] == ["wall"]
    assert [(f.code, f.cells) for f in findings] == [("placed-off-board", ((5, 0),))]


def test_a_one_sided_piece_refuses_its_missing_side_and_a_turn_its_grid_lacks():
    tile = Tile("1", "any", 2, 2, {"A": ()})
    tiles = TileSet("s", "S", (tile,))
    _, flipped = place_tiles(tiles, [Placement("1", "B", 0, 0)])
    _, sixth = place_tiles(tiles, [Placement("1", "A", 0, 0, 60)])
    _, hexed = place_tiles(tiles, [Placement("1", "A", 0, 0, 60)], geometry=HEX)
    assert [f.code for f in flipped] == ["bad-placement"] and "side B" in flipped[0].message
    assert [f.code for f in sixth] == ["bad-placement"] and "90" in sixth[0].message
    assert hexed == []


FLAME = FeatureKind("flame", "Flamethrower", settings=(Setting("steps", "steps"),))
WALL = FeatureKind("wall", "Wall", on_edge=True)


@pytest.mark.parametrize("tile, expected", [
    (Tile("t", "k", 16, 16, {"A": ()}), []),
    (Tile("t", "k", 17, 3, {"A": (), "B": ()}), [("width", "1x1 to 16x16 cells, not 17x3")]),
    (Tile("t", "k", 2, 2, {"B": ()}), [("sides", "not B")]),
    (Tile("t", "k", 2, 2, {"A": (Feature("flame", 1, 1, settings={"steps": [2, 4]}),
                                 Feature("wall", 1, 1, edge="east"))}), []),
    (Tile("t", "k", 2, 2, {"A": (Feature("flame", 1, 1, settings={"steps": [2, 2]}),)}),
     [("sides.A[0]", 'Flamethrower at [1,1]: setting "steps" lists step 2 twice')]),
    (Tile("t", "k", 2, 2, {"A": (Feature("flame", 0, 0),)}),
     [("sides.A[0]", 'Flamethrower at [0,0] needs its setting "steps"')]),
    (Tile("t", "k", 2, 2, {"A": (Feature("wall", 0, 1),)}), [("sides.A[0]", 'give its "edge"')]),
    (Tile("t", "k", 2, 2, {"A": (Feature("flame", 0, 1, edge="north", settings={"steps": [1]}),)}),
     [("sides.A[0]", 'remove its "edge"')]),
    (Tile("t", "k", 2, 2, {"A": (Feature("wall", 0, 1, edge="up"),)}), [("sides.A[0]", "edge 'up'")]),
    (Tile("t", "k", 2, 2, {"A": (Feature("wall", 2, 0, edge="east"),)}), [("sides.A[0]", "outside the 2x2")]),
])
def test_piece_problems_check_size_sides_places_and_settings(tile, expected):
    problems = piece_problems(tile, {"flame": FLAME, "wall": WALL})
    assert [path for path, _ in problems] == [path for path, _ in expected]
    for (_, message), (_, words) in zip(problems, expected):
        assert words in message


def test_generic_edits_make_pieces_up_to_16_and_several_features_a_cell():
    tiles, piece = tile_editing.new_tile(TileSet("s", "S", ()), MAX_PIECE_SIZE, 12, sides=("A",))
    with pytest.raises(ValueError):
        tile_editing.new_tile(tiles, MAX_PIECE_SIZE + 1, 1)
    tiles = tile_editing.add_feature(tiles, piece, "A", Feature("flame", 3, 2, settings={"steps": [2]}))
    tiles = tile_editing.add_feature(tiles, piece, "A", Feature("pit", 3, 2))
    tiles = tile_editing.add_feature(tiles, piece, "A", Feature("wall", 3, 2, edge="north"))
    tile = tiles.get(piece)
    assert list(tile.sides) == ["A"]
    assert [f.type for f in tile_editing.features_at(tile, "A", (3, 2))] == ["flame", "pit"]
    tiles = tile_editing.remove_feature(tiles, piece, "A", Feature("flame", 3, 2, settings={"steps": [2]}))
    tiles = tile_editing.paint(tiles, piece, "A", (3, 2), Feature("belt", 0, 0))
    assert [(f.type, f.edge) for f in tiles.get(piece).sides["A"]] == [("wall", "north"), ("belt", None)]


def _tileset_document(features, size=2):
    return {"format": "crash-grab-tileset", "version": 1, "id": "mine", "name": "Mine",
            "tiles": [{"id": "t", "role": "custom", "width": size, "height": 1,
                       "sides": {"A": features, "B": []}}]}


def test_crash_and_grab_still_refuses_two_features_on_a_cell_when_it_loads_tiles():
    document = _tileset_document([{"type": "accelerator", "x": 1, "y": 0},
                                  {"type": "crash_site", "x": 1, "y": 0, "number": 3}])
    with pytest.raises(InvalidFileError) as refused:
        tileset_from_json(document, "mine.json")
    assert refused.value.where == "$.tiles[0].sides.A[1]"
    assert "two features on cell [1,0] of side A (also sides.A[0]); keep one." in str(refused.value)


def test_crash_and_grab_tiles_stay_8x8_at_most():
    with pytest.raises(InvalidFileError) as refused:
        tileset_from_json(_tileset_document([], size=9), "mine.json")
    assert "width" in (refused.value.where or "")


def test_pieces_and_boards_pickle_for_worker_processes():
    import pickle
    tile = Tile("1", "any", 2, 1, {"A": (Feature("flame", 0, 0, settings={"steps": [2]}),
                                        Feature("wall", 1, 0, edge="east"), Feature("pit", 1, 0))})
    tiles = TileSet("s", "S", (tile,))
    board, _ = place_tiles(tiles, [Placement("1", "A", 0, 0)])
    assert pickle.loads(pickle.dumps(tiles)) == tiles
    assert pickle.loads(pickle.dumps(board)) == board
    assert pickle.loads(pickle.dumps(Feature("pit", 0, 0))).settings == {}


def test_cells_of_type_sees_every_feature_of_a_cell():
    """A cell holding two features is found by either type (not only by the first one's)."""
    from crashgrab.engine.grid.model import Board, CellFeature

    both = (CellFeature("wall", "t"), CellFeature("pit", "t"))
    board = Board(2, 1, {(0, 0): "t", (1, 0): "t"}, {(0, 0): both[0]}, {(0, 0): both, (1, 0): ()})
    assert board.cells_of_type("pit") == [(0, 0)] and board.cells_of_type("wall") == [(0, 0)]
    assert board.cells_of_type("gear") == []


# --- facings as typed settings turn with their piece, on every geometry ---------------------
AIM = "aim"  # a facing setting; "tint" is a choice whose words happen to be directions and must not turn


@st.composite
def aimed_pieces(draw, geometry):
    """A piece whose features carry a facing setting (and a look-alike choice that is no facing)."""
    width, height = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    cells = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    directions = st.sampled_from(geometry.directions)
    features = st.builds(lambda cell, aim, tint: Feature("turret", cell[0], cell[1], settings={AIM: aim, "tint": tint}),
                         cells, directions, directions)
    return Tile("p", "any", width, height, {"A": tuple(draw(st.lists(features, min_size=1, max_size=6)))})


FACINGS = {"turret": (AIM,)}


@pytest.mark.parametrize("geometry", GEOMETRIES, ids=lambda g: g.name)
@FAST
@given(data=st.data())
def test_turning_by_a_step_and_back_and_a_full_turn_of_steps_are_the_identity_on_facings(geometry, data):
    tile = data.draw(aimed_pieces(geometry))
    rotation = data.draw(st.sampled_from(geometry.rotations))
    back = (360 - rotation) % 360
    features = list(tile.sides["A"])
    cells = tile.native_cells()
    there_cells, there = turn_with_facings(geometry, cells, features, rotation)
    assert turn_with_facings(geometry, there_cells, there, back)[1] == features
    step = geometry.rotations[1]
    for _ in geometry.rotations:
        cells, features = turn_with_facings(geometry, cells, features, step)
    assert features == list(tile.sides["A"])


def turn_with_facings(geometry, cells, features, rotation):
    offset = piece_offset(geometry, cells, rotation)
    turned = [geometry.rotate_cell(c, rotation) for c in cells]
    return ([(x + offset[0], y + offset[1]) for x, y in turned],
            [f.turned_on(geometry, rotation, offset, FACINGS.get(f.type, ())) for f in features])


@pytest.mark.parametrize("geometry", GEOMETRIES, ids=lambda g: g.name)
@FAST
@given(data=st.data())
def test_turning_a_piece_by_r_turns_each_facing_by_r_and_nothing_else(geometry, data):
    tile = data.draw(aimed_pieces(geometry))
    rotation = data.draw(st.sampled_from(geometry.rotations))
    board, findings = place_tiles(TileSet("s", "S", (tile,)), [Placement("p", "A", 0, 0, rotation)],
                                  geometry=geometry, facings=FACINGS)
    assert findings == []
    printed = tile.features("A", rotation, geometry, FACINGS)
    for before, after in zip(tile.sides["A"], printed):
        assert after.settings[AIM] == geometry.turned(before.settings[AIM], rotation)
        assert after.settings["tint"] == before.settings["tint"]  # not declared a facing: it stays
    laid = Counter(f.settings[AIM] for features in board.all_cell_features().values() for f in features)
    assert laid == Counter(geometry.turned(f.settings[AIM], rotation) for f in tile.sides["A"])
    # Without the declaration nothing turns: the features keep their settings as printed, on the same cells.
    undeclared = tile.features("A", rotation, geometry)
    assert [f.settings for f in undeclared] == [f.settings for f in tile.sides["A"]]
    assert [f.cell for f in undeclared] == [f.cell for f in printed]


@FAST
@given(tile=aimed_pieces(SQUARE))
def test_the_square_fast_path_turns_facings_as_the_generic_one_does(tile):
    for rotation in SQUARE.rotations:
        assert tile.features("A", rotation, facings=FACINGS) == tile.features("A", rotation, SQUARE, FACINGS)


@pytest.mark.parametrize("geometry, rotation, aim, turned", [
    (SQUARE, 90, "north", "east"), (SQUARE, 270, "north", "west"), (SQUARE, 180, "east", "west"),
    (HEX, 60, "east", "southeast"), (HEX, 120, "northeast", "southeast"), (HEX, 300, "east", "northeast"),
    (HEX, 180, "northwest", "southeast"),
])
def test_a_facing_turns_by_the_geometrys_own_step_worked_by_hand(geometry, rotation, aim, turned):
    feature = Feature("turret", 0, 0, settings={AIM: aim})
    assert feature.turned_on(geometry, rotation, (0, 0), (AIM,)).settings == {AIM: turned}


def test_a_facing_that_is_no_direction_is_left_for_the_loader_to_report():
    feature = Feature("turret", 0, 0, settings={AIM: "up"})
    assert feature.turned_on(HEX, 60, (0, 0), (AIM,)).settings == {AIM: "up"}


@pytest.mark.parametrize("facing", ["north", "east"])
def test_the_square_facing_field_on_a_hex_grid_says_to_use_a_facing_setting(facing):
    from crashgrab.engine.grid.geometry import Direction
    from crashgrab.engine.grid.hex import HEX

    feature = Feature("start", 0, 0, facing=Direction(facing))
    with pytest.raises(ValueError, match="give its facing as a typed setting of kind \"facing\""):
        feature.turned_on(HEX, 60, (0, 0))
