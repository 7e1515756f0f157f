"""A Crash Grid arena as a designer edits and saves it: its size, the riders' starts and the fixed
wall squares. The rules, validation and pictures read it resolved into the generic board
(board.arena_board)."""
from __future__ import annotations

from dataclasses import dataclass

from .terms import Cell


@dataclass(frozen=True)
class Start:
    suit: str
    x: int
    y: int
    facing: str

    @property
    def cell(self) -> Cell:
        return (self.x, self.y)


@dataclass(frozen=True)
class ArenaLayout:
    name: str
    width: int
    height: int
    starts: tuple[Start, ...] = ()
    walls: frozenset[Cell] = frozenset()
    template: str | None = None        # "3", "4" or None (free-form)
    notes: str = ""
    schema_ref: str | None = None      # the file's optional "$schema", kept on save

    def start_of(self, suit: str) -> Start | None:
        return next((s for s in self.starts if s.suit == suit), None)

    def player_count(self) -> int:
        """The template's player count, or the number of starts on a free-form arena."""
        return int(self.template) if self.template else len(self.starts)
