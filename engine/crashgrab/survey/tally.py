"""Survey totals that merge exactly: counts, exact sums and the best boards so far.

Every field is an integer count, an exact sum or a set of records ranked by a total
order, and a record counts as many times as its weight (the arrangements a distinct board
stands for), so totals are those over all arrangements; so merging partial tallies in any grouping gives the same result: that is what
makes `--workers N` identical to one process.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from .lines import MAX_DISTANCE
from .record import BoardRecord

NO_LOOP = 0  # first_loop key of boards without any Accelerator loop


@dataclass
class Tally:
    keep_best: int = 0
    boards: int = 0                                                # arrangements (records weighted)
    distinct: int = 0                                              # records added
    boards_with_code: Counter = field(default_factory=Counter)
    findings_per_code: Counter = field(default_factory=Counter)
    boards_with_severity: Counter = field(default_factory=Counter)
    edge_sites: Counter = field(default_factory=Counter)           # Crash Sites on the edge -> boards
    loop_groups: list[Counter] = field(default_factory=lambda: [Counter() for _ in range(MAX_DISTANCE)])
    first_loop: Counter = field(default_factory=Counter)           # smallest loop distance -> boards
    off_moves_by_rest_cells: Counter = field(default_factory=Counter)  # rest cells -> summed off moves
    moves_by_pairs: Counter = field(default_factory=Counter)       # site pairs -> summed fewest moves
    # (off moves, rest cells, board) of the boards with the lowest and highest exposure
    lowest_exposure: tuple[int, int, int] | None = None
    highest_exposure: tuple[int, int, int] | None = None
    best: list[BoardRecord] = field(default_factory=list)
    # (errors, warnings) of the worst record kept once `best` is full: a board with more
    # can never enter, which spares working out its exact score.
    _cutoff: tuple[int, int] | None = None

    def add(self, record: BoardRecord) -> None:
        weight = record.weight
        self.boards += weight
        self.distinct += 1
        for code, count in record.codes:
            self.boards_with_code[code] += weight
            self.findings_per_code[code] += count * weight
        for severity, count in (("error", record.errors), ("warning", record.warnings), ("info", record.notes)):
            if count:
                self.boards_with_severity[severity] += weight
        self.edge_sites[record.edge_sites] += weight
        for d, groups in enumerate(record.loop_groups):
            self.loop_groups[d][groups] += weight
        self.first_loop[record.first_loop_distance or NO_LOOP] += weight
        self.off_moves_by_rest_cells[record.rest_cells] += record.off_moves * weight
        self.moves_by_pairs[record.pairs] += record.moves_sum * weight
        exposure = (record.off_moves, record.rest_cells, record.board)
        self._extremes(exposure, exposure)
        if self.keep_best:
            if self._cutoff is not None and (record.errors, record.warnings) > self._cutoff:
                return
            self.best.append(record)
            if len(self.best) >= 4 * self.keep_best + 64:
                self._trim()

    def _extremes(self, low: tuple[int, int, int], high: tuple[int, int, int]) -> None:
        """Lowest and highest board exposure; ties go to the lower board number."""
        if self.lowest_exposure is None or _below(low, self.lowest_exposure):
            self.lowest_exposure = low
        if self.highest_exposure is None or _below(self.highest_exposure, high, ties_to_first=False):
            self.highest_exposure = high

    def _trim(self) -> None:
        self.best.sort(key=BoardRecord.score)
        del self.best[self.keep_best:]
        if self.keep_best and len(self.best) == self.keep_best:
            self._cutoff = (self.best[-1].errors, self.best[-1].warnings)

    def lowest(self) -> tuple[Fraction, int] | None:
        """(exposure, board) of the board with the lowest exposure."""
        return _exposure(self.lowest_exposure)

    def highest(self) -> tuple[Fraction, int] | None:
        return _exposure(self.highest_exposure)

    def merge(self, other: "Tally") -> None:
        self.boards += other.boards
        self.distinct += other.distinct
        self.boards_with_code.update(other.boards_with_code)
        self.findings_per_code.update(other.findings_per_code)
        self.boards_with_severity.update(other.boards_with_severity)
        self.edge_sites.update(other.edge_sites)
        for mine, theirs in zip(self.loop_groups, other.loop_groups):
            mine.update(theirs)
        self.first_loop.update(other.first_loop)
        self.off_moves_by_rest_cells.update(other.off_moves_by_rest_cells)
        self.moves_by_pairs.update(other.moves_by_pairs)
        if other.boards:
            self._extremes(other.lowest_exposure, other.highest_exposure)
        self.best.extend(other.best)
        self.finish()

    def finish(self) -> None:
        """Keep only the best `keep_best` records, in score order."""
        self._trim()

    # --- exact means -----------------------------------------------------------------
    def mean_exposure(self) -> Fraction | None:
        """Mean over boards of each board's mean off-board moves per rest cell."""
        if not self.boards:
            return None
        total = sum((Fraction(off, cells) for cells, off in self.off_moves_by_rest_cells.items() if cells),
                    Fraction(0))
        return total / self.boards

    def mean_site_moves(self) -> Fraction | None:
        """Mean over boards of each board's mean fewest moves between Crash Sites."""
        if not self.boards:
            return None
        total = sum((Fraction(moves, pairs) for pairs, moves in self.moves_by_pairs.items() if pairs),
                    Fraction(0))
        return total / self.boards


def _exposure(value: tuple[int, int, int] | None) -> tuple[Fraction, int] | None:
    if value is None:
        return None
    off, cells, board = value
    return (Fraction(off, cells) if cells else Fraction(0)), board


def _below(first: tuple[int, int, int], second: tuple[int, int, int], ties_to_first: bool = True) -> bool:
    """Whether `first` has the lower exposure (off/cells, compared exactly by cross-multiplying);
    on a tie, whether its board number is the lower (or the higher, with ties_to_first=False)."""
    off1, cells1, board1 = first
    off2, cells2, board2 = second
    left, right = off1 * max(cells2, 1), off2 * max(cells1, 1)
    if left != right:
        return left < right
    return board1 < board2 if ties_to_first else board1 > board2
