"""A Crash! board: its hexes, each player's six starts and the two junkyards. Immutable.

A start's `facing` may be None (left out in the file): the car then faces the other player's
starts by the default rule (facing.py); `facing_of` gives the facing either way.
"""
from __future__ import annotations

from dataclasses import dataclass

from .terms import Cell


@dataclass(frozen=True)
class Start:
    player: str
    car: int
    at: Cell
    facing: str | None = None


@dataclass(frozen=True)
class Junkyard:
    player: str        # its owner: cars entering it score for this player
    at: Cell


@dataclass(frozen=True)
class CrashLayout:
    name: str
    hexes: frozenset[Cell]
    starts: tuple[Start, ...] = ()          # sorted by player, then car
    junkyards: tuple[Junkyard, ...] = ()    # sorted by player
    template: str | None = None
    notes: str = ""
    schema_ref: str | None = None

    def on_board(self, cell: Cell) -> bool:
        return cell in self.hexes

    def start_of(self, player: str, car: int) -> Start | None:
        return next((s for s in self.starts if s.player == player and s.car == car), None)

    def starts_of(self, player: str) -> tuple[Start, ...]:
        return tuple(s for s in self.starts if s.player == player)

    def junkyard_of(self, player: str) -> Junkyard | None:
        return next((j for j in self.junkyards if j.player == player), None)

    def facing_of(self, start: Start) -> str:
        """The start's facing: as written, or by the default rule when left out."""
        from .facing import default_facing

        return start.facing or default_facing(self, start)

    def sorted_hexes(self) -> list[Cell]:
        """Row by row (r), then west to east (q): the order files and text boards use."""
        return sorted(self.hexes, key=lambda c: (c[1], c[0]))
