"""The arena as text, two characters a square: what `crashgrab show` and the scenario runner print.

`. ` free, `# ` wall, `s h d c` a trail card of spades/hearts/diamonds/clubs, and a rider (or a
start) by its suit's capital and an arrow for its facing: `S>` spades facing east.
"""
from __future__ import annotations

from typing import Iterable

from .board import arena_board, starts, wall_cells
from .model import ArenaLayout
from .rules import GridState
from .terms import Cell, cell_text

ARROWS = {"north": "^", "east": ">", "south": "v", "west": "<"}
LEGEND = ".  free   #  wall   s h d c  trail cards   S H D C + ^ > v <  a rider (start) and its facing"


def _grid(width: int, height: int, marks: dict[Cell, str]) -> str:
    header = "    " + "".join(f"{x % 10} " for x in range(width))
    lines = [header, "   +" + "-" * (2 * width) + "+"]
    for y in range(height):
        row = "".join(marks.get((x, y), ". ") for x in range(width))
        lines.append(f"{y:2} |{row}|")
    lines.append("   +" + "-" * (2 * width) + "+")
    return "\n".join(lines)


def _rider(suit: str, facing: str) -> str:
    return suit[0].upper() + ARROWS[facing]


def layout_text(layout: ArenaLayout) -> str:
    board = arena_board(layout)
    placed = starts(board)
    marks = {cell: "# " for cell in wall_cells(board)}
    marks.update({s.cell: _rider(s.suit, s.facing) for s in placed})
    lines = [_grid(board.width, board.height, marks), LEGEND]
    lines += [f"  {s.suit} starts at {cell_text(s.cell)} facing {s.facing}" for s in placed]
    return "\n".join(lines)


def state_text(state: GridState) -> str:
    marks = {cell: "# " for cell in state.walls}
    marks.update({cell: suit[0] + " " for cell, suit in state.trails})
    marks.update({r.at: _rider(r.suit, r.facing) for r in state.riders if r.at is not None})
    return _grid(state.width, state.height, marks)


def riders_text(state: GridState) -> Iterable[str]:
    deck = state.initiative_deck()
    for rider in state.riders:
        used = ", ".join(m for m in ("J", "Q", "K") if m in rider.used) or "-"
        where = f"at {cell_text(rider.at)} facing {rider.facing}" if rider.at else "crashed"
        hand = ""
        if deck.hand(rider.suit):  # only what Deck A names: an open deck's unnamed cards are not shown
            hidden = deck.hidden_in(rider.suit)
            hand = f"; initiative hand: {', '.join(deck.hand(rider.suit))}" + (f" and {hidden} unnamed" if hidden else "")
        yield f"  {rider.suit}: {where}; {rider.rails} trail cards in hand; used since the refresh: {used}{hand}"
    table = ", ".join(deck.table) or "none"
    if deck.seeded:
        yield f"  Deck A: {len(deck.pile)} cards in the draw pile; on the table: {table}"
    elif deck.table:
        yield f"  Deck A: on the table: {table}; {len(deck.unseen())} cards not yet seen"
