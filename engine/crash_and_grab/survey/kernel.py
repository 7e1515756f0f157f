"""The survey's batch kernel: the per-board record of thousands of hole-free boards at once, in numpy.

Every board of a batch has the same size. A set of cells is a few 64-bit words: each word
holds whole rows (`rows_per_word = 64 // width`), cell (x, y) is bit
`(y % rows_per_word) * width + x` of word `y // rows_per_word`. Arrays are shaped
(boards, ..., words), so one numpy operation does one step for every board:

- Accelerators, per distance d (`_bounces`): for each Accelerator and direction, the cells
  1-5 spaces away (a table per board size) tell where a move of d comes to rest, or which
  Accelerator it stops on first. The links make a small graph per board; its transitive
  closure (Warshall's algorithm on bit masks of at most 32 Accelerators) gives loops
  (an Accelerator that reaches itself), their groups, and the rest cells each
  Accelerator's bounces reach. Loop groups are counted once, at the smallest distance
  they appear at: links at d are links at every larger d, so a group at d was reported
  before exactly when the same Accelerator had the same group at d - 1.
- Fewest moves between Crash Sites (`_search`): the lane-parallel breadth-first search of
  fastcheck.py, with lanes (one per Crash Site, by number) as an array axis, batched
  over boards; boards drop out of the batch when their search is done.
- Exposure: off-board moves depend only on a row's or a column's Accelerators, so they
  are looked up per line pattern.

The Python fast path (fastcheck.py, findings.py, record.py) stays the readable version;
a board the kernel does not handle (not exactly one Crash Site per number 1-12, or a
rest cell no Crash Site reaches, whose groups it would have to count) is left to it
(`fallback`). tests/test_survey_kernel.py holds the kernel's records equal to the fast
path's on all 98,304 2-4 arrangements and the reference's on samples of 5 and 6.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..validation.crash_sites import SEQUENCE_STEPS
from ..validation.exposure import CORNER_SIDES
from .findings import RULE_CODES
from .lines import MAX_DISTANCE, line_table

NO_SITE = -1
CODE_INDEX = {code: i for i, code in enumerate(RULE_CODES)}
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))
MAX_ACCELERATORS = 32  # bit masks of Accelerators are uint32 / int64-safe


class Layout:
    """Where each cell's bit lies, and the masks and tables of one board size."""

    def __init__(self, width: int, height: int) -> None:
        if width > 64:
            raise ValueError("boards wider than 64 cells are not supported by the kernel")
        self.width, self.height = width, height
        self.cells = width * height
        self.rows_per_word = 64 // width
        self.words = -(-height // self.rows_per_word)
        cells = np.arange(self.cells)
        y, x = np.divmod(cells, width)
        self.cell_word = (y // self.rows_per_word).astype(np.intp)
        self.cell_bit = ((y % self.rows_per_word) * width + x).astype(np.uint64)
        self.cell_mask = np.left_shift(np.uint64(1), self.cell_bit)
        self.valid = self.mask_of(cells)
        self.not_first_column = self.mask_of(cells[x > 0])
        self.not_last_column = self.mask_of(cells[x < width - 1])
        self.first_row_of_word = self.mask_of(cells[(y % self.rows_per_word) == 0])
        border = (x == 0) | (x == width - 1) | (y == 0) | (y == height - 1)
        self.off_neighbours = ((x == 0).astype(np.int64) + (x == width - 1) + (y == 0) + (y == height - 1))
        self.border = border
        # step[c, direction, t - 1]: the cell t spaces from c that way, or -1 off the board
        step = np.full((self.cells, len(DIRECTIONS), MAX_DISTANCE), -1, dtype=np.int64)
        for di, (dx, dy) in enumerate(DIRECTIONS):
            for t in range(1, MAX_DISTANCE + 1):
                nx, ny = x + dx * t, y + dy * t
                inside = (nx >= 0) & (nx < width) & (ny >= 0) & (ny < height)
                step[inside, di, t - 1] = ny[inside] * width + nx[inside]
        self.step = step
        self.neighbours = step[:, :, 0]

    def mask_of(self, cells) -> np.ndarray:
        words = np.zeros(self.words, dtype=np.uint64)
        for cell in np.asarray(cells, dtype=np.int64):
            words[self.cell_word[cell]] |= self.cell_mask[cell]
        return words

    def bits(self, cells: np.ndarray, present: np.ndarray) -> np.ndarray:
        """Cell numbers (..., n) -> sets of those present, as (..., words)."""
        out = np.zeros(cells.shape[:-1] + (self.words,), dtype=np.uint64)
        safe = np.where(present, cells, 0)
        masks = np.where(present, self.cell_mask[safe], np.uint64(0))
        for w in range(self.words):
            out[..., w] = np.bitwise_or.reduce(np.where(self.cell_word[safe] == w, masks, np.uint64(0)), axis=-1)
        return out

    # One step of every set that way; arrays are (..., words).
    def east(self, m: np.ndarray) -> np.ndarray:
        return (m << np.uint64(1)) & self.not_first_column

    def west(self, m: np.ndarray) -> np.ndarray:
        return (m >> np.uint64(1)) & self.not_last_column

    def south(self, m: np.ndarray) -> np.ndarray:
        out = m << np.uint64(self.width)
        if self.words > 1:
            out[..., 1:] |= m[..., :-1] >> np.uint64((self.rows_per_word - 1) * self.width)
        return out & self.valid

    def north(self, m: np.ndarray) -> np.ndarray:
        out = m >> np.uint64(self.width)
        if self.words > 1:
            out[..., :-1] |= (m[..., 1:] & self.first_row_of_word[1:]) << np.uint64((self.rows_per_word - 1) * self.width)
        return out

    def off_moves(self, grid: np.ndarray) -> np.ndarray:
        """Off-board moves summed over rest cells, per board of `grid` (boards, cells) bool."""
        shaped = grid.reshape(-1, self.height, self.width)
        rows = (shaped * (1 << np.arange(self.width))).sum(axis=2)
        columns = (shaped * (1 << np.arange(self.height))[:, None]).sum(axis=1)
        return (_line_off_moves(self.width)[rows].sum(axis=1)
                + _line_off_moves(self.height)[columns].sum(axis=1))


@lru_cache(maxsize=16)
def _line_off_moves(length: int) -> np.ndarray:
    """For every pattern of Accelerators on a line without holes: off-board moves summed over its rest cells."""
    if length > 16:
        raise ValueError("the kernel's line tables cover lines of at most 16 cells")
    return np.array([line_table(length, pattern, 0, lambda q: q).rest_off_moves for pattern in range(1 << length)],
                    dtype=np.int64)


@lru_cache(maxsize=16)
def layout_for(width: int, height: int) -> Layout:
    return Layout(width, height)


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


def batch_records(layout: Layout, grid: np.ndarray, sites: np.ndarray) -> BatchRecords:
    """Records of boards given as Accelerator cells `grid` (boards, cells) bool and Crash
    Site cells by number `sites` (boards, 12), NO_SITE where a number is missing."""
    boards = grid.shape[0]
    present_sites = sites != NO_SITE
    fallback = ~present_sites.all(axis=1)
    sites = np.where(present_sites, sites, 0)
    ordered = np.sort(sites, axis=1)
    fallback |= (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
    fallback |= grid[np.arange(boards)[:, None], sites].any(axis=1)
    codes = np.zeros((boards, len(RULE_CODES)), dtype=np.int64)

    counts = grid.sum(axis=1)
    if counts.max(initial=0) > MAX_ACCELERATORS:
        raise ValueError(f"the kernel handles at most {MAX_ACCELERATORS} Accelerators a board")
    width = layout.width
    sx, sy = sites % width, sites // width
    nx, ny = np.roll(sx, -1, axis=1), np.roll(sy, -1, axis=1)
    codes[:, CODE_INDEX["crash-site-sequence"]] = ((np.abs(sx - nx) + np.abs(sy - ny)) <= SEQUENCE_STEPS).sum(axis=1)
    site_sides = layout.off_neighbours[sites]
    edge_sites = (site_sides > 0).sum(axis=1)
    codes[:, CODE_INDEX["crash-site-edge"]] = edge_sites
    codes[:, CODE_INDEX["crash-site-corner"]] = (site_sides >= CORNER_SIDES).sum(axis=1)
    codes[:, CODE_INDEX["accelerator-edge"]] = (grid & layout.border).sum(axis=1)

    bounce = _bounces(layout, grid, counts)
    codes[:, CODE_INDEX["accelerator-loop"]] = bounce.new_groups
    codes[:, CODE_INDEX["accelerator-trap"]] = bounce.traps

    rest = layout.valid & ~layout.bits(np.broadcast_to(np.arange(layout.cells), grid.shape), grid)
    accelerators = layout.valid & ~rest
    site_bits = layout.bits(sites[:, :, None], np.ones(sites.shape + (1,), dtype=bool))   # (boards, lanes, words)
    search = _search(layout, rest, accelerators, site_bits, bounce)
    codes[:, CODE_INDEX["isolated-crash-site"]] = search.isolated
    fallback |= search.missed
    return BatchRecords(codes, edge_sites, bounce.loop_groups, layout.off_moves(grid),
                        layout.cells - counts, search.pairs, search.moves_sum, search.moves_squares, fallback)


@dataclass
class _Bounces:
    accelerators: np.ndarray   # (boards, A) cell of each Accelerator, ascending
    present: np.ndarray        # (boards, A)
    after: np.ndarray          # (boards, A, 6, words): rest cells reached when entered after k+1 spaces (k=5: none)
    loop_groups: np.ndarray    # (boards, 5)
    new_groups: np.ndarray     # (boards,) groups counted once at their smallest distance
    traps: np.ndarray          # (boards,)


def _bounces(layout: Layout, grid: np.ndarray, counts: np.ndarray) -> _Bounces:
    boards = grid.shape[0]
    width_a = max(int(counts.max(initial=0)), 1)
    order = np.argsort(~grid, axis=1, kind="stable")[:, :width_a]
    present = np.arange(width_a) < counts[:, None]
    accs = np.where(present, order, 0)
    rows = np.arange(boards)[:, None]
    index_of = np.full((boards, layout.cells), -1, dtype=np.int64)
    which, slot = np.nonzero(present)
    index_of[which, accs[which, slot]] = slot

    targets = layout.step[accs]                                   # (boards, A, 4, 5)
    off = targets < 0
    safe = np.where(off, 0, targets)
    hit = grid[rows[:, :, None, None], safe] & ~off               # an Accelerator t spaces away
    blocked = off | hit
    first = np.where(blocked.any(axis=3), blocked.argmax(axis=3), MAX_DISTANCE)    # (boards, A, 4): index of first block
    first_cell = np.take_along_axis(safe, np.minimum(first, MAX_DISTANCE - 1)[..., None], axis=3)[..., 0]
    first_is_acc = (first < MAX_DISTANCE) & np.take_along_axis(hit, np.minimum(first, MAX_DISTANCE - 1)[..., None],
                                                               axis=3)[..., 0]
    first_index = np.where(first_is_acc, index_of[rows[:, :, None], first_cell], 0)
    link_bit = np.where(first_is_acc, np.left_shift(np.int64(1), first_index), 0)

    bit_of_a = np.left_shift(np.int64(1), np.arange(width_a, dtype=np.int64))
    loop_groups = np.zeros((boards, MAX_DISTANCE), dtype=np.int64)
    new_groups = np.zeros(boards, dtype=np.int64)
    trapped = np.zeros((boards, width_a), dtype=bool)
    after = np.zeros((boards, width_a, MAX_DISTANCE + 1, layout.words), dtype=np.uint64)
    reach_by_d = []
    # A rest cell next to an Accelerator sends a saucer onto it at every d.
    neighbours = layout.neighbours[accs]
    entered_from_rest = ((neighbours >= 0) & ~grid[rows[:, :, None], np.where(neighbours < 0, 0, neighbours)]).any(axis=2)
    previous_members = np.zeros((boards, width_a), dtype=np.int64)
    for d in range(1, MAX_DISTANCE + 1):
        # Comes to rest d spaces away where nothing blocks the first d spaces.
        clear = (first >= d) & present[:, :, None]
        ends = targets[:, :, :, d - 1]
        direct = layout.bits(ends, clear)                                     # (boards, A, words)
        links = np.bitwise_or.reduce(np.where((first < d) & present[:, :, None], link_bit, 0), axis=2)  # (boards, A)
        closure = links.copy()
        for i in range(width_a):
            through_i = (closure >> i) & 1
            closure |= np.where(through_i == 1, closure[:, i:i + 1], 0)
        # closure[a] bit b: a reaches b. reach[a]: the rest cells of a and of all it reaches;
        # reached_by[a] bit b: b reaches a (the transposed bit matrix).
        reach = direct.copy()
        reached_by = np.zeros_like(closure)
        reachable = int(np.bitwise_or.reduce(closure, axis=None)) if closure.size else 0
        for b in range(width_a):
            if not reachable >> b & 1:
                continue
            reaches_b = (closure >> b) & 1                                             # (boards, A)
            reach |= (np.uint64(0) - reaches_b.astype(np.uint64))[:, :, None] & direct[:, b][:, None, :]
            reached_by[:, b] = (reaches_b << np.arange(width_a)).sum(axis=1)
        reach_by_d.append(reach)
        members = closure & reached_by                                             # group of a (0: no loop)
        first_member = (members & -members) == bit_of_a                            # a is its group's lowest
        is_group = (members != 0) & first_member
        loop_groups[:, d - 1] = is_group.sum(axis=1)
        new_groups += (is_group & (previous_members != members)).sum(axis=1)
        previous_members = members
        entered = np.bitwise_or.reduce(np.where(present, links, 0), axis=1)        # Accelerators some link reaches
        linked_in = ((entered[:, None] >> np.arange(width_a)) & 1).astype(bool)
        no_rest = ~reach.any(axis=2)
        trapped |= present & no_rest & (entered_from_rest | linked_in)
    union = np.zeros_like(reach_by_d[0])
    for d in range(MAX_DISTANCE, 0, -1):
        union = union | reach_by_d[d - 1]
        after[:, :, d - 1, :] = union
    return _Bounces(accs, present, after, loop_groups, new_groups, trapped.sum(axis=1))


# Bit set of the k where a lane stopped -> the smallest (MAX_DISTANCE, a row of zeros, for none).
_SMALLEST = np.array([(c & -c).bit_length() - 1 if c else MAX_DISTANCE for c in range(1 << MAX_DISTANCE)],
                     dtype=np.intp)


@dataclass
class _Search:
    pairs: np.ndarray
    moves_sum: np.ndarray
    moves_squares: np.ndarray
    isolated: np.ndarray
    missed: np.ndarray


def _search(layout: Layout, rest: np.ndarray, accelerators: np.ndarray, site_bits: np.ndarray,
            bounce: _Bounces) -> _Search:
    """Breadth-first searches over whole moves from every Crash Site (lanes), batched over boards."""
    boards = rest.shape[0]
    pairs = np.zeros(boards, dtype=np.int64)
    moves_sum = np.zeros(boards, dtype=np.int64)
    moves_squares = np.zeros(boards, dtype=np.int64)
    site_set = np.bitwise_or.reduce(site_bits, axis=1)                               # (boards, words)
    visited_all = site_bits.copy()
    active = np.arange(boards)
    frontier = site_bits.copy()
    visited = site_bits.copy()
    steps = (layout.east, layout.west, layout.south, layout.north)
    acc_count = bounce.accelerators.shape[1]
    word_of = layout.cell_word[bounce.accelerators]                                   # (boards, A)
    bit_of = layout.cell_bit[bounce.accelerators].astype(np.uint64)
    level = 0
    while active.size:
        level += 1
        may_rest = rest[active][:, None, :]
        may_stop = accelerators[active][:, None, :]
        reached = np.zeros_like(frontier)
        hits = np.zeros((MAX_DISTANCE,) + frontier.shape, dtype=np.uint64)
        for step in steps:
            moving = frontier
            for k in range(MAX_DISTANCE):
                moving = step(moving)
                hits[k] |= moving & may_stop
                moving = moving & may_rest
                reached |= moving
        # Bounces: a lane that stopped on Accelerator a after k+1 spaces (smallest k) gets
        # after[a][k]. One Accelerator (column) at a time, every board and lane at once.
        words = frontier.shape[2]
        n = active.size
        word_of_a, bit_of_a = word_of[active], bit_of[active]
        after = bounce.after[active].reshape(-1, words)                           # rows (board, a, k); 0 where absent
        first_row = (np.arange(n) * acc_count)[:, None]
        for a in range(acc_count):
            column = hits[..., 0]                                                   # (5, n, lanes)
            for w in range(1, words):
                column = np.where((word_of_a[:, a] == w)[None, :, None], hits[..., w], column)
            stopped = (column >> bit_of_a[:, a][None, :, None]) & np.uint64(1)
            code = stopped[0]
            for k in range(1, MAX_DISTANCE):
                code = code | (stopped[k] << np.uint64(k))                          # bit k: stopped after k+1 spaces
            if not code.any():
                continue
            rows = (first_row + a) * (MAX_DISTANCE + 1) + _SMALLEST[code]
            reached |= np.take(after, rows.ravel(), axis=0).reshape(reached.shape)
        frontier = reached & ~visited
        visited |= frontier
        found = np.bitwise_count(frontier & site_set[active][:, None, :]).sum(axis=(1, 2)).astype(np.int64)
        pairs[active] += found
        moves_sum[active] += level * found
        moves_squares[active] += level * level * found
        going = frontier.any(axis=(1, 2)) & ((visited & rest[active][:, None, :]) != rest[active][:, None, :]).any(axis=(1, 2))
        if not going.all():
            visited_all[active] = visited
            active, frontier, visited = active[going], frontier[going], visited[going]
    isolated = (site_set[:, None, :] & ~visited_all).any(axis=2).sum(axis=1)
    missed = (rest & ~np.bitwise_or.reduce(visited_all, axis=1)).any(axis=1)
    return _Search(pairs, moves_sum, moves_squares, isolated, missed)

