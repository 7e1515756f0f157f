"""Validation of a Crash! board: findings (docs/findings.md, "Crash!") and metrics. No file I/O.

Errors: start-count, off-board, shared-hex, junkyard-count (structural: `structural_findings`),
junkyard-nearer, junkyard-unreachable. Warnings: facing-away, faces-off-board, unbalanced.
Metrics per car: to_junkyard (shortest path over board hexes from its start to its player's
junkyard) and run (board hexes straight ahead before the edge); per player the totals.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any, Mapping

from ..findings import Finding
from ..grid.hex import distance
from ..report import ValidationReport, sort_findings
from .facing import angle_off
from .model import CrashLayout
from .movegraph import move_graph, path_length, straight_run
from .terms import FINDING_CODES as CODES
from .terms import CARS, HEX, PLAYERS, Cell, cell_text, other_player

FACING_TOLERANCE = 30.0  # degrees either side of the direction toward the other player's starts


def _finding(code: str, message: str, cells=(), **details) -> Finding:
    return Finding(code, CODES[code], message, tuple(cells), details)


def _cars(numbers) -> str:
    numbers = sorted(numbers)
    return ", ".join(str(n) for n in numbers)


def start_count_findings(layout: CrashLayout) -> list[Finding]:
    findings = []
    for player in PLAYERS:
        starts = layout.starts_of(player)
        counts = Counter(s.car for s in starts)
        missing = [c for c in CARS if counts[c] == 0]
        doubled = [c for c in CARS if counts[c] > 1]
        if not missing and not doubled:
            continue
        parts = []
        if missing:
            parts.append(f"no start for car{'s' if len(missing) > 1 else ''} {_cars(missing)}")
        if doubled:
            parts.append(f"more than one start for car{'s' if len(doubled) > 1 else ''} {_cars(doubled)}")
        findings.append(_finding("start-count", f"{player} has {' and '.join(parts)}; each player starts one car "
                                 "of each number 1 to 6.", [s.at for s in starts if s.car in doubled],
                                 player=player, missing=missing, doubled=doubled))
    return findings


def off_board_findings(layout: CrashLayout) -> list[Finding]:
    findings = []
    for start in layout.starts:
        if not layout.on_board(start.at):
            findings.append(_finding("off-board", f"{start.player}'s car {start.car} starts at {cell_text(start.at)}, "
                                     "which is not a hex of the board.", [start.at], player=start.player, car=start.car))
    for junkyard in layout.junkyards:
        if not layout.on_board(junkyard.at):
            findings.append(_finding("off-board", f"{junkyard.player}'s junkyard at {cell_text(junkyard.at)} is not a "
                                     "hex of the board.", [junkyard.at], player=junkyard.player))
    return findings


def shared_hex_findings(layout: CrashLayout) -> list[Finding]:
    on: dict[Cell, list[str]] = {}
    for start in layout.starts:
        on.setdefault(start.at, []).append(f"{start.player}'s car {start.car}")
    for junkyard in layout.junkyards:
        on.setdefault(junkyard.at, []).append(f"{junkyard.player}'s junkyard")
    return [_finding("shared-hex", f"{' and '.join(things)} are all on {cell_text(cell)}; one hex holds one start "
                     "or one junkyard.", [cell], things=things)
            for cell, things in sorted(on.items(), key=lambda item: (item[0][1], item[0][0])) if len(things) > 1]


def junkyard_count_findings(layout: CrashLayout) -> list[Finding]:
    findings = []
    for player in PLAYERS:
        count = sum(1 for j in layout.junkyards if j.player == player)
        if count != 1:
            findings.append(_finding("junkyard-count", f"{player} has {count} junkyards; each player owns exactly one.",
                                     [j.at for j in layout.junkyards if j.player == player], player=player, junkyards=count))
    return findings


def structural_findings(layout: CrashLayout) -> list[Finding]:
    """What makes a board unplayable as it stands: the errors strict loading refuses."""
    return (start_count_findings(layout) + off_board_findings(layout) + shared_hex_findings(layout)
            + junkyard_count_findings(layout))


def _one_junkyard_each(layout: CrashLayout) -> bool:
    return all(sum(1 for j in layout.junkyards if j.player == p) == 1 for p in PLAYERS)


def junkyard_nearer_findings(layout: CrashLayout) -> list[Finding]:
    if not _one_junkyard_each(layout):
        return []
    findings = []
    for player in PLAYERS:
        starts = layout.starts_of(player)
        own, other = layout.junkyard_of(player), layout.junkyard_of(other_player(player))
        if not starts or own is None or other is None:
            continue
        to_own = Fraction(sum(distance(s.at, own.at) for s in starts), len(starts))
        to_other = Fraction(sum(distance(s.at, other.at) for s in starts), len(starts))
        if to_own <= to_other:
            findings.append(_finding(
                "junkyard-nearer", f"{player}'s junkyard at {cell_text(own.at)} is {float(to_own):.2f} hexes from its "
                f"starts on average, not farther than the other junkyard ({float(to_other):.2f}); a player's junkyard "
                "is the one farthest from its starts.", [own.at, other.at], player=player,
                own=round(float(to_own), 4), other=round(float(to_other), 4)))
    return findings


def to_junkyard_lengths(layout: CrashLayout, graph=None) -> dict[str, dict[int, int | None]]:
    """Per player, per car: the shortest path over board hexes from its start to its own junkyard."""
    graph = graph if graph is not None else move_graph(layout)
    lengths: dict[str, dict[int, int | None]] = {}
    for player in PLAYERS:
        junkyard = layout.junkyard_of(player)
        lengths[player] = {s.car: path_length(graph, s.at, junkyard.at) if junkyard else None
                           for s in layout.starts_of(player)}
    return lengths


def reach_findings(layout: CrashLayout, lengths: dict[str, dict[int, int | None]]) -> list[Finding]:
    if not _one_junkyard_each(layout):
        return []
    findings = []
    for player in PLAYERS:
        junkyard = layout.junkyard_of(player)
        assert junkyard is not None
        if not layout.on_board(junkyard.at):
            continue  # off-board says it
        for start in layout.starts_of(player):
            if layout.on_board(start.at) and lengths[player].get(start.car) is None:
                findings.append(_finding(
                    "junkyard-unreachable", f"{player}'s car {start.car} at {cell_text(start.at)} has no path over the "
                    f"board's hexes to {player}'s junkyard at {cell_text(junkyard.at)}.", [start.at, junkyard.at],
                    player=player, car=start.car))
    totals = {p: sum(v for v in lengths[p].values() if v is not None) for p in PLAYERS}
    complete = all(len(lengths[p]) == len(CARS) and None not in lengths[p].values() for p in PLAYERS)
    if complete and totals["p1"] != totals["p2"]:
        longer = max(PLAYERS, key=lambda p: totals[p])
        findings.append(_finding(
            "unbalanced", f"the paths from each player's six starts to its own junkyard add up to {totals['p1']} hexes "
            f"for p1 and {totals['p2']} for p2: {longer}'s cars have farther to go.",
            [j.at for j in layout.junkyards], p1=totals["p1"], p2=totals["p2"]))
    return findings


def facing_findings(layout: CrashLayout) -> list[Finding]:
    findings = []
    for start in layout.starts:
        if not layout.on_board(start.at):
            continue
        facing = layout.facing_of(start)
        off = angle_off(layout, start, facing)
        if off is not None and off > FACING_TOLERANCE + 1e-9:
            findings.append(_finding(
                "facing-away", f"{start.player}'s car {start.car} at {cell_text(start.at)} faces {facing}, {off:.0f} "
                f"degrees away from the other player's starts (more than {FACING_TOLERANCE:.0f}).", [start.at],
                player=start.player, car=start.car, facing=facing, degrees=round(off, 1)))
        ahead = HEX.step(start.at, facing)
        if not layout.on_board(ahead):
            findings.append(_finding(
                "faces-off-board", f"{start.player}'s car {start.car} at {cell_text(start.at)} faces {facing}, off the "
                f"board: its first move forward leaves the game.", [start.at], player=start.player, car=start.car,
                facing=facing))
    return findings


def metrics(layout: CrashLayout, lengths: dict[str, dict[int, int | None]]) -> dict[str, Any]:
    players: dict[str, Any] = {}
    for player in PLAYERS:
        cars = {}
        for start in layout.starts_of(player):
            run = straight_run(layout, start.at, layout.facing_of(start)) if layout.on_board(start.at) else 0
            cars[str(start.car)] = {"to_junkyard": lengths[player].get(start.car), "run": run}
        players[player] = {
            "cars": cars,
            "to_junkyard": sum(c["to_junkyard"] for c in cars.values() if c["to_junkyard"] is not None),
            "run": sum(c["run"] for c in cars.values()),
        }
    return {"hexes": len(layout.hexes), "players": players}


def validate_board(layout: CrashLayout, severity_overrides: Mapping[str, str] | None = None) -> ValidationReport:
    """Every finding and the metrics. `severity_overrides` maps a code to error/warning/info or
    "off" (dropped). The report's board is the layout itself."""
    graph = move_graph(layout)
    lengths = to_junkyard_lengths(layout, graph)
    findings = (structural_findings(layout) + junkyard_nearer_findings(layout) + reach_findings(layout, lengths)
                + facing_findings(layout))
    overrides = dict(severity_overrides or {})
    findings = [f if f.code not in overrides else f.with_severity(overrides[f.code]) for f in findings]
    findings = [f for f in findings if f.severity != "off"]
    return ValidationReport(sort_findings(findings), metrics(layout, lengths), layout)
