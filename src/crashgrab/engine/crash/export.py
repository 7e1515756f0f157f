"""The board for other programs (schemas/crash-export.schema.json): every facing resolved (the
default rule applied), each hex's centre in millimetres at game scale, and the metrics."""
from __future__ import annotations

from typing import Any

from ..grid.hex import ACROSS_FLATS, HEX
from .model import CrashLayout
from .movegraph import straight_run
from .terms import HEX_MM
from .validation import to_junkyard_lengths


def centre_mm(cell) -> list[float]:
    x, y = HEX.cell_centre(cell)
    scale = HEX_MM / ACROSS_FLATS
    return [round(x * scale, 3), round(y * scale, 3)]


def export_document(layout: CrashLayout) -> dict[str, Any]:
    lengths = to_junkyard_lengths(layout)
    return {
        "format": "crash-export", "version": 1, "game": "crash", "name": layout.name,
        "grid": {"shape": "hex", "orientation": "pointy-top", "coordinates": "axial [q, r]", "hex_mm": HEX_MM},
        "hexes": [{"at": list(c), "centre_mm": centre_mm(c)} for c in layout.sorted_hexes()],
        "starts": [{"player": s.player, "car": s.car, "at": list(s.at), "facing": layout.facing_of(s),
                    "facing_written": s.facing is not None,
                    "run": straight_run(layout, s.at, layout.facing_of(s)) if layout.on_board(s.at) else 0,
                    "to_junkyard": lengths.get(s.player, {}).get(s.car)} for s in layout.starts],
        "junkyards": [{"player": j.player, "at": list(j.at)} for j in layout.junkyards],
    }
