"""The Tiled map export: structure against Tiled's published JSON map format, contents against
the board (shipped layouts, and a free-form layout with holes worked out by hand), and both forms
(TMX for .tmx, JSON for .tmj) opened by programs no one here wrote: pytiled-parser, pytmx and,
where installed, Tiled itself (`tiled --export-map`) and its `tmxrasterizer`.

Field names and types below are transcribed from Tiled's "JSON Map Format" reference
(doc.mapeditor.org/en/stable/reference/json-map-format/): Map, Layer, Object, Property,
Tileset and Tile. "required" lists what Tiled itself always writes for these kinds of
map, layer and object; anything else must be a published optional field.
"""
import functools
import json
import os
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crashgrab.engine.cli import main
from crashgrab.engine.crash_and_grab.resolve import resolve_layout
from crashgrab.engine.crash_and_grab.setup import random_layout_for_players
from crashgrab.engine.crash_and_grab.terms import ACCELERATOR, CRASH_SITE
from crashgrab.engine.formats.jsonio import read_json
from crashgrab.engine.formats.layout_io import layout_from_json, load_layout
from crashgrab.engine.formats.png import decode_png
from crashgrab.engine.crash_and_grab.tileset_file import standard_tileset
from crashgrab.engine.crash_and_grab.tiled import tiled_map, write_tiled_map
from crashgrab.engine.formats.tiled_map import tileset_image_path, tmj_text, tmx_text
from crashgrab.engine.crash_and_grab import tiled_tiles
from tests.conftest import LAYOUTS

INT, NUMBER, STRING, BOOL, LIST, DICT = "int", "number", "string", "bool", "array", "object"

MAP_FIELDS = {
    "required": {"height": INT, "infinite": BOOL, "layers": LIST, "nextlayerid": INT, "nextobjectid": INT,
                 "orientation": STRING, "renderorder": STRING, "tiledversion": STRING, "tileheight": INT,
                 "tilesets": LIST, "tilewidth": INT, "type": STRING, "version": STRING, "width": INT},
    "optional": {"backgroundcolor": STRING, "class": STRING, "compressionlevel": INT, "hexsidelength": INT,
                 "parallaxoriginx": NUMBER, "parallaxoriginy": NUMBER, "properties": LIST,
                 "staggeraxis": STRING, "staggerindex": STRING},
}
LAYER_COMMON = {"id": INT, "name": STRING, "opacity": NUMBER, "type": STRING, "visible": BOOL, "x": INT, "y": INT}
LAYER_OPTIONAL = {"class": STRING, "locked": BOOL, "offsetx": NUMBER, "offsety": NUMBER, "parallaxx": NUMBER,
                  "parallaxy": NUMBER, "properties": LIST, "tintcolor": STRING}
TILE_LAYER_FIELDS = {
    "required": {**LAYER_COMMON, "data": LIST, "width": INT, "height": INT},
    "optional": {**LAYER_OPTIONAL, "compression": STRING, "encoding": STRING, "startx": INT, "starty": INT},
}
OBJECT_LAYER_FIELDS = {
    "required": {**LAYER_COMMON, "objects": LIST},
    "optional": {**LAYER_OPTIONAL, "color": STRING, "draworder": STRING},
}
OBJECT_FIELDS = {
    "required": {"height": NUMBER, "id": INT, "name": STRING, "rotation": NUMBER, "type": STRING,
                 "visible": BOOL, "width": NUMBER, "x": NUMBER, "y": NUMBER},
    "optional": {"ellipse": BOOL, "gid": INT, "point": BOOL, "polygon": LIST, "polyline": LIST,
                 "properties": LIST, "template": STRING, "text": DICT},
}
PROPERTY_FIELDS = {"required": {"name": STRING, "type": STRING}, "optional": {"propertytype": STRING}}
PROPERTY_TYPES = {"string": str, "int": int, "float": (int, float), "bool": bool, "color": str, "file": str}
TILESET_FIELDS = {  # an embedded tileset with one image (not an external "source" reference)
    "required": {"columns": INT, "firstgid": INT, "image": STRING, "imageheight": INT, "imagewidth": INT,
                 "margin": INT, "name": STRING, "spacing": INT, "tilecount": INT, "tileheight": INT,
                 "tilewidth": INT},
    "optional": {"backgroundcolor": STRING, "class": STRING, "fillmode": STRING, "grid": DICT,
                 "objectalignment": STRING, "properties": LIST, "tileoffset": DICT, "tilerendersize": STRING,
                 "tiles": LIST, "transformations": DICT, "transparentcolor": STRING, "wangsets": LIST},
}
TILE_FIELDS = {"required": {"id": INT}, "optional": {"type": STRING, "properties": LIST, "probability": NUMBER}}


