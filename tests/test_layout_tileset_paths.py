"""A tile set referred to by path: absolute in memory, relative to the layout file on disk,
so saving a layout into another folder (and undoing edits made before) keeps it readable."""
import json

import pytest

from crashgrab.engine.crash_and_grab.layout_file import tileset_ref_in_file
from crashgrab.engine.formats.layout_io import layout_to_json, load_layout, save_layout
from crashgrab.engine.crash_and_grab.tileset_file import save_tileset
from crashgrab.engine.grid.model import Feature, Placement, Tile, TileSet

TILES = TileSet("mine", "My tiles", (Tile("x", "custom", 2, 1, {"A": (Feature("accelerator", 1, 0),), "B": ()}),))


def write_layout(folder, ref):
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "board.json"
    path.write_text(json.dumps({
        "format": "crash-grab-layout", "version": 1, "name": "b", "template": None, "tileset": ref,
        "placements": [{"tile": "x", "side": "A", "x": 0, "y": 0, "rotation": 0}],
        "directions": {"north": "Sun", "east": "Asteroids", "south": "Meteor", "west": "Stars"}}))
    return path


@pytest.mark.parametrize("tileset_at, folder, written", [
    ("a/t.json", "a", "t.json"),
    ("t.json", "a", "../t.json"),
    ("a/tiles/t.json", "a", "tiles/t.json"),
    ("a/tiles", "a", "./tiles"),  # a bare name would be read as a shipped tile set id
])
def test_written_relative_to_the_layouts_folder(tmp_path, tileset_at, folder, written):
    assert tileset_ref_in_file((tmp_path / tileset_at).as_posix(), tmp_path / folder) == written


def test_shipped_ids_are_written_as_they_are(tmp_path):
    assert tileset_ref_in_file("standard", tmp_path) == "standard"


def test_loading_holds_the_absolute_path_and_saving_elsewhere_re_points_it(tmp_path):
    (tmp_path / "a" / "tiles").mkdir(parents=True)
    save_tileset(TILES, tmp_path / "a" / "tiles" / "my.json")
    layout = load_layout(write_layout(tmp_path / "a", "tiles/my.json"))
    assert layout.tileset_ref == (tmp_path / "a" / "tiles" / "my.json").resolve().as_posix()
    save_layout(layout, write_layout(tmp_path / "b", "unused.json"))
    assert json.loads((tmp_path / "b" / "board.json").read_text())["tileset"] == "../a/tiles/my.json"
    again = load_layout(tmp_path / "b" / "board.json")
    assert again == layout and again.tileset == TILES


def test_the_layout_value_does_not_depend_on_where_it_is_saved(tmp_path):
    layout = load_layout(write_layout(tmp_path, "standard")).with_placements([Placement("1", "A", 0, 0, 0)])
    assert layout_to_json(layout, tmp_path / "x") == layout_to_json(layout, tmp_path / "y")
