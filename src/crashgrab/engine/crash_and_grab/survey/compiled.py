"""The survey kernel's per-board loop, compiled by numba (imported only when a batch is checked).

One call fills the records of a whole batch; each board is done on its own, in scalar
code, with a set of cells as two 64-bit words (cell c is bit c % 64 of word c // 64:
boards of up to 128 cells):

1. Accelerators (at most 64, a bit each): per direction, the first of the next 1-5 cells
   that is off the board or an Accelerator. Per distance d that gives where a bounce of
   d comes to rest (`direct`) and which Accelerators it stops on (`links`); Warshall's
   algorithm closes the links, giving loops (an Accelerator that reaches itself), their
   groups and the rest cells each Accelerator's bounces reach. A group is counted once,
   at its smallest distance: links at d are links at every larger d, so it was counted
   before exactly when the same Accelerator had the same group at d - 1.
2. Per rest cell, the set of rest cells one whole move reaches (bounces included): per
   direction, the cells up to 5 spaces away (`ray`) cut short at the nearest Accelerator
   among them, and what that Accelerator's bounces reach.
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

from typing import Any

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

WORD_BITS = 64      # also the most Accelerators a board may have (a bit each)
ONE = np.uint64(1)
ZERO = np.uint64(0)

# Where each count goes: `code_columns` holds their columns of `codes`, in this order (kernel.KERNEL_CODES).
SEQUENCE, LOOP, TRAP, SITE_EDGE, SITE_CORNER, ACCELERATOR_EDGE = range(6)


def _popcount_typing(typingctx, value):
    """_popcount(value): the number of set bits of a uint64 (one machine instruction)."""
    if value != types.uint64:
        return None

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])
    return types.uint64(types.uint64), codegen


def _lowest_bit_typing(typingctx, value):
    """_lowest_bit(value): the index of the lowest set bit of a non-zero uint64."""
    if value != types.uint64:
        return None

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))
    return types.uint64(types.uint64), codegen


def _highest_bit_typing(typingctx, value):
    """_highest_bit(value): the index of the highest set bit of a non-zero uint64."""
    if value != types.uint64:
        return None

    def codegen(context, builder, signature, args):
        leading = builder.ctlz(args[0], ir.Constant(ir.IntType(1), 1))
        return builder.sub(ir.Constant(ir.IntType(64), WORD_BITS - 1), leading)
    return types.uint64(types.uint64), codegen


# Called from compiled code with the value alone (numba passes the typing context itself).
_popcount: Any = intrinsic(_popcount_typing)
_lowest_bit: Any = intrinsic(_lowest_bit_typing)
_highest_bit: Any = intrinsic(_highest_bit_typing)


@njit(cache=True)
def _bit(cell):
    """Cell `cell` as a set (low word, high word)."""
    if cell < WORD_BITS:
        return ONE << np.uint64(cell), ZERO
    return ZERO, ONE << np.uint64(cell - WORD_BITS)


@njit(cache=True)
def fill_records(grid, sites, step, ray_lo, ray_hi, off_neighbours, border, row_off_moves, column_off_moves, width,
                 sequence_steps, corner_sides, code_columns,
                 codes, edge_sites, loop_groups, off_moves, rest_cells, pairs, moves_sum, moves_squares, fallback,
                 scratch_cells, scratch_blocks, scratch_flags, scratch_words, scratch_moves, scratch_reach,
                 scratch_after):
    """Records of boards of at most 128 cells given as Accelerator cells `grid` (boards,
    cells) bool and Crash Site cells by number `sites` (boards, lanes), -1 where a number
    is missing.

    `step[c, direction, t - 1]` is the cell t spaces from c that way (-1 off the board);
    `ray_lo`/`ray_hi[c, direction, t - 1]` the set of the cells 1 to t spaces away (on the board).
    A board with a missing or doubled Crash Site, a Crash Site on an Accelerator or more
    than 64 Accelerators is left to the Python fast path (`fallback`)."""
    boards, cells = grid.shape
    lanes = sites.shape[1]
    distances = step.shape[2]
    height = cells // width
    # Working arrays come from the caller (kernel.scratch_arrays), so that the machine code
    # allocates nothing and loading it from numba's cache needs none of numba's array code.
    accelerator_cell = scratch_cells[0]                   # (at least WORD_BITS and `cells` long)
    accelerator_index = scratch_cells[1]
    first_block = scratch_blocks[0]     # (WORD_BITS, 4): index t - 1 of the first block, `distances` for none
    blocked_by = scratch_blocks[1]      # the Accelerator met there, -1 for the board's edge
    from_rest = scratch_flags[0]        # a rest cell next to it sends a saucer onto it
    trapped = scratch_flags[1]
    closure = scratch_words[0]
    previous_members = scratch_words[1]
    # Sets of cells as (low, high) words: per Accelerator, where a bounce of d comes to rest
    # straight away (`direct`) and through any chain of bounces (`reach`, per d); and the
    # rest cells reached when entered after k + 1 spaces (`after`: every d > k bounces).
    direct_lo = scratch_words[2]
    direct_hi = scratch_words[3]
    reach_lo = scratch_reach[0]         # (distances, WORD_BITS)
    reach_hi = scratch_reach[1]
    after_lo = scratch_after[0]         # (WORD_BITS, distances)
    after_hi = scratch_after[1]
    one_move_lo = scratch_moves[0]      # the rest cells one move from a rest cell reaches
    one_move_hi = scratch_moves[1]
    for b in range(boards):
        count = 0
        accelerators_lo = accelerators_hi = ZERO
        for c in range(cells):
            accelerator_index[c] = -1
            if grid[b, c]:
                if count < WORD_BITS:
                    accelerator_cell[count] = c
                    accelerator_index[c] = count
                count += 1
                cell_lo, cell_hi = _bit(c)
                accelerators_lo |= cell_lo
                accelerators_hi |= cell_hi
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
                lo = hi = ZERO
                linked = ZERO
                for direction in range(4):
                    if first_block[a, direction] >= d:
                        cell_lo, cell_hi = _bit(step[c, direction, d - 1])
                        lo |= cell_lo
                        hi |= cell_hi
                    elif blocked_by[a, direction] >= 0:
                        linked |= ONE << np.uint64(blocked_by[a, direction])
                direct_lo[a] = lo
                direct_hi[a] = hi
                closure[a] = linked
                entered |= linked
            if entered != ZERO:
                for i in range(count):
                    shift = np.uint64(i)
                    onward = closure[i]
                    for a in range(count):
                        closure[a] |= onward & (ZERO - ((closure[a] >> shift) & ONE))
            groups = 0
            for a in range(count):
                lo, hi = direct_lo[a], direct_hi[a]
                others = closure[a]
                while others != ZERO:
                    linked_to = _lowest_bit(others)
                    lo |= direct_lo[linked_to]
                    hi |= direct_hi[linked_to]
                    others &= others - ONE
                reach_lo[d - 1, a] = lo
                reach_hi[d - 1, a] = hi
                own = ONE << np.uint64(a)
                members = ZERO
                if closure[a] & own:   # a loops: its group is what it reaches that reaches it back
                    shift = np.uint64(a)
                    for other in range(count):
                        members |= ((closure[other] >> shift) & ONE) << np.uint64(other)
                    members &= closure[a]
                    if members & (~members + ONE) == own:   # a is its group's lowest
                        groups += 1
                        if previous_members[a] != members:
                            new_groups += 1
                previous_members[a] = members
                if (lo | hi) == ZERO and (from_rest[a] or entered & own):
                    trapped[a] = True
            loop_groups[b, d - 1] = groups
        traps = 0
        for a in range(count):
            if trapped[a]:
                traps += 1
            lo = hi = ZERO
            for k in range(distances - 1, -1, -1):
                lo |= reach_lo[k, a]
                hi |= reach_hi[k, a]
                after_lo[a, k] = lo
                after_hi[a, k] = hi

        # 2. One move from each rest cell: along the line until the edge, or through an Accelerator.
        rest_lo = rest_hi = ZERO
        for c in range(cells):
            if grid[b, c]:
                continue
            cell_lo, cell_hi = _bit(c)
            rest_lo |= cell_lo
            rest_hi |= cell_hi
            lo = hi = ZERO
            for direction in range(4):
                # The cells up to 5 spaces away (fewer at the edge), and the Accelerators among them.
                far_lo, far_hi = ray_lo[c, direction, distances - 1], ray_hi[c, direction, distances - 1]
                met_lo, met_hi = far_lo & accelerators_lo, far_hi & accelerators_hi
                if (met_lo | met_hi) == ZERO:
                    lo |= far_lo
                    hi |= far_hi
                    continue
                # The nearest Accelerator: east and south go up the cell numbers, west and north down.
                if step[c, direction, 0] > c:
                    n = np.int64(_lowest_bit(met_lo)) if met_lo != ZERO else WORD_BITS + np.int64(_lowest_bit(met_hi))
                else:
                    n = WORD_BITS + np.int64(_highest_bit(met_hi)) if met_hi != ZERO else np.int64(_highest_bit(met_lo))
                t = abs(n - c) // abs(step[c, direction, 0] - c)       # spaces to it
                if t > 1:
                    lo |= ray_lo[c, direction, t - 2]
                    hi |= ray_hi[c, direction, t - 2]
                a = accelerator_index[n]
                lo |= after_lo[a, t - 1]
                hi |= after_hi[a, t - 1]
            one_move_lo[c] = lo
            one_move_hi[c] = hi

        # 3. Breadth-first search over whole moves from every Crash Site.
        sites_lo = sites_hi = ZERO
        for i in range(lanes):
            cell_lo, cell_hi = _bit(sites[b, i])
            sites_lo |= cell_lo
            sites_hi |= cell_hi
        found_pairs = found_sum = found_squares = np.int64(0)
        for i in range(lanes):
            frontier_lo, frontier_hi = _bit(sites[b, i])
            visited_lo, visited_hi = frontier_lo, frontier_hi
            level = 0
            complete = False
            while True:
                level += 1
                lo = hi = ZERO
                bits = frontier_lo
                while bits != ZERO:
                    cell = np.int64(_lowest_bit(bits))
                    lo |= one_move_lo[cell]
                    hi |= one_move_hi[cell]
                    bits &= bits - ONE
                bits = frontier_hi
                while bits != ZERO:
                    cell = WORD_BITS + np.int64(_lowest_bit(bits))
                    lo |= one_move_lo[cell]
                    hi |= one_move_hi[cell]
                    bits &= bits - ONE
                frontier_lo = lo & ~visited_lo
                frontier_hi = hi & ~visited_hi
                visited_lo |= frontier_lo
                visited_hi |= frontier_hi
                found = np.int64(_popcount(frontier_lo & sites_lo) + _popcount(frontier_hi & sites_hi))
                found_pairs += found
                found_sum += level * found
                found_squares += level * level * found
                complete = (visited_lo & rest_lo) == rest_lo and (visited_hi & rest_hi) == rest_hi
                if (frontier_lo | frontier_hi) == ZERO or complete:
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
