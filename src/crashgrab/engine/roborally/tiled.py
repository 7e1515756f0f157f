"""The Tiled map export: a course as an orthogonal Tiled map (.tmx, or .tmj for its JSON form) and
its tileset PNG (https://doc.mapeditor.org/en/stable/reference/json-map-format/).

One square of the course is one 48 px tile; the map spans the course's bounding box. Layers:
- tile layer "floor": every course cell;
- one tile layer per cell element kind (pit, conveyor, gear, repair, oil, portal, crusher,
  flamethrower), pieces included: each tile is one variant (a belt per facing and speed, a gear
  per turn, a repair site per wrenches ...) whose tileset entry carries those settings as tile
  properties; cells off the course and cells without that kind are empty (gid 0);
- object layer "edges": each wall once, and each laser, pusher and door, as a thin rectangle on
  its edge, class the element, with properties x, y, side (the cell and side it is mounted on),
  beams or steps;
- object layer "settings": a point per portal, crusher and flamethrower with its colour or steps;
- object layers "checkpoints" (number, race order) and "starts" (number, facing).
The tileset is embedded; its image is a PNG beside the map, named after it (course-tiles.png).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..formats.jsonio import write_text_atomic
from ..formats.png import RGBAImage, write_png
from ..formats.raster import Canvas, hex_colour, rotated
from ..formats.tiled_map import map_format, map_text, tileset_image_path
from ..grid.square import SQUARE
from .model import CellElement
from .resolved import ResolvedCourse
from .terms import CELL_TYPES, DIRECTIONS

TILED_FORMAT_VERSION = "1.10"
TILED_VERSION = "1.10.2"
TILE = 48
EDGE_PX = 4  # the thickness of an edge's rectangle
FIRST_GID = 1


def _variants() -> list[tuple[str, dict[str, Any]]]:
    """(tile name, its properties) for every tile of the tileset, floor first."""
    tiles: list[tuple[str, dict[str, Any]]] = [("floor", {"element": "floor"}), ("pit", {"element": "pit"})]
    for express in (False, True):
        tiles += [(f"{'express' if express else 'conveyor'}-{d}", {"element": "conveyor", "facing": d, "express": express})
                  for d in DIRECTIONS]
    tiles += [(f"gear-{t}", {"element": "gear", "turn": t}) for t in ("left", "right")]
    tiles += [(f"repair-{w}", {"element": "repair", "wrenches": w}) for w in (1, 2)]
    tiles += [("oil", {"element": "oil"}), ("portal", {"element": "portal"}), ("crusher", {"element": "crusher"})]
    tiles += [(f"flamethrower-{d}", {"element": "flamethrower", "facing": d}) for d in DIRECTIONS]
    return tiles


TILES = _variants()
TILE_INDEX = {name: index for index, (name, _) in enumerate(TILES)}


def tile_name(element: CellElement) -> str:
    kind = element.type
    if kind == "conveyor":
        return f"{'express' if element.express else 'conveyor'}-{element.facing}"
    if kind == "gear":
        return f"gear-{element.turn}"
    if kind == "repair":
        return f"repair-{element.wrenches}"
    if kind == "flamethrower":
        return f"flamethrower-{element.facing}"
    return kind


def _property(name: str, value: Any) -> dict[str, Any]:
    if isinstance(value, (list, tuple)):
        value = ",".join(map(str, value))  # steps: "1,3,5" ("" = every step)
    kind = "bool" if isinstance(value, bool) else "int" if isinstance(value, int) else "string"
    return {"name": name, "type": kind, "value": value}


def _tile_layer(layer_id: int, name: str, data: list[int], width: int, height: int) -> dict[str, Any]:
    return {"data": data, "height": height, "id": layer_id, "name": name, "opacity": 1, "type": "tilelayer",
            "visible": True, "width": width, "x": 0, "y": 0}


def _object_layer(layer_id: int, name: str, objects: list[dict[str, Any]]) -> dict[str, Any]:
    return {"draworder": "topdown", "id": layer_id, "name": name, "objects": objects, "opacity": 1,
            "type": "objectgroup", "visible": True, "x": 0, "y": 0}


def _edge_rect(cell, side) -> tuple[float, float, float, float]:
    (ax, ay), (bx, by) = SQUARE.edge(cell, side)
    left, top = min(ax, bx) * TILE, min(ay, by) * TILE
    if ay == by:  # a horizontal edge
        return left, top - EDGE_PX / 2, TILE, EDGE_PX
    return left - EDGE_PX / 2, top, EDGE_PX, TILE


def tiled_map(resolved: ResolvedCourse, image: str) -> dict[str, Any]:
    course = resolved.course
    width, height = resolved.bounds()
    width, height = max(width, 1), max(height, 1)
    layers = []
    floor = [0] * (width * height)
    by_kind = {kind: [0] * (width * height) for kind in CELL_TYPES}
    for cell in resolved.board_of:
        index = cell[1] * width + cell[0]
        floor[index] = FIRST_GID + TILE_INDEX["floor"]
        element = resolved.elements.get(cell)
        if element is not None:
            by_kind[element.type][index] = FIRST_GID + TILE_INDEX[tile_name(element)]
    layers.append(_tile_layer(1, "floor", floor, width, height))
    for offset, kind in enumerate(CELL_TYPES, start=2):
        layers.append(_tile_layer(offset, kind, by_kind[kind], width, height))
    next_id = 1

    def new_object(name: str, kind: str, x: float, y: float, properties: list[dict[str, Any]],
                   size: tuple[float, float] | None = None) -> dict[str, Any]:
        nonlocal next_id
        obj = {"id": next_id, "name": name, "type": kind, "x": round(x, 3), "y": round(y, 3),
               "width": size[0] if size else 0, "height": size[1] if size else 0, "rotation": 0, "visible": True,
               "properties": properties}
        if size is None:
            obj["point"] = True
        next_id += 1
        return obj

    edges = []
    for items in resolved.edges.values():
        for edge in items:
            cell, side = edge.mount
            left, top, w, h = _edge_rect(cell, side)
            props = [_property("x", cell[0]), _property("y", cell[1]), _property("side", side)]
            props += [_property(k, v) for k, v in edge.settings().items()]
            edges.append(new_object(f"{edge.type} [{cell[0]},{cell[1]}] {side}", edge.type, left, top, props, (w, h)))
    settings = []
    for cell in resolved.sorted_cells():
        element = resolved.elements.get(cell)
        if element is None or element.type not in ("portal", "crusher", "flamethrower"):
            continue
        props = [_property(k, v) for k, v in element.settings().items()]
        settings.append(new_object(f"{element.type} [{cell[0]},{cell[1]}]", element.type, (cell[0] + 0.5) * TILE,
                                   (cell[1] + 0.5) * TILE, props))
    checkpoints = [new_object(f"checkpoint {n}", "checkpoint", (c[0] + 0.5) * TILE, (c[1] + 0.5) * TILE,
                              [_property("number", n)]) for n, c in enumerate(course.checkpoints, 1)]
    starts = [new_object(f"start {s.number}", "start", (s.at[0] + 0.5) * TILE, (s.at[1] + 0.5) * TILE,
                         [_property("number", s.number), _property("facing", s.facing)]) for s in course.starts]
    layer_id = len(layers) + 1
    for name, objects in (("edges", edges), ("settings", settings), ("checkpoints", checkpoints), ("starts", starts)):
        layers.append(_object_layer(layer_id, name, objects))
        layer_id += 1
    properties = [_property("name", course.name), _property("game", "roborally"),
                  _property("players", course.player_count), _property("coordinates", "[x, y], a tile a square")]
    return {
        "compressionlevel": -1, "height": height, "width": width, "infinite": False, "layers": layers,
        "nextlayerid": layer_id, "nextobjectid": next_id, "orientation": "orthogonal", "properties": properties,
        "renderorder": "right-down", "tiledversion": TILED_VERSION, "tileheight": TILE, "tilewidth": TILE,
        "type": "map", "version": TILED_FORMAT_VERSION,
        "tilesets": [{
            "columns": len(TILES), "firstgid": FIRST_GID, "image": image, "imageheight": TILE,
            "imagewidth": TILE * len(TILES), "margin": 0, "name": "roborally", "spacing": 0,
            "tilecount": len(TILES), "tileheight": TILE, "tilewidth": TILE,
            "tiles": [{"id": i, "type": name, "properties": [_property(k, v) for k, v in props.items()]}
                      for i, (name, props) in enumerate(TILES)],
        }],
    }


COLOURS = {"floor": "#d1d5db", "pit": "#111827", "conveyor": "#facc15", "express": "#38bdf8", "gear": "#9ca3af",
           "repair": "#f8fafc", "oil": "#374151", "portal": "#2563eb", "crusher": "#57534e", "flamethrower": "#f97316"}
DARK = hex_colour("#1f2937")


def _draw_tile(canvas: Canvas, index: int, name: str, props: dict[str, Any]) -> None:
    left, c = index * TILE, TILE / 2
    cx, cy = left + c, c
    canvas.fill_rect(left, 0, left + TILE, TILE, hex_colour(COLOURS["floor"]))
    canvas.fill_rect(left, 0, left + TILE, 1, hex_colour("#9ca3af"))
    canvas.fill_rect(left, 0, left + 1, TILE, hex_colour("#9ca3af"))
    kind = props["element"]
    turns = DIRECTIONS.index(props["facing"]) if "facing" in props else 0
    if kind == "pit":
        canvas.fill_rect(left + 4, 4, left + TILE - 4, TILE - 4, hex_colour(COLOURS["pit"]))
    elif kind == "conveyor":
        colour = hex_colour(COLOURS["express" if props["express"] else "conveyor"])
        canvas.fill_rect(left + 6, 0, left + TILE - 6, TILE, colour)
        for tip in ((14, 24), (26, 36)) if props["express"] else ((20, 30),):
            arrow = [(cx, tip[0]), (cx + 12, tip[1]), (cx - 12, tip[1])]
            canvas.fill_polygon(rotated(arrow, (cx, cy), turns), DARK)
    elif kind == "gear":
        canvas.fill_circle(cx, cy, 18, hex_colour(COLOURS["gear"]))
        canvas.fill_circle(cx, cy, 7, hex_colour("#dc2626" if props["turn"] == "left" else "#16a34a"))
    elif kind == "repair":
        canvas.fill_rect(left + 6, 6, left + TILE - 6, TILE - 6, hex_colour(COLOURS["repair"]))
        for k in range(props["wrenches"]):
            canvas.fill_rect(left + 14 + k * 14, 12, left + 20 + k * 14, TILE - 12, DARK)
    elif kind == "oil":
        canvas.fill_circle(cx - 5, cy, 12, hex_colour(COLOURS["oil"]))
        canvas.fill_circle(cx + 7, cy + 4, 10, hex_colour(COLOURS["oil"]))
    elif kind == "portal":
        canvas.fill_circle(cx, cy, 19, hex_colour(COLOURS["portal"]))
        canvas.fill_circle(cx, cy, 11, hex_colour(COLOURS["floor"]))
    elif kind == "crusher":
        for k in range(3):
            canvas.fill_rect(left + 8 + k * 12, 6, left + 14 + k * 12, TILE - 6, hex_colour(COLOURS["crusher"]))
    elif kind == "flamethrower":
        flame = [(cx, 4), (cx + 14, 40), (cx - 14, 40)]
        canvas.fill_polygon(rotated(flame, (cx, cy), turns), hex_colour(COLOURS["flamethrower"]))


def tileset_image() -> RGBAImage:
    canvas = Canvas(TILE * len(TILES), TILE, supersample=2)
    for index, (name, props) in enumerate(TILES):
        _draw_tile(canvas, index, name, props)
    return canvas.image()


def write_tiled_map(resolved: ResolvedCourse, path: str | Path) -> Path:
    """Write the tileset image, then the map, TMX or JSON by its extension (so a map on disk never
    points at a missing image); return the image's path."""
    map_format(path)  # a name that is neither .tmx nor .tmj is refused before anything is written
    image_path = tileset_image_path(path)
    write_png(image_path, tileset_image())
    write_text_atomic(path, map_text(tiled_map(resolved, image_path.name), path))
    return image_path
