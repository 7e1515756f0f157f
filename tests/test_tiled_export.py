"""The Tiled map export: structure against Tiled's published JSON map format, and contents
against the board (shipped layouts, and a free-form layout with holes worked out by hand).

Field names and types below are transcribed from Tiled's "JSON Map Format" reference
(doc.mapeditor.org/en/stable/reference/json-map-format/): Map, Layer, Object, Property,
Tileset and Tile. "required" lists what Tiled itself always writes for these kinds of
map, layer and object; anything else must be a published optional field.
"""
import json
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
from crashgrab.engine.crash_and_grab.tiled import tiled_map, tileset_image_path, tmj_text, write_tiled_map
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
    floor = layer(document, "tilelayer")
    assert (floor["width"], floor["height"]) == (document["width"], document["height"])
    assert len(floor["data"]) == document["width"] * document["height"]
    (tileset,) = document["tilesets"]
    assert tileset["firstgid"] == 1
    assert (tileset["tilewidth"], tileset["tileheight"]) == (document["tilewidth"], document["tileheight"])
    assert tileset["imagewidth"] == tileset["columns"] * tileset["tilewidth"]  # margin and spacing are 0
    rows = tileset["imageheight"] // tileset["tileheight"]
    assert tileset["columns"] * (rows - 1) < tileset["tilecount"] <= tileset["columns"] * rows
    assert all(0 <= gid <= tileset["tilecount"] for gid in floor["data"])
    assert sorted(t["id"] for t in tileset["tiles"]) == list(range(tileset["tilecount"]))


@pytest.mark.parametrize("case", LAYOUT_CASES)
def test_floor_and_objects_match_the_board(case):
    assert_map_matches_board(LAYOUT_CASES[case]())


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6))
def test_random_setups_export_their_board(players, seed):
    # Every side and rotation turns up across seeds, so features land all over the board.
    assert_map_matches_board(random_layout_for_players(standard_tileset(), players, seed, tileset_ref="standard"))


