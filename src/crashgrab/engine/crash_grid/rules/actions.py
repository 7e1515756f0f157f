"""The one action of Crash Grid: a trick, where every rider on the board reveals an initiative
card and plays one unused move card."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from ..terms import SUITS


@dataclass(frozen=True)
class Trick:
    initiative: Mapping[str, str] = field(default_factory=dict)   # suit -> card, e.g. "QH"
    moves: Mapping[str, str] = field(default_factory=dict)        # suit -> "J" | "Q" | "K"

    def describe(self) -> str:
        suits = sorted(set(self.initiative) | set(self.moves), key=lambda s: SUITS.index(s) if s in SUITS else 9)
        return ", ".join(f"{s} {self.initiative.get(s, '?')} {self.moves.get(s, '?')}" for s in suits)
