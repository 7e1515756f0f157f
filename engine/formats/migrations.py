"""Reading older versions of a format: each step lifts a document one version up.

Version 2 of layouts and scenarios names the game a file is for ("game"); every version 1
file is a Crash & Grab file. Version 2 scenarios also read three rulings as the rulebook words
them; a version 1 scenario keeps the readings it was written under. To add a version: write
the step, add it to MIGRATIONS and bump CURRENT.
"""
from __future__ import annotations

from typing import Any, Callable

from ..errors import InvalidFileError
from .kinds import check_kind
from ..games import DEFAULT_GAME

CURRENT: dict[str, int] = {
    "crash-grab-tileset": 1,
    "crash-grab-layout": 2,
    "crash-grab-export": 1,
    "crash-grab-scenario": 2,
}


def _name_the_game(document: dict[str, Any]) -> dict[str, Any]:
    """Version 1 -> 2: the same document, "game" added after "version" (every v1 file is Crash & Grab)."""
    lifted: dict[str, Any] = {}
    for key, value in document.items():
        lifted[key] = 2 if key == "version" else value
        if key == "version":
            lifted["game"] = document.get("game", DEFAULT_GAME)
    return lifted


def lift_layout_1_to_2(document: dict[str, Any]) -> dict[str, Any]:
    return _name_the_game(document)


# Version 1 scenarios were written when the engine read these rules differently; the
# ruling settings that keep their outcomes (docs/rulings.md, "Version 1 scenarios").
SCENARIO_1_RULINGS = {"own_saucer_crash": "crashed", "two_player_win": "combined", "replacement_queue": "any"}


def lift_scenario_1_to_2(document: dict[str, Any]) -> dict[str, Any]:
    """Names the game, keeps the rulings a version 1 file was written under unless it names
    them, and lifts an inline layout the same way (a path is lifted when it is read)."""
    lifted = _name_the_game(document)
    rulings = document.get("rulings")
    if isinstance(rulings, dict) or rulings is None:
        lifted["rulings"] = {**SCENARIO_1_RULINGS, **(rulings or {})}
    layout = lifted.get("layout")
    if isinstance(layout, dict) and layout.get("version") == 1:
        lifted["layout"] = lift_layout_1_to_2(layout)
    return lifted


MIGRATIONS: dict[str, dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {fmt: {} for fmt in CURRENT}
MIGRATIONS["crash-grab-layout"][1] = lift_layout_1_to_2
MIGRATIONS["crash-grab-scenario"][1] = lift_scenario_1_to_2


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
        document = step(document)
        version = document["version"]
    if fmt == "crash-grab-scenario" and isinstance(document.get("layout"), dict):
        # A scenario of any version may hold a layout written earlier: lift it on its own.
        document = {**document, "layout": upgrade(document["layout"], "crash-grab-layout", file)}
    return document
