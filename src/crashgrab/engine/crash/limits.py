"""The most Crash!'s files may hold (`GameSystem.limits`), checked before a file is played.

A game of Crash! on the standard board is over within a few dozen turns (the survey stops one
still going after 400 as unfinished), so 10,000 scripted turns is far past any real test."""
from __future__ import annotations

from ..system import Limit

LAYOUT, SCENARIO = "crash-grab-layout", "crash-grab-scenario"
MAX_HEXES = 4096  # schemas/crash-layout.schema.json: hexes
MAX_TURNS = 10_000
MAX_TURNS_ENV = "CRASHGRAB_MAX_TURNS"  # the same variable as Crash & Grab's turns: a turn is a turn

LIMITS = (
    Limit(LAYOUT, ("hexes",), "hexes", MAX_HEXES, None, "Draw a smaller board"),
    Limit(SCENARIO, ("turns",), "turns", MAX_TURNS, MAX_TURNS_ENV, "Split it into shorter scenarios"),
)
