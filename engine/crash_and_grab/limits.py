"""The most Crash & Grab's files may hold (`GameSystem.limits`), checked before a file is played."""
from __future__ import annotations

from ..system import Limit

SCENARIO = "crash-grab-scenario"
MAX_TURNS_ENV = "CRASHGRAB_MAX_TURNS"
DEFAULT_MAX_TURNS = 10_000  # a whole game takes a few hundred turns

LIMITS = (
    Limit(SCENARIO, ("turns",), "turns", DEFAULT_MAX_TURNS, MAX_TURNS_ENV, "Split it into shorter scenarios"),
    # A turn rolls the placement die a few times at most; the setup, once per saucer and crewmember.
    Limit(SCENARIO, ("dice",), "scripted die results", DEFAULT_MAX_TURNS, "CRASHGRAB_MAX_DICE",
          "Script fewer, or set \"seed\" to roll the rest"),
    Limit(SCENARIO, ("setup", "dice"), "scripted setup die results", 1_000, None,
          "The setup rolls once for each saucer and crewmember: script fewer"),
    Limit(SCENARIO, ("expect", "events"), "expected events", 10 * DEFAULT_MAX_TURNS, None,
          "Split it into shorter scenarios"),
)
