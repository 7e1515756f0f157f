"""Crash & Grab layout files: JSON <-> Layout, validated against schemas/crash-grab-layout.schema.json.

`formats.layout_io` reads the generic envelope (format, version, game) and hands the document
here through the game system.

A schema-valid layout always loads, even with overlapping tiles or an empty slot: those
are findings the designer fixes in the editor. `load_layout(..., strict=True)` refuses
them instead, for commands that need a playable board.

A tile set referred to by path is held as an absolute path in memory, so a layout value
means the same wherever it is saved; `save_layout` writes it relative to the new file.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..errors import InvalidFileError, UnreadableFileError
from ..formats.jsonio import with_schema_ref
from ..formats.safe_read import real_path, shorten
from ..formats.migrations import CURRENT
from ..formats.references import referenced_path
from ..formats.schemas import validate
from .tileset_file import load_tileset, shipped_tileset, tileset_from_json, tileset_to_json
from ..grid.model import Placement, TileSet
from .layout import Layout
from .resolve import resolve_layout

GAME = "crash-and-grab"


def is_tileset_path(ref: str) -> bool:
    return "/" in ref or "\\" in ref or ref.endswith(".json")


def layout_from_json(document: Any, file: str | Path | None = None, *, strict: bool = False) -> Layout:
    """A Layout from a document at the current version (formats.layout_io lifts older ones)."""
    validate(document, "crash-grab-layout", file)
    ref = document["tileset"]
    if isinstance(ref, str):
        tileset, tileset_ref = _referenced_tileset(ref, file)
    else:
        tileset, tileset_ref = tileset_from_json(ref, file, "$.tileset"), None
    layout = Layout(
        name=document["name"],
        tileset=tileset,
        placements=tuple(Placement(p["tile"], p["side"], p["x"], p["y"], p["rotation"])
                         for p in document["placements"]),
        template=document["template"],
        directions=dict(document["directions"]),
        notes=document.get("notes", ""),
        tileset_ref=tileset_ref,
        severity_overrides=dict(document.get("validation", {}).get("severity", {})),
        schema_ref=document.get("$schema"),
        print_cell_mm=document.get("print", {}).get("cell_mm"),
    )
    if strict:
        raise_structure_errors(layout, file)
    return layout


def _referenced_tileset(ref: str, file) -> tuple[TileSet, str]:
    """The tile set and how the Layout value names it: an absolute path, or a shipped id."""
    if is_tileset_path(ref):  # (a NUL byte, or a path out of the --confine folder, is refused first)
        full = real_path(referenced_path(ref, file, "$.tileset", "tile set"))
        try:
            return load_tileset(full), full.as_posix()
        except InvalidFileError as error:  # say which reference pointed there
            detail = f" ({error.where})" if error.where else ""
            error.message = f"in tile set {shorten(repr(ref))}{detail}: {error.message}"
            error.file, error.where = str(file) if file else None, "$.tileset"
            raise
        except UnreadableFileError as error:
            raise UnreadableFileError(f"tile set file {shorten(repr(ref))} cannot be read: {error.message}",
                                      file=file, where="$.tileset",
                                      hint="Fix the path (a relative one is read from this file's folder).") from None
    tileset = shipped_tileset(ref)
    if tileset is None:
        raise InvalidFileError(f"there is no shipped tile set {shorten(repr(ref))}.", file=file, where="$.tileset",
                               hint='Use "standard", a path to a tile set file, or embed the tile set.')
    return tileset, ref


def tileset_ref_in_file(ref: str, folder: str | Path | None) -> str:
    """How a file in `folder` names the tile set: a path relative to that folder."""
    if not is_tileset_path(ref) or folder is None:
        return ref
    try:
        relative = Path(os.path.relpath(real_path(ref), real_path(folder))).as_posix()
    except ValueError:  # another drive: only an absolute path can reach it
        return real_path(ref).as_posix()
    return relative if is_tileset_path(relative) else f"./{relative}"  # never read as a shipped id


def raise_structure_errors(layout: Layout, file=None) -> None:
    """Raise the first structural problem (overlap, unknown tile, empty slot, ...) as an error."""
    for finding in resolve_layout(layout).findings:
        if "placement" in finding.details:
            where = f"$.placements[{finding.details['placement']}]"
        elif finding.code == "directions":
            where = "$.directions"
        else:
            where = "$.placements"
        raise InvalidFileError(finding.message, file=file, where=where)


def layout_to_json(layout: Layout, folder: str | Path | None = None) -> dict[str, Any]:
    """The layout as a document; a tile set path is written relative to `folder` when given."""
    tileset = tileset_ref_in_file(layout.tileset_ref, folder) if layout.tileset_ref else tileset_to_json(layout.tileset)
    document: dict[str, Any] = {
        "format": "crash-grab-layout",
        "version": CURRENT["crash-grab-layout"],
        "game": GAME,
        "name": layout.name,
        "template": layout.template,
        "tileset": tileset,
        "placements": [
            {"tile": p.tile, "side": p.side, "x": p.x, "y": p.y, "rotation": p.rotation}
            for p in layout.placements
        ],
        "directions": {side: layout.directions.get(side) for side in ("north", "east", "south", "west")},
    }
    if layout.notes:
        document["notes"] = layout.notes
    if layout.severity_overrides:
        document["validation"] = {"severity": dict(layout.severity_overrides)}
    if layout.print_cell_mm is not None:
        document["print"] = {"cell_mm": layout.print_cell_mm}
    return with_schema_ref(document, layout.schema_ref)
