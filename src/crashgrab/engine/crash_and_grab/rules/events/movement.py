"""A turn's movement: the card's bonus, a booster spent, each space moved, the crewmembers
picked up, collisions, Accelerators and crashes."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ....grid.model import Cell
from ....play.events import Event
from ..errors import cell_text
from ..pieces import Crew
from .words import plural


@dataclass(frozen=True)
class Bonus(Event):
    """The card's bonus (or setup's gift): a saucer takes boosters or energy."""

    kind: ClassVar[str] = "bonus"
    saucer: str
    item: str            # "booster" or "energy"
    amount: int = 1

    def describe(self) -> str:
        what = f"a {self.item}" if self.amount == 1 else f"{self.amount} {self.item}s"
        if self.item == "energy":
            what = "an energy" if self.amount == 1 else f"{self.amount} energy"
        return f"{self.saucer} takes {what}"


@dataclass(frozen=True)
class Move(Event):
    """One space of movement (`pushed`: the saucer is being pushed)."""

    kind: ClassVar[str] = "move"
    saucer: str
    origin: Cell
    to: Cell
    direction: str
    pushed: bool = False

    def describe(self) -> str:
        verb = "is pushed" if self.pushed else "moves"
        return f"{self.saucer} {verb} {self.direction} from {cell_text(self.origin)} to {cell_text(self.to)}"


@dataclass(frozen=True)
class Pickup(Event):
    kind: ClassVar[str] = "pickup"
    saucer: str
    crew: Crew
    at: Cell
    stationed: bool

    def describe(self) -> str:
        role = "stationed" if self.stationed else "an extra"
        return f"{self.saucer} picks up the {self.crew} at {cell_text(self.at)} ({role})"


@dataclass(frozen=True)
class Collision(Event):
    """`saucer` moving `direction` from `origin` hits `other` at `at`; `other` is pushed
    `push_distance` spaces, then `saucer` moves into `at`."""

    kind: ClassVar[str] = "collision"
    saucer: str
    other: str
    at: Cell
    origin: Cell
    direction: str
    push_distance: int
    ruling: str

    def describe(self) -> str:
        return (f"{self.saucer} pushed {self.other} {plural(self.push_distance, 'space')} {self.direction} "
                f"from {cell_text(self.at)}")


@dataclass(frozen=True)
class Accelerator(Event):
    """The saucer stops on the Accelerator at `at` and moves again `distance` spaces.
    forced: it was pushed, so it keeps the pushing direction (no choice)."""

    kind: ClassVar[str] = "accelerator"
    saucer: str
    at: Cell
    distance: int
    direction: str
    forced: bool

    def describe(self) -> str:
        how = "keeps going" if self.forced else "turns"
        return (f"{self.saucer} hits the Accelerator at {cell_text(self.at)} and {how} {self.direction} "
                f"for {plural(self.distance, 'more space')}")


@dataclass(frozen=True)
class Crash(Event):
    """The saucer left the board from `at` into `into` (a hole or outside) and is removed."""

    kind: ClassVar[str] = "crash"
    saucer: str
    at: Cell
    into: Cell
    direction: str
    turn_saucer: str
    turn_player: str
    own_turn: bool       # counts as crashing on its own turn (penalty: give)

    def describe(self) -> str:
        whose = "on its own turn" if self.own_turn else f"on {self.turn_player}'s turn ({self.turn_saucer})"
        return f"{self.saucer} crashes going {self.direction} off the board at {cell_text(self.into)} {whose}"


@dataclass(frozen=True)
class BoostUsed(Event):
    kind: ClassVar[str] = "boost"
    saucer: str
    direction: str
    distance: int

    def describe(self) -> str:
        return f"{self.saucer} spends a booster to move {plural(self.distance, 'space')} {self.direction}"
