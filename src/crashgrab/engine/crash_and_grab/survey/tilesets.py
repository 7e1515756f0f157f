"""A designer's tile set in a survey (`crashgrab survey --tileset FILE`): read, checked against
the template's slots, and named by a digest of its tiles (a checkpoint belongs to one set).

A template survey needs every arrangement to be a whole board: enough tiles of each slot's
role, and every tile, on either side and at every rotation its slot allows, on the board
and clear of every other slot. A set where that fails is refused with one message naming
the tile, slot and rotation, before anything is surveyed.
"""
from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path

from ...errors import InvalidFileError
from ...grid.model import TileSet
from ..templates import Template
from ..tileset_file import load_tileset, tileset_to_json
from .arrangements import slot_placements


def tileset_digest(tileset: TileSet) -> str:
    """SHA-256 of the tiles as the file format writes them (the `$schema` hint left out)."""
    document = tileset_to_json(tileset)
    document.pop("$schema", None)
    return hashlib.sha256(json.dumps(document, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def fit_problem(template: Template, tileset: TileSet) -> tuple[str, str] | None:
    """(what is wrong, how to fix it) when some arrangement of the template with these
    tiles would not be a whole board; None when every arrangement is one."""
    wanted = Counter(slot.roles for slot in template.slots)
    for roles, slots in wanted.items():
        have = [t.id for t in tileset.tiles if t.kind in roles]
        if len(have) < slots:
            return (f"the {template.id} template has {slots} slot(s) taking {' or '.join(roles)} tiles, "
                    f"but the tile set has {len(have)}{': ' + ', '.join(have) if have else ''}.",
                    f"Give the set at least {slots} tiles with the role {roles[0]}, or survey another template.")
    for index, tile, placement in slot_placements(template, tileset):
        if any(not (0 <= x < template.width and 0 <= y < template.height) for x, y in placement.cells(tile)):
            return (f"tile {tile.id} ({tile.width}x{tile.height}) at rotation {placement.rotation} in the "
                    f"{template.slots[index].name} slot reaches off the {template.width}x{template.height} board.",
                    "Make the tile the size of the standard tiles of its role.")
    owner: dict[tuple[int, int], int] = {}
    for index, tile, placement in slot_placements(template, tileset):
        for cell in placement.cells(tile):
            other = owner.setdefault(cell, index)
            if other != index:
                return (f"tile {tile.id} at rotation {placement.rotation} in the {template.slots[index].name} slot "
                        f"overlaps the {template.slots[other].name} slot at cell {cell}.",
                        "Make the tile the size of the standard tiles of its role.")
    return None


def survey_tileset(path: str | Path, template: Template) -> TileSet:
    """The tile set at `path` (validated against schemas/crash-grab-tileset.schema.json), refused with
    one message when the template's arrangements of it are not all whole boards."""
    tileset = load_tileset(path)
    problem = fit_problem(template, tileset)
    if problem is not None:
        raise InvalidFileError(problem[0], file=path, where="$.tiles", hint=problem[1])
    return tileset
