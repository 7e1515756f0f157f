"""One board's survey record, and the score that ranks boards.

The score, lowest best, compares in this order:
1. fewer errors (a board that breaks the rules is never "best"),
2. fewer warnings,
3. lower exposure: the mean, over rest cells, of how many of a cell's 20 moves crash,
4. more even Crash Site distances: lower population variance of the fewest moves
   between every ordered pair of distinct Crash Sites (the 132 off-diagonal entries of
   the crash_site_moves matrix on a board with 12 sites),
5. the board's number (arrangement index or sample index), so ties break the same way
   in every run.
Exposure and variance are exact fractions, so the ranking never depends on rounding,
on the worker count or on the order boards were checked in.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Collection

from .fastcheck import BoardFacts
from ..validation.codes import DEFAULT_SEVERITY
from .findings import RULE_CODES, rule_findings


@dataclass(frozen=True, slots=True)
class BoardRecord:
    board: int                                  # arrangement index (--all) or sample index
    codes: tuple[tuple[str, int], ...]          # (code, how many findings), codes sorted
    errors: int
    warnings: int
    notes: int
    edge_sites: int                             # Crash Sites on a border cell
    loop_groups: tuple[int, ...]                # per d = 1..5: strongly connected groups
    off_moves: int                              # summed over rest cells
    rest_cells: int
    pairs: int                                  # ordered pairs of Crash Sites one reaches the other
    moves_sum: int                              # their fewest moves, summed
    moves_squares: int                          # and squared, summed
    weight: int = 1                             # arrangements this board stands for (a distinct board's class)

    @property
    def exposure(self) -> Fraction:
        return Fraction(self.off_moves, self.rest_cells) if self.rest_cells else Fraction(0)

    @property
    def spread(self) -> Fraction:
        """Population variance of the fewest moves between Crash Sites."""
        if not self.pairs:
            return Fraction(0)
        return Fraction(self.pairs * self.moves_squares - self.moves_sum ** 2, self.pairs ** 2)

    @property
    def mean_moves(self) -> Fraction | None:
        return Fraction(self.moves_sum, self.pairs) if self.pairs else None

    @property
    def first_loop_distance(self) -> int | None:
        """The smallest d with an Accelerator loop (loops at d are loops at every larger d)."""
        for d, groups in enumerate(self.loop_groups, start=1):
            if groups:
                return d
        return None

    def score(self) -> tuple:
        return (self.errors, self.warnings, self.exposure, self.spread, self.board)


def board_record(board: int, facts: BoardFacts, select: Collection[str] | None = None,
                 weight: int = 1) -> BoardRecord:
    """The record of one board; with `select`, only those finding codes are counted; `weight`
    is how many arrangements it stands for."""
    counts: dict[str, int] = {}
    severities = {"error": 0, "warning": 0, "info": 0}
    for finding in rule_findings(facts):
        if select is not None and finding.code not in select:
            continue
        counts[finding.code] = counts.get(finding.code, 0) + 1
        severities[finding.severity] += 1
    edge_sites = sum(1 for cell, _ in facts.sites if facts.off_neighbours(cell))
    pairs, moves_sum, moves_squares = facts.site_move_sums()
    return BoardRecord(
        board, tuple(sorted(counts.items())), severities["error"], severities["warning"], severities["info"],
        edge_sites, tuple(len(groups) for groups in facts.loop_groups), facts.total_off_moves(),
        facts.rest_set.bit_count(), pairs, moves_sum, moves_squares, weight)


def record_from_counts(board: int, code_counts, edge_sites: int, loop_groups: tuple[int, ...], off_moves: int,
                       rest_cells: int, pairs: int, moves_sum: int, moves_squares: int, weight: int = 1,
                       select: Collection[str] | None = None) -> BoardRecord:
    """A record from findings per code (in RULE_CODES order) and the board's figures."""
    counts = {}
    severities = {"error": 0, "warning": 0, "info": 0}
    for code, count in zip(RULE_CODES, code_counts):
        if count and (select is None or code in select):
            counts[code] = count
            severities[DEFAULT_SEVERITY[code]] += count
    return BoardRecord(board, tuple(sorted(counts.items())), severities["error"], severities["warning"],
                       severities["info"], edge_sites, loop_groups, off_moves, rest_cells, pairs, moves_sum,
                       moves_squares, weight)
