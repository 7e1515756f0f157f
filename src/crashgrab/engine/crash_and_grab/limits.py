"""The most Crash & Grab's files may hold (`GameSystem.limits`), checked before a file is played."""
from __future__ import annotations

from ..system import Limit

LAYOUT, SCENARIO, TILESET = "crash-grab-layout", "crash-grab-scenario", "crash-grab-tileset"
MAX_TURNS_ENV = "CRASHGRAB_MAX_TURNS"
DEFAULT_MAX_TURNS = 10_000  # a whole game takes a few hundred turns
MAX_TILES_ENV = "CRASHGRAB_MAX_TILES"
DEFAULT_MAX_TILES = 256  # the game has 14; checking a free-form board of thousands takes minutes

LIMITS = (
    Limit(LAYOUT, ("placements",), "tiles placed", DEFAULT_MAX_TILES, MAX_TILES_ENV, "Use fewer, larger tiles"),
    Limit(LAYOUT, ("tileset", "tiles"), "tiles in the tile set", DEFAULT_MAX_TILES, MAX_TILES_ENV,
          "Use fewer, larger tiles"),
    Limit(TILESET, ("tiles",), "tiles", DEFAULT_MAX_TILES, MAX_TILES_ENV, "Use fewer, larger tiles"),
    Limit(SCENARIO, ("turns",), "turns", DEFAULT_MAX_TURNS, MAX_TURNS_ENV, "Split it into shorter scenarios"),
    # A turn rolls the placement die a few times at most; the setup, once per saucer and crewmember.
    Limit(SCENARIO, ("dice",), "scripted die results", DEFAULT_MAX_TURNS, "CRASHGRAB_MAX_DICE",
          "Script fewer, or set \"seed\" to roll the rest"),
    Limit(SCENARIO, ("setup", "dice"), "scripted setup die results", 1_000, None,
          "The setup rolls once for each saucer and crewmember: script fewer"),
    Limit(SCENARIO, ("expect", "events"), "expected events", 10 * DEFAULT_MAX_TURNS, None,
          "Split it into shorter scenarios"),
)
