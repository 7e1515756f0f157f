"""Validation of a Crash Grid arena: findings (docs/findings.md, "Crash Grid") and metrics.

Codes: start-count, start-off-edge, start-facing, start-blocked (errors), start-spacing,
territory (warnings), arena-size (info). Metrics per start: the free run straight ahead and
the territory (cells and share). The checks read the arena's generic board (board.py): its
squares, walls and starts, and the square geometry's steps. No file I/O here.
"""
from __future__ import annotations

from collections import deque
from fractions import Fraction
from typing import Any, Mapping

from ..findings import Finding
from ..grid.model import Board
from ..report import ValidationReport, sort_findings
from .board import GEOMETRY, arena_board, starts, walls
from .model import ArenaLayout, Start
from .perimeter import inward_facings, on_edge, perimeter
from .templates import TEMPLATE_SIZES
from .terms import Cell, cell_text

CODES: dict[str, str] = {
    "start-count": "error", "start-off-edge": "error", "start-facing": "error", "start-blocked": "error",
    "start-spacing": "warning", "territory": "warning", "arena-size": "info",
}
TERRITORY_TOLERANCE = Fraction(10, 100)   # 10 percentage points either side of 1/N


def _finding(code: str, message: str, cells=(), **details) -> Finding:
    return Finding(code, CODES[code], message, tuple(cells), details)


def free_squares(board: Board) -> set[Cell]:
    """Squares that hold neither a wall nor a start (nothing at all)."""
    return {cell for cell in board.cells() if not board.features_at(cell)}


def free_run(start: Start, free: set[Cell]) -> int:
    """Free squares straight ahead of a start before a wall, another start or the edge."""
    count, cell = 0, GEOMETRY.step(start.cell, start.facing)
    while cell in free:
        count += 1
        cell = GEOMETRY.step(cell, start.facing)
    return count


def distances(origin: Cell, free: set[Cell]) -> dict[Cell, int]:
    """Shortest path lengths, a side at a time, from `origin` to each free square it reaches."""
    found: dict[Cell, int] = {}
    queue = deque([(origin, 0)])
    while queue:
        cell, d = queue.popleft()
        for nxt in GEOMETRY.neighbours(cell):
            if nxt in free and nxt not in found:
                found[nxt] = d + 1
                queue.append((nxt, d + 1))
    return found


def territories(board: Board, free: set[Cell]) -> dict[str, set[Cell]]:
    """Each start's territory: the free squares it reaches strictly before every other start."""
    placed = starts(board)
    reach = {s.suit: distances(s.cell, free) for s in placed}
    owned: dict[str, set[Cell]] = {s.suit: set() for s in placed}
    for cell in free:
        best = sorted((d[cell], suit) for suit, d in reach.items() if cell in d)
        if best and (len(best) == 1 or best[0][0] < best[1][0]):
            owned[best[0][1]].add(cell)
    return owned


def _count_findings(board: Board, template: str | None, players: int) -> list[Finding]:
    placed = starts(board)
    count = len(placed)
    if template and count != players:
        return [_finding("start-count", f"{count} start{'s' if count != 1 else ''} for the {players}-player "
                         f"template; it needs one per player, {players}.", [s.cell for s in placed],
                         starts=count, players=players)]
    if not template and count < 2:
        return [_finding("start-count", f"{count} start{'s' if count != 1 else ''}; a round needs at least two "
                         "riders, one per player.", [s.cell for s in placed], starts=count, players=count)]
    return []


def _start_findings(board: Board) -> list[Finding]:
    findings = []
    placed = starts(board)
    by_cell = {s.cell: s for s in placed}
    wall_cells = walls(board)
    for start in placed:
        if not on_edge(board, start.cell):
            findings.append(_finding("start-off-edge", f"the {start.suit} start at {cell_text(start.cell)} is "
                                     "not on the edge of the arena.", [start.cell], suit=start.suit))
            continue
        square = GEOMETRY.step(start.cell, start.facing)
        inward = inward_facings(board, start.cell)
        if start.facing not in inward or not board.on_board(square):
            findings.append(_finding("start-facing", f"the {start.suit} start at {cell_text(start.cell)} faces "
                                     f"{start.facing}, not inward; turn it to face {' or '.join(inward)}.",
                                     [start.cell], suit=start.suit, facing=start.facing, inward=list(inward)))
            continue
        if square in wall_cells or square in by_cell:
            what = "a wall" if square in wall_cells else f"the {by_cell[square].suit} start"
            findings.append(_finding("start-blocked", f"the square ahead of the {start.suit} start, "
                                     f"{cell_text(square)}, is {what}: its first move forward crashes.",
                                     [start.cell, square], suit=start.suit))
    return findings


