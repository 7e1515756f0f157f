"""Reading older versions of a format: each step lifts a document one version up.

Version 1 is current for every format, so there are no steps yet. When a version 2 comes,
add `MIGRATIONS["crash-grab-layout"][1] = lift_layout_1_to_2` and bump CURRENT.
"""
from __future__ import annotations

from typing import Any, Callable

from ..errors import InvalidFileError
from .kinds import check_kind

CURRENT: dict[str, int] = {
    "crash-grab-tileset": 1,
    "crash-grab-layout": 1,
    "crash-grab-export": 1,
    "crash-grab-scenario": 1,
}
MIGRATIONS: dict[str, dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {fmt: {} for fmt in CURRENT}


def upgrade(document: Any, fmt: str, file=None) -> Any:
    """Lift an older document to the current version; refuse a newer one, or a file of another
    kind (a scenario given for a layout), with a clear message."""
    check_kind(document, fmt, file)
    if not isinstance(document, dict) or not isinstance(document.get("version"), int):
        return document  # the schema reports what is wrong
    version, current = document["version"], CURRENT[fmt]
    if version > current:
        raise InvalidFileError(
            f"this {fmt} file is version {version}; this program reads up to version {current}.",
            file=file, where="$.version", hint="Update Crash & Grab editor to open it.")
    while version < current:
        step = MIGRATIONS[fmt].get(version)
        if step is None:
            break  # the schema reports the unsupported version
        document = step(document)
        version = document["version"]
    return document
