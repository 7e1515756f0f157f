"""Events: every step of a trick, each enough to draw without the state.

Kinds: order, move, crash, refresh, win, no-point, and reshuffle (Deck A's table into a new pile). `to_json()` gives {"kind": ..., fields};
`EVENTS.from_json` reads one back.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...play.events import Event, EventRegistry
from ..terms import Cell, cell_text


@dataclass(frozen=True)
class Order(Event):
    """The initiative order of the trick, high to low: ((suit, card), ...); card None: a rider
    with no card left in hand, moving after those who revealed one."""
    kind: ClassVar[str] = "order"
    order: tuple[tuple[str, str | None], ...]

    def describe(self) -> str:
        return "initiative: " + ", ".join(f"{suit} ({card or 'no card'})" for suit, card in self.order)


@dataclass(frozen=True)
class Move(Event):
    """A rider turned by its move card and entered `to`. mode "trail": a new trail card there,
    the old one stays behind; "extended": its card slid forward and a wall fills `from`."""
    kind: ClassVar[str] = "move"
    suit: str
    card: str
    origin: Cell
    to: Cell
    facing: str
    mode: str
    rails: int

    def describe(self) -> str:
        left = ("leaving its trail" if self.mode == "trail"
                else "sliding its card forward, a wall left behind")
        return (f"{self.suit} plays {self.card}: {cell_text(self.origin)} -> {cell_text(self.to)} "
                f"facing {self.facing}, {left} ({self.rails} trail cards in hand)")


@dataclass(frozen=True)
class Crash(Event):
    """A rider's move entered an occupied square or left the board; it is removed, its card at
    `at` stays as trail. into: "edge", "wall", "trail" or "rider"; other: whose trail or rider."""
    kind: ClassVar[str] = "crash"
    suit: str
    card: str
    at: Cell
    target: Cell
    facing: str
    into: str
    other: str | None

    def describe(self) -> str:
        what = {"edge": "off the board", "wall": "into a wall",
                "trail": f"into {'its own' if self.other == self.suit else f'the {self.other}'} trail",
                "rider": f"into the {self.other} rider"}[self.into]
        return f"{self.suit} plays {self.card} facing {self.facing} and crashes {what} at {cell_text(self.target)}"


@dataclass(frozen=True)
class Refresh(Event):
    """After the third trick every rider takes back J, Q and K."""
    kind: ClassVar[str] = "refresh"
    suits: tuple[str, ...]

    def describe(self) -> str:
        return "third trick done: " + (", ".join(self.suits) or "nobody") + " refresh J, Q, K"


@dataclass(frozen=True)
class Win(Event):
    kind: ClassVar[str] = "win"
    suit: str

    def describe(self) -> str:
        return f"{self.suit} is the last rider standing and scores 1 point"


@dataclass(frozen=True)
class NoPoint(Event):
    """Every remaining rider crashed in the same trick."""
    kind: ClassVar[str] = "no-point"
    suits: tuple[str, ...]

    def describe(self) -> str:
        return f"{', '.join(self.suits)} all crashed in this trick: the round ends, nobody scores"


@dataclass(frozen=True)
class Reshuffle(Event):
    """A refill found Deck A's draw pile empty: the `cards` revealed face up since the last
    reshuffle are shuffled into a new pile (walls keep theirs)."""
    kind: ClassVar[str] = "reshuffle"
    cards: int

    def describe(self) -> str:
        return f"Deck A's draw pile is empty: the {self.cards} cards on the table are shuffled into a new pile"


EVENTS = EventRegistry((Order, Move, Crash, Refresh, Win, NoPoint, Reshuffle))
