"""The board as text, one character a cell, with the direction markers named around it."""
from __future__ import annotations

from typing import Mapping

from ..grid.model import Board, Cell
from .terms import ACCELERATOR, CRASH_SITE

HOLE, PLAIN, ACCELERATOR_CHAR = "#", ".", ">"


def cell_char(board: Board, cell: Cell) -> str:
    if not board.on_board(cell):
        return HOLE
    feature = board.feature_at(cell)
    if feature is None:
        return PLAIN
    if feature.type == ACCELERATOR:
        return ACCELERATOR_CHAR
    if feature.type == CRASH_SITE and feature.number is not None:
        return crash_site_char(feature.number)
    return "?"


def crash_site_char(number: int) -> str:
    """1-9 as digits, 10, 11, 12 as a, b, c; anything else as '?'."""
    if 1 <= number <= 9:
        return str(number)
    if 10 <= number <= 12:
        return "abc"[number - 10]
    return "?"


def board_text(board: Board, directions: Mapping[str, str], marks: Mapping[Cell, str] | None = None) -> str:
    """Rows of cells framed by the four markers; `marks` overrides single cells (pieces)."""
    marks = marks or {}
    west, east = directions.get("west", "?"), directions.get("east", "?")
    pad = " " * (len(west) + 1)
    rows = ["".join(marks.get((x, y), cell_char(board, (x, y))) for x in range(board.width))
            for y in range(board.height)]
    middle = board.height // 2
    lines = [pad + " " + directions.get("north", "?").center(board.width).rstrip(),
             pad + "+" + "-" * board.width + "+"]
    for y, row in enumerate(rows):
        left = west + " " if y == middle else pad
        right = " " + east if y == middle else ""
        lines.append(f"{left}|{row}|{right}")
    lines.append(pad + "+" + "-" * board.width + "+")
    lines.append(pad + " " + directions.get("south", "?").center(board.width).rstrip())
    return "\n".join(lines)


LEGEND = ". plain   > Accelerator   # hole   1-9 a b c  Crash Sites 1-12"
