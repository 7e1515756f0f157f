"""The move graph under movement upgrades, and what the checks read off it.

The nodes are those of the standard graph (`crashgrab.engine.crash_and_grab.bounce_graph`): ("cell", x, y),
("acc", x, y, d) and "off", with two changes:
  - ("acc", x, y, d) exists for every d a move can have under the upgrades (`Movement.distances`),
  - with the Waste Accelerator, ("acc", x, y, d, "spent") is a saucer bounced at [x, y] (an
    Accelerator, or a Crash Site acting as one) that has used the card in this move, so no
    Crash Site acts as an Accelerator for it again.
Edges, without attributes: out of a rest cell, one per direction and distance; out of a bounce
node with d, one per direction with d and, with the Acceleration Regulator, with 1-4 as well.
A walk that passes or ends on a Crash Site with the Waste Accelerator unused also has an edge
to that site's spent node (the saucer may use the site or carry on).

`UpgradedMoves` answers the questions the checks ask of `crashgrab.engine.crash_and_grab.moveanalysis.MoveAnalysis`
under the same names, for the upgraded graph.
"""
from __future__ import annotations

from functools import cached_property

import networkx as nx

from ...grid.geometry import Direction
from ...grid.model import Board, Cell
from ..moveanalysis import row_major
from ..bounce_graph import BOUNCE, OFF, REST, bounce_cells, bounce_node, rest_cells, rest_node
from ..terms import ACCELERATOR, CRASH_SITE
from .upgrades import Movement

SPENT = "spent"
STEPS = tuple(d.delta for d in Direction)  # north, east, south, west


def spent_node(cell: Cell, distance: int) -> tuple:
    return (*bounce_node(cell, distance), SPENT)


def _is_bounce(node) -> bool:
    return node != OFF and node[0] == BOUNCE


