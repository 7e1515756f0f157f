"""Resolve a Crash & Grab layout into a board, with its structural findings.

Structure is checked here (tiles, template slots, direction markers); the rule checks of
`crashgrab.engine.crash_and_grab.validation` run on the board this returns.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..findings import Finding
from ..grid.model import Board
from .layout import Layout
from ..grid.resolve import place_tiles
from .templates import TEMPLATES
from .terms import MARKERS


@dataclass(frozen=True)
class Resolution:
    board: Board
    findings: tuple[Finding, ...]

    @property
    def ok(self) -> bool:
        return not self.findings


def resolve_layout(layout: Layout) -> Resolution:
    template = TEMPLATES.get(layout.template) if layout.template else None
    bounds = (template.width, template.height) if template else None
    board, findings = place_tiles(layout.tileset, layout.placements, bounds)
    if template:
        findings += _template_findings(layout, template)
    findings += direction_findings(layout.directions)
    # Root causes first: a tile in the wrong slot also overlaps its neighbours.
    findings.sort(key=lambda f: _CAUSE_ORDER.index(f.code))
    return Resolution(board, tuple(findings))


_CAUSE_ORDER = ["unknown-tile", "duplicate-tile", "outside-board", "slot-mismatch", "overlap",
                "template-incomplete", "directions"]


def _template_findings(layout: Layout, template) -> list[Finding]:
    findings = []
    filled = set()
    for index, placement in enumerate(layout.placements):
        slot = template.slot_for(placement)
        cell = ((placement.x, placement.y),)
        if slot is None:
            findings.append(Finding(
                "slot-mismatch", "error",
                f"Tile {placement.tile} at [{placement.x},{placement.y}] is not on a slot of the "
                f"{template.id} template; move it to one of "
                f"{', '.join(f'[{s.x},{s.y}]' for s in template.slots)}.",
                cell, {"tile": placement.tile, "placement": index}))
            continue
        filled.add(slot.origin)
        refusal = slot.refusal(layout.tileset, placement)
        if refusal:
            findings.append(Finding(
                "slot-mismatch", "error", f"Tile {placement.tile} does not fit: {refusal}.",
                cell, {"tile": placement.tile, "slot": slot.name, "placement": index}))
    empty = [s for s in template.slots if s.origin not in filled]
    if empty:
        findings.append(Finding(
            "template-incomplete", "error",
            f"The {template.id} template has {len(empty)} empty slot(s) "
            f"({', '.join(s.name for s in empty)}); place a tile in each.",
            tuple(s.origin for s in empty), {"empty_slots": [s.name for s in empty]}))
    return findings


def direction_findings(directions) -> list[Finding]:
    placed = [directions.get(side) for side in ("north", "east", "south", "west")]
    if sorted(m for m in placed if m) == sorted(MARKERS) and all(placed):
        return []
    missing = [m for m in MARKERS if m not in placed]
    repeated = sorted({m for m in placed if m and placed.count(m) > 1})
    unknown = sorted({m for m in placed if m and m not in MARKERS})
    parts = []
    if missing:
        parts.append(f"missing {', '.join(missing)}")
    if repeated:
        parts.append(f"repeated {', '.join(repeated)}")
    if unknown:
        parts.append(f"unknown {', '.join(unknown)}")
    return [Finding(
        "directions", "error",
        f"The direction markers must be Sun, Asteroids, Meteor and Stars, one on each side ({'; '.join(parts)}).",
        (), {"missing": missing, "repeated": repeated, "unknown": unknown})]
