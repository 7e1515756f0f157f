"""The Tiled map export: a layout as a Tiled map, TMX (XML, .tmx) or JSON (.tmj), plus its tileset PNG.

Follows Tiled's published map formats, version 1.10 (https://doc.mapeditor.org/en/stable/reference/
tmx-map-format/ and .../json-map-format/); both forms carry the same map, built once here as the JSON
document and written out as either. An orthogonal, fixed-size map one tile per board cell with
- a tile layer "floor": every board cell a floor tile (plain, Accelerator, or the Crash Site of its
  number) on its tile's paper, holes empty (gid 0);
- tile layers "holes" and "borders", for the eye only: holes hatched, and the heavy lines where a
  tile meets another tile, a hole or the outside, as the editor draws them;
- an object layer "board tiles" (hidden): one rectangle per placed physical tile (tile id, side and
  its turn as `tile_rotation`: Tiled's own object attribute is called `rotation`, and readers such as
  pytmx refuse a property of that name);
- an object layer "features" (hidden): one cell-sized rectangle per Crash Site (class "crash_site",
  its number an int property) and per Accelerator (class "accelerator");
- an object layer "tile labels": the tile id and side ("3A") as a text object in each tile's corner;
- an object layer "directions": the four direction markers as text objects just outside the
  board's sides (outside the map's cells, so they cover none);
- map properties for the layout's name, template, tile set and the four direction markers.
The two object layers of data are hidden because Tiled draws every rectangle with a tinted fill,
which would veil the board; readers see hidden layers as any other.
The tileset is embedded in the map (Tiled's term: not an external .tsx/.tsj); its image is a
separate PNG beside the map, referred to by a relative path, because Tiled and most engines read
tileset images from files, not from data: URIs.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from .resolve import resolve_layout
from .terms import ACCELERATOR, CRASH_SITE
from .layout import Layout
from ..formats.atomic import write_bytes_atomic
from ..formats.jsonio import write_text_atomic
from ..formats.tiled_map import map_format, map_text, tileset_image_path
from ..grid.model import Board
from .tiled_tiles import (COLUMNS, EAST, EMPTY_GID, FIRST_GID, HOLE_GID, NORTH, ROWS, SOUTH, TILE_KINDS, TILE_SIZE,
                          WEST, border_gid, gid_for, tileset_png)

TILED_FORMAT_VERSION = "1.10"  # the format revision written (a string since Tiled 1.6)
TILED_VERSION = "1.10.2"  # the Tiled release whose output this mirrors
MAP_CLASS = "crash-grab-board"
TILESET_NAME = "crash-grab"
BACKGROUND = "#ffffff"  # the editor's images are on white paper
DEFAULT_IMAGE = "crash-grab-tiles.png"

FLOOR_LAYER = "floor"
HOLES_LAYER = "holes"
BORDERS_LAYER = "borders"
BOARD_TILES_LAYER = "board tiles"
FEATURES_LAYER = "features"
LABELS_LAYER = "tile labels"
DIRECTIONS_LAYER = "directions"
BOARD_TILE_CLASS = "board_tile"
TILE_LABEL_CLASS = "tile_label"
DIRECTION_CLASS = "direction_marker"
INK = "#27303b"  # the editor's tile borders and labels (style.TILE_BORDER, LABEL_BACK)
LABEL_INSET = 2  # pixels between a tile's corner and its label
MARKER_DEPTH = 3  # cells of room the west and east markers' names get beside the board
FEATURE_NAMES = {CRASH_SITE: "Crash Site", ACCELERATOR: "Accelerator"}


def tiled_map(layout: Layout, image: str = DEFAULT_IMAGE) -> dict[str, Any]:
    """The map as Tiled's JSON document (.tmj); `image` is the tileset PNG's path relative to the map
    file. `tmx_text` writes the same document as TMX."""
    board = resolve_layout(layout).board
    next_object_id = 1

    def make_object(name: str, kind: str, at: tuple[float, float], size: tuple[float, float],
                    properties: list[dict[str, Any]], text: dict[str, Any] | None = None) -> dict[str, Any]:
        """An object at pixel `at`, `size` pixels."""
        nonlocal next_object_id
        obj = {"height": size[1], "id": next_object_id, "name": name, "rotation": 0,
               "type": kind, "visible": True, "width": size[0], "x": at[0], "y": at[1]}
        if properties:
            obj["properties"] = properties
        if text is not None:
            obj["text"] = text
        next_object_id += 1
        return obj

    def pixels(cells: tuple[int, int]) -> tuple[int, int]:
        return cells[0] * TILE_SIZE, cells[1] * TILE_SIZE

    roles = {tile.id: tile.kind for tile in layout.tileset.tiles}
    floor = [
        gid_for(board.feature_at((x, y)), roles.get(board.cell_tiles[(x, y)])) if board.on_board((x, y)) else EMPTY_GID
        for y in range(board.height) for x in range(board.width)
    ]
    holes = [EMPTY_GID if board.on_board((x, y)) else HOLE_GID for y in range(board.height) for x in range(board.width)]
    borders = [_border_gid(board, (x, y)) for y in range(board.height) for x in range(board.width)]
    tile_objects, label_objects = [], []
    for placement in layout.placements:
        tile = layout.tileset.get(placement.tile)
        if tile is None:  # an unknown tile places no cells; the layout's findings report it
            continue
        origin, size = pixels((placement.x, placement.y)), pixels(tile.size(placement.rotation))
        tile_objects.append(make_object(
            f"Tile {placement.tile} side {placement.side}", BOARD_TILE_CLASS, origin, size,
            [_property("tile", placement.tile), _property("side", placement.side),
             _property("tile_rotation", placement.rotation)]))
        label = f"{placement.tile}{placement.side}"
        label_objects.append(make_object(label, TILE_LABEL_CLASS, (origin[0] + LABEL_INSET, origin[1] + LABEL_INSET),
                                         (size[0] - 2 * LABEL_INSET, size[1] - 2 * LABEL_INSET),
                                         [_property("tile", placement.tile)], _text(label, "left", "top", 9)))
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
        feature_objects.append(make_object(name, feature.type, pixels(cell), pixels((1, 1)), properties))

    marker_objects = []
    for side, cell, size, halign in _marker_boxes(board.width, board.height):
        marker = layout.directions.get(side, "")
        marker_objects.append(make_object(marker or f"({side})", DIRECTION_CLASS, pixels(cell), pixels(size),
                                          [_property("side", side), _property("marker", marker)],
                                          _text(marker, halign, "center", 16)))

    layers = [
        _tile_layer(1, FLOOR_LAYER, board, floor),
        _tile_layer(2, HOLES_LAYER, board, holes),
        _tile_layer(3, BORDERS_LAYER, board, borders),
        _object_layer(4, BOARD_TILES_LAYER, tile_objects, INK, visible=False),
        _object_layer(5, FEATURES_LAYER, feature_objects, visible=False),
        _object_layer(6, LABELS_LAYER, label_objects, INK),
        _object_layer(7, DIRECTIONS_LAYER, marker_objects, INK),
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


def _border_gid(board: Board, cell: tuple[int, int]) -> int:
    """The borders layer's tile for a cell: the half, inside the cell, of each line the editor draws
    on its sides (a hole's sides that meet a tile too)."""
    tile = board.cell_tiles.get(cell)
    x, y = cell
    sides = sum(side for side, neighbour in ((NORTH, (x, y - 1)), (EAST, (x + 1, y)), (SOUTH, (x, y + 1)),
                                             (WEST, (x - 1, y)))
                if board.cell_tiles.get(neighbour) != tile)
    return border_gid(sides)


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
        "tilecount": COLUMNS * ROWS,  # what Tiled counts in the image; the last row's end is left empty
        "tileheight": TILE_SIZE,
        "tiles": tiles,
        "tilewidth": TILE_SIZE,
    }


