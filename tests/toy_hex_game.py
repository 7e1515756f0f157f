"""A toy hex game, "Beacon Hex", to prove the seam carries a board no game of the studio has:
hexes, features on edges, a typed setting, rules with a chance node on the play kernel
(tests/toy_hex_rules.py), and a game offering its edits to the generic editor.

A board is every hex within `radius` of [0,0] (pointy-top axial, engine/grid/hex.py). Beacons
stand in hexes; fences sit on the sides between hexes, each side stored once (its canonical
name, `HEX.edge_key`), whichever hex the designer clicked. A beacon's `reach` (a typed setting,
1 to 3, default 1) is how near the walker must stop to light it. Findings: at least one beacon (`no-beacon`,
error), and a fence with no board hex on either side (`fence-adrift`, error).
Templates: "small" (radius 2) and "large" (radius 3). Registered from the tests only.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from importlib.metadata import EntryPoint
from typing import Any, Mapping

from crashgrab.engine.editing import BoardEditing
from crashgrab.engine.errors import EditRefused, InvalidFileError
from crashgrab.engine.feature_settings import Setting
from crashgrab.engine.findings import Finding
from crashgrab.engine.formats.jsonio import dumps
from crashgrab.engine.formats.migrations import CURRENT
from crashgrab.engine.formats.schemas import validate
from crashgrab.engine.grid.hex import DIRECTIONS, HEX
from crashgrab.engine.report import ValidationReport, sort_findings
from crashgrab.engine.system import (BoardPicture, ExportFormat, FeatureKind, GameSystem, PlacedFeature, PlayingPiece,
                                     Resolution, TemplateInfo)

GAME = "beacon-hex"
REACH = Setting("reach", "int", "Reach", minimum=1, maximum=3, default=1)
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
        "beacons": {"type": "array", "items": {"type": "object", "required": ["at"], "additionalProperties": False,
                                               "properties": {"at": HEX_PAIR, "reach": {}}}},
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
    reaches: tuple[tuple[Cell, int], ...] = ()  # beacons whose reach is not the default

    def reach_of(self, beacon: Cell) -> int:
        return dict(self.reaches).get(beacon, REACH.default)

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
        return replace(layout, beacons=tuple(b for b in layout.beacons if b != cell),
                       reaches=tuple(r for r in layout.reaches if r[0] != cell))


class BeaconHex(GameSystem):
    id = GAME
    title = "Beacon Hex (toy)"
    geometry = HEX
    players = (2, 3)
    layout_type = HexField
    layout_schema = SCHEMA
    feature_kinds = (
        FeatureKind("beacon", "Beacon", symbol="B", colour="#b45309", shape="disc", settings=(REACH,)),
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
        kind = self.feature_kind("beacon")
        assert kind is not None
        for index, beacon in enumerate(document["beacons"]):
            settings = {k: v for k, v in beacon.items() if k != "at"}
            problems = kind.settings_problems(settings, f"[{beacon['at'][0]},{beacon['at'][1]}]")
            if problems:
                raise InvalidFileError(problems[0], file=file, where=f"$.beacons[{index}]")
        fences = sorted({HEX.edge_key(tuple(f["at"]), f["side"]) for f in document["fences"]})
        reaches = tuple(sorted((tuple(b["at"]), b["reach"]) for b in document["beacons"]
                               if b.get("reach", REACH.default) != REACH.default))
        return HexField(document["name"], document["radius"], tuple(sorted(tuple(b["at"]) for b in document["beacons"])),
                        tuple(fences), document.get("template"), reaches)

    def layout_to_json(self, layout: HexField, folder=None) -> dict[str, Any]:
        return {"format": "crash-grab-layout", "version": CURRENT["crash-grab-layout"], "game": GAME,
                "name": layout.name, "template": layout.template, "radius": layout.radius,
                "beacons": [{"at": list(b), **({"reach": layout.reach_of(b)} if layout.reach_of(b) != REACH.default
                                                else {})} for b in layout.beacons],
                "fences": [{"at": list(cell), "side": side} for cell, side in layout.fences]}

    def editing(self) -> HexEdits:
        return HexEdits()

    piece_kinds = (FeatureKind("walker", "Walker", colour="#1d4ed8", shape="arrow"),)

    def play_rules(self):
        from .toy_hex_rules import RULES

        return RULES

    def state_picture(self, layout: HexField, state) -> BoardPicture:
        picture = self.picture(layout)
        walker = PlayingPiece("walker", state.walker, HEX.direction_angle(state.facing))
        return replace(picture, pieces=(walker,), facing_arrows=True)

    def run_scenario_file(self, document: dict[str, Any], file: str):
        from .toy_hex_rules import run_scenario_file

        return run_scenario_file(document, file)

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
        features = tuple(PlacedFeature("beacon", cell, settings={"reach": layout.reach_of(cell)})
                         for cell in layout.beacons)
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
                      "beacons": [{"at": list(b), **({"reach": layout.reach_of(b)} if layout.reach_of(b) != REACH.default
                                                else {})} for b in layout.beacons],
                      "fences": [{"between": [list(cell), list(HEX.step(cell, side))]} for cell, side in layout.fences]})


SYSTEM = BeaconHex()


def toy_hex_entry_point() -> EntryPoint:
    return EntryPoint(name=GAME, value="tests.toy_hex_game:SYSTEM", group="crashgrab.games")
