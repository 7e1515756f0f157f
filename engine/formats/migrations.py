"""Reading older versions of a format: each step lifts a document one version up.

Scenarios are at version 2 (rulings taken from the rulebook's words, whole rounds); every
other format is at version 1. A new version: add `MIGRATIONS[fmt][n] = lift_n_to_n_plus_1`
and bump CURRENT.
"""
from __future__ import annotations

from typing import Any, Callable

from ..errors import InvalidFileError

CURRENT: dict[str, int] = {
    "crash-grab-tileset": 1,
    "crash-grab-layout": 1,
    "crash-grab-export": 1,
    "crash-grab-scenario": 2,
}

# Version 1 scenarios were written when the engine read these rules differently; the
# ruling settings that keep their outcomes (docs/rulings.md, "Version 1 scenarios").
SCENARIO_1_RULINGS = {"own_saucer_crash": "crashed", "two_player_win": "combined", "replacement_queue": "any"}


def lift_scenario_1_to_2(document: dict[str, Any]) -> dict[str, Any]:
    """Version 2 changed three defaults to the rulebook's reading: a version 1 file keeps
    the old reading unless it names the ruling."""
    lifted = dict(document, version=2)
    rulings = document.get("rulings")
    if isinstance(rulings, dict) or rulings is None:
        lifted["rulings"] = {**SCENARIO_1_RULINGS, **(rulings or {})}
    return lifted


MIGRATIONS: dict[str, dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {fmt: {} for fmt in CURRENT}
MIGRATIONS["crash-grab-scenario"][1] = lift_scenario_1_to_2


def upgrade(document: Any, fmt: str, file=None) -> Any:
    """Lift an older document to the current version; refuse a newer one with a clear message."""
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
