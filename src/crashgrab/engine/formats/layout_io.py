"""Layout files of every game: the generic envelope, then the file's game system.

Every layout file is `{"format": "crash-grab-layout", "version": N, "game": ID, "name": ...}`
plus the game's own fields (schemas/layout-envelope.schema.json). Loading checks the envelope,
lifts an older version (migrations.py), then hands the document to the system its "game"
names (none named: the game that owns files from before games were named), which checks its own
schema. Saving asks the layout's system for the document.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..games import system_for_document, system_for_layout
from ..resources import layout_file
from ..system import GameSystem
from .jsonio import parse_json, read_json, write_json_atomic
from .kinds import check_kind
from .limits import check_limits
from .migrations import upgrade
from .schemas import validate

FORMAT = "crash-grab-layout"


def layout_document(document: Any, file: str | Path | None = None) -> tuple[GameSystem, dict[str, Any]]:
    """The game system a layout document is for, and the document at the current version."""
    check_kind(document, FORMAT, file)  # a scenario given as a layout is named as such, first
    validate(document, "layout-envelope", file)
    document = upgrade(document, FORMAT, file)
    system = system_for_document(document, file)
    check_limits(system.limits, FORMAT, document, file)  # before the game's schema spends minutes on a long list
    return system, document


def layout_from_json(document: Any, file: str | Path | None = None, *, strict: bool = False) -> Any:
    system, document = layout_document(document, file)
    return system.layout_from_json(document, file, strict=strict)


def layout_to_json(layout: Any, folder: str | Path | None = None) -> dict[str, Any]:
    """The document to save; paths inside it are written relative to `folder` when given."""
    return system_for_layout(layout).layout_to_json(layout, folder)


def load_layout(path: str | Path, *, strict: bool = False) -> Any:
    return layout_from_json(read_json(path), path, strict=strict)


def load_shipped_layout(name: str) -> Any:
    """A layout that ships with the program, by file name (e.g. "standard-2-4p.json")."""
    resource = layout_file(name)
    return layout_from_json(parse_json(resource.read_text(encoding="utf-8"), name), name)


def save_layout(layout: Any, path: str | Path) -> None:
    """Validate, then write atomically: a failed save leaves the old file as it was."""
    system = system_for_layout(layout)
    document = system.layout_to_json(layout, Path(path).parent)
    validate(document, "layout-envelope", path)
    if system.layout_schema:
        validate(document, system.layout_schema, path)
    write_json_atomic(path, document)
