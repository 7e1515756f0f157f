"""The most RoboRally's course and scenario files may hold (`GameSystem.limits`), checked before the
schema spends time on a long list (the schema bounds them too: schemas/roborally-layout.schema.json).
A race ends within a few dozen turns of five registers, so 10,000 scripted turns is far past any test."""
from __future__ import annotations

from ..system import Limit

LAYOUT, SCENARIO = "crash-grab-layout", "crash-grab-scenario"
MAX_BOARDS = 64
MAX_ITEMS = 64
MAX_TURNS = 10_000
MAX_TURNS_ENV = "CRASHGRAB_MAX_TURNS"  # the same variable as the other games' turns: a turn is a turn

LIMITS = (
    Limit(LAYOUT, ("boards",), "boards", MAX_BOARDS, None, "Build a smaller course"),
    Limit(LAYOUT, ("checkpoints",), "checkpoints", MAX_ITEMS, None, "The game has 8 checkpoints"),
    Limit(LAYOUT, ("starts",), "starts", MAX_ITEMS, None, "The game has 8 robots"),
    Limit(LAYOUT, ("pieces",), "pieces", MAX_ITEMS, None, "The expansion has 10 factory element pieces"),
    Limit(SCENARIO, ("turns",), "turns", MAX_TURNS, MAX_TURNS_ENV, "Split it into shorter scenarios"),
    Limit(SCENARIO, ("robots",), "robots", MAX_ITEMS, None, "The game has 8 robots"),
)
