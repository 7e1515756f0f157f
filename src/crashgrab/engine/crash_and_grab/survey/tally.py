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

import numpy as np

from ..validation.codes import DEFAULT_SEVERITY
from .findings import RULE_CODES
from .kernel import BatchRecords
from .lines import MAX_DISTANCE
from .record import BoardRecord, record_from_counts

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

    def add_batch(self, records: BatchRecords, numbers: np.ndarray, weights: np.ndarray,
                  select: frozenset[str] | None = None) -> None:
        """`add` for every board of a kernel batch at once (the same totals, exactly)."""
        if not len(numbers):
            return
        numbers = np.asarray(numbers, dtype=np.int64)
        weights = np.asarray(weights, dtype=np.int64)
        codes = records.codes.copy()
        if select is not None:
            codes[:, [i for i, code in enumerate(RULE_CODES) if code not in select]] = 0
        self.boards += int(weights.sum())
        self.distinct += len(numbers)
        for i, code in enumerate(RULE_CODES):
            column = codes[:, i]
            has = column > 0
            if has.any():
                self.boards_with_code[code] += int(weights[has].sum())
                self.findings_per_code[code] += int((column * weights).sum())
        by_severity = {severity: codes[:, [DEFAULT_SEVERITY[c] == severity for c in RULE_CODES]].sum(axis=1)
                       for severity in ("error", "warning", "info")}
        for severity, count in by_severity.items():
            if (count > 0).any():
                self.boards_with_severity[severity] += int(weights[count > 0].sum())
        _add_counts(self.edge_sites, records.edge_sites, weights)
        for d in range(MAX_DISTANCE):
            _add_counts(self.loop_groups[d], records.loop_groups[:, d], weights)
        looped = records.loop_groups > 0
        first = np.where(looped.any(axis=1), looped.argmax(axis=1) + 1, NO_LOOP)
        _add_counts(self.first_loop, first, weights)
        _add_counts(self.off_moves_by_rest_cells, records.rest_cells, records.off_moves * weights)
        _add_counts(self.moves_by_pairs, records.pairs, records.moves_sum * weights)
        # Exposure off/rest and the variance are compared as floats here only to pick
        # candidates: both are ratios of small integers, correctly rounded, so equal
        # fractions give equal floats and different ones different floats.
        exposure = records.off_moves / np.maximum(records.rest_cells, 1)
        low = np.flatnonzero(exposure == exposure.min())
        low = low[np.argmin(numbers[low])]
        high = np.flatnonzero(exposure == exposure.max())
        high = high[np.argmin(numbers[high])]   # ties go to the lower number, as across batches (_extremes)
        self._extremes((int(records.off_moves[low]), int(records.rest_cells[low]), int(numbers[low])),
                       (int(records.off_moves[high]), int(records.rest_cells[high]), int(numbers[high])))
        if self.keep_best:
            pairs = records.pairs
            spread = np.where(pairs > 0, (pairs * records.moves_squares - records.moves_sum ** 2)
                              / np.maximum(pairs, 1) ** 2, 0.0)
            order = np.lexsort((numbers, spread, exposure, by_severity["warning"], by_severity["error"]))
            for row in order[:self.keep_best].tolist():
                self.best.append(record_from_counts(
                    int(numbers[row]), records.codes[row].tolist(), int(records.edge_sites[row]),
                    tuple(records.loop_groups[row].tolist()), int(records.off_moves[row]),
                    int(records.rest_cells[row]), int(pairs[row]), int(records.moves_sum[row]),
                    int(records.moves_squares[row]), int(weights[row]), select))
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
        if other.lowest_exposure is not None and other.highest_exposure is not None:  # it counted a board
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


def _add_counts(counter: Counter, keys: np.ndarray, amounts: np.ndarray) -> None:
    """counter[key] += the amounts of that key (exact integers), for every key that occurs;
    keys are small counts (never negative), so they index arrays directly."""
    keys = np.asarray(keys, dtype=np.int64)
    occurs = np.bincount(keys)
    sums = np.zeros(len(occurs), dtype=np.int64)
    np.add.at(sums, keys, np.broadcast_to(amounts, keys.shape))
    for key in np.flatnonzero(occurs).tolist():
        counter[key] += int(sums[key])


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
