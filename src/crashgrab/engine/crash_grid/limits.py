"""The most Crash Grid's files may hold (`GameSystem.limits`), checked before a file is played.

Every trick each rider still riding fills one more square (its trail, or a wall in extended
mode) or crashes, so a game on the largest arena (64x64, as the layout schema allows) is over
within 64 x 64 tricks: no scenario needs more."""
from __future__ import annotations

from ..system import Limit

LAYOUT, SCENARIO = "crash-grab-layout", "crash-grab-scenario"
MAX_SIDE = 64  # schemas/crash-grid-layout.schema.json: arena width and height
MAX_SQUARES = MAX_SIDE * MAX_SIDE
MAX_TRICKS_ENV = "CRASHGRAB_MAX_TRICKS"

LIMITS = (
    Limit(LAYOUT, ("arena", "width"), "columns", MAX_SIDE, None, "Make the arena narrower"),
    Limit(LAYOUT, ("arena", "height"), "rows", MAX_SIDE, None, "Make the arena shorter"),
    Limit(LAYOUT, ("walls",), "walls", MAX_SQUARES, None, "An arena has no more squares"),
    Limit(SCENARIO, ("tricks",), "tricks", MAX_SQUARES, MAX_TRICKS_ENV,
          f"A game on the largest arena ({MAX_SIDE}x{MAX_SIDE}) is over within {MAX_SQUARES:,} tricks: split it "
          "into shorter scenarios"),
    Limit(SCENARIO, ("walls",), "walls", MAX_SQUARES, None, "An arena has no more squares"),
    Limit(SCENARIO, ("trails",), "trail cards", MAX_SQUARES, None, "An arena has no more squares"),
    Limit(SCENARIO, ("expect", "events"), "expected events", 20 * MAX_SQUARES, None,
          "Split it into shorter scenarios"),
)
