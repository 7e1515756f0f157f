"""The arena for other programs (schemas/crash-grid-export.schema.json): rows of characters,
the starts with their free run ahead, and the walls; read from the arena's board (board.py)."""
from __future__ import annotations

from typing import Any

from .board import arena_board, starts, wall_cells
from .model import ArenaLayout
from .validation import free_run, free_squares


def export_document(layout: ArenaLayout) -> dict[str, Any]:
    board = arena_board(layout)
    placed = starts(board)
    marks = {cell: "#" for cell in wall_cells(board)}
    marks.update({s.cell: s.suit[0].upper() for s in placed})
    free = free_squares(board)
    return {
        "format": "crash-grid-export", "version": 1, "game": "crash-grid", "name": layout.name,
        "width": board.width, "height": board.height,
        "rows": ["".join(marks.get((x, y), ".") for x in range(board.width)) for y in range(board.height)],
        "starts": [{"suit": s.suit, "at": list(s.cell), "facing": s.facing, "free_run": free_run(s, free)}
                   for s in placed],
        "walls": [list(c) for c in wall_cells(board)],
    }
