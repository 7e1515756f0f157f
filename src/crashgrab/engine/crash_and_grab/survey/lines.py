"""Move tables for one row or column of a board, memoised by what lies on that line.

A move runs along one row or one column, so everything a move from a cell can do is
decided by that line's Accelerators and holes. A board's rows and columns repeat the
same few patterns over thousands of boards, so each (line, Accelerators, holes) is
worked out once and looked up afterwards.

A new line (the first run on a free-form board meets dozens) is not walked step by step
either: what a move from a position does depends only on the *window* of the 2 x 5 cells
around it (Accelerators, holes, and the line's ends, which act like holes). Each window is
walked once per stride (1 along rows, the width down columns) into a template whose cells
are offsets from the position, and a position's LinePosition is that template moved onto
its cell (bit sets shifted, cells added to), kept per (cell, window) so that later boards
reuse it. See docs/performance.md, "The first-use tail of the line tables".

Cells are numbered `y * width + x`; a set of cells is an int with those bits set.
"""
from __future__ import annotations

from typing import NamedTuple

MAX_DISTANCE = 5
DISTANCES = tuple(range(1, MAX_DISTANCE + 1))
WINDOW = 2 * MAX_DISTANCE + 1              # a position and MAX_DISTANCE cells either way
_WINDOW_BITS = (1 << WINDOW) - 1
_NO_HITS: tuple[tuple[int, ...], ...] = ((),) * MAX_DISTANCE
assert MAX_DISTANCE == 5  # _Windows._place spells out the five distances


def _relevant(blocked: int) -> int:
    """Of a window's cells (bit j: offset j - 5 holds a hole, an end or an Accelerator), the
    ones a move can reach: up to the first blocked cell either way, the position excluded."""
    keep = 0
    for way in (1, -1):
        for travelled in DISTANCES:
            bit = 1 << (MAX_DISTANCE + way * travelled)
            keep |= bit
            if blocked & bit:
                break
    return keep


# By a window's blocked cells: the ones that matter, so that at most 11 x 11 windows differ.
_RELEVANT = tuple(_relevant(blocked) for blocked in range(1 << WINDOW))


class LinePosition(NamedTuple):
    """What moves along one line do from one cell of it (both ways along the line).

    A named tuple rather than a frozen dataclass: a first run on a big board makes
    thousands, and a tuple is made in a third of the time."""

    off_moves: int             # how many of the 10 (way, d) moves along the line end off the board
    # For a saucer stopped on an Accelerator here and moving d again (index d - 1): the
    # Accelerators it stops on instead of coming to rest, and the set of cells it comes
    # to rest on.
    bounce_hits: tuple[tuple[int, ...], ...]
    bounce_rests: tuple[int, ...]
    # For a saucer resting here: the cells one move along the line can end on without
    # meeting an Accelerator, and per way the first Accelerator met (cell, spaces away).
    rests: int
    first_hits: tuple[tuple[int, int], ...]


def _new_position(fields: tuple) -> LinePosition:
    return tuple.__new__(LinePosition, fields)


class LineTable(tuple):
    """A line's LinePositions by position (None on holes), with `rest_off_moves`: the
    off-board moves along the line summed over its rest cells."""

    rest_off_moves: int


class Geometry:
    """A board's size, with its line tables memoised per (line, Accelerators, holes)."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.cells = width * height
        self._rows: dict[tuple[int, int, int], LineTable] = {}
        self._columns: dict[tuple[int, int, int], LineTable] = {}
        # Along rows (stride 1) and down columns (stride width): templates by window, and
        # LinePositions by window * cells + cell.
        self._row_windows = _Windows(1, self.cells)
        self._column_windows = _Windows(width, self.cells)
        # Per cell: (neighbours outside the bounds, set of the neighbours inside them).
        self._neighbours = []
        for cell in range(self.cells):
            y, x = divmod(cell, width)
            inside = [ny * width + nx for nx, ny in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))
                      if 0 <= nx < width and 0 <= ny < height]
            self._neighbours.append((4 - len(inside), sum(1 << n for n in inside)))

    def off_neighbours(self, cell: int, holes: int) -> int:
        """How many of a cell's four orthogonal neighbours are off the board (outside or a hole)."""
        outside, inside = self._neighbours[cell]
        return outside + (inside & holes).bit_count() if holes else outside

    def neighbour_set(self, cell: int) -> int:
        """The set of a cell's orthogonal neighbours inside the bounds."""
        return self._neighbours[cell][1]

    def row(self, y: int, accelerators: int, holes: int) -> LineTable:
        """Row y's table, indexed by x; `accelerators` and `holes` have bit x set (line bits)."""
        key = (y, accelerators, holes)
        table = self._rows.get(key)
        if table is None:
            table = self._rows[key] = self._row_windows.table(self.width, accelerators, holes, y * self.width)
        return table

    def column(self, x: int, accelerators: int, holes: int) -> LineTable:
        """Column x's table, indexed by y; bit y of `accelerators` and `holes` is cell (x, y)."""
        key = (x, accelerators, holes)
        table = self._columns.get(key)
        if table is None:
            table = self._columns[key] = self._column_windows.table(self.height, accelerators, holes, x)
        return table


def line_table(length: int, accelerators: int, holes: int, to_cell) -> LineTable:
    """Every position's LinePosition on a line; `to_cell` maps a position to its board cell."""
    positions: list[LinePosition | None] = []
    rest_off_moves = 0
    for position in range(length):
        if holes >> position & 1:
            positions.append(None)
            continue
        found = line_position(length, accelerators, holes, to_cell, position)
        positions.append(found)
        if not accelerators >> position & 1:
            rest_off_moves += found.off_moves
    table = LineTable(positions)
    table.rest_off_moves = rest_off_moves
    return table


