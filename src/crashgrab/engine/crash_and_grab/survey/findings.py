"""The rule checks and metrics of issue "Layout validation", made from the fast path's facts.

Same codes, cells, details, severities, order and metrics as
`crashgrab.engine.crash_and_grab.validation.validate_layout` (the reference), without the prose: a
survey counts findings, it does not print them. `crashgrab validate` on a board file
gives the messages. Where the issue leaves a choice open (details, tie-breaks, rounding)
this follows the reference, and the differential test holds the two together.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping, NamedTuple

from ...findings import SEVERITIES
from ...grid.model import Board
from ..layout import Layout
from ..resolve import resolve_layout
from ..terms import ACCELERATOR, CRASH_SITE, CRASH_SITE_NUMBERS
from ..validation.codes import DEFAULT_SEVERITY
from ..validation.crash_sites import SEQUENCE_STEPS
from ..validation.exposure import CORNER_SIDES
from ..validation.metrics import hardest_site, rounded_mean
from .fastcheck import BoardFacts, analyse, iter_bits
from .lines import DISTANCES, Geometry

Cell = tuple[int, int]
_RANK = {severity: rank for rank, severity in enumerate(SEVERITIES)}

# The codes rule_findings reports, in validation's order (structure is resolve_layout's job).
RULE_CODES: tuple[str, ...] = (
    "crash-site-missing", "crash-site-duplicate", "crash-site-range", "crash-site-sequence",
    "accelerator-loop", "accelerator-trap", "crash-site-edge", "crash-site-corner", "accelerator-edge",
    "unreachable", "isolated-crash-site")


class FastFinding(NamedTuple):
    """A finding without its message: what the differential test compares."""

    code: str
    severity: str
    cells: tuple[Cell, ...]
    details: dict[str, Any]


class FastReport(NamedTuple):
    findings: tuple[FastFinding, ...]
    metrics: dict[str, Any]
    facts: BoardFacts

    @property
    def valid(self) -> bool:
        return not any(f.severity == "error" for f in self.findings)


@lru_cache(maxsize=64)
def geometry_for(width: int, height: int) -> Geometry:
    """One shared Geometry (and line-table memo) per board size in this process."""
    return Geometry(width, height)


def board_facts(board: Board) -> BoardFacts:
    """The fast path's facts for any resolved board, holes included."""
    width = board.width
    accelerators = []
    sites = []
    for (x, y), feature in board.features.items():
        if not board.on_board((x, y)):
            continue
        if feature.type == ACCELERATOR:
            accelerators.append(y * width + x)
        elif feature.type == CRASH_SITE:
            sites.append((y * width + x, feature.number))
    holes = 0
    for x, y in board.holes():
        holes |= 1 << (y * width + x)
    return analyse(geometry_for(board.width, board.height), tuple(sorted(accelerators)), holes,
                   tuple(sorted(sites)))


def fast_check(layout: Layout, severity_overrides: Mapping[str, str] | None = None) -> FastReport:
    """validate_layout's findings (without messages) and metrics, by the fast path."""
    resolution = resolve_layout(layout)
    facts = board_facts(resolution.board)
    findings = [FastFinding(f.code, DEFAULT_SEVERITY.get(f.code, f.severity), f.cells, dict(f.details))
                for f in resolution.findings]
    findings += [FastFinding("unknown-code", DEFAULT_SEVERITY["unknown-code"], (), {"code": code})
                 for code in sorted(layout.severity_overrides) if code not in DEFAULT_SEVERITY]
    findings += rule_findings(facts)
    findings = _override(findings, layout.severity_overrides, severity_overrides)
    return FastReport(sort_findings(findings), board_metrics(facts), facts)


def _override(findings: list[FastFinding], *overrides: Mapping[str, str] | None) -> list[FastFinding]:
    merged: dict[str, str] = {}
    for mapping in overrides:
        merged.update(mapping or {})
    result = []
    for item in findings:
        level = merged.get(item.code, item.severity)
        if level == "off":
            continue
        result.append(item if level == item.severity else item._replace(severity=level))
    return result


def sort_findings(findings) -> tuple[FastFinding, ...]:
    """Severity (error, warning, info), then code, then cells row by row."""
    return tuple(sorted(findings, key=lambda f: (_RANK.get(f.severity, len(_RANK)), f.code,
                                                 tuple((y, x) for x, y in f.cells), repr(f.details))))