def write_tiled_map(layout: Layout, path: str | Path) -> Path:
    """Write the map, TMX or JSON by its extension, and beside it its tileset image; return the
    image's path. The image goes first, so a map on disk never points at a missing image."""
    map_format(path)  # a name that is neither .tmx nor .tmj is refused before anything is written
    image_path = tileset_image_path(path)
    document = tiled_map(layout, image_path.name)
    write_bytes_atomic(image_path, tileset_png())
    write_text_atomic(path, map_text(document, path))
    return image_path


def _tile_layer(layer_id: int, name: str, board: Board, data: list[int]) -> dict[str, Any]:
    return {"data": data, "height": board.height, "id": layer_id, "name": name, "opacity": 1,
            "type": "tilelayer", "visible": True, "width": board.width, "x": 0, "y": 0}


def _object_layer(layer_id: int, name: str, objects: list[dict[str, Any]],
                  colour: str | None = None, visible: bool = True) -> dict[str, Any]:
    layer = {"draworder": "topdown", "id": layer_id, "name": name, "objects": objects, "opacity": 1,
             "type": "objectgroup", "visible": visible, "x": 0, "y": 0}
    if colour:
        layer["color"] = colour
    return layer


def _text(text: str, halign: str, valign: str, pixel_size: int) -> dict[str, Any]:
    """A Tiled text object's "text" field: the words, bold, in the editor's ink."""
    return {"bold": True, "color": INK, "halign": halign, "pixelsize": pixel_size, "text": text,
            "valign": valign, "wrap": False}


def _marker_boxes(width: int, height: int):
    """(side, top-left cell, size in cells, alignment) of each marker's box, just off the board."""
    return [
        ("north", (0, -1), (width, 1), "center"),
        ("east", (width, 0), (MARKER_DEPTH, height), "left"),
        ("south", (0, height), (width, 1), "center"),
        ("west", (-MARKER_DEPTH, 0), (MARKER_DEPTH, height), "right"),
    ]


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
