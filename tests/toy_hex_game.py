"""A toy hex game, "Beacon Hex", to prove the seam carries a board no game of the studio has:
hexes, features on edges, and a game offering its edits to the generic editor.

A board is every hex within `radius` of [0,0] (pointy-top axial, engine/grid/hex.py). Beacons
stand in hexes; fences sit on the sides between hexes, each side stored once (its canonical
name, `HEX.edge_key`), whichever hex the designer clicked. Findings: at least one beacon
(`no-beacon`, error), and a fence with no board hex on either side (`fence-adrift`, error).
Templates: "small" (radius 2) and "large" (radius 3). Registered from the tests only.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from importlib.metadata import EntryPoint
from typing import Any, Mapping

from crashgrab.engine.editing import BoardEditing
from crashgrab.engine.errors import EditRefused
from crashgrab.engine.findings import Finding
from crashgrab.engine.formats.jsonio import dumps
from crashgrab.engine.formats.migrations import CURRENT
from crashgrab.engine.formats.schemas import validate
from crashgrab.engine.grid.hex import DIRECTIONS, HEX
from crashgrab.engine.report import ValidationReport, sort_findings
from crashgrab.engine.system import (BoardPicture, ExportFormat, FeatureKind, GameSystem, PlacedFeature, Resolution,
                                     TemplateInfo)

GAME = "beacon-hex"
Cell = tuple[int, int]
HEX_PAIR = {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "integer"}], "minItems": 2, "maxItems": 2}

SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["format", "version", "game", "name", "radius", "beacons", "fences"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": "crash-grab-layout"},
        "version": {"const": 2},
        "game": {"const": GAME},
        "name": {"type": "string"},
        "template": {"enum": ["small", "large", None]},
        "radius": {"type": "integer", "minimum": 1, "maximum": 8},
        "beacons": {"type": "array", "items": HEX_PAIR},
        "fences": {"type": "array", "items": {"type": "object", "required": ["at", "side"],
                                              "additionalProperties": False,
                                              "properties": {"at": HEX_PAIR, "side": {"enum": list(DIRECTIONS)}}}},
    },
}


@dataclass(frozen=True)
class HexField:
    name: str
    radius: int
    beacons: tuple[Cell, ...] = ()
    fences: tuple[tuple[Cell, str], ...] = ()  # canonical edges, sorted
    template: str | None = None

    def on_board(self, cell: Cell) -> bool:
        return HEX.distance(cell, (0, 0)) <= self.radius

    def cells(self) -> tuple[Cell, ...]:
        n = self.radius
        return tuple((q, r) for r in range(-n, n + 1) for q in range(-n, n + 1) if self.on_board((q, r)))


class HexEdits(BoardEditing):
    placeable = ("beacon", "fence")

    def place(self, layout: HexField, feature_type: str, cell: Cell, edge: str | None = None) -> HexField:
        if feature_type == "beacon":
            if not layout.on_board(cell):
                raise EditRefused(f"[{cell[0]},{cell[1]}] is off the board.")
            if cell in layout.beacons:
                raise EditRefused(f"[{cell[0]},{cell[1]}] has a beacon already.")
            return replace(layout, beacons=tuple(sorted((*layout.beacons, cell))))
        if feature_type == "fence" and edge is not None:
            key = HEX.edge_key(cell, edge)
            if key in layout.fences:
                raise EditRefused(f"that side of [{cell[0]},{cell[1]}] has a fence already.")
            if not (layout.on_board(cell) or layout.on_board(HEX.step(cell, edge))):
                raise EditRefused("a fence must border the board.")
            return replace(layout, fences=tuple(sorted((*layout.fences, key))))
        raise EditRefused(f"a {feature_type} cannot go there.")

    def remove(self, layout: HexField, cell: Cell, edge: str | None = None) -> HexField:
        if edge is not None:
            key = HEX.edge_key(cell, edge)
            if key not in layout.fences:
                raise EditRefused("there is no fence on that side.")
            return replace(layout, fences=tuple(f for f in layout.fences if f != key))
        if cell not in layout.beacons:
            raise EditRefused(f"there is no beacon at [{cell[0]},{cell[1]}].")
        return replace(layout, beacons=tuple(b for b in layout.beacons if b != cell))


class BeaconHex(GameSystem):
    id = GAME
    title = "Beacon Hex (toy)"
    geometry = HEX
    players = (2, 3)
    layout_type = HexField
    layout_schema = SCHEMA
    feature_kinds = (
        FeatureKind("beacon", "Beacon", symbol="B", colour="#b45309", shape="disc"),
        FeatureKind("fence", "Fence", on_edge=True, symbol="|", colour="#166534", shape="bar"),
    )
    templates = (TemplateInfo("small", "Small", (2,), 5, 5), TemplateInfo("large", "Large", (3,), 7, 7))
    finding_codes = {"no-beacon": "error", "fence-adrift": "error"}
    export_formats = (ExportFormat("json", "Resolved JSON"),)

    def new_layout(self, players=None, *, template=None, seed=None, name=None) -> HexField:
        chosen = self.template_for_players(players) if players is not None else self.template(template or "small")
        assert chosen is not None
        radius = (chosen.width - 1) // 2
        return HexField(name or f"{chosen.title} hex field", radius, ((0, 0),), (), chosen.id)

    def layout_from_json(self, document, file=None, *, strict=False) -> HexField:
        validate(document, SCHEMA, file)
        fences = sorted({HEX.edge_key(tuple(f["at"]), f["side"]) for f in document["fences"]})
        return HexField(document["name"], document["radius"], tuple(sorted(tuple(b) for b in document["beacons"])),
                        tuple(fences), document.get("template"))

    def layout_to_json(self, layout: HexField, folder=None) -> dict[str, Any]:
        return {"format": "crash-grab-layout", "version": CURRENT["crash-grab-layout"], "game": GAME,
                "name": layout.name, "template": layout.template, "radius": layout.radius,
                "beacons": [list(b) for b in layout.beacons],
                "fences": [{"at": list(cell), "side": side} for cell, side in layout.fences]}

    def editing(self) -> HexEdits:
        return HexEdits()

    def resolve(self, layout: HexField) -> Resolution:
        return Resolution(layout, ())

    def validate(self, layout: HexField, severity_overrides: Mapping[str, str] | None = None,
                 upgrades: tuple[str, ...] = ()) -> ValidationReport:
        findings = []
        if not layout.beacons:
            findings.append(Finding("no-beacon", "error", "The field has no beacon."))
        for cell, side in layout.fences:
            if not (layout.on_board(cell) or layout.on_board(HEX.step(cell, side))):
                findings.append(Finding("fence-adrift", "error", f"The fence at [{cell[0]},{cell[1]}] {side} "
                                        "borders no hex of the board.", (cell,)))
        metrics = {"hexes": len(layout.cells()), "beacons": len(layout.beacons), "fences": len(layout.fences)}
        return ValidationReport(sort_findings(findings), metrics, layout)

    def picture(self, layout: HexField) -> BoardPicture:
        features = tuple(PlacedFeature("beacon", cell) for cell in layout.beacons)
        features += tuple(PlacedFeature("fence", cell, edge=side) for cell, side in layout.fences)
        return BoardPicture(0, 0, layout.cells(), features)

    def board_text(self, layout: HexField) -> str:
        rows = []
        for r in range(-layout.radius, layout.radius + 1):
            row = [("B" if (q, r) in layout.beacons else ".") for q in range(-layout.radius, layout.radius + 1)
                   if layout.on_board((q, r))]
            rows.append(" " * abs(r) + " ".join(row))
        return "\n".join(rows) + f"\n{len(layout.fences)} fence(s)"

    def export(self, layout: HexField, format_id: str, output: str | None, file: str | None = None, *,
               warn=None) -> str | None:
        if format_id != "json":
            return super().export(layout, format_id, output, file, warn=warn)
        return dumps({"game": GAME, "name": layout.name, "hexes": [list(c) for c in layout.cells()],
                      "beacons": [list(b) for b in layout.beacons],
                      "fences": [{"between": [list(cell), list(HEX.step(cell, side))]} for cell, side in layout.fences]})


SYSTEM = BeaconHex()


def toy_hex_entry_point() -> EntryPoint:
    return EntryPoint(name=GAME, value="tests.toy_hex_game:SYSTEM", group="crashgrab.games")
