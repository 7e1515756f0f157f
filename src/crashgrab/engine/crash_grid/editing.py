"""Edits of a Crash Grid arena, as pure functions: each returns a new ArenaLayout or raises
EditRefused (a sentence saying why) and changes nothing. The editor's undo commands call these.
"""
from __future__ import annotations

from dataclasses import replace

from .. import errors
from .board import GEOMETRY, QUARTER_TURN, arena_board
from .model import ArenaLayout, Start
from .templates import TEMPLATE_SIZES
from .terms import FACINGS, SUITS, Cell, cell_text

MIN_SIZE, MAX_SIZE = 3, 64  # as schemas/crash-grid-layout.schema.json


class EditRefused(errors.EditRefused):
    """An edit that would make a layout no file can hold (a start on a wall, outside ...)."""


def _check_inside(layout: ArenaLayout, cell: Cell) -> None:
    if not arena_board(layout).on_board(cell):
        raise EditRefused(f"{cell_text(cell)} is outside the {layout.width}x{layout.height} arena.")


def resized(layout: ArenaLayout, width: int, height: int) -> ArenaLayout:
    """The arena at a new size. Walls outside it go; a start outside it refuses the resize.
    A custom size makes the arena free-form (template None) unless it is the template's."""
    if not (MIN_SIZE <= width <= MAX_SIZE and MIN_SIZE <= height <= MAX_SIZE):
        raise EditRefused(f"an arena is {MIN_SIZE} to {MAX_SIZE} squares a side, not {width}x{height}.")
    outside = [s for s in layout.starts if not (s.x < width and s.y < height)]
    if outside:
        raise EditRefused(f"the {outside[0].suit} start at {cell_text(outside[0].cell)} would be outside a "
                          f"{width}x{height} arena; move it first.")
    walls = frozenset(c for c in layout.walls if c[0] < width and c[1] < height)
    template = layout.template if layout.template and TEMPLATE_SIZES[layout.template] == width == height else None
    return replace(layout, width=width, height=height, walls=walls, template=template)


def with_start(layout: ArenaLayout, suit: str, cell: Cell, facing: str | None = None) -> ArenaLayout:
    """Place `suit`'s start on `cell` (moving it if it has one), keeping its facing unless given."""
    if suit not in SUITS:
        raise EditRefused(f"{suit!r} is not a suit.")
    _check_inside(layout, cell)
    if cell in layout.walls:
        raise EditRefused(f"{cell_text(cell)} is a wall; remove it first.")
    other = next((s for s in layout.starts if s.cell == cell and s.suit != suit), None)
    if other is not None:
        raise EditRefused(f"the {other.suit} start is on {cell_text(cell)}.")
    old = layout.start_of(suit)
    start = Start(suit, cell[0], cell[1], facing or (old.facing if old else "south"))
    if start.facing not in FACINGS:
        raise EditRefused(f"{start.facing!r} is not a facing.")
    starts = [s for s in layout.starts if s.suit != suit] + [start]
    return replace(layout, starts=tuple(sorted(starts, key=lambda s: SUITS.index(s.suit))))


def without_start(layout: ArenaLayout, suit: str) -> ArenaLayout:
    if layout.start_of(suit) is None:
        raise EditRefused(f"there is no {suit} start.")
    return replace(layout, starts=tuple(s for s in layout.starts if s.suit != suit))


def rotated_start(layout: ArenaLayout, suit: str) -> ArenaLayout:
    """The start turned a quarter clockwise (the editor's R)."""
    start = layout.start_of(suit)
    if start is None:
        raise EditRefused(f"there is no {suit} start.")
    return with_start(layout, suit, start.cell, GEOMETRY.turned(start.facing, QUARTER_TURN))


def with_wall_toggled(layout: ArenaLayout, cell: Cell) -> ArenaLayout:
    """A wall on `cell`, or none if there was one."""
    _check_inside(layout, cell)
    if cell in layout.walls:
        return replace(layout, walls=layout.walls - {cell})
    start = next((s for s in layout.starts if s.cell == cell), None)
    if start is not None:
        raise EditRefused(f"the {start.suit} start is on {cell_text(cell)}; move it first.")
    return replace(layout, walls=layout.walls | {cell})
