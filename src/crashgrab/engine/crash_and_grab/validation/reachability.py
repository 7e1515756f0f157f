"""Reachability: every rest cell should be reachable from a Crash Site, and every Crash Site
from every other, by some sequence of moves (the chosen-direction move graph).

Saucers and crewmembers enter the board only on Crash Sites, so a rest cell no Crash Site
reaches is dead board. On the standard boards (no holes) these never fire; holes can
cut a free-form board into parts.
"""
from __future__ import annotations

from ...findings import Finding
from ...grid.geometry import neighbours
from ...grid.model import Cell
from ..moveanalysis import row_major
from .codes import finding
from .facts import BoardFacts
from . import messages


def reachability_findings(facts: BoardFacts) -> list[Finding]:
    return [*_unreachable(facts), *_isolated_sites(facts)]


def _unreachable(facts: BoardFacts) -> list[Finding]:
    reached: set[Cell] = set()
    for distances in facts.moves_from_sites.values():
        reached.update(distances)
    missed = [c for c in facts.moves.rests if c not in reached]
    findings = []
    for group in _orthogonal_groups(missed):
        findings.append(finding("unreachable", messages.unreachable(group), group, {"count": len(group)}))
    return findings


def _isolated_sites(facts: BoardFacts) -> list[Finding]:
    findings = []
    for cell, number in facts.crash_sites:
        distances = facts.moves_from_sites[cell]
        missed = [(c, n) for c, n in facts.crash_sites if c not in distances]
        if not missed:
            continue
        numbers = sorted(n for _, n in missed if n is not None)
        cells = [c for c, _ in missed]
        findings.append(finding("isolated-crash-site", messages.isolated(number, cell, numbers, cells), (cell,),
                                {"number": number, "unreached": numbers}))
    return findings


def _orthogonal_groups(cells: list[Cell]) -> list[list[Cell]]:
    """The cells split into orthogonally connected groups, each row-major, in row-major order."""
    remaining = set(cells)
    groups = []
    for start in cells:
        if start not in remaining:
            continue
        remaining.discard(start)
        group, stack = [start], [start]
        while stack:
            for n in neighbours(*stack.pop()):
                if n in remaining:
                    remaining.discard(n)
                    group.append(n)
                    stack.append(n)
        groups.append(sorted(group, key=row_major))
    return groups
