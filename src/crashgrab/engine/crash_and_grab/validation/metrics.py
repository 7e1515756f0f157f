"""Board metrics, always computed, under the JSON names of the validation report.

- exposure: for every rest cell, how many of its 20 moves (4 directions x d = 1..5; with upgrades,
  every distance they allow) crash.
- crash_site_moves: fewest moves between Crash Sites by number; a move is one card's
  movement, Accelerator bounces included (edges out of an `acc` node weigh 0).
- accelerators: Accelerator-to-Accelerator links and loop groups per distance.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..terms import CRASH_SITE_NUMBERS
if TYPE_CHECKING:  # the networkx facts: the fast path imports this module's constants without them
    from .facts import BoardFacts

DECIMALS = 4  # means are rounded so reports compare equal across platforms


def board_metrics(facts: BoardFacts) -> dict[str, Any]:
    return {
        "exposure": exposure_metric(facts),
        "crash_site_moves": crash_site_moves_metric(facts),
        "accelerators": accelerators_metric(facts),
    }


def rounded_mean(values: list[int]) -> float | None:
    """The mean rounded to DECIMALS places; None for no values."""
    return round(sum(values) / len(values), DECIMALS) if values else None


def exposure_metric(facts: BoardFacts) -> dict[str, Any]:
    off_moves = facts.moves.off_moves
    cells = [{"x": x, "y": y, "off_moves": off_moves[(x, y)]} for x, y in facts.moves.rests]
    border = sum(1 for sides in facts.moves.off_neighbours.values() if sides)
    return {"cells": cells, "mean": rounded_mean([c["off_moves"] for c in cells]), "border_cells": border}


def crash_site_moves_metric(facts: BoardFacts) -> dict[str, Any]:
    """matrix[i][j]: fewest moves from Crash Site i+1 to Crash Site j+1 (null: missing or unreachable).

    With a number on several cells (itself an error), the nearest pair counts.
    """
    numbers = CRASH_SITE_NUMBERS
    matrix: list[list[int | None]] = []
    for source in numbers:
        row: list[int | None] = []
        for target in numbers:
            best = None
            for start in facts.sites_by_number.get(source, []):
                distances = facts.moves_from_sites[start]
                for end in facts.sites_by_number.get(target, []):
                    moves = distances.get(end)
                    if moves is not None and (best is None or moves < best):
                        best = moves
            row.append(best)
        matrix.append(row)
    between = [d for i in range(12) for j in range(12) if i != j and (d := matrix[i][j]) is not None]
    return {"matrix": matrix, "mean": rounded_mean(between), "hardest": hardest_site(matrix)}


def hardest_site(matrix: list[list[int | None]]) -> int | None:
    """The Crash Site the others need most moves to reach, on average (column means).

    A site some other present site cannot reach at all is harder than any reachable one;
    ties go to the lower number; None when fewer than two sites are present.
    """
    present = [i for i in range(12) if matrix[i][i] is not None]
    if len(present) < 2:
        return None
    def difficulty(j: int) -> tuple[int, float, int]:
        column = [matrix[i][j] for i in present if i != j]
        reachable = [m for m in column if m is not None]
        mean = sum(reachable) / len(reachable) if reachable else 0.0
        return (len(column) - len(reachable), round(mean, DECIMALS), -j)
    return max(present, key=difficulty) + 1


def accelerators_metric(facts: BoardFacts) -> dict[str, Any]:
    moves = facts.moves
    distances = facts.distances
    return {
        "count": len(moves.bounces),
        "links": {str(d): len(moves.bounce_links(d)) for d in distances},
        "loop_groups": {str(d): len(moves.bounce_groups[d]) for d in distances},
    }