def assert_map_matches_board(layout):
    board = resolve_layout(layout).board
    document = tiled_map(layout)
    assert (document["width"], document["height"]) == (board.width, board.height)
    tile_classes = {t["id"] + 1: (t["type"], props(t).get("number")) for t in document["tilesets"][0]["tiles"]}
    data = layer(document, "tilelayer")["data"]
    for y in range(board.height):
        for x in range(board.width):
            gid = data[y * board.width + x]
            if not board.on_board((x, y)):
                assert gid == 0, f"hole [{x},{y}] should be empty"
                continue
            feature = board.feature_at((x, y))
            expected = (feature.type, feature.number) if feature else ("floor", None)
            assert tile_classes[gid] == expected, f"cell [{x},{y}]"
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
    floor, accel, site = tiled_tiles.FLOOR_GID, tiled_tiles.ACCELERATOR_GID, lambda n: 3 + n
    assert layer(document, "tilelayer")["data"] == [
        floor, floor, floor, accel, 0, 0,
        floor, floor, floor, site(2), 0, 0,
        floor, floor, site(1), floor, 0, accel,
        accel, site(3), floor, floor, 0, 0,
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
    data = layer(document, "tilelayer")["data"]
    # Tile 1 side A at [0,0], top row ". 1 . >"; tile 2 side A at [4,0], top row ". . > .".
    assert data[:8] == [1, 3 + 1, 1, tiled_tiles.ACCELERATOR_GID, 1, 1, tiled_tiles.ACCELERATOR_GID, 1]
    # Tile 4 side A at [4,4]: Crash Site 12 on its bottom row at [1,3], so board cell [5,7].
    assert data[7 * 8 + 5] == 3 + 12
    assert props(document) == {
        "name": "Standard 2-4 players", "template": "2-4", "tileset": "standard",
        "north": "Sun", "east": "Asteroids", "south": "Meteor", "west": "Stars",
        "notes": "The core tiles in order, side A, unturned: the board as printed in the rulebook's tile list.",
    }
    # 12 Crash Sites; two Accelerators on each of tiles 1-4 side A.
    assert len(layer(document, "objectgroup", "features")["objects"]) == 12 + 4 * 2


def test_tileset_image_has_the_declared_size_and_tiles(tmp_path):
    layout = load_layout(LAYOUTS / "standard-5p.json")
    image_path = write_tiled_map(layout, tmp_path / "board.tmj")
    assert image_path == tmp_path / "board-tiles.png"
    document = json.loads((tmp_path / "board.tmj").read_text())
    tileset = document["tilesets"][0]
    assert tileset["image"] == "board-tiles.png"  # relative to the map, as Tiled resolves it
    image = decode_png(image_path.read_bytes())
    assert (image.width, image.height) == (tileset["imagewidth"], tileset["imageheight"])

    def pixel(local_id, x, y):
        left, top = tiled_tiles.tile_origin(local_id)
        return image.pixel(left + x, top + y)
    # Plain floor: 1-pixel dark edge, flat inside.
    assert pixel(0, 0, 0) == tiled_tiles.FLOOR_EDGE and pixel(0, 16, 16) == tiled_tiles.FLOOR
    # Accelerator (local id 2): the centre dot, radius 3, covers pixel (15,15) whole.
    assert pixel(2, 15, 15) == tiled_tiles.ACCELERATOR_MARK and pixel(2, 2, 29) == tiled_tiles.FLOOR
    # Crash Site 1 (local id 3): amber disc (radius 11 about (16,16)) above the digit;
    # the digit "1" is 2-pixel squares from (13,11): its top square is at (15,11)-(17,13).
    assert pixel(3, 16, 7) == tiled_tiles.CRASH_DISC and pixel(3, 15, 11) == tiled_tiles.INK
    assert pixel(3, 1, 1) == tiled_tiles.FLOOR  # the disc's corner leaves the floor showing
    assert [t["type"] for t in tileset["tiles"][:3]] == ["floor", "crash_site", "accelerator"]


def test_tmj_text_is_the_document_with_one_board_row_per_line():
    document = tiled_map(free_form_layout(), "x.png")
    text = tmj_text(document)
    assert json.loads(text) == document
    assert "        1, 1, 1, 3, 0, 0,\n" in text  # the first board row, on its own line


def test_cli_writes_the_map_and_its_image(tmp_path, capsys):
    out = tmp_path / "board.tmj"
    assert main(["export", str(LAYOUTS / "standard-6p.json"), "--format", "tiled", "-o", str(out)]) == 0
    assert "board-tiles.png" in capsys.readouterr().err
    document = json.loads(out.read_text())
    assert (document["width"], document["height"]) == (10, 10)
    assert decode_png(tileset_image_path(out).read_bytes()).width == document["tilesets"][0]["imagewidth"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board-tiles.png", "board.tmj"]


def test_cli_needs_an_output_file_for_tiled(capsys):
    assert main(["export", str(LAYOUTS / "standard-6p.json"), "--format", "tiled"]) == 2
    err = capsys.readouterr().err
    assert "needs an output file" in err and "-o board.tmj" in err and "Traceback" not in err


def test_cli_refuses_a_broken_layout_without_writing(tmp_path, capsys):
    document = read_json(LAYOUTS / "standard-2-4p.json")
    document["template"] = None
    document["placements"][1]["x"] = 2  # tile 2 now overlaps tile 1
    layout = tmp_path / "broken.json"
    layout.write_text(json.dumps(document))
    assert main(["export", str(layout), "--format", "tiled", "-o", str(tmp_path / "b.tmj")]) == 2
    assert "overlaps" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.json"]


@pytest.mark.skipif(shutil.which("tiled") is None, reason="the Tiled editor is not installed")
def test_tiled_itself_reads_the_map(tmp_path):
    """Tiled's own reader converts our map to TMX; the result must carry the same board."""
    layout = free_form_layout()
    write_tiled_map(layout, tmp_path / "board.tmj")
    subprocess.run(["tiled", "--export-map", "tmx", str(tmp_path / "board.tmj"), str(tmp_path / "board.tmx")],
                   check=True, capture_output=True, timeout=120)
    root = ElementTree.parse(tmp_path / "board.tmx").getroot()
    assert (root.get("width"), root.get("height"), root.get("orientation")) == ("6", "4", "orthogonal")
    csv = root.find("layer/data").text
    assert [int(v) for v in csv.replace("\n", "").split(",")] == layer(tiled_map(layout), "tilelayer")["data"]
    groups = {g.get("name"): g for g in root.findall("objectgroup")}
    sites = [o for o in groups["features"].findall("object") if o.get("type") == "crash_site"]
    assert sorted(int(o.find("properties/property[@name='number']").get("value")) for o in sites) == [1, 2, 3]
    assert root.find("tileset/image").get("source") == "board-tiles.png"


def test_pytiled_parser_reads_the_map(tmp_path):
    """A second Tiled reader (pytiled-parser, the Arcade library's) loads the file as written."""
    from pathlib import Path

    import pytiled_parser

    layout = load_layout(LAYOUTS / "standard-5p.json")
    write_tiled_map(layout, tmp_path / "board.tmj")
    parsed = pytiled_parser.parse_map(Path(tmp_path / "board.tmj"))
    assert (parsed.map_size.width, parsed.map_size.height) == (9, 9)
    assert parsed.properties["north"] == "Sun" and parsed.class_ == "crash-grab-board"
    layers = {lay.name: lay for lay in parsed.layers}
    assert list(layers) == ["floor", "board tiles", "features", "tile labels", "directions"]
    assert list(layers["floor"].data[0][:2]) == layer(tiled_map(layout), "tilelayer")["data"][:2]
    tiles = layers["board tiles"].tiled_objects
    assert [(o.properties["tile"], o.properties["side"], o.properties["tile_rotation"]) for o in tiles] == \
        [(p.tile, p.side, p.rotation) for p in layout.placements]
    labels = {o.text: (o.coordinates.x, o.coordinates.y) for o in layers["tile labels"].tiled_objects}
    assert labels == {f"{p.tile}{p.side}": (p.x * 32, p.y * 32) for p in layout.placements}
    markers = {o.properties["side"]: (o.text, o.coordinates.x, o.coordinates.y, o.size.width, o.size.height)
               for o in layers["directions"].tiled_objects}
    # Just outside the 9x9 board (288 px): a row above and below, three columns left and right.
    assert markers == {"north": ("Sun", 0, -32, 288, 32), "south": ("Meteor", 0, 288, 288, 32),
                       "west": ("Stars", -96, 0, 96, 288), "east": ("Asteroids", 288, 0, 96, 288)}
    sites = [o for o in layers["features"].tiled_objects if o.class_ == "crash_site"]
    assert sorted(o.properties["number"] for o in sites) == list(range(1, 13))


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


@pytest.mark.skipif(shutil.which("tiled") is None, reason="the Tiled editor is not installed")
def test_pytmx_reads_the_map_tiled_converts(tmp_path):
    """pytmx reads TMX only: Tiled converts our map, then pytmx must load it without refusing names."""
    import pytmx

    write_tiled_map(free_form_layout(), tmp_path / "board.tmj")
    subprocess.run(["tiled", "--export-map", "tmx", str(tmp_path / "board.tmj"), str(tmp_path / "board.tmx")],
                   check=True, capture_output=True, timeout=120)
    loaded = pytmx.TiledMap(str(tmp_path / "board.tmx"))
    tiles = loaded.get_layer_by_name("board tiles")
    assert [o.properties["tile_rotation"] for o in tiles] == [90, 0]


def tmx_from_tmj(document):
    """The TMX (XML) form of our map, for pytmx, which reads only TMX: the same elements and
    attributes Tiled writes for the parts of the format the export uses."""
    def add_properties(parent, properties):
        if properties:
            holder = ElementTree.SubElement(parent, "properties")
            for prop in properties:
                value = str(prop["value"]).lower() if prop["type"] == "bool" else str(prop["value"])
                ElementTree.SubElement(holder, "property", name=prop["name"], type=prop["type"], value=value)

    root = ElementTree.Element("map", version=document["version"], orientation=document["orientation"],
                               renderorder=document["renderorder"], width=str(document["width"]),
                               height=str(document["height"]), tilewidth=str(document["tilewidth"]),
                               tileheight=str(document["tileheight"]), infinite="0",
                               nextlayerid=str(document["nextlayerid"]), nextobjectid=str(document["nextobjectid"]))
    add_properties(root, document["properties"])
    (tileset,) = document["tilesets"]
    element = ElementTree.SubElement(root, "tileset", firstgid=str(tileset["firstgid"]), name=tileset["name"],
                                     tilewidth=str(tileset["tilewidth"]), tileheight=str(tileset["tileheight"]),
                                     tilecount=str(tileset["tilecount"]), columns=str(tileset["columns"]))
    ElementTree.SubElement(element, "image", source=tileset["image"], width=str(tileset["imagewidth"]),
                           height=str(tileset["imageheight"]))
    for tile in tileset["tiles"]:
        add_properties(ElementTree.SubElement(element, "tile", id=str(tile["id"]), type=tile["type"]),
                       tile.get("properties", []))
    for lay in document["layers"]:
        if lay["type"] == "tilelayer":
            element = ElementTree.SubElement(root, "layer", id=str(lay["id"]), name=lay["name"],
                                             width=str(lay["width"]), height=str(lay["height"]))
            ElementTree.SubElement(element, "data", encoding="csv").text = ",".join(map(str, lay["data"]))
            continue
        element = ElementTree.SubElement(root, "objectgroup", id=str(lay["id"]), name=lay["name"])
        for obj in lay["objects"]:
            node = ElementTree.SubElement(element, "object", id=str(obj["id"]), name=obj["name"], type=obj["type"],
                                          x=str(obj["x"]), y=str(obj["y"]), width=str(obj["width"]),
                                          height=str(obj["height"]))
            add_properties(node, obj.get("properties", []))
            if "text" in obj:
                ElementTree.SubElement(node, "text", bold="1", pixelsize=str(obj["text"]["pixelsize"]),
                                       halign=obj["text"]["halign"], valign=obj["text"]["valign"]).text = \
                    obj["text"]["text"]
    return ElementTree.tostring(root, encoding="unicode")


@pytest.mark.parametrize("case", LAYOUT_CASES)
def test_pytmx_accepts_every_property_name(tmp_path, case):
    """pytmx refused the old `rotation` property ("Reserved names and duplicate names are not
    allowed"); the same map in TMX form now loads, with every object and property."""
    import pytmx

    document = tiled_map(LAYOUT_CASES[case]())
    (tmp_path / "board.tmx").write_text(tmx_from_tmj(document))
    loaded = pytmx.TiledMap(str(tmp_path / "board.tmx"))
    assert loaded.properties["north"] == props(document)["north"]
    for lay in document["layers"]:
        if lay["type"] != "objectgroup":
            continue
        objects = list(loaded.get_layer_by_name(lay["name"]))
        assert [o.properties for o in objects] == [props(o) for o in lay["objects"]]
    tiles = list(loaded.get_layer_by_name("board tiles"))
    assert all("tile_rotation" in o.properties for o in tiles)


def test_pytmx_refused_the_old_rotation_property(tmp_path):
    """The check above can fail: pytmx refuses a board tile carrying a `rotation` property."""
    import pytmx

    document = tiled_map(free_form_layout())
    board_tiles = layer(document, "objectgroup", "board tiles")
    for obj in board_tiles["objects"]:
        obj["properties"] = [dict(p, name="rotation") if p["name"] == "tile_rotation" else p
                             for p in obj["properties"]]
    (tmp_path / "old.tmx").write_text(tmx_from_tmj(document))
    with pytest.raises(ValueError, match="Reserved names"):
        pytmx.TiledMap(str(tmp_path / "old.tmx"))
