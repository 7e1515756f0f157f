"""The resolved export: a layout with its tile set inline and the board worked out cell by cell."""
from __future__ import annotations

from typing import Any

from ..formats.migrations import CURRENT
from .tileset_file import tileset_to_json
from .layout import Layout
from .layout_file import layout_to_json
from .resolve import resolve_layout


def export_document(layout: Layout) -> dict[str, Any]:
    board = resolve_layout(layout).board
    document = layout_to_json(layout)
    del document["game"]  # the export format is Crash & Grab's own
    document["format"] = "crash-grab-export"
    document["version"] = CURRENT["crash-grab-export"]
    document["tileset"] = tileset_to_json(layout.tileset)
    document["board"] = {"width": board.width, "height": board.height}
    document["holes"] = [list(c) for c in board.holes()]
    cells = []
    for (x, y), feature in sorted(board.features.items(), key=lambda item: (item[0][1], item[0][0])):
        cell: dict[str, Any] = {"x": x, "y": y, "type": feature.type}
        if feature.number is not None:
            cell["number"] = feature.number
        if feature.facing is not None:
            cell["facing"] = feature.facing.value
        cell["tile"] = feature.tile
        cells.append(cell)
    document["cells"] = cells
    return document
