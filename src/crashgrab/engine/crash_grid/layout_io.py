"""Crash Grid layout files: JSON <-> ArenaLayout, validated against
schemas/crash-grid-layout.schema.json, saved atomically.

Beyond the schema, loading refuses what no arena can hold, naming the JSON path: a start or a
wall outside the arena, two starts on one square or for one suit, a start on a wall, a wall
listed twice. Everything a designer may still want to fix later (starts off the edge, facing
outward, uneven spacing) is a validation finding instead (validation.py).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import InvalidFileError
from ..formats.jsonio import read_json, with_schema_ref, write_json_atomic
from ..formats.schemas import validate
from .model import ArenaLayout, Start
from .terms import Cell, cell_text

LAYOUT_SCHEMA = "crash-grid-layout"


def _cell(value: list[int]) -> Cell:
    return (value[0], value[1])


def layout_from_json(document: Any, file: str | Path | None = None) -> ArenaLayout:
    validate(document, LAYOUT_SCHEMA, file)
    width, height = document["arena"]["width"], document["arena"]["height"]

    def fail(where: str, message: str, hint: str | None = None):
        raise InvalidFileError(message, file=file, where=where, hint=hint)

    def inside(cell: Cell, where: str) -> None:
        if not (cell[0] < width and cell[1] < height):
            fail(where, f"{cell_text(cell)} is outside the {width}x{height} arena.",
                 f"Use x from 0 to {width - 1} and y from 0 to {height - 1}, or enlarge the arena.")

    walls: set[Cell] = set()
    for index, raw in enumerate(document["walls"]):
        cell = _cell(raw)
        inside(cell, f"$.walls[{index}]")
        if cell in walls:
            fail(f"$.walls[{index}]", f"the wall at {cell_text(cell)} is listed twice.", "Remove one.")
        walls.add(cell)
    starts: list[Start] = []
    for index, raw in enumerate(document["starts"]):
        start = Start(raw["suit"], raw["x"], raw["y"], raw["facing"])
        where = f"$.starts[{index}]"
        inside(start.cell, where)
        if any(s.suit == start.suit for s in starts):
            fail(f"{where}.suit", f"{start.suit} has two starts.", "Each suit (player) starts once.")
        if any(s.cell == start.cell for s in starts):
            fail(where, f"two riders start on {cell_text(start.cell)}.", "Move one of them.")
        if start.cell in walls:
            fail(where, f"the {start.suit} start at {cell_text(start.cell)} is on a wall.",
                 "Move the start or remove the wall.")
        starts.append(start)
    return ArenaLayout(name=document["name"], width=width, height=height, starts=tuple(starts),
                       walls=frozenset(walls), template=document["template"],
                       notes=document.get("notes", ""), schema_ref=document.get("$schema"))


def layout_to_json(layout: ArenaLayout) -> dict[str, Any]:
    document: dict[str, Any] = with_schema_ref({
        "format": "crash-grab-layout", "version": 2, "game": "crash-grid", "name": layout.name,
        "template": layout.template, "arena": {"width": layout.width, "height": layout.height},
        "starts": [{"suit": s.suit, "x": s.x, "y": s.y, "facing": s.facing} for s in layout.starts],
        "walls": [list(cell) for cell in sorted(layout.walls, key=lambda c: (c[1], c[0]))],
    }, layout.schema_ref)
    if layout.notes:
        document["notes"] = layout.notes
    return document


def load_layout(path: str | Path) -> ArenaLayout:
    return layout_from_json(read_json(path), path)


def save_layout(layout: ArenaLayout, path: str | Path) -> None:
    """Validate, then write atomically (a failed save leaves the old file as it was)."""
    document = layout_to_json(layout)
    validate(document, LAYOUT_SCHEMA, path)
    write_json_atomic(path, document)
