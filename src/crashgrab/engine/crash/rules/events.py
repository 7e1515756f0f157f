"""Events: every step of a turn, each enough to draw without the state.

Kinds: rolled, rerolled, control, automatic, moved, turned, removed, scored, turn-ended,
game-over. `to_json()` gives {"kind": ..., fields}; `EVENTS.from_json` reads one back.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...play.events import Event, EventRegistry
from ..terms import Cell, cell_text


@dataclass(frozen=True)
class Rolled(Event):
    kind: ClassVar[str] = "rolled"
    player: str
    dice: tuple[int, ...]

    def describe(self) -> str:
        return f"{self.player} rolls {', '.join(map(str, self.dice))}"


@dataclass(frozen=True)
class Rerolled(Event):
    """The one re-roll: (die, old result, new result) for each die re-rolled."""
    kind: ClassVar[str] = "rerolled"
    player: str
    changes: tuple[tuple[int, int, int], ...]
    dice: tuple[int, ...]

    def describe(self) -> str:
        parts = ", ".join(f"die {d} {old} -> {new}" for d, old, new in self.changes)
        return f"{self.player} re-rolls {parts}: dice {', '.join(map(str, self.dice))}"


@dataclass(frozen=True)
class ControlPart(Event):
    kind: ClassVar[str] = "control"
    player: str

    def describe(self) -> str:
        return f"{self.player}'s control part"


@dataclass(frozen=True)
class AutomaticPart(Event):
    kind: ClassVar[str] = "automatic"
    player: str

    def describe(self) -> str:
        return f"{self.player}'s automatic part: every car in number order moves one hex forward"


@dataclass(frozen=True)
class Moved(Event):
    """A car went one hex: `origin` None is from its garage slot; `pushed` by another car's move
    (`by`: that car, "p1:3"), keeping its facing. `to` may be off the board or a junkyard:
    a Removed event follows."""
    kind: ClassVar[str] = "moved"
    player: str
    car: int
    origin: Cell | None
    to: Cell
    facing: str
    pushed: bool = False
    by: str | None = None

    def describe(self) -> str:
        start = "its slot" if self.origin is None else cell_text(self.origin)
        how = f"pushed by {self.by}" if self.pushed else f"moves {self.facing}"
        return f"{self.player}'s car {self.car} {how}: {start} -> {cell_text(self.to)}"


@dataclass(frozen=True)
class Turned(Event):
    kind: ClassVar[str] = "turned"
    player: str
    car: int
    origin: str
    to: str

    def describe(self) -> str:
        return f"{self.player}'s car {self.car} turns from {self.origin} to {self.to}"


@dataclass(frozen=True)
class Removed(Event):
    """A car left the game: into "off-board" (no points) or "junkyard" (owned by `owner`)."""
    kind: ClassVar[str] = "removed"
    player: str
    car: int
    at: Cell
    into: str
    owner: str | None = None

    def describe(self) -> str:
        if self.into == "junkyard":
            return f"{self.player}'s car {self.car} enters {self.owner}'s junkyard at {cell_text(self.at)}"
        return f"{self.player}'s car {self.car} leaves the board at {cell_text(self.at)}: out of the game"


@dataclass(frozen=True)
class Scored(Event):
    kind: ClassVar[str] = "scored"
    player: str
    points: int
    score: int

    def describe(self) -> str:
        return f"{self.player} scores {self.points} (now {self.score})"


@dataclass(frozen=True)
class TurnEnded(Event):
    kind: ClassVar[str] = "turn-ended"
    player: str
    turn: int

    def describe(self) -> str:
        return f"end of turn {self.turn} ({self.player})"


@dataclass(frozen=True)
class GameOver(Event):
    """At the end of a turn a player had no car left: the higher score wins ("tie" on equal)."""
    kind: ClassVar[str] = "game-over"
    winner: str
    score: tuple[int, int]

    def describe(self) -> str:
        result = "a tie" if self.winner == "tie" else f"{self.winner} wins"
        return f"game over, {result}: p1 {self.score[0]}, p2 {self.score[1]}"


EVENTS = EventRegistry((Rolled, Rerolled, ControlPart, AutomaticPart, Moved, Turned, Removed, Scored, TurnEnded,
                        GameOver))
