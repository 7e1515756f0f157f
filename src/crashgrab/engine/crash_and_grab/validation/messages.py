"""The one sentence of every rule finding, from what the finding records (its cells and details).

Both the networkx checks (crash_sites, accelerators, exposure, reachability) and the fast
path's report (fast.py) word their findings here, so the two say exactly the same.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...grid.model import Cell
from .wording import cell_text, cells_text, numbers_text, plural


def missing(numbers: Sequence[int]) -> str:
    what = f"Crash Site {numbers[0]} is" if len(numbers) == 1 else f"Crash Sites {numbers_text(numbers)} are"
    return (f"{what} missing from the board, but the placement die needs every number from 1 to 12; "
            "add, flip or swap a tile that carries them.")


def duplicate(number: int, cells: Sequence[Cell]) -> str:
    return (f"Crash Site {number} appears {plural(len(cells), 'time')}, at {cells_text(cells)}, but the "
            "placement die must find each number exactly once; flip or swap one of those tiles.")


def out_of_range(cell: Cell, number: int | None) -> str:
    what = "has no number" if number is None else f"is numbered {number}"
    return (f"The Crash Site at {cell_text(cell)} {what}, but the placement die only rolls 1 to 12; "
            "renumber it in the tile set.")


def sequence(number: int, first: Cell, following: int, second: Cell, steps: int) -> str:
    return (f"Crash Sites {number} at {cell_text(first)} and {following} at {cell_text(second)} "
            f"are only {plural(steps, 'step')} apart, so when {number} is taken the die's "
            "count-on drops the next piece right beside it; move or turn a tile to spread them.")


def loop(cells: Sequence[Cell], distance: int, cycle: Sequence[Cell]) -> str:
    route = " to ".join(cell_text((c[0], c[1])) for c in [*cycle, cycle[0]])
    who = f"The Accelerators at {cells_text(cells)}" if len(cells) == 2 else \
        f"The {len(cells)} Accelerators at {cells_text(cells)}"
    return (f"{who} can bounce a saucer moving {distance} round and round without end "
            f"(for example {route}); move or turn a tile so that they no longer line up "
            f"{distance} or fewer spaces apart with nothing between them.")


def trap(cell: Cell, distances: Sequence[int]) -> str:
    return (f"A saucer that reaches the Accelerator at {cell_text(cell)} moving "
            f"{numbers_text(distances, 'or')} crashes whichever "
            "way it turns; move the Accelerator inward or open a way out for it.")


def site_edge(number: int | None, cell: Cell) -> str:
    return (f"Crash Site {number} at {cell_text(cell)} is on the edge of the board, so a one-space push "
            "that way crashes a saucer that was just placed there.")


def site_corner(number: int | None, cell: Cell, open_sides: int) -> str:
    return (f"Crash Site {number} at {cell_text(cell)} is open to the edge on "
            f"{plural(open_sides, 'side')}, so a saucer placed there can be pushed off in "
            f"{open_sides} directions; move or turn its tile to bring the site inward.")


def accelerator_edge(cell: Cell) -> str:
    return (f"The Accelerator at {cell_text(cell)} is on the edge of the board, so a saucer bounced "
            "there can be sent straight off it.")


def unreachable(group: Sequence[Cell]) -> str:
    return (f"No sequence of moves from a Crash Site reaches {plural(len(group), 'cell')} "
            f"{cells_text(group)}, so no piece can ever get there; connect that part of the board "
            "without holes in the way or put a Crash Site there.")


def isolated(number: int | None, cell: Cell, numbers: Sequence[int], missed_cells: Sequence[Cell]) -> str:
    """`numbers`: the unreached sites' numbers; `missed_cells`: their cells (named when some have none)."""
    what = f"Crash Site {number} at {cell_text(cell)}" if number is not None else \
        f"the Crash Site at {cell_text(cell)}"
    return (f"No sequence of moves from {what} reaches "
            f"{'Crash Site' if len(missed_cells) == 1 else 'Crash Sites'} "
            f"{numbers_text(numbers) if len(numbers) == len(missed_cells) else cells_text(missed_cells)}, "
            "so a saucer placed there is cut off from them; connect the board without holes in the way.")


def rule_message(code: str, cells: Sequence[Cell], details: Mapping[str, Any],
                 missed_cells: Sequence[Cell] = ()) -> str:
    """The sentence of a rule finding from its code, cells and details (`missed_cells`:
    for isolated-crash-site, the cells of the sites it does not reach)."""
    if code == "crash-site-missing":
        return missing(details["numbers"])
    if code == "crash-site-duplicate":
        return duplicate(details["number"], cells)
    if code == "crash-site-range":
        return out_of_range(cells[0], details["number"])
    if code == "crash-site-sequence":
        (number, following), (first, second) = details["numbers"], cells
        return sequence(number, first, following, second, details["steps"])
    if code == "accelerator-loop":
        return loop(cells, details["distance"], [tuple(c) for c in details["cycle"]])
    if code == "accelerator-trap":
        return trap(cells[0], details["distances"])
    if code == "crash-site-edge":
        return site_edge(details["number"], cells[0])
    if code == "crash-site-corner":
        return site_corner(details["number"], cells[0], details["off_neighbours"])
    if code == "accelerator-edge":
        return accelerator_edge(cells[0])
    if code == "unreachable":
        return unreachable(cells)
    if code == "isolated-crash-site":
        return isolated(details["number"], cells[0], details["unreached"], missed_cells)
    raise ValueError(f"{code!r} is not a rule finding code")
