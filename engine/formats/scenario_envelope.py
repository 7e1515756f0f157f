"""Scenario files of every game: the generic envelope, then the file's game system.

Like layouts (layout_io.py): `{"format": "crash-grab-scenario", "version": N, "game": ID, ...}`
(schemas/scenario-envelope.schema.json); the game's system checks and plays the rest.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..games import system_for_document
from ..system import GameSystem
from .jsonio import read_json
from .migrations import upgrade
from .schemas import validate

FORMAT = "crash-grab-scenario"


def scenario_document(document: Any, file: str | Path | None = None) -> tuple[GameSystem, dict[str, Any]]:
    """The game system a scenario document is for, and the document at the current version."""
    validate(document, "scenario-envelope", file)
    document = upgrade(document, FORMAT, file)
    return system_for_document(document, file), document


def read_scenario(path: str | Path) -> tuple[GameSystem, dict[str, Any]]:
    return scenario_document(read_json(path), path)
