"""Reading older versions of a format: each step lifts a document one version up.

Version 2 of layouts and scenarios names the game a file is for ("game"); a version 1 file is
the game's that reads files written before games were named (`GameSystem.owns_unnamed_files`).
After each generic step the file's game adds its own part (`GameSystem.lift_document`), e.g.
the settings its version 1 scenarios were written under. To add a version: write the step, add
it to MIGRATIONS and bump CURRENT.
"""
from __future__ import annotations

from typing import Any, Callable

from ..errors import InvalidFileError
from .kinds import check_kind
from ..games import find_system, unnamed_files_system

CURRENT: dict[str, int] = {
    "crash-grab-tileset": 1,
    "crash-grab-layout": 2,
    "crash-grab-export": 1,
    "crash-grab-scenario": 2,
}


def name_the_game(document: dict[str, Any]) -> dict[str, Any]:
    """Layouts and scenarios, version 1 -> 2: the same document, "game" added after "version" (a
    version 1 file is the game's that owns unnamed files; with no such game installed it stays
    unnamed, and loading says so). A scenario's inline layout is lifted on its own by `upgrade`,
    a layout it names by path when that is read."""
    owner = unnamed_files_system()
    game = {"game": document["game"]} if "game" in document else {"game": owner.id} if owner is not None else {}
    lifted: dict[str, Any] = {}
    for key, value in document.items():
        lifted[key] = 2 if key == "version" else value
        if key == "version":
            lifted.update(game)
    return lifted


def _games_own_step(fmt: str, version: int, document: dict[str, Any]) -> dict[str, Any]:
    """The lifted document's game's own part of the step from `version` (none when the game is
    not named or not installed: loading reports that)."""
    game = document.get("game")
    system = find_system(game) if isinstance(game, str) else None
    return system.lift_document(fmt, version, document) if system is not None else document


MIGRATIONS: dict[str, dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {fmt: {} for fmt in CURRENT}
MIGRATIONS["crash-grab-layout"][1] = name_the_game
MIGRATIONS["crash-grab-scenario"][1] = name_the_game


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
            file=file, where="$.version", hint="Update the program to open it.")
    while version < current:
        step = MIGRATIONS[fmt].get(version)
        if step is None:
            break  # the schema reports the unsupported version
        document = _games_own_step(fmt, version, step(document))
        version = document["version"]
    if fmt == "crash-grab-scenario" and isinstance(document.get("layout"), dict):
        # A scenario of any version may hold a layout written earlier: lift it on its own.
        document = {**document, "layout": upgrade(document["layout"], "crash-grab-layout", file)}
    return document
