"""The rulebook's arenas: template "3" (10x10) and "4" (12x12), with their starts.

The rule for the starts: walk the edge clockwise from the top-left corner (perimeter.py);
the first start (spades) is at position (size - 1) // 2, the middle of the top edge (its left
square when the edge is even); each next suit is perimeter / players squares further on;
every start faces inward, away from its edge. Worked by hand (docs/crash-grid.md):

- "4", 12x12, perimeter 44, gap 11: spades [5,0] south, hearts [11,5] west,
  diamonds [6,11] north, clubs [0,6] east (a quarter turn maps each to the next).
- "3", 10x10, perimeter 36, gap 12: spades [4,0] south, hearts [9,7] west, diamonds [0,8] east.

No start falls on a corner: corners are at multiples of size - 1, and the positions above are not.
"""
from __future__ import annotations

from .board import rectangle_board
from .model import ArenaLayout, Start
from .perimeter import inward_facings, perimeter
from .terms import SUITS

TEMPLATE_SIZES: dict[str, int] = {"3": 10, "4": 12}


def template_starts(size: int, players: int) -> tuple[Start, ...]:
    board = rectangle_board(size, size)
    loop = perimeter(board)
    gap = len(loop) // players
    first = (size - 1) // 2
    starts = []
    for suit, index in zip(SUITS, range(players)):
        cell = loop[(first + index * gap) % len(loop)]
        starts.append(Start(suit, cell[0], cell[1], inward_facings(board, cell)[0]))
    return tuple(starts)


def template_layout(template: str, name: str | None = None) -> ArenaLayout:
    if template not in TEMPLATE_SIZES:
        raise ValueError(f"no Crash Grid template {template!r}; the templates are {', '.join(TEMPLATE_SIZES)}")
    size = TEMPLATE_SIZES[template]
    return ArenaLayout(name=name or f"Crash Grid, {template} players", width=size, height=size,
                       starts=template_starts(size, int(template)), template=template)
