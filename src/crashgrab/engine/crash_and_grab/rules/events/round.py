"""A whole round: its start (the plan and the rotation die), each saucer's turn in it, and the
Probe moved at its end."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ....play.events import Event
from .words import plural


@dataclass(frozen=True)
class RoundBegan(Event):
    """A whole round begins: the plan is made and the rotation die read.

    rotation: "left" (clockwise) or "right", None with 2 players (not rolled).
    roll: the generator's roll when the rotation came from the seed (1-6 left, 7-12
    right), else None. order: the saucers in turn order. overrides: the saucers whose
    players hold an override token this round (5-6 players).
    """

    kind: ClassVar[str] = "round"
    rotation: str | None
    roll: int | None
    order: tuple[str, ...]
    overrides: tuple[str, ...]

    def describe(self) -> str:
        how = f"turn order passes {self.rotation}" if self.rotation else "no rotation die (2 players)"
        rolled = f" (die {self.roll})" if self.roll is not None else ""
        tokens = f"; override tokens: {', '.join(self.overrides)}" if self.overrides else ""
        return f"a round begins: {how}{rolled}; order {', '.join(self.order)}{tokens}"


@dataclass(frozen=True)
class TurnBegan(Event):
    """A saucer's turn in a round: its card revealed with the direction it moves.
    free: it may move any direction (placed at the start of its turn, or an override token)."""

    kind: ClassVar[str] = "turn"
    saucer: str
    player: str
    card: str
    direction: str
    free: bool

    def describe(self) -> str:
        free = " (any direction allowed)" if self.free else ""
        return f"{self.player}'s turn: {self.saucer} reveals card {self.card}, {self.direction}{free}"


@dataclass(frozen=True)
class ProbeMoved(Event):
    """End of round: the Probe goes to the player with the fewest stationed crewmembers."""

    kind: ClassVar[str] = "probe"
    origin: str | None
    to: str
    counts: tuple[tuple[str, int], ...]   # (player, stationed crewmembers), seat order

    def to_json(self) -> dict[str, Any]:
        document = super().to_json()
        document["counts"] = {player: count for player, count in self.counts}
        return document

    def describe(self) -> str:
        fewest = dict(self.counts)[self.to]
        if self.origin is None:
            return f"the Probe goes to {self.to} ({plural(fewest, 'stationed crewmember')})"
        if self.origin == self.to:
            return f"the Probe stays with {self.to} ({plural(fewest, 'stationed crewmember')})"
        return f"the Probe moves from {self.origin} to {self.to} ({plural(fewest, 'stationed crewmember')})"
