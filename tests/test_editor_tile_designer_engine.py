"""The pure helpers the tile designer adds to the engine: inserting a tile at a place,
reading a cell, and faults located by side and cell (what the designer marks in red)."""
import pytest

from crashgrab.engine.crash_and_grab.tiles import TileFault, raise_tileset_faults, tile_faults
from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.grid.model import Feature, Tile, TileSet
from crashgrab.engine.grid.tile_editing import feature_at, insert_tile, new_tile, paint

EMPTY = TileSet("mine", "My tiles", ())


def _tile(tile_id, width=2, height=1, a=(), b=()):
    return Tile(tile_id, "custom", width, height, {"A": tuple(a), "B": tuple(b)})


def test_insert_tile_puts_it_back_at_its_index():
    tiles = TileSet("mine", "Mine", (_tile("1"), _tile("2"), _tile("3")))
    assert insert_tile(tiles.without_tile("2"), _tile("2"), 1) == tiles
    assert insert_tile(tiles, _tile("x"), 0).ids() == ["x", "1", "2", "3"]
    with pytest.raises(ValueError):
        insert_tile(tiles, _tile("3"), 0)


def test_feature_at_reads_one_cell_of_one_side():
    tiles, tile_id = new_tile(EMPTY, 3, 3)
    tiles = paint(tiles, tile_id, "B", (2, 1), Feature("crash_site", 0, 0, 4))
    tile = tiles.get(tile_id)
    assert feature_at(tile, "B", (2, 1)) == Feature("crash_site", 2, 1, 4)
    assert feature_at(tile, "A", (2, 1)) is None
    assert feature_at(tile, "B", (1, 2)) is None


def test_faults_name_the_side_cell_and_json_path():
    good = _tile("1", a=[Feature("crash_site", 0, 0, 12)])
    bad = _tile("7", 3, 2, b=[Feature("accelerator", 2, 1), Feature("crash_site", 1, 0, 13),
                              Feature("crash_site", 2, 1, 5)])
    faults = tile_faults(TileSet("mine", "Mine", (good, bad)))
    assert faults == [
        TileFault("7", "B", (1, 0), "$.tiles[1].sides.B[1]", "Tile 7: number 13 is outside 1-12."),
        TileFault("7", "B", (2, 1), "$.tiles[1].sides.B[2]",
                  "Tile 7: two features on cell [2,1] of side B (also sides.B[0]); keep one."),
    ]
    assert faults[0].place() == "tile 7, side B, cell [1,0]"


def test_a_faulty_tile_set_is_refused_with_the_first_fault_and_a_count():
    bad = _tile("7", b=[Feature("crash_site", 0, 0, 0), Feature("crash_site", 1, 0, 99)])
    with pytest.raises(InvalidFileError) as caught:
        raise_tileset_faults(TileSet("mine", "Mine", (bad,)), "mine.json")
    error = caught.value
    assert error.where == "$.tiles[0].sides.B[0]"
    assert str(error) == ("mine.json: $.tiles[0].sides.B[0]: Tile 7: number 0 is outside 1-12. (1 more problem in "
                          "the tile set) Fix tile 7, side B, cell [0,0] (and every cell marked in the designer), "
                          "then save again.")
    raise_tileset_faults(TileSet("mine", "Mine", (_tile("1"),)))  # no fault: nothing raised
