"""The Tiled map export: a Crash! board as a hexagonal Tiled map (.tmx, or .tmj for its JSON form) and its tileset PNG.

Tiled's hexagonal maps (https://doc.mapeditor.org/en/stable/reference/json-map-format/) hold
pointy-top hexes in staggered rows: `orientation` "hexagonal", `staggeraxis` "y". Our axial
[q, r] becomes row r - r_min and column q + floor(r / 2) - (the least of those), and the rows
whose r is odd are the ones Tiled shifts half a hex right (`staggerindex` says which: "even"
when the top row's r is odd). The standard board fills a 7 x 7 map. Layers:
- a tile layer "board": every hex a board tile, the junkyards a junkyard tile of their owner;
  cells of the rectangle that are not hexes are empty (gid 0);
- an object layer "cars": a point per start at its hex centre, class "start", with the
  properties player, car and facing (the default rule applied; `facing_written` says whether
  the layout wrote it).
The tileset is embedded; its image is a PNG beside the map, named after it (board-tiles.png).
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from ..formats.jsonio import write_text_atomic
from ..formats.png import RGBAImage, write_png
from ..formats.raster import Canvas, hex_colour
from ..formats.tiled_map import map_format, map_text, tileset_image_path
from .model import CrashLayout
from .terms import Cell

TILED_FORMAT_VERSION = "1.10"
TILED_VERSION = "1.10.2"
TILE_WIDTH, TILE_HEIGHT, SIDE = 52, 60, 30   # a pointy-top hex of radius 30 px: sqrt(3) * 30 across, 60 tall
FIRST_GID = 1
TILES = ("hex", "junkyard-p1", "junkyard-p2")
COLOURS = {"hex": "#f8fafc", "junkyard-p1": "#1e3a8a", "junkyard-p2": "#7f1d1d"}
OUTLINE = "#475569"


def offsets(layout: CrashLayout) -> tuple[dict[Cell, tuple[int, int]], int, int, str]:
    """Each hex's (column, row) in the map, the map's width and height, and its staggerindex."""
    cells = layout.hexes | {s.at for s in layout.starts} | {j.at for j in layout.junkyards}
    r_min = min(c[1] for c in cells)
    raw = {c: (c[0] + math.floor(c[1] / 2), c[1] - r_min) for c in cells}
    left = min(x for x, _ in raw.values())
    placed = {c: (x - left, y) for c, (x, y) in raw.items()}
    width = max(x for x, _ in placed.values()) + 1
    height = max(y for _, y in placed.values()) + 1
    return placed, width, height, "even" if r_min % 2 else "odd"


def pixel_centre(column: int, row: int, staggered: bool) -> tuple[float, float]:
    x = column * TILE_WIDTH + TILE_WIDTH / 2 + (TILE_WIDTH / 2 if staggered else 0)
    y = row * (TILE_HEIGHT + SIDE) / 2 + TILE_HEIGHT / 2
    return x, y


def _property(name: str, value: str | int | bool) -> dict[str, Any]:
    kind = "bool" if isinstance(value, bool) else "int" if isinstance(value, int) else "string"
    return {"name": name, "type": kind, "value": value}


def tiled_map(layout: CrashLayout, image: str) -> dict[str, Any]:
    placed, width, height, stagger = offsets(layout)
    data = [0] * (width * height)
    junkyards = {j.at: j.player for j in layout.junkyards}
    for cell in layout.hexes:
        column, row = placed[cell]
        tile = f"junkyard-{junkyards[cell]}" if cell in junkyards else "hex"
        data[row * width + column] = FIRST_GID + TILES.index(tile)
    shifted = 0 if stagger == "even" else 1
    objects = []
    for number, start in enumerate(layout.starts, start=1):
        column, row = placed[start.at]
        x, y = pixel_centre(column, row, row % 2 == shifted)
        objects.append({"id": number, "name": f"{start.player} car {start.car}", "type": "start", "point": True,
                        "x": round(x, 3), "y": round(y, 3), "width": 0, "height": 0, "rotation": 0, "visible": True,
                        "properties": [_property("player", start.player), _property("car", start.car),
                                       _property("facing", layout.facing_of(start)),
                                       _property("facing_written", start.facing is not None)]})
    properties = [_property("name", layout.name), _property("template", layout.template or ""),
                  _property("game", "crash"), _property("coordinates", "axial [q, r]")]
    if layout.notes:
        properties.append(_property("notes", layout.notes))
    return {
        "compressionlevel": -1, "height": height, "width": width, "hexsidelength": SIDE, "infinite": False,
        "layers": [
            {"data": data, "height": height, "id": 1, "name": "board", "opacity": 1, "type": "tilelayer",
             "visible": True, "width": width, "x": 0, "y": 0},
            {"draworder": "topdown", "id": 2, "name": "cars", "objects": objects, "opacity": 1,
             "type": "objectgroup", "visible": True, "x": 0, "y": 0},
        ],
        "nextlayerid": 3, "nextobjectid": len(objects) + 1, "orientation": "hexagonal", "properties": properties,
        "renderorder": "right-down", "staggeraxis": "y", "staggerindex": stagger, "tiledversion": TILED_VERSION,
        "tileheight": TILE_HEIGHT, "tilewidth": TILE_WIDTH, "type": "map", "version": TILED_FORMAT_VERSION,
        "tilesets": [{
            "columns": len(TILES), "firstgid": FIRST_GID, "image": image, "imageheight": TILE_HEIGHT,
            "imagewidth": TILE_WIDTH * len(TILES), "margin": 0, "name": "crash", "spacing": 0,
            "tilecount": len(TILES), "tileheight": TILE_HEIGHT, "tilewidth": TILE_WIDTH,
            "tiles": [{"id": i, "type": name} for i, name in enumerate(TILES)],
        }],
    }


def tileset_image() -> RGBAImage:
    canvas = Canvas(TILE_WIDTH * len(TILES), TILE_HEIGHT)
    for index, name in enumerate(TILES):
        cx, cy = index * TILE_WIDTH + TILE_WIDTH / 2, TILE_HEIGHT / 2
        outer = [(cx + 30 * math.cos(math.radians(60 * i - 30)), cy + 30 * math.sin(math.radians(60 * i - 30)))
                 for i in range(6)]
        inner = [(cx + 28.5 * math.cos(math.radians(60 * i - 30)), cy + 28.5 * math.sin(math.radians(60 * i - 30)))
                 for i in range(6)]
        canvas.fill_polygon(outer, hex_colour(OUTLINE))
        canvas.fill_polygon(inner, hex_colour(COLOURS[name]))
    return canvas.image()


def write_tiled_map(layout: CrashLayout, path: str | Path) -> Path:
    """Write the tileset image, then the map, TMX or JSON by its extension (so a map on disk
    never points at a missing image); return the image's path."""
    map_format(path)  # a name that is neither .tmx nor .tmj is refused before anything is written
    image_path = tileset_image_path(path)
    write_png(image_path, tileset_image())
    write_text_atomic(path, map_text(tiled_map(layout, image_path.name), path))
    return image_path
