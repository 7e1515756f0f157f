"""The Tiled map export: a layout as a Tiled JSON map (.tmj) plus the PNG of its tileset.

Follows Tiled's published JSON map format
(https://doc.mapeditor.org/en/stable/reference/json-map-format/), format version 1.10:
an orthogonal, fixed-size map one tile per board cell with
- a tile layer "floor": every board cell a floor tile (plain, Accelerator, or the Crash
  Site of its number), holes empty (gid 0);
- an object layer "board tiles": one rectangle per placed physical tile (id, side, rotation);
- an object layer "features": one cell-sized rectangle per Crash Site (class
  "crash_site", its number an int property) and per Accelerator (class "accelerator");
- map properties for the layout's name, template, tile set and the four direction markers.
The tileset is embedded in the map (Tiled's term: not an external .tsj); its image is a
separate PNG beside the map, referred to by a relative path, because Tiled and most
engines read tileset images from files, not from data: URIs.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from .resolve import resolve_layout
from .terms import ACCELERATOR, CRASH_SITE
from .layout import Layout
from ..formats.jsonio import dumps, write_text_atomic
from ..formats.png import write_png
from .tiled_tiles import (COLUMNS, EMPTY_GID, FIRST_GID, ROWS, TILE_KINDS, TILE_SIZE, gid_for,
                          tileset_image)

TILED_FORMAT_VERSION = "1.10"  # the JSON format revision written (a string since Tiled 1.6)
TILED_VERSION = "1.10.2"  # the Tiled release whose output this mirrors
MAP_CLASS = "crash-grab-board"
TILESET_NAME = "crash-grab"
BACKGROUND = "#10151f"  # shows through holes in Tiled
DEFAULT_IMAGE = "crash-grab-tiles.png"

FLOOR_LAYER = "floor"
BOARD_TILES_LAYER = "board tiles"
FEATURES_LAYER = "features"
BOARD_TILE_CLASS = "board_tile"
FEATURE_NAMES = {CRASH_SITE: "Crash Site", ACCELERATOR: "Accelerator"}


def tiled_map(layout: Layout, image: str = DEFAULT_IMAGE) -> dict[str, Any]:
    """The .tmj document for a layout; `image` is the tileset PNG's path relative to the map file."""
    board = resolve_layout(layout).board
    next_object_id = 1

    def make_object(name: str, kind: str, cell: tuple[int, int], size: tuple[int, int],
                    properties: list[dict[str, Any]]) -> dict[str, Any]:
        nonlocal next_object_id
        obj = {"height": size[1] * TILE_SIZE, "id": next_object_id, "name": name, "rotation": 0,
               "type": kind, "visible": True, "width": size[0] * TILE_SIZE,
               "x": cell[0] * TILE_SIZE, "y": cell[1] * TILE_SIZE, "properties": properties}
        next_object_id += 1
        return obj

    data = [
        gid_for(board.feature_at((x, y))) if board.on_board((x, y)) else EMPTY_GID
        for y in range(board.height) for x in range(board.width)
    ]
    tile_objects = []
    for placement in layout.placements:
        tile = layout.tileset.get(placement.tile)
        if tile is None:  # an unknown tile places no cells; the layout's findings report it
            continue
        tile_objects.append(make_object(
            f"Tile {placement.tile} side {placement.side}", BOARD_TILE_CLASS, (placement.x, placement.y),
            tile.size(placement.rotation),
            [_property("tile", placement.tile), _property("side", placement.side),
             _property("rotation", placement.rotation)]))
    feature_objects = []
    for cell in sorted(board.features, key=lambda c: (c[1], c[0])):
        feature = board.features[cell]
        properties = [_property("tile", feature.tile)]
        name = FEATURE_NAMES.get(feature.type, feature.type)
        if feature.number is not None:
            properties.insert(0, _property("number", feature.number))
            name = f"{name} {feature.number}"
        if feature.facing is not None:
            properties.append(_property("facing", feature.facing.value))
        feature_objects.append(make_object(name, feature.type, cell, (1, 1), properties))

    layers = [
        {"data": data, "height": board.height, "id": 1, "name": FLOOR_LAYER, "opacity": 1,
         "type": "tilelayer", "visible": True, "width": board.width, "x": 0, "y": 0},
        _object_layer(2, BOARD_TILES_LAYER, tile_objects),
        _object_layer(3, FEATURES_LAYER, feature_objects),
    ]
    return {
        "backgroundcolor": BACKGROUND,
        "class": MAP_CLASS,
        "compressionlevel": -1,
        "height": board.height,
        "infinite": False,
        "layers": layers,
        "nextlayerid": len(layers) + 1,
        "nextobjectid": next_object_id,
        "orientation": "orthogonal",
        "properties": _map_properties(layout),
        "renderorder": "right-down",
        "tiledversion": TILED_VERSION,
        "tileheight": TILE_SIZE,
        "tilesets": [tiled_tileset(image)],
        "tilewidth": TILE_SIZE,
        "type": "map",
        "version": TILED_FORMAT_VERSION,
        "width": board.width,
    }


