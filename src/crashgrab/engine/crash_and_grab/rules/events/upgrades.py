"""Upgrade cards: one bought, an ability used and what it does (a jump, a swap, a mine, a tile
turned, an exchange), and the setup's shuffle of the deck."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ....grid.model import Cell
from ....play.events import Event
from ..errors import cell_text
from ..pieces import Crew
from .words import plural


@dataclass(frozen=True)
class UpgradeBought(Event):
    """III. Turn Clean-up, 4: `saucer` trades 2 energy for the top two upgrade cards, keeps
    `kept` face up and discards the other. reshuffled: the discard pile, in its order, put
    under the deck because the deck ran out before the draw (empty: no reshuffle)."""

    kind: ClassVar[str] = "upgrade"
    saucer: str
    drawn: tuple[str, ...]
    kept: str
    reshuffled: tuple[str, ...] = ()

    def describe(self) -> str:
        others = [c for c in self.drawn if c != self.kept]
        discarded = f", discards {others[0]}" if others else ""
        again = " (the discard pile is reshuffled into the deck)" if self.reshuffled else ""
        return f"{self.saucer} trades 2 energy for an upgrade: keeps {self.kept}{discarded}{again}"


@dataclass(frozen=True)
class AbilityUsed(Event):
    """An upgrade card's ability is used (what it does follows as its own events)."""

    kind: ClassVar[str] = "ability"
    saucer: str
    card: str
    detail: str

    def describe(self) -> str:
        return f"{self.saucer} uses {self.card}: {self.detail}"


@dataclass(frozen=True)
class Jump(Event):
    """An upgrade puts `saucer` onto `to` without moving through the spaces between (no
    pickup, no Accelerator on the way); `to` None: off the board (Cloaking Device)."""

    kind: ClassVar[str] = "jump"
    saucer: str
    origin: Cell
    to: Cell | None

    def describe(self) -> str:
        if self.to is None:
            return f"{self.saucer} leaves the board from {cell_text(self.origin)}"
        return f"{self.saucer} goes from {cell_text(self.origin)} to {cell_text(self.to)}"


@dataclass(frozen=True)
class Swap(Event):
    kind: ClassVar[str] = "swap"
    saucer: str
    other: str
    at: Cell
    other_at: Cell

    def describe(self) -> str:
        return f"{self.saucer} at {cell_text(self.at)} and {self.other} at {cell_text(self.other_at)} swap places"


@dataclass(frozen=True)
class Mined(Event):
    """Proximity Mines: `saucer` collides with `other` at `at`, which crashes instead of being pushed."""

    kind: ClassVar[str] = "mine"
    saucer: str
    other: str
    at: Cell

    def describe(self) -> str:
        return f"{self.saucer}'s Proximity Mines crash {self.other} at {cell_text(self.at)}"


@dataclass(frozen=True)
class TileTurned(Event):
    """Quake Maker: the tile placed at `corner` (its top-left cell) turns to `rotation`
    (clockwise degrees); the pieces on it turn with it."""

    kind: ClassVar[str] = "quake"
    saucer: str
    tile: str
    corner: Cell
    rotation: int

    def describe(self) -> str:
        return f"{self.saucer}'s Quake Maker turns tile {self.tile} at {cell_text(self.corner)} to {self.rotation}\u00b0"


@dataclass(frozen=True)
class Exchange(Event):
    """Airlock: `saucer` puts the `given` crewmember it just picked up on `at` and takes the
    `taken` one that was there."""

    kind: ClassVar[str] = "exchange"
    saucer: str
    given: Crew
    taken: Crew
    at: Cell

    def describe(self) -> str:
        return f"{self.saucer} exchanges the {self.given} for the {self.taken} at {cell_text(self.at)}"


@dataclass(frozen=True)
class UpgradesShuffled(Event):
    """Setup, step 4: "Shuffle the remaining upgrade cards"; `deck` is the new order, top
    first. source "action": drawn from the setup's own seed; "seed": from the state's
    generator, which advances by `draws` numbers."""

    kind: ClassVar[str] = "shuffle"
    deck: tuple[str, ...]
    source: str
    draws: int

    def describe(self) -> str:
        top = f"; {self.deck[0]} on top" if self.deck else ""
        return f"the upgrade deck of {plural(len(self.deck), 'card')} is shuffled{top}"