def _spacing_findings(board: Board) -> list[Finding]:
    loop = perimeter(board)
    index = {cell: i for i, cell in enumerate(loop)}
    on_loop = sorted((index[s.cell], s) for s in starts(board) if s.cell in index)
    if len(on_loop) < 2:
        return []
    positions = [i for i, _ in on_loop]
    gaps = [(positions[(k + 1) % len(positions)] - positions[k]) % len(loop) for k in range(len(positions))]
    if max(gaps) - min(gaps) <= 1:
        return []
    return [_finding("start-spacing", f"the starts are unevenly spaced along the edge: gaps of "
                     f"{', '.join(map(str, gaps))} squares going clockwise from the {on_loop[0][1].suit} start "
                     f"(even would be {len(loop) // len(positions)}).", [s.cell for _, s in on_loop],
                     gaps=gaps, perimeter=len(loop))]


def _territory_findings(board: Board, owned: dict[str, set[Cell]], free: set[Cell]) -> list[Finding]:
    placed = starts(board)
    if len(placed) < 2 or not free:
        return []
    fair = Fraction(1, len(placed))
    findings = []
    for start in placed:
        share = Fraction(len(owned[start.suit]), len(free))
        if abs(share - fair) > TERRITORY_TOLERANCE:
            findings.append(_finding(
                "territory", f"{start.suit} reaches {len(owned[start.suit])} of {len(free)} free squares first "
                f"({float(share):.0%}); a fair share is {float(fair):.0%} give or take 10 points.",
                [start.cell], suit=start.suit, cells_owned=len(owned[start.suit]), share=round(float(share), 4),
                fair=round(float(fair), 4)))
    return findings


def _size_findings(board: Board, players: int) -> list[Finding]:
    size = TEMPLATE_SIZES.get(str(players))
    if size is None:
        return [_finding("arena-size", f"the rulebook gives arenas for 3 and 4 players only, not {players}.",
                         players=players, width=board.width, height=board.height)]
    if (board.width, board.height) != (size, size):
        return [_finding("arena-size", f"the arena is {board.width}x{board.height}; the rulebook's arena for "
                         f"{players} players is {size}x{size}.", players=players, width=board.width,
                         height=board.height, rulebook=[size, size])]
    return []


def metrics(board: Board, owned: dict[str, set[Cell]], free: set[Cell]) -> dict[str, Any]:
    return {
        "free_squares": len(free),
        "starts": {s.suit: {
            "free_run": free_run(s, free),
            "territory": len(owned[s.suit]),
            "share": round(len(owned[s.suit]) / len(free), 4) if free else 0.0,
        } for s in starts(board)},
    }


def validate_arena(layout: ArenaLayout, severity_overrides: Mapping[str, str] | None = None) -> ValidationReport:
    """Every finding and the metrics, from the layout's board (`board.arena_board`).
    `severity_overrides` maps a code to error/warning/info or "off" (dropped). The report's board
    is that board."""
    board = arena_board(layout)
    free = free_squares(board)
    owned = territories(board, free)
    players = int(layout.template) if layout.template else len(starts(board))  # a free-form arena: one a start
    findings = (_count_findings(board, layout.template, players) + _start_findings(board)
                + _spacing_findings(board) + _territory_findings(board, owned, free) + _size_findings(board, players))
    overrides = dict(severity_overrides or {})
    findings = [f if f.code not in overrides else f.with_severity(overrides[f.code]) for f in findings]
    findings = [f for f in findings if f.severity != "off"]
    return ValidationReport(sort_findings(findings), metrics(board, owned, free), board)
