"""The fast path: the move-graph facts a survey needs, from bit sets and memoised line tables.

It answers the questions of the networkx move graph (`crashgrab.engine.crash_and_grab.movegraph`, the
readable reference) without building a graph:

- Accelerators: what a saucer stopped on an Accelerator with d to go reaches comes from
  the line tables of its row and column (`lines.py`); chains of bounces are a small
  fixed point over the few Accelerators.
- Fewest moves between Crash Sites: one breadth-first search per Crash Site, all of them
  at once. The board's cells are a bit set of W*H bits; the searches sit side by side in
  one Python int, one *lane* of W*H bits per Crash Site, so a whole level of all twelve
  searches is a few dozen shifts and masks: moving every frontier cell east by one space
  is `frontier << 1` (masked so nothing wraps into the next row or lane), north is
  `frontier >> width`. A move stops before an Accelerator; which lanes stopped on
  Accelerator `a` after k spaces is `(hits & a_in_every_lane) >> a`, and multiplying that
  by the cells Accelerator `a` sends a saucer to copies them into exactly those lanes.

The differential test (tests/test_survey_differential.py) proves the results equal to
the reference's on thousands of boards. Cells are numbered `y * width + x`.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..bits import iter_bits
from ..terms import CRASH_SITE_NUMBERS
from .lines import DISTANCES, MAX_DISTANCE, Geometry, LineTable

# Above this many Crash Sites x cells (12 sites on a 16x16 board), Crash Site distances
# are searched site by site: docs/performance.md has the measurements.
LANE_SEARCH_LIMIT = 12 * 256


@dataclass(frozen=True, slots=True)
class BoardFacts:
    """The move facts of one board; checks and metrics (`findings.py`) are made from them."""

    geometry: Geometry
    holes: int                                   # set of in-bounds cells off the board
    accelerators: tuple[int, ...]                # Accelerator cells, ascending
    sites: tuple[tuple[int, int | None], ...]    # (cell, number) of every Crash Site, ascending
    rest_set: int                                # cells a saucer can rest on
    rows: tuple[LineTable, ...]
    columns: tuple[LineTable, ...]
    links: tuple[int, ...]                       # per d: Accelerator-to-Accelerator edges
    bounce_graphs: tuple[dict[int, tuple[int, ...]], ...]   # per d: Accelerator -> Accelerators it stops on
    loop_groups: tuple[tuple[frozenset[int], ...], ...]     # per d: strongly connected groups of 2 or more
    bounce_reach: tuple[dict[int, int], ...]     # per d: Accelerator -> rest cells its bounces reach
    site_levels: tuple[int, ...]                 # per move count m >= 1: (lane, site) bits first reached
    visited: int                                 # per lane: every rest cell its search reached

    @property
    def width(self) -> int:
        return self.geometry.width

    @property
    def height(self) -> int:
        return self.geometry.height

    def cell(self, index: int) -> tuple[int, int]:
        return index % self.geometry.width, index // self.geometry.width

    def rest_cells(self) -> list[int]:
        return list(iter_bits(self.rest_set))

    def off_moves(self, cell: int) -> int:
        """Of a rest cell's 20 moves (4 directions x d = 1..5), how many end off the board."""
        y, x = divmod(cell, self.geometry.width)
        return self.rows[y][x].off_moves + self.columns[x][y].off_moves

    def total_off_moves(self) -> int:
        """Off-board moves summed over every rest cell (what exposure's mean divides)."""
        return sum(row.rest_off_moves for row in self.rows) + sum(col.rest_off_moves for col in self.columns)

    def off_neighbours(self, cell: int) -> int:
        """How many of a cell's four orthogonal neighbours are off the board (outside or a hole)."""
        return self.geometry.off_neighbours(cell, self.holes)

    def lane_visited(self, lane: int) -> int:
        size = self.geometry.cells
        return self.visited >> (lane * size) & ((1 << size) - 1)

    def reached(self) -> int:
        """Rest cells some Crash Site reaches (the sites themselves included)."""
        size = self.geometry.cells
        mask = (1 << size) - 1
        union = 0
        rest = self.visited
        while rest:
            union |= rest & mask
            rest >>= size
        return union

    def site_moves(self) -> dict[int, dict[int, int]]:
        """Crash Site cell -> Crash Site cell it reaches -> fewest moves (itself: 0)."""
        size = self.geometry.cells
        moves = {cell: {cell: 0} for cell, _ in self.sites}
        lanes = [cell for cell, _ in self.sites]
        for level, bits in enumerate(self.site_levels, start=1):
            for bit in iter_bits(bits):
                lane, cell = divmod(bit, size)
                moves[lanes[lane]][cell] = level
        return moves

    def site_move_sums(self) -> tuple[int, int, int]:
        """(pairs reached, sum of their fewest moves, sum of squares) over the off-diagonal
        entries of the crash_site_moves matrix: ordered pairs of distinct numbers 1-12, the
        nearest cells counting when a number is on several (a designer's tiles may repeat or
        leave out numbers); with one site per number, simply over the pairs of site cells."""
        numbers = [number for _, number in self.sites]
        if len(numbers) != len(CRASH_SITE_NUMBERS) or set(numbers) != set(CRASH_SITE_NUMBERS):
            return self._matrix_move_sums()
        pairs = total = squares = 0
        for level, bits in enumerate(self.site_levels, start=1):
            count = bits.bit_count()
            pairs += count
            total += level * count
            squares += level * level * count
        return pairs, total, squares

    def _matrix_move_sums(self) -> tuple[int, int, int]:
        moves = self.site_moves()
        cells: dict[int | None, list[int]] = {}
        for cell, number in self.sites:
            cells.setdefault(number, []).append(cell)
        pairs = total = squares = 0
        for source in CRASH_SITE_NUMBERS:
            for target in CRASH_SITE_NUMBERS:
                if source == target:
                    continue
                found = [moves[start][end] for start in cells.get(source, ()) for end in cells.get(target, ())
                         if end in moves[start]]
                if found:
                    best = min(found)
                    pairs += 1
                    total += best
                    squares += best * best
        return pairs, total, squares