def tiled_tileset(image: str = DEFAULT_IMAGE) -> dict[str, Any]:
    """The embedded tileset: its tiles carry a class (and Crash Sites their number) so an
    engine can tell cells apart from the floor layer alone."""
    tiles = []
    for kind in TILE_KINDS:
        tile: dict[str, Any] = {"id": kind.local_id, "type": kind.kind}
        if kind.number is not None:
            tile["properties"] = [_property("number", kind.number)]
        tiles.append(tile)
    return {
        "columns": COLUMNS,
        "firstgid": FIRST_GID,
        "image": image,
        "imageheight": ROWS * TILE_SIZE,
        "imagewidth": COLUMNS * TILE_SIZE,
        "margin": 0,
        "name": TILESET_NAME,
        "spacing": 0,
        "tilecount": len(TILE_KINDS),
        "tileheight": TILE_SIZE,
        "tiles": tiles,
        "tilewidth": TILE_SIZE,
    }


def tileset_image_path(map_path: str | Path) -> Path:
    """Where the tileset PNG goes: beside the map, named after it (board.tmj -> board-tiles.png)."""
    map_path = Path(map_path)
    return map_path.with_name(f"{map_path.stem}-tiles.png")


def write_tiled_map(layout: Layout, path: str | Path) -> Path:
    """Write the map and, beside it, its tileset image; return the image's path.
    The image goes first, so a map on disk never points at a missing image."""
    image_path = tileset_image_path(path)
    write_png(image_path, tileset_image())
    write_text_atomic(path, tmj_text(tiled_map(layout, image_path.name)))
    return image_path


def tmj_text(document: dict[str, Any]) -> str:
    """JSON text for a map: objects and lists of scalars on one line, tile data one board
    row per line."""
    return dumps(document, one_line=_holds_no_containers, rows=_tile_layer_rows)


def _holds_no_containers(value: dict | list, flat: str) -> bool:
    return not any(isinstance(v, (dict, list)) for v in (value.values() if isinstance(value, dict) else value))


def _tile_layer_rows(key: str, parent: dict) -> int | None:
    return parent.get("width") if key == "data" and parent.get("type") == "tilelayer" else None


def _object_layer(layer_id: int, name: str, objects: list[dict[str, Any]]) -> dict[str, Any]:
    return {"draworder": "topdown", "id": layer_id, "name": name, "objects": objects, "opacity": 1,
            "type": "objectgroup", "visible": True, "x": 0, "y": 0}


def _map_properties(layout: Layout) -> list[dict[str, Any]]:
    properties = [
        _property("name", layout.name),
        _property("template", layout.template or ""),
        _property("tileset", layout.tileset.id),
    ]
    properties += [_property(side, layout.directions.get(side, "")) for side in ("north", "east", "south", "west")]
    if layout.notes:
        properties.append(_property("notes", layout.notes))
    return properties


def _property(name: str, value: str | int | bool | float) -> dict[str, Any]:
    """A Tiled custom property: {"name", "type", "value"}, type one of Tiled's built-in ones."""
    if isinstance(value, bool):
        kind = "bool"
    elif isinstance(value, int):
        kind = "int"
    elif isinstance(value, float):
        kind = "float"
    else:
        kind = "string"
    return {"name": name, "type": kind, "value": value}
