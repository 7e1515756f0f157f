"""Crash & Grab's tile set files: JSON <-> TileSet, validated against schemas/crash-grab-tileset.schema.json.

The format (its feature types, its tile roles) is Crash & Grab's, so its reader lives here.
A tile's "role" in the file (core, arm5 ...: which template slots take it) is `Tile.kind`.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from .. import resources
from ..errors import InvalidFileError, UnreadableFileError
from ..formats.jsonio import parse_json, read_json, with_schema_ref, write_json_atomic
from ..formats.limits import check_limits
from ..formats.migrations import upgrade
from ..formats.schemas import validate
from ..grid.geometry import Direction
from ..grid.model import Feature, Tile, TileSet
from .limits import LIMITS
from .tiles import tile_problems


def tileset_from_json(document: Any, file=None, where: str = "$") -> TileSet:
    """Build a TileSet from a document; `where` prefixes JSON paths when it is embedded."""
    document = upgrade(document, "crash-grab-tileset", file)
    check_limits(LIMITS, "crash-grab-tileset", document, file)  # before the schema spends minutes on a long list
    try:
        validate(document, "crash-grab-tileset", file)
    except InvalidFileError as error:
        if where != "$" and error.where:
            error.where = where + error.where[1:]
        raise
    tiles = []
    seen: dict[str, int] = {}
    for index, raw in enumerate(document["tiles"]):
        if raw["id"] in seen:
            raise InvalidFileError(
                f"tile id {raw['id']!r} is used twice (also tiles[{seen[raw['id']]}]).",
                file=file, where=f"{where}.tiles[{index}].id", hint="Give each tile its own id.")
        seen[raw["id"]] = index
        tile = Tile(raw["id"], raw["role"], raw["width"], raw["height"],
                    {side: tuple(_feature(f) for f in raw["sides"][side]) for side in ("A", "B")})
        for path, message in tile_problems(tile):
            raise InvalidFileError(message, file=file, where=f"{where}.tiles[{index}].{path}")
        tiles.append(tile)
    return TileSet(document["id"], document["name"], tuple(tiles), schema_ref=document.get("$schema"))


def _feature(raw: dict[str, Any]) -> Feature:
    facing = Direction(raw["facing"]) if "facing" in raw else None
    return Feature(raw["type"], raw["x"], raw["y"], raw.get("number"), facing)


def feature_to_json(feature: Feature) -> dict[str, Any]:
    out: dict[str, Any] = {"type": feature.type, "x": feature.x, "y": feature.y}
    if feature.number is not None:
        out["number"] = feature.number
    if feature.facing is not None:
        out["facing"] = feature.facing.value
    return out


def tileset_to_json(tileset: TileSet) -> dict[str, Any]:
    return with_schema_ref({
        "format": "crash-grab-tileset",
        "version": 1,
        "id": tileset.id,
        "name": tileset.name,
        "tiles": [
            {"id": t.id, "role": t.kind, "width": t.width, "height": t.height,
             "sides": {side: [feature_to_json(f) for f in t.sides[side]] for side in ("A", "B")}}
            for t in tileset.tiles
        ],
    }, tileset.schema_ref)


def load_tileset(path: str | Path) -> TileSet:
    return tileset_from_json(read_json(path), path)


def save_tileset(tileset: TileSet, path: str | Path) -> None:
    document = tileset_to_json(tileset)
    validate(document, "crash-grab-tileset", path)
    write_json_atomic(path, document)


@lru_cache(maxsize=None)
def shipped_tileset(tileset_id: str) -> TileSet | None:
    resource = resources.tileset_file(tileset_id)
    if not resource.is_file():
        return None
    return tileset_from_json(parse_json(resource.read_text(encoding="utf-8"), resource.name), resource.name)


def standard_tileset() -> TileSet:
    tileset = shipped_tileset("standard")
    if tileset is None:
        raise UnreadableFileError("the standard tile set is missing from the installed program.",
                                  file="tilesets/standard.json", hint="Reinstall the program.")
    return tileset
