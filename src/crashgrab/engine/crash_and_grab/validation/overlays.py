"""What the editor's overlays draw, read off the same cached move analysis as validation."""
from __future__ import annotations

from ...grid.model import Board, Cell
from ..bounce_graph import bounce_node
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


def loop_route(links: list[tuple[Cell, Cell]], cells) -> list[Cell]:
    """A closed route round an Accelerator loop that passes every one of its `cells`, in the order a
    saucer could be bounced: from the first cell (row-major), each time on to the nearest cell not
    yet passed (fewest bounces, ties row-major), then back to the start; the start is not repeated
    at the end. A cell comes twice only when no single cycle passes them all. `links` are the
    loop's distance's Accelerator -> Accelerator moves (`accelerator_links`)."""
    group = set(cells)
    successors: dict[Cell, list[Cell]] = {}
    for a, b in links:
        if a in group and b in group:
            successors.setdefault(a, []).append(b)
    for targets in successors.values():
        targets.sort(key=lambda c: (c[1], c[0]))

    def path_to(start: Cell, wanted) -> list[Cell]:
        """The fewest bounces from `start` to the first cell `wanted` accepts, start left out."""
        parents: dict[Cell, Cell | None] = {start: None}
        queue = [start]
        for current in queue:
            for target in successors.get(current, ()):
                if target in parents and not (target == start and wanted(target)):
                    continue
                parents.setdefault(target, current)
                if wanted(target):
                    path: list[Cell] = [target]
                    step: Cell | None = current
                    while step is not None and step != start:
                        path.append(step)
                        step = parents[step]
                    return list(reversed(path))
                queue.append(target)
        raise ValueError("the cells are not one strongly connected loop")

    start = min(group, key=lambda c: (c[1], c[0]))
    route, seen = [start], {start}
    while len(seen) < len(group):
        route += path_to(route[-1], lambda c: c not in seen)
        seen.update(route)
    back = path_to(route[-1], lambda c: c == start)
    return route + back[:-1]
