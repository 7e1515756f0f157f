"""Edge exposure: pieces next to the edge of the board (or a hole) are easily pushed off.

A border cell has at least one orthogonal neighbour off the board: outside it, or a hole.
"""
from __future__ import annotations

from ...findings import Finding
from .codes import finding
from .facts import BoardFacts
from .wording import cell_text, plural

CORNER_SIDES = 2  # a Crash Site open to the edge on this many sides or more is a corner


def exposure_findings(facts: BoardFacts) -> list[Finding]:
    findings = []
    for cell, number in facts.crash_sites:
        open_sides = facts.off_neighbours(cell)
        if not open_sides:
            continue
        # Every arrangement of the core tiles has edge sites, so an edge site only informs.
        findings.append(finding(
            "crash-site-edge",
            f"Crash Site {number} at {cell_text(cell)} is on the edge of the board, so a one-space push "
            "that way crashes a saucer that was just placed there.",
            (cell,), {"number": number, "off_neighbours": open_sides}))
        if open_sides >= CORNER_SIDES:
            findings.append(finding(
                "crash-site-corner",
                f"Crash Site {number} at {cell_text(cell)} is open to the edge on "
                f"{plural(open_sides, 'side')}, so a saucer placed there can be pushed off in "
                f"{open_sides} directions; move or turn its tile to bring the site inward.",
                (cell,), {"number": number, "off_neighbours": open_sides}))
    for cell in facts.accelerators:
        open_sides = facts.off_neighbours(cell)
        if open_sides:
            findings.append(finding(
                "accelerator-edge",
                f"The Accelerator at {cell_text(cell)} is on the edge of the board, so a saucer bounced "
                "there can be sent straight off it.",
                (cell,), {"off_neighbours": open_sides}))
    return findings
