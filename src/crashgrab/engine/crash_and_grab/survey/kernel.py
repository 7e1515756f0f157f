"""The survey's batch kernel: the per-board record of thousands of hole-free boards at once.

`batch_records` hands a batch (Accelerator cells and Crash Sites as arrays) to the
compiled per-board loop of compiled.py, with the tables of the board size made here:

- `step[c, direction, t - 1]`: the cell t spaces from c that way, or -1 off the board, and
  `ray[c, direction, t - 1]`: the set of the cells 1 to t spaces away (as two 64-bit words);
- per cell, how many of its four neighbours are off the board, and whether it is a border cell;
- per row and per column pattern of Accelerators, the off-board moves summed over the
  line's rest cells (exposure depends only on a line's Accelerators).

The loop's machine code comes from the module compiled ahead of time (ahead_of_time.py)
when it is built from today's compiled.py, so a survey imports no numba at all; else numba
is imported on the first batch, not with this module: `crashgrab validate`, the editor and
the CLI's start-up never pay for it. The Python fast path (fastcheck.py,
findings.py, record.py) stays the readable version; a board the kernel does not handle
(not exactly one Crash Site per number 1-12, a Crash Site on an Accelerator, more than 64
Accelerators) is left to it (`fallback`). tests/test_survey_kernel.py holds the kernel's
records equal to the fast path's on all 98,304 2-4 arrangements and on random boards of
every size, and test_survey_differential.py to the reference's on setups of 5 and 6.
"""
from __future__ import annotations

import atexit
import shutil
import tempfile
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..validation.crash_sites import SEQUENCE_STEPS
from ..validation.exposure import CORNER_SIDES
from .ahead_of_time import aot_kernel, fits
from .cached_kernel import cached_entry
from .findings import RULE_CODES
from .lines import MAX_DISTANCE, line_table

NO_SITE = -1
CODE_INDEX = {code: i for i, code in enumerate(RULE_CODES)}
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))
MAX_LINE = 16   # the off-board tables have 2**length entries per line length
MAX_CELLS = 128  # compiled.py holds a set of cells in two 64-bit words
WORD_BITS = 64   # and gives an Accelerator a bit of one word: at most 64 a board (more: the fast path)
# The codes the kernel counts, in the order of compiled.py's `code_columns`.
# The others stay 0: numbering faults are the fast path's (`fallback`), and a board without
# holes has no unreachable cell and no isolated Crash Site (compiled.py says why).
KERNEL_CODES = ("crash-site-sequence", "accelerator-loop", "accelerator-trap", "crash-site-edge",
                "crash-site-corner", "accelerator-edge")


class BoardTables:
    """The tables of one board size that the kernel reads."""

    def __init__(self, width: int, height: int) -> None:
        if width > MAX_LINE or height > MAX_LINE:
            raise ValueError(f"the kernel's line tables cover lines of at most {MAX_LINE} cells")
        if width * height > MAX_CELLS:
            raise ValueError(f"the kernel handles boards of at most {MAX_CELLS} cells")
        self.width, self.height = width, height
        self.cells = width * height
        y, x = np.divmod(np.arange(self.cells), width)
        self.off_neighbours = ((x == 0).astype(np.int64) + (x == width - 1) + (y == 0) + (y == height - 1))
        self.border = self.off_neighbours > 0
        step = np.full((self.cells, len(DIRECTIONS), MAX_DISTANCE), -1, dtype=np.int64)
        for di, (dx, dy) in enumerate(DIRECTIONS):
            for t in range(1, MAX_DISTANCE + 1):
                nx, ny = x + dx * t, y + dy * t
                inside = (nx >= 0) & (nx < width) & (ny >= 0) & (ny < height)
                step[inside, di, t - 1] = ny[inside] * width + nx[inside]
        self.step = step
        # ray[c, direction, t - 1]: the cells 1 to t spaces from c that way, as two 64-bit words
        bits = np.where(step >= 0, np.left_shift(np.uint64(1), (step % 64).astype(np.uint64)), np.uint64(0))
        self.ray_lo = np.bitwise_or.accumulate(np.where((step >= 0) & (step < 64), bits, np.uint64(0)), axis=2)
        self.ray_hi = np.bitwise_or.accumulate(np.where(step >= 64, bits, np.uint64(0)), axis=2)
        self.row_off_moves = _line_off_moves(width)
        self.column_off_moves = _line_off_moves(height)


