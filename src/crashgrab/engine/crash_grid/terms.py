"""Crash Grid's vocabulary: suits, facings, move cards and initiative cards.

Cells are (x, y): x the column from the left, y the row from the top, both from 0.
"""
from __future__ import annotations

import re

from ..grid.square import SQUARE

Cell = tuple[int, int]

SUITS: tuple[str, ...] = ("spades", "hearts", "diamonds", "clubs")  # also the tie order, high to low
FACINGS: tuple[str, ...] = SQUARE.directions  # north, east, south, west: clockwise
MOVES: tuple[str, ...] = ("J", "Q", "K")  # J: turn left then forward 1; Q: right; K: forward
MOVE_TURNS = {"J": 270, "Q": 90, "K": 0}  # clockwise degrees
RAILS_PER_PLAYER = 10                     # trail cards A-10; the starting card is one of them
RAILS_IN_HAND_AT_START = RAILS_PER_PLAYER - 1
TRICKS_PER_REFRESH = 3

RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")  # low to high
SUIT_LETTERS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
CARD_PATTERN = re.compile(r"^(A|K|Q|J|10|[2-9])([SHDC])$")


def cell_text(cell: Cell | None) -> str:
    return "off the board" if cell is None else f"[{cell[0]},{cell[1]}]"


def turned(facing: str, move: str) -> str:
    """The facing after a move card's turn (before stepping forward)."""
    return SQUARE.turned(facing, MOVE_TURNS[move])


def parse_card(card: str) -> tuple[int, int] | None:
    """An initiative card's sort key (rank high = big, then suit spades > ... > clubs), or None
    when `card` is not a card of a standard deck ("QH", "10S", "2C")."""
    match = CARD_PATTERN.match(card)
    if match is None:
        return None
    rank, suit = match.groups()
    return RANKS.index(rank), len(SUITS) - SUITS.index(SUIT_LETTERS[suit])