def _finding(code: str, cells: tuple[Cell, ...], details: dict[str, Any]) -> FastFinding:
    return FastFinding(code, DEFAULT_SEVERITY[code], cells, details)


def rule_findings(facts: BoardFacts) -> list[FastFinding]:
    """Every rule finding of the board (numbering, loops, traps, edges, reachability), unsorted."""
    findings = _numbering(facts)
    findings += _loops(facts)
    findings += _traps(facts)
    findings += _edges(facts)
    findings += _reachability(facts)
    return findings


def _sites_by_number(facts: BoardFacts) -> dict[int | None, list[int]]:
    by_number: dict[int | None, list[int]] = {}
    for cell, number in facts.sites:
        by_number.setdefault(number, []).append(cell)
    return by_number


def _numbering(facts: BoardFacts) -> list[FastFinding]:
    at = facts.cell
    by_number = _sites_by_number(facts)
    findings = []
    missing = [n for n in CRASH_SITE_NUMBERS if n not in by_number]
    if missing:
        findings.append(_finding("crash-site-missing", (), {"numbers": missing}))
    for number in CRASH_SITE_NUMBERS:
        cells = by_number.get(number, ())
        if len(cells) > 1:
            findings.append(_finding("crash-site-duplicate", tuple(at(c) for c in cells), {"number": number}))
    for cell, site_number in facts.sites:
        if site_number not in CRASH_SITE_NUMBERS:
            findings.append(_finding("crash-site-range", (at(cell),), {"number": site_number}))
    for number in CRASH_SITE_NUMBERS:
        following = number % 12 + 1
        for first in by_number.get(number, ()):
            for second in by_number.get(following, ()):
                (x1, y1), (x2, y2) = at(first), at(second)
                steps = abs(x1 - x2) + abs(y1 - y2)
                if steps <= SEQUENCE_STEPS:
                    findings.append(_finding("crash-site-sequence", ((x1, y1), (x2, y2)),
                                             {"numbers": [number, following], "steps": steps}))
    return findings


def _loops(facts: BoardFacts) -> list[FastFinding]:
    """Each strongly connected group of Accelerators once, at the smallest d it appears at."""
    findings = []
    reported: set[frozenset[int]] = set()
    for d, groups in zip(DISTANCES, facts.loop_groups):
        for group in groups:
            if group in reported:
                continue
            reported.add(group)
            cycle = _shortest_cycle(facts.bounce_graphs[d - 1], group)
            findings.append(_finding("accelerator-loop", tuple(facts.cell(c) for c in sorted(group)),
                                     {"distance": d, "cycle": [list(facts.cell(c)) for c in cycle]}))
    return findings


def _shortest_cycle(graph: dict[int, tuple[int, ...]], group: frozenset[int]) -> list[int]:
    """A shortest cycle through the group's first cell (row by row), found breadth first with
    successors taken row by row, so the witness is the same whichever implementation finds it."""
    start = min(group)
    parents: dict[int, int | None] = {start: None}
    queue = [start]
    for current in queue:
        for target in sorted(graph[current]):
            if target == start:
                path = [current]
                while (parent := parents[path[-1]]) is not None:
                    path.append(parent)
                return path[::-1]
            if target in group and target not in parents:
                parents[target] = current
                queue.append(target)
    raise ValueError("not a strongly connected group")


def _traps(facts: BoardFacts) -> list[FastFinding]:
    """Accelerators a saucer can stop on moving d, from which every way on crashes."""
    findings = []
    rest_set = facts.rest_set
    geometry = facts.geometry
    for a in facts.accelerators:
        # A rest cell sends a saucer onto `a` (at every d) exactly when one is next to it:
        # further along that line the neighbour itself is met first.
        entered_from_rest = bool(geometry.neighbour_set(a) & rest_set)
        distances = []
        for d in DISTANCES:
            if facts.bounce_reach[d - 1][a]:
                continue
            graph = facts.bounce_graphs[d - 1]
            if entered_from_rest or any(a in successors for successors in graph.values()):
                distances.append(d)
        if distances:
            findings.append(_finding("accelerator-trap", (facts.cell(a),), {"distances": distances}))
    return findings