def is_of(value, kind):
    return {
        INT: isinstance(value, int) and not isinstance(value, bool),
        NUMBER: isinstance(value, (int, float)) and not isinstance(value, bool),
        STRING: isinstance(value, str), BOOL: isinstance(value, bool),
        LIST: isinstance(value, list), DICT: isinstance(value, dict),
    }[kind]


def check_fields(document, spec, where):
    missing = set(spec["required"]) - set(document)
    assert not missing, f"{where} lacks {sorted(missing)}"
    unknown = set(document) - set(spec["required"]) - set(spec["optional"])
    assert not unknown, f"{where} has fields Tiled does not define: {sorted(unknown)}"
    for key, value in document.items():
        kind = spec["required"].get(key) or spec["optional"][key]
        assert is_of(value, kind), f"{where}.{key} should be {kind}, is {value!r}"


def check_properties(properties, where):
    for index, prop in enumerate(properties):
        assert "value" in prop, f"{where}[{index}] has no value"
        check_fields({k: v for k, v in prop.items() if k != "value"}, PROPERTY_FIELDS, f"{where}[{index}]")
        expected = PROPERTY_TYPES[prop["type"]]
        assert isinstance(prop["value"], expected), f"{where}[{index}] value does not match type {prop['type']}"
        if prop["type"] == "int":
            assert not isinstance(prop["value"], bool)


def free_form_layout():
    """Tile 1 side B turned 90 at [0,0] and tile 9 side A at [5,2]: a 6x4 board with 7 holes.

    Tile 1 side B in its own orientation (rows top to bottom): "> 2 . ." / ". . 1 ." / ". . . 3" /
    ". . . >". Turned 90, (x, y) lands at (3 - y, x): Accelerators [0,0] -> [3,0] and [3,3] -> [0,3];
    Crash Sites 2 [1,0] -> [3,1], 1 [2,1] -> [2,2], 3 [3,2] -> [1,3]. Tile 9 side A is one
    Accelerator, at [5,2]. Column 4 and cells [5,0], [5,1], [5,3] are holes.
    """
    document = read_json(LAYOUTS / "standard-2-4p.json")
    document.update(name="Free-form with holes", template=None, notes="")
    document["placements"] = [{"tile": "1", "side": "B", "x": 0, "y": 0, "rotation": 90},
                              {"tile": "9", "side": "A", "x": 5, "y": 2, "rotation": 0}]
    return layout_from_json(document, strict=True)


LAYOUT_CASES = {
    "standard-2-4p": lambda: load_layout(LAYOUTS / "standard-2-4p.json"),
    "standard-5p": lambda: load_layout(LAYOUTS / "standard-5p.json"),
    "standard-6p": lambda: load_layout(LAYOUTS / "standard-6p.json"),
    "free-form": free_form_layout,
}


def layer(document, layer_type, name=None):
    found = [lay for lay in document["layers"] if lay["type"] == layer_type and (name is None or lay["name"] == name)]
    assert len(found) == 1
    return found[0]


def props(item):
    return {p["name"]: p["value"] for p in item.get("properties", [])}


@pytest.mark.parametrize("case", LAYOUT_CASES)
def test_map_has_the_published_fields_and_types(case):
    document = tiled_map(LAYOUT_CASES[case]())
    check_fields(document, MAP_FIELDS, "map")
    assert document["type"] == "map" and document["orientation"] == "orthogonal"
    assert document["renderorder"] == "right-down" and document["infinite"] is False
    check_properties(document["properties"], "map.properties")
    for index, lay in enumerate(document["layers"]):
        spec = {"tilelayer": TILE_LAYER_FIELDS, "objectgroup": OBJECT_LAYER_FIELDS}[lay["type"]]
        check_fields(lay, spec, f"layers[{index}]")
        check_properties(lay.get("properties", []), f"layers[{index}].properties")
        assert lay["x"] == 0 and lay["y"] == 0 and 0 <= lay["opacity"] <= 1
        for number, obj in enumerate(lay.get("objects", [])):
            check_fields(obj, OBJECT_FIELDS, f"layers[{index}].objects[{number}]")
            check_properties(obj.get("properties", []), f"layers[{index}].objects[{number}].properties")
    (tileset,) = document["tilesets"]
    check_fields(tileset, TILESET_FIELDS, "tilesets[0]")
    assert "source" not in tileset  # embedded in the map, not an external .tsj
    for index, tile in enumerate(tileset["tiles"]):
        check_fields(tile, TILE_FIELDS, f"tilesets[0].tiles[{index}]")
        check_properties(tile.get("properties", []), f"tilesets[0].tiles[{index}].properties")


