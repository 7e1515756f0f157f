"""The actions of a turn, each a small frozen value (what an editor's playtest or a policy sends).

A turn goes: Roll (the control part's three dice), at most one Reroll, any Steers (each uses one
die showing that car: move it one hex forward, or turn it to face `turn`), then EndTurn. The
automatic part is not an action: Roll does it first in the German variation (after the game's
first turn), EndTurn after the control part otherwise. `Turn` is a whole turn in one action.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Roll:
    """Begin the turn. `dice`: the three results, scripted; None: rolled from the state's seed."""
    dice: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Reroll:
    """The turn's one re-roll: each entry (die index 0-2, new result or None to roll it)."""
    dice: tuple[tuple[int, int | None], ...] = ()


@dataclass(frozen=True)
class Steer:
    """One die used on car `car`: `move` it one hex forward, or `turn` it to face that direction."""
    car: int
    move: bool = False
    turn: str | None = None

    def describe(self) -> str:
        return f"car {self.car} moves" if self.move else f"car {self.car} turns {self.turn}"


@dataclass(frozen=True)
class EndTurn:
    """End the control part (unused dice are allowed); the automatic part follows in the standard order."""


@dataclass(frozen=True)
class Turn:
    """A whole turn: roll (scripted or seeded), the optional re-roll, the control steps in order, end."""
    dice: tuple[int, ...] | None = None
    reroll: tuple[tuple[int, int | None], ...] = ()
    control: tuple[Steer, ...] = field(default_factory=tuple)


Action = Roll | Reroll | Steer | EndTurn | Turn
