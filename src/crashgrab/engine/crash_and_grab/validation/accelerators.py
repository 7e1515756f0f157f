"""Accelerator checks: bounce loops, and Accelerators that can only send a saucer off the board.

Both read the chosen-direction move graph, where a saucer at an Accelerator may turn any
way. A pushed saucer keeps the direction of the push, so it travels in one straight
line and can never come back to an Accelerator it left: pushes cannot loop, and only a
saucer moving on its own turn can be bounced round a loop.
"""
from __future__ import annotations

from ...findings import Finding
from ...grid.model import Cell
from ..moveanalysis import row_major
from ..bounce_graph import bounce_node
from .codes import finding
from .facts import BoardFacts
from . import messages


def accelerator_findings(facts: BoardFacts) -> list[Finding]:
    return [*_loops(facts), *_traps(facts)]


def _loops(facts: BoardFacts) -> list[Finding]:
    """Each strongly connected group of `acc` nodes once, at the smallest d where it appears.

    No group is ever without a way out: the group's outermost Accelerator in any direction
    can always send the saucer that way off the finite board, so there is no "endless
    without escape" check to make. Whether a way out leads to a rest cell is
    `accelerator-trap`'s question.
    """
    # Only the chosen-direction graph can loop: a pushed saucer keeps the push's direction,
    # so its bounces carry it along one straight line, away from every Accelerator it left.
    findings = []
    reported: set[frozenset[Cell]] = set()
    for distance, groups in sorted(facts.moves.bounce_groups.items()):
        for group in groups:
            if group in reported:
                continue
            reported.add(group)
            cells = sorted(group, key=row_major)
            cycle = facts.moves.shortest_bounce_cycle(group, distance)
            findings.append(finding("accelerator-loop", messages.loop(cells, distance, cycle), cells,
                                    {"distance": distance, "cycle": [list(c) for c in cycle]}))
    return findings


def _traps(facts: BoardFacts) -> list[Finding]:
    """Accelerators a saucer can reach with some d, after which every way on crashes."""
    moves = facts.moves
    findings = []
    for cell in facts.accelerators:
        distances = []
        for distance in facts.distances:
            node = bounce_node(cell, distance)
            if moves.entered(node) and not moves.can_rest_after(node):
                distances.append(distance)
        if distances:
            findings.append(finding("accelerator-trap", messages.trap(cell, distances), (cell,),
                                    {"distances": distances}))
    return findings