@lru_cache(maxsize=64)
def _lane_masks(geometry: Geometry, lanes: int) -> tuple[int, int, int, int, int]:
    """(one bit per lane, and for east, west, south, north: the cells a step may land on).

    A step east must not land in column 0 (that bit came from the previous row's last
    column), west not in the last column, south not in row 0 (from the previous lane),
    north not in the last row (from the next lane).
    """
    size, width, height = geometry.cells, geometry.width, geometry.height
    replicate = sum(1 << (lane * size) for lane in range(lanes))
    not_first_column = sum(1 << (y * width + x) for y in range(height) for x in range(1, width))
    not_last_column = sum(1 << (y * width + x) for y in range(height) for x in range(width - 1))
    not_first_row = ((1 << size) - 1) & ~((1 << width) - 1)
    not_last_row = (1 << (size - width)) - 1
    return (replicate, not_first_column * replicate, not_last_column * replicate,
            not_first_row * replicate, not_last_row * replicate)


def analyse(geometry: Geometry, accelerators: tuple[int, ...], holes: int,
            sites: tuple[tuple[int, int | None], ...]) -> BoardFacts:
    """The facts of one board: its size (`geometry`), Accelerator cells, hole set and Crash Sites.

    `accelerators` and `sites` must be in ascending cell order, with no Crash Site on a
    hole or an Accelerator (resolving never makes one).
    """
    width, height = geometry.width, geometry.height
    row_acc = [0] * height
    col_acc = [0] * width
    accelerator_set = 0
    for cell in accelerators:
        y, x = divmod(cell, width)
        row_acc[y] |= 1 << x
        col_acc[x] |= 1 << y
        accelerator_set |= 1 << cell
    row_holes = [0] * height
    col_holes = [0] * width
    if holes:
        for cell in iter_bits(holes):
            y, x = divmod(cell, width)
            row_holes[y] |= 1 << x
            col_holes[x] |= 1 << y
    rows = tuple(geometry.row(y, row_acc[y], row_holes[y]) for y in range(height))
    columns = tuple(geometry.column(x, col_acc[x], col_holes[x]) for x in range(width))

    # Per distance d: where a saucer stopped on each Accelerator with d to go comes to
    # rest in the same move (`reach`), and which Accelerators it can stop on next.
    bounce_graphs = []
    loop_groups = []
    links = []
    bounce_reach = []
    lines_through = [(a, rows[a // width][a % width], columns[a % width][a // width]) for a in accelerators]
    for d in DISTANCES:
        index = d - 1
        direct: dict[int, int] = {}
        graph: dict[int, tuple[int, ...]] = {}
        edges = 0
        for a, along_row, along_column in lines_through:
            direct[a] = along_row.bounce_rests[index] | along_column.bounce_rests[index]
            successors = along_row.bounce_hits[index] + along_column.bounce_hits[index]
            graph[a] = successors
            edges += len(successors)
        links.append(edges)
        bounce_graphs.append(graph)
        if edges:
            reach, groups = _bounce_closure(direct, graph, accelerator_set)
            loop_groups.append(groups)
        else:
            reach = direct
            loop_groups.append(())
        bounce_reach.append(reach)
    # entered[a][k - 1]: rest cells reached through Accelerator a when a move entered it
    # after k spaces, so that every d >= k bounces there.
    entered: dict[int, list[int]] = {}
    for a in accelerators:
        after = [0] * MAX_DISTANCE
        cells = 0
        for index in range(MAX_DISTANCE - 1, -1, -1):
            cells |= bounce_reach[index][a]
            after[index] = cells
        if cells:
            entered[a] = after

    rest_set = ((1 << geometry.cells) - 1) & ~holes & ~accelerator_set
    if len(sites) * geometry.cells > LANE_SEARCH_LIMIT:
        site_levels, visited = _search_site_by_site(geometry, sites, rows, columns, entered)
    else:
        site_levels, visited = _search_from_sites(geometry, sites, rest_set, accelerator_set, entered)
    return BoardFacts(geometry, holes, accelerators, sites, rest_set, rows, columns, tuple(links),
                      tuple(bounce_graphs), tuple(loop_groups), tuple(bounce_reach), site_levels, visited)


def _bounce_closure(direct: dict[int, int], graph: dict[int, tuple[int, ...]],
                    accelerator_set: int) -> tuple[dict[int, int], tuple[frozenset[int], ...]]:
    """Through any chain of bounces at one distance: the rest cells each Accelerator reaches,
    and the strongly connected groups of two or more Accelerators, by smallest cell.

    Accelerator cells are never rest cells, so one int carries both: the rest cells reached
    and (on the Accelerators' own bits) the Accelerators reached. Accelerator `a` is in a
    loop when it reaches itself; its group is everything it reaches that reaches it. Only
    Accelerators that link to others need the fixed point; the rest reach what they reach
    directly.
    """
    linked = [(a, successors) for a, successors in graph.items() if successors]
    closure = dict(direct)
    for a, successors in linked:
        reach = direct[a]
        for b in successors:
            reach |= 1 << b
        closure[a] = reach
    changed = True
    while changed:
        changed = False
        for a, successors in linked:
            reach = before = closure[a]
            for b in successors:
                reach |= closure[b]
            if reach != before:
                closure[a] = reach
                changed = True
    groups = []
    grouped = 0
    for a, _ in linked:
        reach = closure[a]
        if reach >> a & 1 and not grouped >> a & 1:
            members = [b for b, _ in linked if reach >> b & 1 and closure[b] >> a & 1]
            for b in members:
                grouped |= 1 << b
            groups.append(frozenset(members))
    rests_only = ~accelerator_set
    for a, _ in linked:
        closure[a] &= rests_only
    return closure, tuple(groups)


def _search_site_by_site(geometry: Geometry, sites, rows, columns,
                         entered: dict[int, list[int]]) -> tuple[tuple[int, ...], int]:
    """The same results as _search_from_sites, one breadth-first search per Crash Site over
    each rest cell's one-move set (worked out when first needed). On big boards with many
    Crash Sites this beats the lanes, whose ints grow with sites x cells."""
    width, size = geometry.width, geometry.cells
    one_move: dict[int, int] = {}

    def moves_from(cell: int) -> int:
        found = one_move.get(cell)
        if found is None:
            y, x = divmod(cell, width)
            along_row, along_column = rows[y][x], columns[x][y]
            found = along_row.rests | along_column.rests
            for accelerator, spaces in along_row.first_hits + along_column.first_hits:
                after = entered.get(accelerator)
                if after:
                    found |= after[spaces - 1]
            one_move[cell] = found
        return found

    site_set = 0
    for cell, _ in sites:
        site_set |= 1 << cell
    levels: list[int] = []
    visited_lanes = 0
    for lane, (start, _) in enumerate(sites):
        offset = lane * size
        visited = frontier = 1 << start
        level = 0
        while frontier:
            reach = 0
            for cell in iter_bits(frontier):
                reach |= moves_from(cell)
            frontier = reach & ~visited
            visited |= frontier
            found = frontier & site_set
            if found:
                while len(levels) <= level:
                    levels.append(0)
                levels[level] |= found << offset
            level += 1
        visited_lanes |= visited << offset
    return tuple(levels), visited_lanes


def _search_from_sites(geometry: Geometry, sites, rest_set: int, accelerator_set: int,
                       entered: dict[int, list[int]]) -> tuple[tuple[int, ...], int]:
    """Breadth-first searches over whole moves from every Crash Site at once, one lane each.

    Returns, per move count m = 1, 2, ...: the (lane, Crash Site) bits first reached
    after m moves; and every lane's visited cells.
    """
    lanes = len(sites)
    if not lanes:
        return (), 0
    size, width = geometry.cells, geometry.width
    replicate, east_ok, west_ok, south_ok, north_ok = _lane_masks(geometry, lanes)
    rest = rest_set * replicate
    accs = accelerator_set * replicate
    # (shift, cells a step may rest on, Accelerators a step may stop on)
    up_shifts = ((1, rest & east_ok, accs & east_ok), (width, rest & south_ok, accs & south_ok))
    down_shifts = ((1, rest & west_ok, accs & west_ok), (width, rest & north_ok, accs & north_ok))
    bouncers = [(a, (1 << a) * replicate, after) for a, after in entered.items()]
    site_set = 0
    frontier = 0
    for lane, (cell, _) in enumerate(sites):
        site_set |= 1 << cell
        frontier |= 1 << (lane * size + cell)
    site_lanes = site_set * replicate
    visited = frontier
    everywhere = rest
    levels = []
    while frontier:
        reached = 0
        hits = [0] * MAX_DISTANCE
        for shift, may_rest, may_stop in up_shifts:
            moving = frontier
            for k in range(MAX_DISTANCE):
                moving <<= shift
                stopped = moving & may_stop
                if stopped:
                    hits[k] |= stopped
                moving &= may_rest
                if not moving:
                    break
                reached |= moving
        for shift, may_rest, may_stop in down_shifts:
            moving = frontier
            for k in range(MAX_DISTANCE):
                moving >>= shift
                stopped = moving & may_stop
                if stopped:
                    hits[k] |= stopped
                moving &= may_rest
                if not moving:
                    break
                reached |= moving
        for a, in_every_lane, reach_after in bouncers:
            for k in range(MAX_DISTANCE):
                stopped = hits[k] & in_every_lane
                if stopped:
                    # (stopped >> a) has bit 0 of each lane that stopped on a: multiplying
                    # copies the cells a sends the saucer to into those lanes.
                    reached |= (stopped >> a) * reach_after[k]
        frontier = reached & ~visited
        visited |= frontier
        levels.append(frontier & site_lanes)
        if visited == everywhere:  # every lane has seen every rest cell: nothing left to find
            break
    while levels and not levels[-1]:
        levels.pop()
    return tuple(levels), visited
