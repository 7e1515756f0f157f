"""The survey kernel's per-board loop, compiled by numba (imported only when a batch is checked).

One call fills the records of a whole batch; each board is done on its own, in scalar
code, with sets of cells as a few 64-bit words (cell c is bit c % 64 of word c // 64):

1. Accelerators (at most 64, a bit each): per direction, the first of the next 1-5 cells
   that is off the board or an Accelerator. Per distance d that gives where a bounce of
   d comes to rest (`direct`) and which Accelerators it stops on (`links`); Warshall's
   algorithm closes the links, giving loops (an Accelerator that reaches itself), their
   groups and the rest cells each Accelerator's bounces reach. A group is counted once,
   at its smallest distance: links at d are links at every larger d, so it was counted
   before exactly when the same Accelerator had the same group at d - 1.
2. Per rest cell, the set of rest cells one whole move reaches (bounces included).
3. Per Crash Site a breadth-first search over those sets: the fewest moves to every
   other Crash Site.
4. Off-board moves per row and column pattern from the tables of `kernel.BoardTables`.

On a board without holes every rest cell reaches every other, so there are no
`unreachable` cells and no isolated Crash Sites to count: a move of 1 from a rest cell
reaches each orthogonal neighbour that is a rest cell, or, stopping on a neighbouring
Accelerator, bounces through the whole orthogonally connected group of Accelerators
(links at distance 1) to every rest cell next to that group; rest cells and Accelerators
fill the board, whose cells are orthogonally connected. A search that would still miss a
rest cell leaves its board to the fast path.

The code is the same computation as the Python fast path (fastcheck.py, findings.py,
record.py), held equal to it by tests/test_survey_kernel.py. Everything that could change
elsewhere (code columns, rule constants, the distances) comes in as arguments, never as
module globals: numba's on-disk cache only notices changes to this file.
"""
from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

WORD_BITS = 64
ONE = np.uint64(1)
ZERO = np.uint64(0)

# Columns of `rules` (the kernel module passes them in this order).
SEQUENCE, LOOP, TRAP, SITE_EDGE, SITE_CORNER, ACCELERATOR_EDGE = range(6)


@intrinsic
def _popcount(typingctx, value):
    """The number of set bits of a uint64 (one machine instruction)."""
    if value != types.uint64:
        return None

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])
    return types.uint64(types.uint64), codegen


@intrinsic
def _lowest_bit(typingctx, value):
    """The index of the lowest set bit of a non-zero uint64."""
    if value != types.uint64:
        return None

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))
    return types.uint64(types.uint64), codegen


@njit(cache=True, nogil=True)
def _set(bits, cell):
    bits[cell >> 6] |= ONE << np.uint64(cell & 63)


