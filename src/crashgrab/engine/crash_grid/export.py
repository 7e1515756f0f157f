"""The arena for other programs (schemas/crash-grid-export.schema.json): rows of characters,
the starts with their free run ahead, and the walls."""
from __future__ import annotations

from typing import Any

from .model import ArenaLayout
from .validation import free_run, free_squares


def export_document(layout: ArenaLayout) -> dict[str, Any]:
    marks = {cell: "#" for cell in layout.walls}
    marks.update({s.cell: s.suit[0].upper() for s in layout.starts})
    free = free_squares(layout)
    return {
        "format": "crash-grid-export", "version": 1, "game": "crash-grid", "name": layout.name,
        "width": layout.width, "height": layout.height,
        "rows": ["".join(marks.get((x, y), ".") for x in range(layout.width)) for y in range(layout.height)],
        "starts": [{"suit": s.suit, "at": list(s.cell), "facing": s.facing, "free_run": free_run(layout, s, free)}
                   for s in layout.starts],
        "walls": [list(c) for c in sorted(layout.walls, key=lambda c: (c[1], c[0]))],
    }