@pytest.mark.parametrize("case", LAYOUT_CASES)
def test_ids_and_sizes_are_consistent(case):
    document = tiled_map(LAYOUT_CASES[case]())
    layer_ids = [lay["id"] for lay in document["layers"]]
    assert len(set(layer_ids)) == len(layer_ids) and document["nextlayerid"] > max(layer_ids)
    object_ids = [obj["id"] for lay in document["layers"] for obj in lay.get("objects", [])]
    assert len(set(object_ids)) == len(object_ids)
    assert document["nextobjectid"] > max(object_ids)
    floor = layer(document, "tilelayer", "floor")
    assert (floor["width"], floor["height"]) == (document["width"], document["height"])
    assert len(floor["data"]) == document["width"] * document["height"]
    (tileset,) = document["tilesets"]
    assert tileset["firstgid"] == 1
    assert (tileset["tilewidth"], tileset["tileheight"]) == (document["tilewidth"], document["tileheight"])
    assert tileset["imagewidth"] == tileset["columns"] * tileset["tilewidth"]  # margin and spacing are 0
    rows = tileset["imageheight"] // tileset["tileheight"]
    assert tileset["tilecount"] == tileset["columns"] * rows  # as Tiled counts the tiles of an image
    described = sorted(t["id"] for t in tileset["tiles"])
    assert described == list(range(len(described))) and len(described) > tileset["tilecount"] - tileset["columns"]
    for lay in document["layers"]:
        if lay["type"] == "tilelayer":
            assert all(0 <= gid <= len(described) for gid in lay["data"]), lay["name"]


@pytest.mark.parametrize("case", LAYOUT_CASES)
def test_floor_and_objects_match_the_board(case):
    assert_map_matches_board(LAYOUT_CASES[case]())


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6))
def test_random_setups_export_their_board(players, seed):
    # Every side and rotation turns up across seeds, so features land all over the board.
    assert_map_matches_board(random_layout_for_players(standard_tileset(), players, seed, tileset_ref="standard"))


# The editor's paper colour of each tile role (editor/crash_and_grab/style.py PAPER), as the tileset shows it.
PAPER_COLOURS = {"core": (0xf8, 0xf4, 0xea), "arm5": (0xe8, 0xf1, 0xfa), "arm6": (0xe8, 0xf1, 0xfa),
                 "centre5": (0xe9, 0xf5, 0xea), "centre6": (0xe9, 0xf5, 0xea), "custom": (0xf3, 0xec, 0xf8)}
TILE_BORDER_COLOUR = (0x27, 0x30, 0x3b)


def tileset_pixel(document, gid, x, y):
    """Pixel (x, y) of tile `gid` in the shipped image, found as Tiled finds it: local id row by row."""
    tileset = document["tilesets"][0]
    local = gid - tileset["firstgid"]
    left = local % tileset["columns"] * tileset["tilewidth"]
    top = local // tileset["columns"] * tileset["tileheight"]
    return shipped_tileset_image().pixel(left + x, top + y)


@functools.lru_cache(maxsize=1)
def shipped_tileset_image():
    return decode_png(tiled_tiles.tileset_png())


