"""The move graph of a board: where a piece that moves in straight lines can end up.

Generic over the bounce feature (Crash & Grab passes its Accelerator): a piece moves d = 1..max_distance spaces in one of the four
directions, one space at a time. Entering a cell off the board (outside it or a hole)
ends the move at the node OFF. Entering a cell carrying the *bounce* feature (the type the
game passes in) stops the piece there, and it must move d again from that cell in a
direction of its choice: that state is the node ("acc", x, y, d). Every other move ends
on the cell d spaces away: node ("cell", x, y).

Several moves from one node can end on the same node (most often OFF). A DiGraph holds
one edge per pair, so each edge carries every move that makes it in `moves`, a tuple of
(direction, distance) ordered by distance, then north, east, south, west; its `direction`
and `distance` attributes are those of the first of them (the shortest).
"""
from __future__ import annotations

import networkx as nx

from ..grid.geometry import Direction
from ..grid.model import Board, Cell

OFF = "off"
REST = "cell"
BOUNCE = "acc"
DEFAULT_MAX_DISTANCE = 5

Node = str | tuple


def rest_node(cell: Cell) -> tuple[str, int, int]:
    return (REST, cell[0], cell[1])


def bounce_node(cell: Cell, distance: int) -> tuple[str, int, int, int]:
    return (BOUNCE, cell[0], cell[1], distance)


def node_cell(node: Node) -> Cell | None:
    """The board cell a node stands for; None for OFF."""
    return None if isinstance(node, str) else (node[1], node[2])


def bounce_cells(board: Board, bounce_type: str) -> frozenset[Cell]:
    return frozenset(c for c, f in board.features.items() if f.type == bounce_type and board.on_board(c))


def rest_cells(board: Board, bounces: frozenset[Cell]) -> list[Cell]:
    """Cells where a piece can come to rest, row by row."""
    return [c for c in board.cells() if c not in bounces]


# (name, dx, dy) in the order moves are listed: north, east, south, west.
_STEPS = tuple((d.value, *d.delta) for d in Direction)


def _ray(cells, bounces: frozenset[Cell], start: Cell, dx: int, dy: int, max_distance: int) -> list[Node]:
    """End node of the move of each d = 1..max_distance along one line (index d - 1).

    One scan of the line serves every distance: the walk of d stops where the walk of a
    longer move would, at the first cell off the board or the first bounce cell.
    """
    x, y = start
    ends: list[Node] = []
    for travelled in range(1, max_distance + 1):
        x += dx
        y += dy
        if (x, y) not in cells:
            ends.extend([OFF] * (max_distance + 1 - travelled))
            break
        if (x, y) in bounces:
            ends.extend((BOUNCE, x, y, d) for d in range(travelled, max_distance + 1))
            break
        ends.append((REST, x, y))
    return ends


def _single_moves(max_distance: int) -> list[dict[int, dict]]:
    """[turn][d] -> the attributes of an edge that one move makes, built once per graph.

    One dict serves every such edge: networkx copies attributes into a dict of its own.
    """
    return [{d: {"direction": name, "distance": d, "moves": ((name, d),)} for d in range(1, max_distance + 1)}
            for name, _, _ in _STEPS]


def _edges(source: Node, rays: list[list[Node]], distances, singles) -> list[tuple[Node, Node, dict]]:
    """The edges out of `source`, one per end node, each carrying every move that ends there.

    Only OFF can be the end of several moves: two directions run along different lines,
    and one line's distances end on different cells or on one bounce cell with different d.
    """
    edges = []
    crashes = []
    for turn in range(4):
        ray, attributes = rays[turn], singles[turn]
        for d in distances:
            end = ray[d - 1]
            if end == OFF:
                crashes.append((d, turn))
            else:
                edges.append((source, end, attributes[d]))
    if crashes:
        crashes.sort()
        moves = tuple(singles[turn][d]["moves"][0] for d, turn in crashes)
        edges.append((source, OFF, {"direction": moves[0][0], "distance": moves[0][1], "moves": moves}))
    return edges


def build_move_graph(board: Board, bounce_type: str, max_distance: int = DEFAULT_MAX_DISTANCE) -> nx.DiGraph:
    """The chosen-direction move graph of `board` (see the module docstring for its nodes and edges)."""
    bounces = bounce_cells(board, bounce_type)
    graph = nx.DiGraph(width=board.width, height=board.height, bounce_type=bounce_type,
                       max_distance=max_distance)
    rests = rest_cells(board, bounces)
    graph.add_nodes_from(rest_node(c) for c in rests)
    graph.add_nodes_from(bounce_node(c, d) for c in sorted(bounces, key=lambda c: (c[1], c[0]))
                         for d in range(1, max_distance + 1))
    graph.add_node(OFF)
    all_distances = range(1, max_distance + 1)
    cells = board.cell_tiles
    singles = _single_moves(max_distance)
    edges = []
    for cell in board.cells():
        rays = [_ray(cells, bounces, cell, dx, dy, max_distance) for _, dx, dy in _STEPS]
        if cell in bounces:
            for d in all_distances:
                edges += _edges(bounce_node(cell, d), rays, (d,), singles)
        else:
            edges += _edges(rest_node(cell), rays, all_distances, singles)
    graph.add_edges_from(edges)
    return graph