def _edges(facts: BoardFacts) -> list[FastFinding]:
    findings = []
    for cell, number in facts.sites:
        open_sides = facts.off_neighbours(cell)
        if open_sides:
            details = {"number": number, "off_neighbours": open_sides}
            findings.append(_finding("crash-site-edge", (facts.cell(cell),), details))
            if open_sides >= CORNER_SIDES:
                findings.append(_finding("crash-site-corner", (facts.cell(cell),), dict(details)))
    for a in facts.accelerators:
        open_sides = facts.off_neighbours(a)
        if open_sides:
            findings.append(_finding("accelerator-edge", (facts.cell(a),), {"off_neighbours": open_sides}))
    return findings


def _reachability(facts: BoardFacts) -> list[FastFinding]:
    findings = []
    missed = facts.rest_set & ~facts.reached()
    for group in _orthogonal_groups(facts, missed):
        findings.append(_finding("unreachable", tuple(facts.cell(c) for c in group), {"count": len(group)}))
    site_set = 0
    for cell, _ in facts.sites:
        site_set |= 1 << cell
    for lane, (cell, number) in enumerate(facts.sites):
        unreached = site_set & ~facts.lane_visited(lane)
        if unreached:
            numbers = sorted(n for c, n in facts.sites if unreached >> c & 1 and n is not None)
            findings.append(_finding("isolated-crash-site", (facts.cell(cell),),
                                     {"number": number, "unreached": numbers}))
    return findings


def _orthogonal_groups(facts: BoardFacts, cells: int) -> list[list[int]]:
    """The set split into orthogonally connected groups, each ascending, by smallest cell."""
    groups = []
    geometry = facts.geometry
    remaining = cells
    while remaining:
        start = (remaining & -remaining).bit_length() - 1
        group = 1 << start
        frontier = group
        while frontier:
            grown = 0
            for cell in iter_bits(frontier):
                grown |= geometry.neighbour_set(cell)
            frontier = grown & remaining & ~group
            group |= frontier
        remaining &= ~group
        groups.append(list(iter_bits(group)))
    return groups


# --- metrics ------------------------------------------------------------------------

def board_metrics(facts: BoardFacts) -> dict[str, Any]:
    return {
        "exposure": exposure_metric(facts),
        "crash_site_moves": crash_site_moves_metric(facts),
        "accelerators": accelerators_metric(facts),
    }


def exposure_metric(facts: BoardFacts) -> dict[str, Any]:
    cells = []
    for cell in facts.rest_cells():
        x, y = facts.cell(cell)
        cells.append({"x": x, "y": y, "off_moves": facts.off_moves(cell)})
    on_board = ((1 << facts.geometry.cells) - 1) & ~facts.holes
    border = sum(1 for cell in iter_bits(on_board) if facts.off_neighbours(cell))
    return {"cells": cells, "mean": rounded_mean([c["off_moves"] for c in cells]), "border_cells": border}


def site_matrix(facts: BoardFacts) -> list[list[int | None]]:
    """Fewest moves from Crash Site i+1 to j+1 (None: missing or unreachable); the nearest
    pair counts when a number is on several cells."""
    moves = facts.site_moves()
    by_number = _sites_by_number(facts)
    matrix = []
    for source in CRASH_SITE_NUMBERS:
        row: list[int | None] = []
        for target in CRASH_SITE_NUMBERS:
            best = None
            for start in by_number.get(source, ()):
                for end in by_number.get(target, ()):
                    found = moves[start].get(end)
                    if found is not None and (best is None or found < best):
                        best = found
            row.append(best)
        matrix.append(row)
    return matrix


def crash_site_moves_metric(facts: BoardFacts) -> dict[str, Any]:
    matrix = site_matrix(facts)
    count = len(CRASH_SITE_NUMBERS)
    between = [d for i in range(count) for j in range(count) if i != j and (d := matrix[i][j]) is not None]
    return {"matrix": matrix, "mean": rounded_mean(between), "hardest": hardest_site(matrix)}


def accelerators_metric(facts: BoardFacts) -> dict[str, Any]:
    return {
        "count": len(facts.accelerators),
        "links": {str(d): facts.links[d - 1] for d in DISTANCES},
        "loop_groups": {str(d): len(facts.loop_groups[d - 1]) for d in DISTANCES},
    }