def drawn_sides(document, gid):
    """The sides on which a border tile draws its line: which edge midpoints it covers."""
    size = document["tilewidth"]
    edges = {"north": (size // 2, 0), "east": (size - 1, size // 2), "south": (size // 2, size - 1),
             "west": (0, size // 2)}
    return {side for side, (x, y) in edges.items() if tileset_pixel(document, gid, x, y)[3] == 255}


def assert_map_matches_board(layout):
    board = resolve_layout(layout).board
    document = tiled_map(layout)
    assert (document["width"], document["height"]) == (board.width, board.height)
    tile_classes = {t["id"] + 1: (t["type"], props(t).get("number")) for t in document["tilesets"][0]["tiles"]}
    roles = {tile.id: tile.kind for tile in layout.tileset.tiles}
    data = layer(document, "tilelayer", "floor")["data"]
    holes = layer(document, "tilelayer", "holes")["data"]
    borders = layer(document, "tilelayer", "borders")["data"]
    for y in range(board.height):
        for x in range(board.width):
            gid, hole, border = (lay[y * board.width + x] for lay in (data, holes, borders))
            # The editor draws a heavy line where a tile meets another tile, a hole or the outside;
            # each cell's border tile holds the half of it inside that cell.
            tile = board.cell_tiles.get((x, y))
            neighbours = {"north": (x, y - 1), "east": (x + 1, y), "south": (x, y + 1), "west": (x - 1, y)}
            lines = {side for side, cell in neighbours.items()
                     if board.cell_tiles.get(cell) != tile and (tile is not None or cell in board.cell_tiles)}
            assert (drawn_sides(document, border) if border else set()) == lines, f"borders of [{x},{y}]"
            assert border == 0 or tile_classes[border] == ("tile_border", None)
            if tile is None:
                assert gid == 0, f"hole [{x},{y}] should be empty"
                assert tile_classes[hole] == ("hole", None), f"hole [{x},{y}] should be hatched"
                continue
            assert hole == 0
            feature = board.feature_at((x, y))
            expected = (feature.type, feature.number) if feature else ("floor", None)
            assert tile_classes[gid] == expected, f"cell [{x},{y}]"
            # The top middle of the cell, clear of any feature, is the paper of the cell's tile.
            assert tileset_pixel(document, gid, 16, 2)[:3] == PAPER_COLOURS[roles[tile]]
    assert sum(1 for gid in data if gid) == len(board.cells())
    assert data.count(0) == len(board.holes())

    features = layer(document, "objectgroup", "features")["objects"]
    size = document["tilewidth"]
    from_objects = {(o["x"] // size, o["y"] // size): (o["type"], props(o).get("number"), props(o)["tile"])
                    for o in features}
    assert len(from_objects) == len(features)  # one object per cell
    assert from_objects == {cell: (f.type, f.number, f.tile) for cell, f in board.features.items()}
    assert all((o["width"], o["height"]) == (size, size) for o in features)
    assert sum(o["type"] == CRASH_SITE for o in features) == len(board.cells_of_type(CRASH_SITE))
    assert sum(o["type"] == ACCELERATOR for o in features) == len(board.cells_of_type(ACCELERATOR))

    tiles = layer(document, "objectgroup", "board tiles")["objects"]
    assert [props(o)["tile"] for o in tiles] == [p.tile for p in layout.placements]
    assert sum(o["width"] * o["height"] for o in tiles) == len(board.cells()) * size * size  # no overlaps


def test_free_form_board_worked_out_by_hand():
    document = tiled_map(free_form_layout())
    assert (document["width"], document["height"]) == (6, 4)
    # Tile 1 is a core tile: the first row of the tileset (gids 1-15). Tile 9 is a centre tile, on the
    # third row: its Accelerator is gid 2 * 15 + 3.
    floor, accel, site, centre_accel = 1, 3, lambda n: 3 + n, 33
    assert layer(document, "tilelayer", "floor")["data"] == [
        floor, floor, floor, accel, 0, 0,
        floor, floor, floor, site(2), 0, 0,
        floor, floor, site(1), floor, 0, centre_accel,
        accel, site(3), floor, floor, 0, 0,
    ]
    # Holes hatched: gid 76. Borders: gid 60 + sides (north 1, east 2, south 4, west 8), 0 for none, on
    # the sides where a tile meets another tile, a hole or the outside, in the cells on both sides of
    # the line (not outside the map). Tile 1 fills columns 0-3, tile 9 the cell [5,2].
    assert layer(document, "tilelayer", "holes")["data"] == [
        0, 0, 0, 0, 76, 76,
        0, 0, 0, 0, 76, 76,
        0, 0, 0, 0, 76, 0,
        0, 0, 0, 0, 76, 76,
    ]
    assert layer(document, "tilelayer", "borders")["data"] == [
        60 + 1 + 8, 60 + 1, 60 + 1, 60 + 1 + 2, 60 + 8, 0,
        60 + 8, 0, 0, 60 + 2, 60 + 8, 60 + 4,
        60 + 8, 0, 0, 60 + 2, 60 + 8 + 2, 60 + 15,
        60 + 4 + 8, 60 + 4, 60 + 4, 60 + 2 + 4, 60 + 8, 60 + 1,
    ]
    objects = {(o["x"], o["y"]): (o["name"], o["type"], props(o)) for o in
               layer(document, "objectgroup", "features")["objects"]}
    assert objects == {
        (96, 0): ("Accelerator", "accelerator", {"tile": "1"}),
        (96, 32): ("Crash Site 2", "crash_site", {"number": 2, "tile": "1"}),
        (64, 64): ("Crash Site 1", "crash_site", {"number": 1, "tile": "1"}),
        (160, 64): ("Accelerator", "accelerator", {"tile": "9"}),
        (0, 96): ("Accelerator", "accelerator", {"tile": "1"}),
        (32, 96): ("Crash Site 3", "crash_site", {"number": 3, "tile": "1"}),
    }
    tiles = [(o["x"], o["y"], o["width"], o["height"], props(o)) for o in
             layer(document, "objectgroup", "board tiles")["objects"]]
    assert tiles == [(0, 0, 128, 128, {"tile": "1", "side": "B", "tile_rotation": 90}),
                     (160, 64, 32, 32, {"tile": "9", "side": "A", "tile_rotation": 0})]
    assert props(document)["template"] == ""


def test_standard_board_cells_and_map_properties():
    document = tiled_map(load_layout(LAYOUTS / "standard-2-4p.json"))
    data = layer(document, "tilelayer", "floor")["data"]
    # Tile 1 side A at [0,0], top row ". 1 . >"; tile 2 side A at [4,0], top row ". . > .".
    assert data[:8] == [1, 3 + 1, 1, 3, 1, 1, 3, 1]  # core tiles: plain 1, Accelerator 3, Crash Site n 3 + n
    # Tile 4 side A at [4,4]: Crash Site 12 on its bottom row at [1,3], so board cell [5,7].
    assert data[7 * 8 + 5] == 3 + 12
    assert props(document) == {
        "name": "Standard 2-4 players", "template": "2-4", "tileset": "standard",
        "north": "Sun", "east": "Asteroids", "south": "Meteor", "west": "Stars",
        "notes": "The core tiles in order, side A, unturned: the board as printed in the rulebook's tile list.",
    }
    # 12 Crash Sites; two Accelerators on each of tiles 1-4 side A.
    assert len(layer(document, "objectgroup", "features")["objects"]) == 12 + 4 * 2


def test_tileset_image_has_the_declared_size_and_the_editors_colours(tmp_path):
    layout = load_layout(LAYOUTS / "standard-5p.json")
    image_path = write_tiled_map(layout, tmp_path / "board.tmj")
    assert image_path == tmp_path / "board-tiles.png"
    document = json.loads((tmp_path / "board.tmj").read_text())
    tileset = document["tilesets"][0]
    assert tileset["image"] == "board-tiles.png"  # relative to the map, as Tiled resolves it
    image = decode_png(image_path.read_bytes())
    assert (image.width, image.height) == (tileset["imagewidth"], tileset["imageheight"])
    assert image_path.read_bytes() == tiled_tiles.tileset_png()  # the shipped picture, copied
    classes = {t["id"] + 1: (t["type"], props(t).get("number")) for t in tileset["tiles"]}
    gid = {kind: g for g, kind in reversed(classes.items())}  # the first (core) tile of each kind

    # The editor's colours (editor/crash_and_grab/style.py): a Crash Site's disc left of its number,
    # an Accelerator's diamond left of its chevrons, plain core paper.
    assert tileset_pixel(document, gid["crash_site", 7], 8, 16) == (0x1d, 0x4f, 0x91, 255)
    assert tileset_pixel(document, gid["accelerator", None], 7, 16) == (0xee, 0x8b, 0x12, 255)
    assert tileset_pixel(document, gid["floor", None], 16, 16) == (0xf8, 0xf4, 0xea, 255)
    # A border tile is transparent but for its line: 1 pixel inside the cell, where the neighbouring
    # tile's border tile draws the other half of the editor's 2-pixel line.
    north = next(g for g, kind in classes.items() if kind[0] == "tile_border" and drawn_sides(document, g) == {"north"})
    assert tileset_pixel(document, north, 16, 0) == (*TILE_BORDER_COLOUR, 255)
    assert tileset_pixel(document, north, 16, 1)[3] == 0 and tileset_pixel(document, north, 16, 16)[3] == 0
    # A hole: the editor's hatch, light grey lines on a lighter grey.
    hole = [tileset_pixel(document, gid["hole", None], x, y) for x in range(32) for y in range(32)]
    assert set(hole) == {(0xec, 0xee, 0xf1, 255), (0xa7, 0xaf, 0xba, 255)}
    assert [t["type"] for t in tileset["tiles"][:3]] == ["floor", "crash_site", "accelerator"]


def test_tmj_text_is_the_document_with_one_board_row_per_line():
    document = tiled_map(free_form_layout(), "x.png")
    text = tmj_text(document)
    assert json.loads(text) == document
    assert "        1, 1, 1, 3, 0, 0,\n" in text  # the first board row, on its own line


@pytest.mark.parametrize("name,form", [("board.tmx", "TMX"), ("board.tmj", "JSON"), ("Board.TMX", "TMX"),
                                       ("board.json", "JSON")])
def test_cli_writes_the_map_in_the_form_its_extension_names(tmp_path, capsys, name, form):
    out = tmp_path / name
    assert main(["export", str(LAYOUTS / "standard-6p.json"), "--format", "tiled", "-o", str(out)]) == 0
    image = tileset_image_path(out)
    assert f"wrote {out} (Tiled map, {form}) and {image}" in capsys.readouterr().err
    text = out.read_text()
    if form == "TMX":
        assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<map ')
        root = ElementTree.fromstring(text)
        assert (root.tag, root.get("width"), root.get("height"), root.get("version")) == ("map", "10", "10", "1.10")
        assert root.find("tileset/image").get("source") == image.name
    else:
        document = json.loads(text)
        assert (document["width"], document["height"]) == (10, 10)
        assert document["tilesets"][0]["image"] == image.name
    assert image.read_bytes() == tiled_tiles.tileset_png()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([name, image.name])


@pytest.mark.parametrize("name", ["board.xml", "board", "board.tmx.bak"])
def test_cli_refuses_a_map_name_that_is_not_tmx_or_tmj(tmp_path, capsys, name):
    assert main(["export", str(LAYOUTS / "standard-6p.json"), "--format", "tiled", "-o", str(tmp_path / name)]) == 2
    err = capsys.readouterr().err
    assert "a Tiled map is named .tmx (Tiled's XML map format) or .tmj (its JSON format)" in err
    assert "Traceback" not in err and list(tmp_path.iterdir()) == []


def test_cli_needs_an_output_file_for_tiled(capsys):
    assert main(["export", str(LAYOUTS / "standard-6p.json"), "--format", "tiled"]) == 2
    err = capsys.readouterr().err
    assert "needs an output file" in err and "-o board.tmx or -o board.tmj" in err and "Traceback" not in err


def test_export_help_says_the_extension_picks_the_form(capsys):
    with pytest.raises(SystemExit):
        main(["export", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "board.tmx writes TMX, Tiled's XML, board.tmj its JSON" in help_text


def test_cli_refuses_a_broken_layout_without_writing(tmp_path, capsys):
    document = read_json(LAYOUTS / "standard-2-4p.json")
    document["template"] = None
    document["placements"][1]["x"] = 2  # tile 2 now overlaps tile 1
    layout = tmp_path / "broken.json"
    layout.write_text(json.dumps(document))
    assert main(["export", str(layout), "--format", "tiled", "-o", str(tmp_path / "b.tmx")]) == 2
    assert "overlaps" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.json"]


def test_tmx_text_is_the_same_map_as_the_tmj(tmp_path):
    """Read back with a small reader of TMX written here from Tiled's TMX reference, the XML form
    carries every layer, object and property of the JSON document."""
    document = tiled_map(free_form_layout(), "x.png")
    root = ElementTree.fromstring(tmx_text(document))
    assert {k: root.get(k) for k in ("width", "height", "tilewidth", "infinite", "class", "orientation")} == \
        {"width": "6", "height": "4", "tilewidth": "32", "infinite": "0", "class": "crash-grab-board",
         "orientation": "orthogonal"}

    def tmx_properties(element):
        kinds = {None: str, "string": str, "int": int, "bool": lambda v: v == "true", "float": float}
        return {p.get("name"): kinds[p.get("type")](p.get("value")) for p in element.findall("properties/property")}

    assert tmx_properties(root) == props(document)
    tileset = root.find("tileset")
    assert tileset.find("image").attrib == {"source": "x.png", "width": "480", "height": "192"}
    assert [(int(t.get("id")), t.get("type"), tmx_properties(t)) for t in tileset.findall("tile")] == \
        [(t["id"], t["type"], props(t)) for t in document["tilesets"][0]["tiles"]]
    for element in root:
        if element.tag == "layer":
            data = element.find("data")
            assert data.get("encoding") == "csv"
            assert [int(v) for v in data.text.replace("\n", "").split(",")] == \
                layer(document, "tilelayer", element.get("name"))["data"]
        elif element.tag == "objectgroup":
            expected = layer(document, "objectgroup", element.get("name"))
            assert (element.get("visible", "1") == "1") == expected["visible"]
            assert [(int(o.get("id")), o.get("name"), o.get("type"), float(o.get("x")), float(o.get("y")),
                     float(o.get("width")), float(o.get("height")), tmx_properties(o),
                     o.findtext("text")) for o in element.findall("object")] == \
                [(o["id"], o["name"], o["type"], o["x"], o["y"], o["width"], o["height"], props(o),
                  o.get("text", {}).get("text")) for o in expected["objects"]]
    assert [e.get("name") for e in root if e.tag in ("layer", "objectgroup")] == \
        ["floor", "holes", "borders", "board tiles", "features", "tile labels", "directions"]


def write_both(layout, folder):
    write_tiled_map(layout, folder / "board.tmx")
    write_tiled_map(layout, folder / "board.tmj")
    return folder / "board.tmx", folder / "board.tmj"


@pytest.mark.parametrize("case", LAYOUT_CASES)
def test_pytiled_parser_reads_both_forms_as_one_map(tmp_path, case):
    """pytiled-parser (the Arcade library's Tiled reader) has a TMX and a JSON reader: both read the
    same map from our two files."""
    import pytiled_parser

    tmx, tmj = write_both(LAYOUT_CASES[case](), tmp_path)
    from_tmx, from_tmj = pytiled_parser.parse_map(tmx), pytiled_parser.parse_map(tmj)
    for field in ("map_size", "tile_size", "properties", "class_", "layers", "tilesets", "background_color",
                  "next_layer_id", "next_object_id", "orientation", "render_order", "infinite"):
        assert getattr(from_tmx, field) == getattr(from_tmj, field), field


@pytest.mark.parametrize("suffix", [".tmx", ".tmj"])
def test_pytiled_parser_reads_the_map(tmp_path, suffix):
    import pytiled_parser

    layout = load_layout(LAYOUTS / "standard-5p.json")
    write_tiled_map(layout, tmp_path / f"board{suffix}")
    parsed = pytiled_parser.parse_map(tmp_path / f"board{suffix}")
    assert (parsed.map_size.width, parsed.map_size.height) == (9, 9)
    assert parsed.properties["north"] == "Sun" and parsed.class_ == "crash-grab-board"
    layers = {lay.name: lay for lay in parsed.layers}
    assert list(layers) == ["floor", "holes", "borders", "board tiles", "features", "tile labels", "directions"]
    assert [lay.visible for lay in layers.values()] == [True, True, True, False, False, True, True]
    floor = layer(tiled_map(layout), "tilelayer", "floor")["data"]
    assert [gid for row in layers["floor"].data for gid in row] == floor
    (tileset,) = parsed.tilesets.values()
    assert tileset.image.name == "board-tiles.png" and (tileset.image_width, tileset.image_height) == (480, 192)
    tiles = layers["board tiles"].tiled_objects
    assert [(o.properties["tile"], o.properties["side"], o.properties["tile_rotation"]) for o in tiles] == \
        [(p.tile, p.side, p.rotation) for p in layout.placements]
    labels = {o.text: (o.coordinates.x, o.coordinates.y) for o in layers["tile labels"].tiled_objects}
    assert labels == {f"{p.tile}{p.side}": (p.x * 32 + 2, p.y * 32 + 2) for p in layout.placements}
    markers = {o.properties["side"]: (o.text, o.coordinates.x, o.coordinates.y, o.size.width, o.size.height)
               for o in layers["directions"].tiled_objects}
    # Just outside the 9x9 board (288 px): a row above and below, three columns left and right.
    assert markers == {"north": ("Sun", 0, -32, 288, 32), "south": ("Meteor", 0, 288, 288, 32),
                       "west": ("Stars", -96, 0, 96, 288), "east": ("Asteroids", 288, 0, 96, 288)}
    sites = [o for o in layers["features"].tiled_objects if o.class_ == "crash_site"]
    assert sorted(o.properties["number"] for o in sites) == list(range(1, 13))


@pytest.mark.parametrize("case", LAYOUT_CASES)
def test_pytmx_reads_the_tmx_as_written(tmp_path, case):
    """pytmx (pygame's Tiled reader) reads only TMX: it loads the .tmx with every object, property and cell."""
    import pytmx

    layout = LAYOUT_CASES[case]()
    document = tiled_map(layout)
    write_tiled_map(layout, tmp_path / "board.tmx")
    loaded = pytmx.TiledMap(str(tmp_path / "board.tmx"))
    assert (loaded.width, loaded.height) == (document["width"], document["height"])
    # pytmx reads an empty string property (a free-form layout's template) as None.
    assert loaded.properties == {k: None if v == "" else v for k, v in props(document).items()}
    for lay in document["layers"]:
        found = loaded.get_layer_by_name(lay["name"])
        assert found.visible == lay["visible"]
        if lay["type"] == "objectgroup":
            assert [(o.name, o.type, o.x, o.y, o.properties) for o in found] == \
                [(o["name"], o["type"], o["x"], o["y"], props(o)) for o in lay["objects"]]
            continue
        width = lay["width"]
        # pytmx numbers tiles its own way; tiledgidmap gives back the gid of the file.
        assert [loaded.tiledgidmap.get(found.data[i // width][i % width], 0) for i in range(len(lay["data"]))] == \
            lay["data"]
    classes = {t["id"] + 1: (t["type"], props(t).get("number")) for t in document["tilesets"][0]["tiles"]}
    for gid, (kind, number) in classes.items():
        tile = loaded.get_tile_properties_by_gid(loaded.map_gid(gid)[0][0])
        assert (tile["type"], tile.get("number")) == (kind, number)


def test_pytmx_refused_the_old_rotation_property(tmp_path):
    """The check above can fail: pytmx refuses a board tile carrying a `rotation` property."""
    import pytmx

    document = tiled_map(free_form_layout())
    board_tiles = layer(document, "objectgroup", "board tiles")
    for obj in board_tiles["objects"]:
        obj["properties"] = [dict(p, name="rotation") if p["name"] == "tile_rotation" else p
                             for p in obj["properties"]]
    (tmp_path / "old.tmx").write_text(tmx_text(document))
    with pytest.raises(ValueError, match="Reserved names"):
        pytmx.TiledMap(str(tmp_path / "old.tmx"))


def test_pytmx_refuses_json_named_tmx(tmp_path):
    """What the first exports did: JSON in a .tmx file, which pytmx (like Tiled) cannot read."""
    import pytmx

    (tmp_path / "board.tmx").write_text(tmj_text(tiled_map(free_form_layout())))
    with pytest.raises(ElementTree.ParseError):
        pytmx.TiledMap(str(tmp_path / "board.tmx"))


def test_no_object_property_uses_a_name_tiled_reserves():
    # pytmx refuses properties named like Tiled's own object attributes ("Reserved names ...").
    reserved = {"id", "name", "type", "class", "x", "y", "width", "height", "rotation", "gid", "visible",
                "template", "text", "points", "ellipse", "point"}
    document = tiled_map(load_layout(LAYOUTS / "standard-6p.json"))
    for lay in document["layers"]:
        for obj in lay.get("objects", []):
            assert not reserved & set(props(obj)), obj["name"]


def test_the_shipped_tiled_project_declares_every_class_and_property():
    from crashgrab.engine.resources import tiled_project_file

    project = json.loads(tiled_project_file().read_text())
    declared = {t["name"]: ({m["name"]: m["type"] for m in t["members"]}, set(t["useAs"]))
                for t in project["propertyTypes"] if t["type"] == "class"}
    document = tiled_map(free_form_layout())
    used = [("map", document["class"], document["properties"])]
    used += [("object", o["type"], o.get("properties", [])) for lay in document["layers"] for o in lay.get("objects", [])]
    used += [("tile", t["type"], t.get("properties", [])) for t in document["tilesets"][0]["tiles"]]
    assert {kind for kind, _, _ in used} == {"map", "object", "tile"}
    for use, class_name, properties in used:
        members, use_as = declared[class_name]
        assert use in use_as, (class_name, use)
        for prop in properties:
            assert members.get(prop["name"]) == prop["type"], (class_name, prop["name"])


# --- Tiled itself, where it is installed (Debian: apt-get install tiled) ------------------------

needs_tiled = pytest.mark.skipif(shutil.which("tiled") is None, reason="the Tiled editor is not installed")
needs_tmxrasterizer = pytest.mark.skipif(shutil.which("tmxrasterizer") is None, reason="tmxrasterizer is not installed")


def run_tiled(*arguments):
    result = subprocess.run([*map(str, arguments)], capture_output=True, text=True, timeout=120,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 0, result.stderr
    return result


def semantic(document):
    """What a map says, whatever program wrote it (Tiled leaves defaults out and sorts properties)."""
    def objects(lay):
        return [(o["name"], o.get("type", ""), o["x"], o["y"], o["width"], o["height"], props(o),
                 o.get("text", {}).get("text")) for o in lay["objects"]]
    layers = [(lay["name"], lay.get("visible", True), lay["data"] if lay["type"] == "tilelayer" else objects(lay))
              for lay in document["layers"]]
    (tileset,) = document["tilesets"]
    tiles = {t["id"]: (t.get("type", ""), props(t)) for t in tileset["tiles"]}
    return (document["width"], document["height"], props(document), layers, tileset["image"], tiles)


@needs_tiled
def test_tiled_itself_reads_both_forms(tmp_path):
    """Tiled's own readers: it converts our .tmx and our .tmj to its JSON, and both say what we wrote
    (the first exports' .tmx held JSON, which Tiled refused: "Not a map file")."""
    layout = free_form_layout()
    tmx, tmj = write_both(layout, tmp_path)
    run_tiled("tiled", "--export-map", "json", tmx, tmp_path / "from-tmx.json")
    run_tiled("tiled", "--export-map", "json", tmj, tmp_path / "from-tmj.json")
    expected = semantic(tiled_map(layout, "board-tiles.png"))
    assert semantic(json.loads((tmp_path / "from-tmx.json").read_text())) == expected
    assert semantic(json.loads((tmp_path / "from-tmj.json").read_text())) == expected


@needs_tiled
def test_pytmx_reads_the_tmx_tiled_writes(tmp_path):
    import pytmx

    write_tiled_map(free_form_layout(), tmp_path / "board.tmj")
    run_tiled("tiled", "--export-map", "tmx", tmp_path / "board.tmj", tmp_path / "by-tiled.tmx")
    loaded = pytmx.TiledMap(str(tmp_path / "by-tiled.tmx"))
    assert [o.properties["tile_rotation"] for o in loaded.get_layer_by_name("board tiles")] == [90, 0]


def png_size(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


@needs_tmxrasterizer
def test_tmxrasterizer_draws_both_forms_alike(tmp_path):
    """Tiled's rasteriser draws the map from either file, one 32-pixel tile a cell (what it draws is
    compared with the editor's board in test_tiled_tileset_image.py)."""
    tmx, tmj = write_both(load_layout(LAYOUTS / "standard-5p.json"), tmp_path)
    run_tiled("tmxrasterizer", tmx, tmp_path / "from-tmx.png")
    run_tiled("tmxrasterizer", tmj, tmp_path / "from-tmj.png")
    assert png_size(tmp_path / "from-tmx.png") == (9 * 32, 9 * 32)
    assert (tmp_path / "from-tmx.png").read_bytes() == (tmp_path / "from-tmj.png").read_bytes()
