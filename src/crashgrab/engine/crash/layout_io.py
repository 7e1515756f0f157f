"""Crash! layout files: JSON <-> CrashLayout, validated against schemas/crash-layout.schema.json,
saved atomically.

Beyond the schema, loading refuses only a hex listed twice (naming its JSON path). Starts or
junkyards off the board, on one hex, missing or doubled are validation findings instead
(validation.py), so a designer can open a board half done and fix it; `strict` refuses them.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import InvalidFileError
from ..formats.jsonio import read_json, with_schema_ref, write_json_atomic
from ..formats.limits import check_limits
from ..formats.schemas import validate
from .limits import LIMITS, LAYOUT
from .model import CrashLayout, Junkyard, Start
from .terms import PLAYERS, Cell, cell_text

LAYOUT_SCHEMA = "crash-layout"


def _cell(value: list[int]) -> Cell:
    return (value[0], value[1])


def layout_from_json(document: Any, file: str | Path | None = None, *, strict: bool = False) -> CrashLayout:
    check_limits(LIMITS, LAYOUT, document, file)  # before the schema spends minutes on a long list
    validate(document, LAYOUT_SCHEMA, file)
    hexes: set[Cell] = set()
    for index, raw in enumerate(document["hexes"]):
        cell = _cell(raw)
        if cell in hexes:
            raise InvalidFileError(f"the hex {cell_text(cell)} is listed twice.", file=file,
                                   where=f"$.hexes[{index}]", hint="Remove one.")
        hexes.add(cell)
    starts = tuple(Start(raw["player"], raw["car"], _cell(raw["at"]), raw.get("facing"))
                   for raw in document["starts"])
    junkyards = tuple(Junkyard(raw["player"], _cell(raw["at"])) for raw in document["junkyards"])
    layout = CrashLayout(document["name"], frozenset(hexes), sort_starts(starts), sort_junkyards(junkyards),
                         document["template"], document.get("notes", ""), document.get("$schema"))
    if strict:
        from .validation import structural_findings

        findings = structural_findings(layout)
        if findings:
            first = findings[0]
            raise InvalidFileError(f"{first.code}: {first.message}", file=file,
                                   hint="Fix it first: `crashgrab validate` lists every finding, and the editor opens it as it is.")
    return layout


def sort_starts(starts) -> tuple[Start, ...]:
    """Starts in file order: by player, then car (a stable sort keeps doubled cars as written)."""
    return tuple(sorted(starts, key=lambda s: (PLAYERS.index(s.player), s.car)))


def sort_junkyards(junkyards) -> tuple[Junkyard, ...]:
    return tuple(sorted(junkyards, key=lambda j: PLAYERS.index(j.player)))


def start_json(start: Start) -> dict[str, Any]:
    document: dict[str, Any] = {"player": start.player, "car": start.car, "at": list(start.at)}
    if start.facing is not None:
        document["facing"] = start.facing
    return document


def layout_to_json(layout: CrashLayout) -> dict[str, Any]:
    document: dict[str, Any] = with_schema_ref({
        "format": "crash-grab-layout", "version": 2, "game": "crash", "name": layout.name,
        "template": layout.template,
        "hexes": [list(cell) for cell in layout.sorted_hexes()],
        "starts": [start_json(s) for s in layout.starts],
        "junkyards": [{"player": j.player, "at": list(j.at)} for j in layout.junkyards],
    }, layout.schema_ref)
    if layout.notes:
        document["notes"] = layout.notes
    return document


def load_layout(path: str | Path) -> CrashLayout:
    return layout_from_json(read_json(path), path)


def save_layout(layout: CrashLayout, path: str | Path) -> None:
    """Validate, then write atomically (a failed save leaves the old file as it was)."""
    document = layout_to_json(layout)
    validate(document, LAYOUT_SCHEMA, path)
    write_json_atomic(path, document)