@njit(cache=True, nogil=True)
def fill_records(grid, sites, step, off_neighbours, border, row_off_moves, column_off_moves, width,
                 sequence_steps, corner_sides, code_columns,
                 codes, edge_sites, loop_groups, off_moves, rest_cells, pairs, moves_sum, moves_squares, fallback):
    """Records of boards given as Accelerator cells `grid` (boards, cells) bool and Crash
    Site cells by number `sites` (boards, lanes), -1 where a number is missing.

    `step[c, direction, t - 1]` is the cell t spaces from c that way (-1 off the board).
    A board with a missing or doubled Crash Site, a Crash Site on an Accelerator or more
    than 64 Accelerators is left to the Python fast path (`fallback`)."""
    boards, cells = grid.shape
    lanes = sites.shape[1]
    distances = step.shape[2]
    height = cells // width
    words = (cells + WORD_BITS - 1) // WORD_BITS
    accelerator_cell = np.zeros(WORD_BITS, np.int64)
    accelerator_index = np.full(cells, -1, np.int64)
    first_block = np.zeros((WORD_BITS, 4), np.int64)      # index t - 1 of the first block, `distances` for none
    blocked_by = np.zeros((WORD_BITS, 4), np.int64)       # the Accelerator met there, -1 for the board's edge
    from_rest = np.zeros(WORD_BITS, np.bool_)             # a rest cell next to it sends a saucer onto it
    trapped = np.zeros(WORD_BITS, np.bool_)
    links = np.zeros(WORD_BITS, np.uint64)
    closure = np.zeros(WORD_BITS, np.uint64)
    previous_members = np.zeros(WORD_BITS, np.uint64)
    direct = np.zeros((WORD_BITS, words), np.uint64)
    reach = np.zeros((distances, WORD_BITS, words), np.uint64)
    after = np.zeros((WORD_BITS, distances, words), np.uint64)   # entered after k + 1 spaces: rest cells reached
    one_move = np.zeros((cells, words), np.uint64)
    rest = np.zeros(words, np.uint64)
    site_set = np.zeros(words, np.uint64)
    visited = np.zeros(words, np.uint64)
    frontier = np.zeros(words, np.uint64)
    reached = np.zeros(words, np.uint64)
    for b in range(boards):
        count = 0
        for c in range(cells):
            accelerator_index[c] = -1
            if grid[b, c]:
                if count < WORD_BITS:
                    accelerator_cell[count] = c
                    accelerator_index[c] = count
                count += 1
        usable = count <= WORD_BITS
        for i in range(lanes):
            s = sites[b, i]
            if s < 0 or s >= cells or grid[b, s]:
                usable = False
            for j in range(i):
                if sites[b, j] == s:
                    usable = False
        if not usable:
            fallback[b] = True
            continue
        fallback[b] = False
        for k in range(codes.shape[1]):
            codes[b, k] = 0

        # Crash Sites in sequence, on the edge and in a corner; Accelerators on the edge.
        sequence = edge = corner = 0
        for i in range(lanes):
            s, following = sites[b, i], sites[b, (i + 1) % lanes]
            if abs(s % width - following % width) + abs(s // width - following // width) <= sequence_steps:
                sequence += 1
            if off_neighbours[s] > 0:
                edge += 1
                if off_neighbours[s] >= corner_sides:
                    corner += 1
        accelerator_edge = 0
        for a in range(count):
            if border[accelerator_cell[a]]:
                accelerator_edge += 1

        # Off-board moves: a table per row and column pattern of Accelerators.
        off = 0
        for y in range(height):
            pattern = 0
            for x in range(width):
                if grid[b, y * width + x]:
                    pattern |= 1 << x
            off += row_off_moves[pattern]
        for x in range(width):
            pattern = 0
            for y in range(height):
                if grid[b, y * width + x]:
                    pattern |= 1 << y
            off += column_off_moves[pattern]

        # 1. Accelerators: first blocks, then per distance the links and their closure.
        for a in range(count):
            c = accelerator_cell[a]
            from_rest[a] = False
            trapped[a] = False
            previous_members[a] = ZERO
            for direction in range(4):
                first_block[a, direction] = distances
                blocked_by[a, direction] = -1
                for t in range(distances):
                    n = step[c, direction, t]
                    if n < 0:
                        first_block[a, direction] = t
                        break
                    if grid[b, n]:
                        first_block[a, direction] = t
                        blocked_by[a, direction] = accelerator_index[n]
                        break
                n = step[c, direction, 0]
                if n >= 0 and not grid[b, n]:
                    from_rest[a] = True
        new_groups = 0
        for d in range(1, distances + 1):
            entered = ZERO
            for a in range(count):
                c = accelerator_cell[a]
                for w in range(words):
                    direct[a, w] = ZERO
                linked = ZERO
                for direction in range(4):
                    if first_block[a, direction] >= d:
                        _set(direct[a], step[c, direction, d - 1])
                    elif blocked_by[a, direction] >= 0:
                        linked |= ONE << np.uint64(blocked_by[a, direction])
                links[a] = linked
                closure[a] = linked
                entered |= linked
            if entered != ZERO:
                for i in range(count):
                    through = ONE << np.uint64(i)
                    onward = closure[i]
                    for a in range(count):
                        if closure[a] & through:
                            closure[a] |= onward
            groups = 0
            for a in range(count):
                for w in range(words):
                    reach[d - 1, a, w] = direct[a, w]
                others = closure[a]
                while others != ZERO:
                    other = _lowest_bit(others)
                    for w in range(words):
                        reach[d - 1, a, w] |= direct[other, w]
                    others &= others - ONE
                own = ONE << np.uint64(a)
                members = ZERO
                if closure[a] & own:   # a loops: its group is what it reaches that reaches it back
                    for other in range(count):
                        if closure[other] & own and closure[a] & (ONE << np.uint64(other)):
                            members |= ONE << np.uint64(other)
                    if members & (~members + ONE) == own:   # a is its group's lowest
                        groups += 1
                        if previous_members[a] != members:
                            new_groups += 1
                previous_members[a] = members
                stops = True
                for w in range(words):
                    if reach[d - 1, a, w] != ZERO:
                        stops = False
                if stops and (from_rest[a] or entered & own):
                    trapped[a] = True
            loop_groups[b, d - 1] = groups
        traps = 0
        for a in range(count):
            if trapped[a]:
                traps += 1
            for w in range(words):
                cells_after = ZERO
                for k in range(distances - 1, -1, -1):
                    cells_after |= reach[k, a, w]
                    after[a, k, w] = cells_after

        # 2. One move from each rest cell: along the line until the edge, or through an Accelerator.
        for w in range(words):
            rest[w] = ZERO
            site_set[w] = ZERO
        for c in range(cells):
            if grid[b, c]:
                continue
            _set(rest, c)
            for w in range(words):
                one_move[c, w] = ZERO
            for direction in range(4):
                for t in range(distances):
                    n = step[c, direction, t]
                    if n < 0:
                        break
                    if grid[b, n]:
                        a = accelerator_index[n]
                        for w in range(words):
                            one_move[c, w] |= after[a, t, w]
                        break
                    _set(one_move[c], n)

        # 3. Breadth-first search over whole moves from every Crash Site.
        for i in range(lanes):
            _set(site_set, sites[b, i])
        found_pairs = found_sum = found_squares = 0
        for i in range(lanes):
            for w in range(words):
                visited[w] = ZERO
                frontier[w] = ZERO
            _set(visited, sites[b, i])
            _set(frontier, sites[b, i])
            level = 0
            while True:
                level += 1
                for w in range(words):
                    reached[w] = ZERO
                for w in range(words):
                    bits = frontier[w]
                    while bits != ZERO:
                        c = w * WORD_BITS + np.int64(_lowest_bit(bits))
                        for v in range(words):
                            reached[v] |= one_move[c, v]
                        bits &= bits - ONE
                moving = False
                complete = True
                found = 0
                for w in range(words):
                    new = reached[w] & ~visited[w]
                    frontier[w] = new
                    visited[w] |= new
                    if new != ZERO:
                        moving = True
                    found += np.int64(_popcount(new & site_set[w]))
                    if visited[w] & rest[w] != rest[w]:
                        complete = False
                found_pairs += found
                found_sum += level * found
                found_squares += level * level * found
                if not moving or complete:
                    break
            if not complete:     # never on a hole-free board (see the module's docstring)
                fallback[b] = True

        codes[b, code_columns[SEQUENCE]] = sequence
        codes[b, code_columns[LOOP]] = new_groups
        codes[b, code_columns[TRAP]] = traps
        codes[b, code_columns[SITE_EDGE]] = edge
        codes[b, code_columns[SITE_CORNER]] = corner
        codes[b, code_columns[ACCELERATOR_EDGE]] = accelerator_edge
        edge_sites[b] = edge
        off_moves[b] = off
        rest_cells[b] = cells - count
        pairs[b] = found_pairs
        moves_sum[b] = found_sum
        moves_squares[b] = found_squares
