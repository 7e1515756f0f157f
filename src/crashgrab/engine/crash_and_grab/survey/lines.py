"""Move tables for one row or column of a board, memoised by what lies on that line.

A move runs along one row or one column, so everything a move from a cell can do is
decided by that line's Accelerators and holes. A board's rows and columns repeat the
same few patterns over thousands of boards, so each (line, Accelerators, holes) is
worked out once and looked up afterwards.

Cells are numbered `y * width + x`; a set of cells is an int with those bits set.
"""
from __future__ import annotations

from dataclasses import dataclass

MAX_DISTANCE = 5
DISTANCES = tuple(range(1, MAX_DISTANCE + 1))


@dataclass(frozen=True, slots=True)
class LinePosition:
    """What moves along one line do from one cell of it (both ways along the line)."""

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
            base = y * self.width
            table = self._rows[key] = line_table(self.width, accelerators, holes, lambda p: base + p)
        return table

    def column(self, x: int, accelerators: int, holes: int) -> LineTable:
        """Column x's table, indexed by y; bit y of `accelerators` and `holes` is cell (x, y)."""
        key = (x, accelerators, holes)
        table = self._columns.get(key)
        if table is None:
            width = self.width
            table = self._columns[key] = line_table(self.height, accelerators, holes, lambda p: p * width + x)
        return table


def line_table(length: int, accelerators: int, holes: int, to_cell) -> LineTable:
    """Every position's LinePosition on a line; `to_cell` maps a position to its board cell."""
    positions: list[LinePosition | None] = []
    rest_off_moves = 0
    for position in range(length):
        if holes >> position & 1:
            positions.append(None)
            continue
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
        positions.append(LinePosition(off_moves, tuple(tuple(h) for h in bounce_hits), tuple(bounce_rests),
                                      rests, tuple(first_hits)))
        if not accelerators >> position & 1:
            rest_off_moves += off_moves
    table = LineTable(positions)
    table.rest_off_moves = rest_off_moves
    return table
