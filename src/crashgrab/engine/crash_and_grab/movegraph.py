"""Crash & Grab's move graph: `bounce_graph`'s move graph with Accelerators as the bounce cells.

A saucer moves 1-5 spaces (the largest card); entering an Accelerator it stops and moves
the same distance again in a direction its owner chooses. See `crashgrab.engine.crash_and_grab.bounce_graph`
for the nodes ("cell", x, y), ("acc", x, y, d) and "off", and the edges.
"""
from __future__ import annotations

import networkx as nx

from ..grid.model import Board
from .moveanalysis import MoveAnalysis, analysis_for
from .bounce_graph import OFF, bounce_node, node_cell, rest_node  # noqa: F401 (re-exported)
from . import bounce_graph as _grid
from .terms import ACCELERATOR, MAX_MOVE  # noqa: F401 (MAX_MOVE re-exported)


def build_move_graph(board: Board) -> nx.DiGraph:
    """A fresh move graph of `board` (callers may change it)."""
    return _grid.build_move_graph(board, ACCELERATOR, MAX_MOVE)


def move_analysis(board: Board) -> MoveAnalysis:
    """The shared, cached facts about `board`'s moves (its `graph` is frozen)."""
    return analysis_for(board, ACCELERATOR, MAX_MOVE)
