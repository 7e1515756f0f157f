"""What the editor's overlays draw, read off the same cached move analysis as validation."""
from __future__ import annotations

from ...grid.model import Board, Cell
from ...grid.movegraph import bounce_node
from ..movegraph import move_analysis


def accelerator_links(board: Board, distance: int) -> tuple[list[tuple[Cell, Cell]], list[frozenset[Cell]]]:
    """Accelerator -> Accelerator links for a move of `distance`, and the loop groups at it."""
    analysis = move_analysis(board)
    if distance not in range(1, analysis.max_distance + 1):
        raise ValueError(f"distance must be 1 to {analysis.max_distance}, not {distance!r}")
    return analysis.bounce_links(distance), list(analysis.bounce_groups[distance])


def reachable_in_one_move(board: Board, start: Cell) -> dict[Cell, int]:
    """Rest cells one card's move from `start` reaches -> the smallest d that reaches each.

    `start` itself is left out (a bounce can bring a saucer back to it). From an
    Accelerator cell, the moves are those of a saucer bounced there with each d. A cell
    off the board reaches nothing.
    """
    analysis = move_analysis(board)
    if start in analysis.bounces:
        reached: dict[Cell, int] = {}
        for d in range(1, analysis.max_distance + 1):
            for cell in analysis.bounce_exits[bounce_node(start, d)][0]:
                reached.setdefault(cell, d)
    elif board.on_board(start):
        reached = dict(analysis.one_move[start])
    else:
        return {}
    reached.pop(start, None)
    return reached