@lru_cache(maxsize=16)
def _line_off_moves(length: int) -> np.ndarray:
    """For every pattern of Accelerators on a line without holes: off-board moves summed over its rest cells."""
    return np.array([line_table(length, pattern, 0, lambda q: q).rest_off_moves for pattern in range(1 << length)],
                    dtype=np.int64)


@lru_cache(maxsize=16)
def tables_for(width: int, height: int) -> BoardTables:
    return BoardTables(width, height)


@dataclass
class BatchRecords:
    """Per board of a batch: the fields of record.BoardRecord, as arrays."""

    codes: np.ndarray          # (boards, len(RULE_CODES)) findings per code
    edge_sites: np.ndarray
    loop_groups: np.ndarray    # (boards, 5)
    off_moves: np.ndarray
    rest_cells: np.ndarray
    pairs: np.ndarray
    moves_sum: np.ndarray
    moves_squares: np.ndarray
    fallback: np.ndarray       # bool: the kernel leaves this board to the Python fast path


def _compiled_kernel():
    """compiled.fill_records, importing numba on the first batch only.

    numba caches the machine code beside compiled.py, or in the user's cache folder when
    the package cannot be written. With neither writable (a read-only install run by a
    user without a home folder) it refuses to load the module; the kernel is then compiled
    into a temporary folder, removed when the process ends."""
    try:
        from .compiled import fill_records
    except RuntimeError as error:
        if "cannot cache" not in str(error):
            raise
        from numba.core import config

        folder = tempfile.mkdtemp(prefix="crashgrab-numba-")
        atexit.register(shutil.rmtree, folder, True)
        config.CACHE_DIR = folder  # type: ignore[attr-defined]  # numba sets its settings up at import
        from .compiled import fill_records
    return fill_records


AHEAD_OF_TIME = True   # False: numba's JIT even when the ahead-of-time module is built (tests compare them)
SHORT_LOAD = True   # False: always numba's own way (the tests compare the two)
_CODE_COLUMNS = np.array([CODE_INDEX[code] for code in KERNEL_CODES], dtype=np.int64)


def scratch_arrays(cells: int) -> tuple[np.ndarray, ...]:
    """The kernel's working arrays (compiled.fill_records names them): per Accelerator (a bit
    each, so at most WORD_BITS) and per cell."""
    words, longest = WORD_BITS, max(WORD_BITS, cells)
    return (np.zeros((2, longest), np.int64), np.zeros((2, words, len(DIRECTIONS)), np.int64),
            np.zeros((2, words), np.bool_), np.zeros((4, words), np.uint64), np.zeros((2, longest), np.uint64),
            np.zeros((2, MAX_DISTANCE, words), np.uint64), np.zeros((2, words, MAX_DISTANCE), np.uint64))


def batch_records(tables: BoardTables, grid: np.ndarray, sites: np.ndarray) -> BatchRecords:
    """Records of boards given as Accelerator cells `grid` (boards, cells) bool and Crash
    Site cells by number `sites` (boards, 12), NO_SITE where a number is missing."""
    boards = grid.shape[0]
    def column() -> np.ndarray:
        return np.zeros(boards, dtype=np.int64)

    records = BatchRecords(codes=np.zeros((boards, len(RULE_CODES)), dtype=np.int64), edge_sites=column(),
                           loop_groups=np.zeros((boards, MAX_DISTANCE), dtype=np.int64), off_moves=column(),
                           rest_cells=column(), pairs=column(), moves_sum=column(), moves_squares=column(),
                           fallback=np.zeros(boards, dtype=bool))
    arguments = (np.ascontiguousarray(grid, dtype=bool), np.ascontiguousarray(sites, dtype=np.int64),
                 tables.step, tables.ray_lo, tables.ray_hi, tables.off_neighbours, tables.border,
                 tables.row_off_moves, tables.column_off_moves, tables.width, SEQUENCE_STEPS, CORNER_SIDES,
                 _CODE_COLUMNS, records.codes, records.edge_sites, records.loop_groups, records.off_moves,
                 records.rest_cells, records.pairs, records.moves_sum, records.moves_squares, records.fallback,
                 *scratch_arrays(tables.cells))
    ahead = aot_kernel() if AHEAD_OF_TIME else None
    if ahead is not None and fits(arguments):
        ahead(*arguments)
        return records
    # numba's cached machine code without its registry refresh (cached_kernel.py), else numba's own way.
    fill_records = _compiled_kernel()
    entry = cached_entry(fill_records, arguments) if SHORT_LOAD else None
    (entry or fill_records)(*arguments)
    return records
