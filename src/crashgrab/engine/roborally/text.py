"""A course or a board as text, for `crashgrab show`: every square two characters, the edges between
them drawn in the gaps (a wall `--` under or over a square, `|` beside it; a laser `L`, a pusher
`P`, a door `D`), and a list of what the marks cannot say (facings of lasers, steps).

Squares: `. ` floor, `O ` pit, `> ` a belt facing east (`>>` express), `G<` a gear turning left
(`G>` right), `W1` `W2` a repair site with its wrenches, `~~` oil, `@b` a portal (its colour's
first letter), `X ` a crusher, `F>` a flamethrower facing east, `#1` checkpoint 1, `S1` start 1;
blank squares are off the course.
"""
from __future__ import annotations

from .model import Board, CellElement, EdgeElement
from .resolved import ResolvedCourse
from .terms import Cell, cell_text, edge_text

ARROWS = {"north": "^", "east": ">", "south": "v", "west": "<"}
EDGE_MARKS = {"wall": "-", "laser": "L", "pusher": "P", "door": "D"}
ORDER = ("door", "pusher", "laser", "wall")  # the mark an edge shows when it holds several
LEGEND = (". floor  O pit  > belt (>> express)  G< G> gear left/right  W1 W2 repair  ~~ oil  @ portal  "
          "X crusher  F> flamethrower  #n checkpoint  Sn start\n"
          "edges: -- or | wall  L laser  P pusher  D door (in the gap between two squares)")


def cell_symbol(element: CellElement | None) -> str:
    if element is None:
        return ". "
    kind = element.type
    arrow = ARROWS.get(element.facing or "", " ")
    if kind == "conveyor":
        return arrow * 2 if element.express else arrow + " "
    return {"pit": "O ", "gear": "G<" if element.turn == "left" else "G>", "repair": f"W{element.wrenches}",
            "oil": "~~", "portal": "@" + (element.colour or "?")[0], "crusher": "X ",
            "flamethrower": "F" + arrow}.get(kind, "? ")


def _edge_mark(elements: tuple[EdgeElement, ...]) -> str | None:
    kinds = {e.type for e in elements}
    kind = next((k for k in ORDER if k in kinds), None)
    return EDGE_MARKS[kind] if kind else None


def grid_text(width: int, height: int, symbols: dict[Cell, str], edges_of) -> str:
    """`symbols` for the cells on the board (others blank); `edges_of(cell, side)` their edge elements."""
    lines = ["   " + "".join(f" {x:<2}" for x in range(width)).rstrip()]
    for y in range(height + 1):
        row = ["   "]
        for x in range(width):
            mark = _edge_mark(edges_of((x, y), "north"))
            row.append(" " + (("--" if mark == "-" else mark * 2) if mark else "  "))
        lines.append("".join(row).rstrip())
        if y == height:
            break
        row = [f"{y:2} "]
        for x in range(width + 1):
            mark = _edge_mark(edges_of((x, y), "west"))
            row.append("|" if mark == "-" else mark or " ")
            if x < width:
                row.append(symbols.get((x, y), "  "))
        lines.append("".join(row).rstrip())
    return "\n".join(lines)


def edge_notes(elements: list[EdgeElement]) -> list[str]:
    notes = []
    for e in elements:
        cell, side = e.mount
        if e.type == "laser":
            notes.append(f"  laser on {edge_text(cell, side)}: {e.beams} beam{'s' if e.beams != 1 else ''}, into {cell_text(cell)}")
        elif e.type == "pusher":
            notes.append(f"  pusher on {edge_text(cell, side)}: pushes into {cell_text(cell)} in steps {_steps(e.steps)}")
        elif e.type == "door":
            notes.append(f"  door on {edge_text(cell, side)}: open in steps {_steps(e.steps)}")
    return notes


def _steps(steps) -> str:
    return ", ".join(map(str, steps)) if steps else "1-5 (every step)"


def element_notes(elements: dict[Cell, CellElement]) -> list[str]:
    notes = []
    for cell in sorted(elements, key=lambda c: (c[1], c[0])):
        e = elements[cell]
        if e.type == "crusher":
            notes.append(f"  crusher at {cell_text(cell)}: active in steps {_steps(e.steps)}")
        elif e.type == "flamethrower":
            notes.append(f"  flamethrower at {cell_text(cell)} facing {e.facing}: active in steps {_steps(e.steps)}")
        elif e.type == "portal":
            notes.append(f"  {e.colour} portal at {cell_text(cell)}")
    return notes


def course_text(resolved: ResolvedCourse) -> str:
    course = resolved.course
    width, height = resolved.bounds()
    symbols = {c: cell_symbol(resolved.elements.get(c)) for c in resolved.board_of}
    symbols.update({s.at: f"S{s.number % 10}" for s in course.starts if s.at in resolved.board_of})
    symbols.update({c: f"#{n % 10}" for n, c in enumerate(course.checkpoints, 1) if c in resolved.board_of})
    lines = [grid_text(width, height, symbols, resolved.edge_elements), LEGEND]
    lines += [f"  board {p.placement.board} at {cell_text((p.placement.x, p.placement.y))}, turned {p.placement.rotation}"
              for p in resolved.placed]
    lines += [f"  checkpoint {n} at {cell_text(c)}" + (f" (on {resolved.elements[c].type})" if c in resolved.elements else "")
              for n, c in enumerate(course.checkpoints, 1)]
    lines += [f"  start {s.number} at {cell_text(s.at)} facing {s.facing}" for s in course.starts]
    lines += element_notes(resolved.elements)
    lines += edge_notes([e for items in resolved.edges.values() for e in items])
    return "\n".join(lines)


def board_text(board: Board) -> str:
    symbols = {c: cell_symbol(board.element(c)) for c in board.all_cells()}
    symbols.update({s.at: f"S{s.number % 10}" for s in board.starts})
    lines = [f"{board.name} ({board.id}), {board.width}x{board.height}",
             grid_text(board.width, board.height, symbols, board.edge_elements), LEGEND]
    lines += element_notes(dict(board.cells)) + edge_notes(board.all_edge_elements())
    return "\n".join(lines)
