"""The tile designer's pure edits and the checks that block saving a broken tile set."""
import pytest

from crashgrab.engine.crash_and_grab.tiles import tileset_errors
from crashgrab.engine.crash_and_grab.tileset_file import load_tileset, save_tileset, standard_tileset
from crashgrab.engine.grid.model import Feature, Tile, TileSet
from crashgrab.engine.crash_and_grab.tile_editing import new_tile, resize_tile
from crashgrab.engine.grid.tile_editing import duplicate_tile, paint

EMPTY = TileSet("mine", "My tiles", ())


def test_paint_places_replaces_and_clears_a_feature():
    tiles, tile_id = new_tile(EMPTY, 3, 2)
    tiles = paint(tiles, tile_id, "A", (2, 1), Feature("crash_site", 0, 0, 7))
    assert tiles.get(tile_id).sides["A"] == (Feature("crash_site", 2, 1, 7),)
    tiles = paint(tiles, tile_id, "A", (2, 1), Feature("accelerator", 0, 0))
    assert tiles.get(tile_id).sides["A"] == (Feature("accelerator", 2, 1),)
    tiles = paint(tiles, tile_id, "A", (2, 1), None)
    assert tiles.get(tile_id).sides["A"] == () and tiles.get(tile_id).sides["B"] == ()


def test_new_tiles_get_fresh_ids_and_duplicates_are_custom_copies():
    tiles, first = new_tile(standard_tileset(), 1, 1)
    assert first == "15"
    tiles, copy = duplicate_tile(tiles, "3")
    assert copy == "16"
    assert tiles.get(copy).sides == tiles.get("3").sides and tiles.get(copy).kind == "custom"


@pytest.mark.parametrize("size", [(0, 1), (9, 2), (3, 9)])
def test_tile_sizes_are_1_to_8(size):
    with pytest.raises(ValueError):
        new_tile(EMPTY, *size)


def test_shrinking_drops_features_outside():
    tiles, tile_id = new_tile(EMPTY, 4, 4)
    tiles = paint(tiles, tile_id, "B", (3, 3), Feature("accelerator", 0, 0))
    tiles = paint(tiles, tile_id, "B", (1, 1), Feature("accelerator", 0, 0))
    assert resize_tile(tiles, tile_id, 2, 2).get(tile_id).sides["B"] == (Feature("accelerator", 1, 1),)


@pytest.mark.parametrize("features, expected", [
    ((Feature("crash_site", 0, 0, 13),), ["sides.A[0]", "outside 1-12"]),
    ((Feature("crash_site", 0, 0, 0),), ["sides.A[0]", "outside 1-12"]),
    ((Feature("accelerator", 1, 0), Feature("crash_site", 1, 0, 3)), ["sides.A[1]", "two features on cell [1,0]"]),
    ((Feature("accelerator", 2, 0),), ["sides.A[0]", "outside the 2x1 tile"]),
])
def test_tile_errors_block_saving(features, expected):
    tiles = TileSet("mine", "Mine", (Tile("t", "custom", 2, 1, {"A": features, "B": ()}),))
    (error,) = tileset_errors(tiles)
    assert error[0] == "t" and error[1] == expected[0] and expected[1] in error[2]


def test_a_designed_tile_set_saves_and_loads(tmp_path):
    tiles, tile_id = new_tile(EMPTY, 2, 3)
    tiles = paint(tiles, tile_id, "A", (1, 2), Feature("crash_site", 0, 0, 12))
    assert tileset_errors(tiles) == []
    save_tileset(tiles, tmp_path / "mine.json")
    assert load_tileset(tmp_path / "mine.json") == tiles
