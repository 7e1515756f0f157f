"""Crash & Grab's own part of lifting older files (GameSystem.lift_document).

The generic steps (formats.migrations) name the game; this adds what Crash & Grab's files
need besides.
"""
from __future__ import annotations

from typing import Any

# Version 1 scenarios were written when the engine read these rules differently; the
# ruling settings that keep their outcomes (docs/rulings.md, "Version 1 scenarios").
SCENARIO_1_RULINGS = {"own_saucer_crash": "crashed", "two_player_win": "combined", "replacement_queue": "any"}


def lift_document(fmt: str, version: int, document: dict[str, Any]) -> dict[str, Any]:
    """A version 1 scenario keeps the rulings it was written under unless it names them."""
    if fmt == "crash-grab-scenario" and version == 1:
        rulings = document.get("rulings")
        if isinstance(rulings, dict) or rulings is None:  # anything else: the schema says what is wrong
            return {**document, "rulings": {**SCENARIO_1_RULINGS, **(rulings or {})}}
    return document
