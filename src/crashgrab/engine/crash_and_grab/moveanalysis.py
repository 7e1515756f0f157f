"""Facts read off a move graph once per board and shared by every check and overlay.

Everything here is derived from the networkx graph of `movegraph` (the reference):
  - the rest cells a bounce node leads to through bounce-only paths (its *exits*),
  - for every rest cell, the rest cells one move reaches and the smallest d that does,
  - fewest moves between rest cells: one move weighs 1 and the bounces inside it 0, so
    a breadth-first search over the one-move relation is the 0-1 shortest path,
  - the bounce-to-bounce links and their strongly connected groups, per distance.
A small cache keyed by what the graph depends on (board cells and bounce cells) lets an
editor's overlays and repeated validations of an unchanged board skip the work.
"""
from __future__ import annotations

import threading
from typing import Any
from collections import OrderedDict, deque
from functools import cached_property

import networkx as nx

from .bits import iter_bits
from ..grid.model import Board, Cell
from .bounce_graph import (BOUNCE, DEFAULT_MAX_DISTANCE, OFF, REST, bounce_cells, bounce_node,
                        build_move_graph, rest_cells, rest_node)


def row_major(cell: Cell) -> tuple[int, int]:
    return cell[1], cell[0]


class MoveAnalysis:
    """Read-only facts about one board's moves. Build with `analysis_for` to share the cache.

    It depends only on the board's cells and bounce cells (the cache key), so it keeps no
    reference to the board it was built from: ask the board itself about anything else.
    """

    def __init__(self, board: Board, bounce_type: str, max_distance: int = DEFAULT_MAX_DISTANCE) -> None:
        self.max_distance = max_distance
        self.graph = nx.freeze(build_move_graph(board, bounce_type, max_distance))
        self.bounces = bounce_cells(board, bounce_type)
        self.rests = rest_cells(board, self.bounces)
        self._cells = frozenset(board.cell_tiles)
        self._moves_from: dict[Cell, dict[Cell, int]] = {}

    @cached_property
    def out_edges(self) -> dict[Any, dict[Any, dict]]:
        """Node -> {target: edge data}: the graph's own adjacency (per-node views are slow to walk)."""
        return dict(self.graph.adjacency())

    # --- bounce nodes ---------------------------------------------------------------
    @cached_property
    def bounce_successors(self) -> dict[tuple, list[tuple]]:
        """Bounce node -> the bounce nodes its edges lead to (the same d, by construction)."""
        return {node: [t for t in edges if t != OFF and t[0] == BOUNCE]
                for node, edges in self.out_edges.items() if node != OFF and node[0] == BOUNCE}

    @cached_property
    def _rest_bits(self) -> dict[Cell, int]:
        """Rest cell -> its bit in the bit sets below (1 << its index in `rests`)."""
        return {cell: 1 << i for i, cell in enumerate(self.rests)}

    def _cells_of(self, mask: int) -> list[Cell]:
        rests = self.rests
        return [rests[index] for index in iter_bits(mask)]

    @cached_property
    def _bounce_exit_masks(self) -> dict[tuple, tuple[int, bool]]:
        """Bounce node -> (bit set of the rest cells where the move can end, whether it can crash)."""
        out_edges, bits = self.out_edges, self._rest_bits
        exits = {}
        for node in self.bounce_successors:
            seen, stack = {node}, [node]
            ends, crashes = 0, False
            while stack:
                for target in out_edges[stack.pop()]:
                    if target == OFF:
                        crashes = True
                    elif target[0] == REST:
                        ends |= bits[(target[1], target[2])]
                    elif target not in seen:
                        seen.add(target)
                        stack.append(target)
            exits[node] = (ends, crashes)
        return exits

    @cached_property
    def bounce_exits(self) -> dict[tuple, tuple[frozenset[Cell], bool]]:
        """Bounce node -> (rest cells where the move can end, whether it can crash)."""
        return {node: (frozenset(self._cells_of(ends)), crashes)
                for node, (ends, crashes) in self._bounce_exit_masks.items()}

    @cached_property
    def _entered(self) -> frozenset:
        """Bounce nodes some edge leads to."""
        return frozenset(t for edges in self.out_edges.values() for t in edges if t != OFF and t[0] == BOUNCE)

    def entered(self, node: tuple) -> bool:
        """Whether any move leads to this bounce node. (Asked of the graph, `in_degree`
        would cache a view that refers back to the graph: a reference cycle that leaves
        every move graph to the garbage collector.)"""
        return node in self._entered

    def can_rest_after(self, node: tuple) -> bool:
        """Whether a move bounced at this bounce node can end on a rest cell at all."""
        return bool(self._bounce_exit_masks[node][0])

    def bounce_links(self, distance: int) -> list[tuple[Cell, Cell]]:
        """Bounce cell -> bounce cell edges at one distance, in row-major order of both ends."""
        links = [((node[1], node[2]), (t[1], t[2]))
                 for node, targets in self.bounce_successors.items() if node[3] == distance
                 for t in targets]
        return sorted(links, key=lambda link: (row_major(link[0]), row_major(link[1])))

    @cached_property
    def bounce_groups(self) -> dict[int, list[frozenset[Cell]]]:
        """Distance -> strongly connected groups of two or more bounce nodes, as cell sets.

        Bounce edges keep d, so the components of the bounce-only graph never mix distances.
        """
        bounce_graph = nx.DiGraph()
        bounce_graph.add_nodes_from(self.bounce_successors)
        bounce_graph.add_edges_from((n, t) for n, ts in self.bounce_successors.items() for t in ts)
        groups: dict[int, list[frozenset[Cell]]] = {d: [] for d in range(1, self.max_distance + 1)}
        for component in nx.strongly_connected_components(bounce_graph):
            if len(component) > 1:
                distance = next(iter(component))[3]
                groups[distance].append(frozenset((n[1], n[2]) for n in component))
        for found in groups.values():
            found.sort(key=lambda group: sorted(map(row_major, group)))
        return groups

    def shortest_bounce_cycle(self, group: frozenset[Cell], distance: int) -> list[Cell]:
        """A shortest cycle through the group's first cell (row-major), as cells, start not repeated."""
        start = bounce_node(min(group, key=row_major), distance)
        members = {bounce_node(c, distance) for c in group}
        parents: dict[tuple, tuple | None] = {start: None}
        queue = deque([start])
        while queue:
            current = queue.popleft()
            for target in sorted(self.bounce_successors[current], key=lambda n: (n[2], n[1])):
                if target == start:
                    path = [current]
                    while (parent := parents[path[-1]]) is not None:
                        path.append(parent)
                    return [(n[1], n[2]) for n in reversed(path)]
                if target in members and target not in parents:
                    parents[target] = current
                    queue.append(target)
        raise ValueError("not a strongly connected group")  # callers pass groups from bounce_groups

    # --- rest cells -----------------------------------------------------------------
    @cached_property
    def off_moves(self) -> dict[Cell, int]:
        """Rest cell -> how many of its (direction, d) moves end off the board."""
        out_edges = self.out_edges
        counts = {}
        for cell in self.rests:
            edge = out_edges[rest_node(cell)].get(OFF)
            counts[cell] = len(edge["moves"]) if edge else 0
        return counts

    @cached_property
    def one_move(self) -> dict[Cell, dict[Cell, int]]:
        """Rest cell -> {rest cell one move reaches: the smallest d that reaches it}."""
        out_edges, exits = self.out_edges, self._bounce_exit_masks
        result = {}
        for cell in self.rests:
            reached: dict[Cell, int] = {}
            for target, data in out_edges[rest_node(cell)].items():
                if target == OFF:
                    continue
                d = data["distance"]
                ends = ((target[1], target[2]),) if target[0] == REST else self._cells_of(exits[target][0])
                for end in ends:
                    if end not in reached or d < reached[end]:
                        reached[end] = d
            result[cell] = reached
        return result

    @cached_property
    def _one_move_masks(self) -> list[int]:
        """For each rest cell (in `rests` order), the bit set of the rest cells one move reaches."""
        out_edges, exits, bits = self.out_edges, self._bounce_exit_masks, self._rest_bits
        masks = []
        for cell in self.rests:
            mask = 0
            for target in out_edges[rest_node(cell)]:
                if target == OFF:
                    continue
                mask |= bits[(target[1], target[2])] if target[0] == REST else exits[target][0]
            masks.append(mask)
        return masks

    def moves_from(self, start: Cell) -> dict[Cell, int]:
        """Rest cell -> fewest moves from rest cell `start` (0 for the start itself).

        A breadth-first search over the one-move relation, level by level, with each level's
        cells as one bit set: with the bounces folded into one move, this is the 0-1
        shortest path over the graph (edges out of rest nodes weigh 1, out of bounce nodes 0).
        """
        cached = self._moves_from.get(start)
        if cached is not None:
            return cached
        rests, masks = self.rests, self._one_move_masks
        distances = {start: 0}
        visited = frontier = self._rest_bits[start]
        steps = 0
        while frontier:
            steps += 1
            reach = 0
            for index in iter_bits(frontier):
                reach |= masks[index]
            frontier = reach & ~visited
            visited |= frontier
            for index in iter_bits(frontier):
                distances[rests[index]] = steps
        self._moves_from[start] = distances
        return distances

    @cached_property
    def off_neighbours(self) -> dict[Cell, int]:
        """Board cell -> how many of its four orthogonal neighbours are off the board."""
        cells = self._cells
        return {(x, y): ((x, y - 1) not in cells) + ((x + 1, y) not in cells)
                + ((x, y + 1) not in cells) + ((x - 1, y) not in cells) for x, y in cells}


_CACHE: OrderedDict[tuple, MoveAnalysis] = OrderedDict()
_CACHE_SIZE = 32
_CACHE_LOCK = threading.Lock()  # the editor may validate on a worker thread


def board_key(board: Board, bounce_type: str, max_distance: int) -> tuple:
    """What a board's moves depend on: its cells and where the bounce features lie (and its
    bounds, which the graph records)."""
    return (bounce_type, max_distance, board.width, board.height, frozenset(board.cell_tiles),
            bounce_cells(board, bounce_type))


def analysis_for(board: Board, bounce_type: str, max_distance: int = DEFAULT_MAX_DISTANCE) -> MoveAnalysis:
    """The shared MoveAnalysis of any board with these cells and bounce cells."""
    key = board_key(board, bounce_type, max_distance)
    with _CACHE_LOCK:
        analysis = _CACHE.get(key)
        if analysis is not None:
            _CACHE.move_to_end(key)
            return analysis
    analysis = MoveAnalysis(board, bounce_type, max_distance)
    with _CACHE_LOCK:
        _CACHE[key] = analysis
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return analysis


def clear_cache() -> None:
    """Forget every cached analysis (benchmarks use it to time the cold path)."""
    with _CACHE_LOCK:
        _CACHE.clear()