def line_position(length: int, accelerators: int, holes: int, to_cell, position: int) -> LinePosition:
    """One position's LinePosition (not a hole), walked step by step."""
    off_moves = 0
    bounce_rests = [0] * MAX_DISTANCE
    bounce_hits: list[list[int]] = [[] for _ in DISTANCES]
    first_hits = []
    for way in (1, -1):
        for travelled in DISTANCES:
            along = position + way * travelled
            if not 0 <= along < length or holes >> along & 1:
                off_moves += MAX_DISTANCE + 1 - travelled
                break
            cell = to_cell(along)
            if accelerators >> along & 1:
                for d in range(travelled, MAX_DISTANCE + 1):
                    bounce_hits[d - 1].append(cell)
                first_hits.append((cell, travelled))
                break
            bounce_rests[travelled - 1] |= 1 << cell
    rests = 0
    for cells in bounce_rests:
        rests |= cells
    return LinePosition(off_moves, tuple(tuple(h) for h in bounce_hits), tuple(bounce_rests), rests,
                        tuple(first_hits))

class _Windows:
    """Line tables of one stride made from window templates (see the module's docstring).

    A window is an int: bit j (0 to 10) is set for a hole or a cell beyond the line's ends
    at offset j - 5 from the position, bit 11 + j for an Accelerator there; only the cells
    up to the first hole, end or Accelerator either way, so at most 11 x 11 windows differ.
    """

    def __init__(self, stride: int, cells: int) -> None:
        self.stride = stride
        self.cells = cells
        self._templates: dict[int, tuple] = {}
        self._positions: dict[int, LinePosition] = {}

    def table(self, length: int, accelerators: int, holes: int, first_cell: int) -> LineTable:
        """What line_table(length, accelerators, holes, first_cell + position * stride) gives."""
        stride, cells = self.stride, self.cells
        known = self._positions
        # Off-line cells count as holes; MAX_DISTANCE of them pad the line's start.
        off = (holes | -1 << length) << MAX_DISTANCE | (1 << MAX_DISTANCE) - 1
        accelerators_padded = accelerators << MAX_DISTANCE
        positions: list[LinePosition | None] = []
        rest_off_moves = 0
        cell = first_cell
        for position in range(length):
            if holes >> position & 1:
                positions.append(None)
            else:
                window_off = off >> position & _WINDOW_BITS
                window_accelerators = accelerators_padded >> position & _WINDOW_BITS
                relevant = _RELEVANT[window_off | window_accelerators]
                window = (window_off & relevant) | (window_accelerators & relevant) << WINDOW
                key = window * cells + cell
                found = known.get(key)
                if found is None:
                    found = known[key] = self._place(window, cell)
                positions.append(found)
                if not accelerators >> position & 1:
                    rest_off_moves += found.off_moves
            cell += stride
        table = LineTable(positions)
        table.rest_off_moves = rest_off_moves
        return table

    def _place(self, window: int, cell: int) -> LinePosition:
        """The window's template moved onto `cell`."""
        template = self._templates.get(window)
        if template is None:
            template = self._templates[window] = self._template(window)
        off_moves, (r1, r2, r3, r4, r5), rests, hit_offsets, hits_by_d = template
        # Template bit sets have the position at bit 5 * stride: shift that onto `cell`.
        shift = cell - MAX_DISTANCE * self.stride
        if shift >= 0:
            bounce_rests = (r1 << shift, r2 << shift, r3 << shift, r4 << shift, r5 << shift)
            rests <<= shift
        else:
            shift = -shift
            bounce_rests = (r1 >> shift, r2 >> shift, r3 >> shift, r4 >> shift, r5 >> shift)
            rests >>= shift
        if not hit_offsets:
            return _new_position((off_moves, _NO_HITS, bounce_rests, rests, ()))
        if len(hit_offsets) == 1:
            (offset, spaces), = hit_offsets
            first = cell + offset
            first_hits: tuple[tuple[int, int], ...] = ((first, spaces),)
            choices: tuple[tuple[int, ...], ...] = ((), (first,))
        else:
            (offset, spaces), (other_offset, other_spaces) = hit_offsets
            first, other = cell + offset, cell + other_offset
            first_hits = ((first, spaces), (other, other_spaces))
            choices = ((), (first,), (other,), (first, other))
        h1, h2, h3, h4, h5 = hits_by_d
        return _new_position((off_moves, (choices[h1], choices[h2], choices[h3], choices[h4], choices[h5]),
                              bounce_rests, rests, first_hits))

    def _template(self, window: int) -> tuple:
        """The window's middle position walked by line_position, cells as bits j * stride: its
        off moves, bit sets, the Accelerators it meets (offset, spaces) and, per d, which
        of them it stops on (0 none, 1 the first, 2 the second, 3 both)."""
        stride = self.stride
        middle = line_position(WINDOW, window >> WINDOW, window & _WINDOW_BITS, lambda j: j * stride, MAX_DISTANCE)
        met = [hit for hit, _ in middle.first_hits]
        hits_by_d = tuple(sum(1 << met.index(hit) for hit in hits) for hits in middle.bounce_hits)
        centre = MAX_DISTANCE * stride
        hit_offsets = tuple((hit - centre, spaces) for hit, spaces in middle.first_hits)
        return middle.off_moves, middle.bounce_rests, middle.rests, hit_offsets, hits_by_d
