"""The move graph of a Crash! board (networkx, as for the other games): one node per board hex,
an edge from each hex to each neighbouring board hex carrying the direction of the step.

A car entering a junkyard leaves the board, so no path runs on through a junkyard: edges out
of a junkyard hex are left out. Shortest paths here are in hexes; turning (a die) is not counted.
"""
from __future__ import annotations

import networkx as nx

from .model import CrashLayout
from .terms import FACINGS, HEX, Cell


def move_graph(layout: CrashLayout) -> nx.DiGraph:
    junkyards = {j.at for j in layout.junkyards}
    graph = nx.DiGraph(game="crash")
    for cell in layout.sorted_hexes():
        graph.add_node(cell, junkyard=cell in junkyards)
    for cell in layout.sorted_hexes():
        if cell in junkyards:
            continue
        for direction in FACINGS:
            target = HEX.step(cell, direction)
            if target in layout.hexes:
                graph.add_edge(cell, target, direction=direction)
    return graph


def path_length(graph: nx.DiGraph, source: Cell, target: Cell) -> int | None:
    """Hexes from `source` to `target` over the board, or None when no path joins them."""
    if source not in graph or target not in graph:
        return None
    try:
        return int(nx.shortest_path_length(graph, source, target))
    except nx.NetworkXNoPath:
        return None


def straight_run(layout: CrashLayout, cell: Cell, facing: str) -> int:
    """Board hexes straight ahead of `cell` before the edge (or a hole in the board)."""
    count, ahead = 0, HEX.step(cell, facing)
    while ahead in layout.hexes:
        count += 1
        ahead = HEX.step(ahead, facing)
    return count