class UpgradedMoves:
    def __init__(self, board: Board, movement: Movement) -> None:
        self.movement = movement
        self.distances = movement.distances
        self.bounces = bounce_cells(board, ACCELERATOR)
        self.rests = rest_cells(board, self.bounces)
        self.sites = frozenset(c for c, f in board.features.items() if f.type == CRASH_SITE and board.on_board(c))
        self._cells = frozenset(board.cell_tiles)
        self.graph = nx.freeze(self._build_graph())
        self._moves_from: dict[Cell, dict[Cell, int]] = {}

    # --- the graph --------------------------------------------------------------------
    def _walk(self, start: Cell, step: tuple[int, int], distance: int, spent: bool) -> list:
        """Every node a move of `distance` from `start` one way can end on."""
        use_sites = self.movement.crash_sites_accelerate and not spent
        bounce = spent_node if spent else bounce_node
        (x, y), (dx, dy) = start, step
        ends: list = []  # graph nodes: OFF, or tuples naming a rest, bounce or spent node
        for _ in range(distance):
            x, y = x + dx, y + dy
            if (x, y) not in self._cells:
                ends.append(OFF)
                return ends
            if (x, y) in self.bounces:
                ends.append(bounce((x, y), distance))
                return ends
            if use_sites and (x, y) in self.sites:
                ends.append(spent_node((x, y), distance))
        ends.append(rest_node((x, y)))
        return ends

    def _build_graph(self) -> nx.DiGraph:
        movement = self.movement
        graph = nx.DiGraph()
        graph.add_nodes_from(rest_node(c) for c in self.rests)
        plain = [(c, d, False) for c in sorted(self.bounces, key=row_major) for d in self.distances]
        spent = [(c, d, True) for c in sorted(self.bounces | self.sites, key=row_major) for d in self.distances] \
            if movement.crash_sites_accelerate else []
        graph.add_nodes_from((spent_node if s else bounce_node)(c, d) for c, d, s in plain + spent)
        graph.add_node(OFF)
        edges: set[tuple] = set()
        for cell in self.rests:
            source = rest_node(cell)
            for step in STEPS:
                for d in self.distances:
                    edges.update((source, end) for end in self._walk(cell, step, d, False))
        for cell, d, is_spent in plain + spent:
            source = (spent_node if is_spent else bounce_node)(cell, d)
            for leave in sorted({d, *movement.leave_distances}):
                for step in STEPS:
                    edges.update((source, end) for end in self._walk(cell, step, leave, is_spent))
        graph.add_edges_from(edges)
        return graph

    # --- Accelerator links and loops (see docs/findings.md for why upgrades other than the
    # distances leave them alone) --------------------------------------------------------
    @cached_property
    def _first_accelerators(self) -> dict[Cell, list[tuple[int, Cell]]]:
        """Accelerator -> (spaces, Accelerator) of the first one each way with only board cells between."""
        reach = max(self.distances)
        first: dict[Cell, list[tuple[int, Cell]]] = {}
        for cell in self.bounces:
            found = []
            for dx, dy in STEPS:
                x, y = cell
                for spaces in range(1, reach + 1):
                    x, y = x + dx, y + dy
                    if (x, y) not in self._cells:
                        break
                    if (x, y) in self.bounces:
                        found.append((spaces, (x, y)))
                        break
            first[cell] = found
        return first

    def _successors(self, cell: Cell, distance: int) -> list[Cell]:
        return [other for spaces, other in self._first_accelerators[cell] if spaces <= distance]

    def bounce_links(self, distance: int) -> list[tuple[Cell, Cell]]:
        """Accelerator -> Accelerator moves of `distance`, in row-major order of both ends."""
        links = [(cell, other) for cell in self.bounces for other in self._successors(cell, distance)]
        return sorted(links, key=lambda link: (row_major(link[0]), row_major(link[1])))

    @cached_property
    def bounce_groups(self) -> dict[int, list[frozenset[Cell]]]:
        """Distance -> strongly connected groups of two or more Accelerators, as cell sets."""
        groups = {}
        for distance in self.distances:
            graph = nx.DiGraph(self.bounce_links(distance))
            found = [frozenset(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]
            groups[distance] = sorted(found, key=lambda group: sorted(map(row_major, group)))
        return groups

    def shortest_bounce_cycle(self, group: frozenset[Cell], distance: int) -> list[Cell]:
        """A shortest cycle through the group's first cell (row-major), start not repeated;
        ties broken as the standard analysis does, so both name the same cycle."""
        start = min(group, key=row_major)
        parents: dict[Cell, Cell | None] = {start: None}
        queue = [start]
        for current in queue:
            for target in sorted(self._successors(current, distance), key=row_major):
                if target == start:
                    path = [current]
                    while (parent := parents[path[-1]]) is not None:
                        path.append(parent)
                    return list(reversed(path))
                if target in group and target not in parents:
                    parents[target] = current
                    queue.append(target)
        raise ValueError("not a strongly connected group")

    # --- where moves end ------------------------------------------------------------------
    @cached_property
    def _rest_index(self) -> dict[Cell, int]:
        return {cell: i for i, cell in enumerate(self.rests)}

    @cached_property
    def _rest_bits(self) -> dict[Cell, int]:
        return {cell: 1 << i for cell, i in self._rest_index.items()}

    @cached_property
    def _exit_masks(self) -> dict[object, int]:
        """Bounce node -> bit set of the rest cells a move bounced there can end on.

        Bounce nodes can form cycles, so this runs over the condensation: a strongly connected
        group of bounce nodes shares its exits with everything it leads to."""
        graph, bits = self.graph, self._rest_bits
        bounces = [n for n in graph if _is_bounce(n)]
        condensed = nx.condensation(graph.subgraph(bounces))
        masks: dict[int, int] = {}
        for group in reversed(list(nx.topological_sort(condensed))):
            mask = 0
            for node in condensed.nodes[group]["members"]:
                for target in graph.successors(node):
                    if target != OFF and target[0] == REST:
                        mask |= bits[(target[1], target[2])]
            for successor in condensed.successors(group):
                mask |= masks[successor]
            masks[group] = mask
        return {node: masks[condensed.graph["mapping"][node]] for node in bounces}

    @cached_property
    def _entered(self) -> frozenset:
        """Bounce nodes some edge leads to."""
        return frozenset(target for _, target in self.graph.edges if _is_bounce(target))

    def entered(self, node: tuple) -> bool:
        """Whether any move leads to this bounce node (as MoveAnalysis.entered: no `in_degree`
        view, which would refer back to the graph and leave it to the garbage collector)."""
        return node in self._entered

    def can_rest_after(self, node: tuple) -> bool:
        """Whether a move bounced at this bounce node can end on a rest cell at all."""
        return bool(self._exit_masks[node])

    @cached_property
    def _one_move_masks(self) -> list[int]:
        """For each rest cell (in `rests` order), the bit set of the rest cells one move reaches."""
        graph, bits, exits = self.graph, self._rest_bits, self._exit_masks
        masks = []
        for cell in self.rests:
            mask = 0
            for target in graph.successors(rest_node(cell)):
                if target == OFF:
                    continue
                mask |= bits[(target[1], target[2])] if target[0] == REST else exits[target]
            masks.append(mask)
        return masks

    def moves_from(self, start: Cell) -> dict[Cell, int]:
        """Rest cell -> fewest moves from rest cell `start`: breadth first over one-move reach."""
        cached = self._moves_from.get(start)
        if cached is not None:
            return cached
        index = self._rest_index
        masks, distances = self._one_move_masks, {start: 0}
        visited = frontier = self._rest_bits[start]
        steps = 0
        while frontier:
            steps += 1
            reach = 0
            for cell in self._cells_of(frontier):
                reach |= masks[index[cell]]
            frontier = reach & ~visited
            visited |= frontier
            for cell in self._cells_of(frontier):
                distances[cell] = steps
        self._moves_from[start] = distances
        return distances

    def _cells_of(self, mask: int) -> list[Cell]:
        cells = []
        while mask:
            low = mask & -mask
            cells.append(self.rests[low.bit_length() - 1])
            mask ^= low
        return cells

    # --- exposure ---------------------------------------------------------------------------
    @cached_property
    def off_moves(self) -> dict[Cell, int]:
        """Rest cell -> how many of its (direction, distance) moves run off the board before
        meeting an Accelerator (without using an upgrade on the way)."""
        counts = {}
        for cell in self.rests:
            count = 0
            for dx, dy in STEPS:
                x, y = cell
                for spaces in range(1, max(self.distances) + 1):
                    x, y = x + dx, y + dy
                    if (x, y) in self.bounces:
                        break
                    if (x, y) not in self._cells:
                        count += sum(1 for d in self.distances if d >= spaces)
                        break
            counts[cell] = count
        return counts

    @cached_property
    def off_neighbours(self) -> dict[Cell, int]:
        """Board cell -> how many of its four orthogonal neighbours are off the board."""
        cells = self._cells
        return {(x, y): sum((x + dx, y + dy) not in cells for dx, dy in STEPS) for x, y in cells}
