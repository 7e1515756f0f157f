"""Tiled's two map file forms, for every game's Tiled export: TMX (Tiled's XML) and its JSON
(.tmj), from one map document in Tiled's JSON shape (https://doc.mapeditor.org/en/stable/reference/).

A game builds the document (orthogonal or hexagonal, tile and object layers, an embedded
tileset); the output's extension picks the form, so `-o board.tmx` is never JSON in disguise.
"""
from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import Any

from ..errors import UsageError
from .jsonio import dumps

# The output's extension picks the form: Tiled's own XML, or its JSON (Tiled also opens .json maps).
MAP_FORMATS = {".tmx": "tmx", ".tmj": "tmj", ".json": "tmj"}
# The map element's attributes in the order Tiled writes them (those a map lacks are left out).
MAP_ATTRIBUTES = ("version", "tiledversion", "class", "orientation", "renderorder", "width", "height", "tilewidth",
                  "tileheight", "hexsidelength", "staggeraxis", "staggerindex", "infinite", "backgroundcolor",
                  "nextlayerid", "nextobjectid")


def map_format(path: str | Path) -> str:
    """"tmx" or "tmj", by the map file's extension; a UsageError (exit 2) for any other name."""
    suffix = Path(path).suffix.lower()
    if suffix not in MAP_FORMATS:
        raise UsageError(f"{path}: a Tiled map is named .tmx (Tiled's XML map format) or .tmj (its JSON "
                         f"format), not {suffix or 'without an extension'}.", hint="Name the output board.tmx or board.tmj.")
    return MAP_FORMATS[suffix]


def tileset_image_path(map_path: str | Path) -> Path:
    """Where a map's tileset PNG goes: beside the map, named after it (board.tmx -> board-tiles.png)."""
    map_path = Path(map_path)
    return map_path.with_name(f"{map_path.stem}-tiles.png")


def map_text(document: dict[str, Any], path: str | Path) -> str:
    """The map in the form `path`'s extension names."""
    return tmx_text(document) if map_format(path) == "tmx" else tmj_text(document)


def tmj_text(document: dict[str, Any]) -> str:
    """JSON text for a map: objects and lists of scalars on one line, tile data one board
    row per line."""
    return dumps(document, one_line=_holds_no_containers, rows=_tile_layer_rows)


def tmx_text(document: dict[str, Any]) -> str:
    """The same map in TMX, Tiled's XML map format: the elements and attributes Tiled itself
    writes for these parts of a map (attributes at their default left out, as Tiled does)."""
    root = ElementTree.Element("map", _attributes(document, *MAP_ATTRIBUTES))
    _add_properties(root, document.get("properties", []))
    for tileset in document["tilesets"]:
        element = ElementTree.SubElement(root, "tileset", _attributes(
            tileset, "firstgid", "name", "tilewidth", "tileheight", "tilecount", "columns"))
        ElementTree.SubElement(element, "image", source=tileset["image"], width=str(tileset["imagewidth"]),
                               height=str(tileset["imageheight"]))
        for tile in tileset["tiles"]:
            _add_properties(ElementTree.SubElement(element, "tile", _attributes(tile, "id", "type")),
                            tile.get("properties", []))
    for layer in document["layers"]:
        if layer["type"] == "tilelayer":
            element = ElementTree.SubElement(root, "layer", _layer_attributes(layer, "width", "height"))
            width = layer["width"]
            rows = [",".join(map(str, layer["data"][i:i + width])) for i in range(0, len(layer["data"]), width)]
            ElementTree.SubElement(element, "data", encoding="csv").text = "\n" + ",\n".join(rows) + "\n"
            continue
        element = ElementTree.SubElement(root, "objectgroup", _layer_attributes(layer, "color"))
        for obj in layer["objects"]:
            names = ("id", "name", "type", "x", "y") + (() if obj.get("point") else ("width", "height"))
            node = ElementTree.SubElement(element, "object", _attributes(obj, *names))
            if obj.get("rotation"):
                node.set("rotation", _xml_value(obj["rotation"]))
            _add_properties(node, obj.get("properties", []))
            if obj.get("point"):
                ElementTree.SubElement(node, "point")
            if "text" in obj:
                text = obj["text"]
                ElementTree.SubElement(node, "text", pixelsize=str(text["pixelsize"]), color=text["color"],
                                       bold="1" if text["bold"] else "0", halign=text["halign"],
                                       valign=text["valign"]).text = text["text"]
    ElementTree.indent(root, space=" ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ElementTree.tostring(root, encoding="unicode") + "\n"


def _attributes(source: dict[str, Any], *names: str) -> dict[str, str]:
    """TMX attributes from the JSON document's fields of the same names (booleans as 1 and 0)."""
    return {name: _xml_value(source[name]) for name in names if name in source}


def _layer_attributes(layer: dict[str, Any], *extra: str) -> dict[str, str]:
    attributes = _attributes(layer, "id", "name", *extra)
    if not layer["visible"]:
        attributes["visible"] = "0"
    if layer["opacity"] != 1:
        attributes["opacity"] = _xml_value(layer["opacity"])
    return attributes


def _add_properties(parent: ElementTree.Element, properties: list[dict[str, Any]]) -> None:
    if not properties:
        return
    holder = ElementTree.SubElement(parent, "properties")
    for prop in properties:
        attributes = {"name": prop["name"]}
        if prop["type"] != "string":  # TMX's default type, which Tiled leaves out
            attributes["type"] = prop["type"]
        value = prop["value"]
        attributes["value"] = ("true" if value else "false") if isinstance(value, bool) else str(value)
        ElementTree.SubElement(holder, "property", attributes)


def _xml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def _holds_no_containers(value: dict | list, flat: str) -> bool:
    return not any(isinstance(v, (dict, list)) for v in (value.values() if isinstance(value, dict) else value))


def _tile_layer_rows(key: str, parent: dict) -> int | None:
    return parent.get("width") if key == "data" and parent.get("type") == "tilelayer" else None
