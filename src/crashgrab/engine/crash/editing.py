"""Edits of a Crash! board, as pure functions: each returns a new CrashLayout or raises
EditRefused (a sentence saying why) and changes nothing. An editor's undo commands call these.

Edits keep a board a file can hold; what is still wrong with it (a car missing, a junkyard
nearer its owner) is for validation to say. `template` says where the board started, so
edits keep it.
"""
from __future__ import annotations

from dataclasses import replace

from .. import errors
from .layout_io import sort_junkyards, sort_starts
from .model import CrashLayout, Junkyard, Start
from .terms import CARS, FACINGS, HEX, PLAYERS, Cell, cell_text

COORDINATE_LIMIT = 64  # as schemas/crash-layout.schema.json


class EditRefused(errors.EditRefused):
    """An edit that would make a board no file can hold, or that names nothing there."""


def _check_player(player: str) -> None:
    if player not in PLAYERS:
        raise EditRefused(f"{player!r} is not a player; the players are p1 and p2.")


def _check_cell(cell: Cell) -> None:
    if not all(-COORDINATE_LIMIT <= v <= COORDINATE_LIMIT for v in cell):
        raise EditRefused(f"{cell_text(cell)} is too far out: q and r run from -{COORDINATE_LIMIT} to {COORDINATE_LIMIT}.")


def occupant(layout: CrashLayout, cell: Cell) -> str | None:
    """What stands on a hex, in words ("p1's car 3", "p2's junkyard"), or None."""
    start = next((s for s in layout.starts if s.at == cell), None)
    if start is not None:
        return f"{start.player}'s car {start.car}"
    junkyard = next((j for j in layout.junkyards if j.at == cell), None)
    return f"{junkyard.player}'s junkyard" if junkyard else None


def with_hex(layout: CrashLayout, cell: Cell) -> CrashLayout:
    """The board with `cell` added (unchanged if it is there)."""
    _check_cell(cell)
    return layout if cell in layout.hexes else replace(layout, hexes=layout.hexes | {cell})


def without_hex(layout: CrashLayout, cell: Cell) -> CrashLayout:
    """The board without `cell`; refused while a start or a junkyard stands on it."""
    if cell not in layout.hexes:
        raise EditRefused(f"{cell_text(cell)} is not a hex of the board.")
    what = occupant(layout, cell)
    if what is not None:
        raise EditRefused(f"{what} is on {cell_text(cell)}; move it first.")
    return replace(layout, hexes=layout.hexes - {cell})


def _free(layout: CrashLayout, cell: Cell, keep: object) -> None:
    if cell not in layout.hexes:
        raise EditRefused(f"{cell_text(cell)} is not a hex of the board; add it first.")
    for start in layout.starts:
        if start.at == cell and start is not keep:
            raise EditRefused(f"{start.player}'s car {start.car} starts on {cell_text(cell)}.")
    for junkyard in layout.junkyards:
        if junkyard.at == cell and junkyard is not keep:
            raise EditRefused(f"{junkyard.player}'s junkyard is on {cell_text(cell)}.")


def with_start(layout: CrashLayout, player: str, car: int, cell: Cell, facing: str | None = None) -> CrashLayout:
    """Place `player`'s car `car` on `cell` (moving it if it has a start), keeping its facing
    unless one is given (a new start with none faces the other side by the default rule)."""
    _check_player(player)
    if car not in CARS:
        raise EditRefused(f"{car!r} is not a car number; cars are 1 to 6.")
    if facing is not None and facing not in FACINGS:
        raise EditRefused(f"{facing!r} is not a direction; use one of {', '.join(FACINGS)}.")
    old = layout.start_of(player, car)
    _free(layout, cell, old)
    start = Start(player, car, cell, facing if facing is not None else (old.facing if old else None))
    starts = [s for s in layout.starts if s is not old] + [start]
    return replace(layout, starts=sort_starts(starts))


def without_start(layout: CrashLayout, player: str, car: int) -> CrashLayout:
    old = layout.start_of(player, car)
    if old is None:
        raise EditRefused(f"{player}'s car {car} has no start.")
    return replace(layout, starts=tuple(s for s in layout.starts if s is not old))


def turned_start(layout: CrashLayout, player: str, car: int, steps: int = 1) -> CrashLayout:
    """The start turned `steps` sixths clockwise (-1: anticlockwise): the editor's R and Shift+R.
    A start without a written facing turns from its default one."""
    old = layout.start_of(player, car)
    if old is None:
        raise EditRefused(f"{player}'s car {car} has no start.")
    facing = FACINGS[(FACINGS.index(layout.facing_of(old)) + steps) % len(FACINGS)]
    return with_start(layout, player, car, old.at, facing)


def with_junkyard(layout: CrashLayout, player: str, cell: Cell) -> CrashLayout:
    """Put `player`'s junkyard on `cell` (moving it if there is one)."""
    _check_player(player)
    old = layout.junkyard_of(player)
    _free(layout, cell, old)
    junkyards = [j for j in layout.junkyards if j is not old] + [Junkyard(player, cell)]
    return replace(layout, junkyards=sort_junkyards(junkyards))


def without_junkyard(layout: CrashLayout, player: str) -> CrashLayout:
    old = layout.junkyard_of(player)
    if old is None:
        raise EditRefused(f"{player} has no junkyard.")
    return replace(layout, junkyards=tuple(j for j in layout.junkyards if j is not old))


def renamed(layout: CrashLayout, name: str) -> CrashLayout:
    return replace(layout, name=name)


def neighbours_on_board(layout: CrashLayout, cell: Cell) -> list[Cell]:
    return [n for n in HEX.neighbours(cell) if n in layout.hexes]
