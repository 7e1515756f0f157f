"""The most RoboRally's course files may hold (`GameSystem.limits`), checked before the schema
spends time on a long list (the schema bounds them too: schemas/roborally-layout.schema.json)."""
from __future__ import annotations

from ..system import Limit

LAYOUT = "crash-grab-layout"
MAX_BOARDS = 64
MAX_ITEMS = 64

LIMITS = (
    Limit(LAYOUT, ("boards",), "boards", MAX_BOARDS, None, "Build a smaller course"),
    Limit(LAYOUT, ("checkpoints",), "checkpoints", MAX_ITEMS, None, "The game has 8 checkpoints"),
    Limit(LAYOUT, ("starts",), "starts", MAX_ITEMS, None, "The game has 8 robots"),
    Limit(LAYOUT, ("pieces",), "pieces", MAX_ITEMS, None, "The expansion has 10 factory element pieces"),
)
