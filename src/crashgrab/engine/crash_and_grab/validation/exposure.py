"""Edge exposure: pieces next to the edge of the board (or a hole) are easily pushed off.

A border cell has at least one orthogonal neighbour off the board: outside it, or a hole.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...findings import Finding
from .codes import finding
if TYPE_CHECKING:  # the networkx facts: the fast path imports this module's constants without them
    from .facts import BoardFacts
from . import messages

CORNER_SIDES = 2  # a Crash Site open to the edge on this many sides or more is a corner


def exposure_findings(facts: BoardFacts) -> list[Finding]:
    findings = []
    for cell, number in facts.crash_sites:
        open_sides = facts.off_neighbours(cell)
        if not open_sides:
            continue
        # Every arrangement of the core tiles has edge sites, so an edge site only informs.
        findings.append(finding("crash-site-edge", messages.site_edge(number, cell), (cell,),
                                {"number": number, "off_neighbours": open_sides}))
        if open_sides >= CORNER_SIDES:
            findings.append(finding("crash-site-corner", messages.site_corner(number, cell, open_sides), (cell,),
                                    {"number": number, "off_neighbours": open_sides}))
    for cell in facts.accelerators:
        open_sides = facts.off_neighbours(cell)
        if open_sides:
            findings.append(finding("accelerator-edge", messages.accelerator_edge(cell), (cell,),
                                    {"off_neighbours": open_sides}))
    return findings
