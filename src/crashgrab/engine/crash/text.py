"""The board as text, hex rows offset half a hex: what `crashgrab show` and the scenario runner print.

Every hex is six characters wide and each row r is shifted three characters (half a hex) right
of the row above it, as pointy-top hexes sit. Marks: `.` a hex, `A3ne` p1's car 3 facing
north-east (`B` for p2), `J1` / `J2` the junkyard of p1 / p2.
"""
from __future__ import annotations

from typing import Iterable

from .model import CrashLayout
from .rules import CrashState
from .terms import PLAYERS, Cell, cell_text

SHORT = {"east": "e", "southeast": "se", "southwest": "sw", "west": "w", "northwest": "nw", "northeast": "ne"}
LETTER = {"p1": "A", "p2": "B"}
LEGEND = (".  a hex   A1-A6  p1's cars (starts) and their facing (e se sw w nw ne)   B1-B6  p2's   "
          "J1 J2  the junkyards of p1 and p2")
WIDTH = 6


def car_mark(player: str, number: int, facing: str) -> str:
    return f"{LETTER[player]}{number}{SHORT[facing]}"


def hex_rows(hexes: frozenset[Cell], marks: dict[Cell, str]) -> str:
    cells = set(hexes) | set(marks)
    if not cells:
        return "(no hexes)"
    columns = {cell: 3 * (2 * cell[0] + cell[1]) for cell in cells}
    left = min(columns.values())
    lines = []
    for r in range(min(c[1] for c in cells), max(c[1] for c in cells) + 1):
        row = sorted((c for c in cells if c[1] == r), key=lambda c: c[0])
        text = ""
        for cell in row:
            column = columns[cell] - left
            mark = marks.get(cell, ".") + ("" if cell in hexes else "?")
            text = text.ljust(column) + mark.center(WIDTH)
        lines.append(f"r={r:<3} " + text.rstrip())
    return "\n".join(lines)


def layout_marks(layout: CrashLayout) -> dict[Cell, str]:
    marks = {j.at: f"J{PLAYERS.index(j.player) + 1}" for j in layout.junkyards}
    marks.update({s.at: car_mark(s.player, s.car, layout.facing_of(s)) for s in layout.starts})
    return marks


def layout_text(layout: CrashLayout) -> str:
    lines = [hex_rows(layout.hexes, layout_marks(layout)), LEGEND,
             "hexes are [q, r]: q grows to the east, r to the south-east; ? marks a start or junkyard off the board"]
    for start in layout.starts:
        written = "" if start.facing else " (by default)"
        lines.append(f"  {start.player} car {start.car} starts at {cell_text(start.at)} facing "
                     f"{layout.facing_of(start)}{written}")
    lines += [f"  {j.player}'s junkyard at {cell_text(j.at)}" for j in layout.junkyards]
    return "\n".join(lines)


def state_text(state: CrashState) -> str:
    marks = {at: f"J{PLAYERS.index(owner) + 1}" for owner, at in state.junkyards}
    marks.update({c.at: car_mark(c.player, c.number, c.facing) for c in state.cars if c.at is not None})
    return hex_rows(state.hexes, marks)


def cars_text(state: CrashState) -> Iterable[str]:
    for player in PLAYERS:
        parts = []
        for car in (c for c in state.cars if c.player == player):
            if car.at is not None:
                parts.append(f"{car.number} at {cell_text(car.at)} {car.facing}")
            elif car.in_slot:
                parts.append(f"{car.number} in its slot")
            else:
                fate = {"off": "off the board", "p1": "in p1's junkyard", "p2": "in p2's junkyard"}.get(car.fate or "", "out")
                parts.append(f"{car.number} {fate}")
        yield f"  {player}: " + "; ".join(parts)
