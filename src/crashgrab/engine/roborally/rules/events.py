"""Events: everything a turn does, in order, each with its phase and program step.

Phases: "start" (power down), "move" (robots, by priority), "express", "belts", "pushers",
"gears", "crushers", "lasers", "flamethrowers", "checkpoints", "end" (repair, options, return,
locking, the winner). `step` is the program step 1-5, None for the start and end of a turn.
`EVENTS` is their registry on the play kernel: each kind reads back from its JSON.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...play.events import Event, EventRegistry
from .geometry import Cell, cell_text


@dataclass(frozen=True)
class RallyEvent(Event):
    phase: str
    step: int | None


@dataclass(frozen=True)
class Reveal(RallyEvent):
    """The step's cards, highest priority first: ((robot, "move2 (670)"), ...)."""
    kind: ClassVar[str] = "reveal"
    order: tuple[tuple[str, str], ...]

    def describe(self) -> str:
        return "cards: " + (", ".join(f"{robot} {card}" for robot, card in self.order) or "none")


@dataclass(frozen=True)
class Moved(RallyEvent):
    """A robot went from `origin` to `to`. by: "move", "push", "slide", "portal", "belt", "pusher",
    "turbo-blaster"."""
    kind: ClassVar[str] = "move"
    robot: str
    origin: Cell
    to: Cell
    by: str

    def describe(self) -> str:
        return f"{self.robot} {self.by}: {cell_text(self.origin)} -> {cell_text(self.to)}"


@dataclass(frozen=True)
class Turned(RallyEvent):
    """A robot now faces `facing`. by: "card", "belt", "gear"."""
    kind: ClassVar[str] = "turn"
    robot: str
    facing: str
    by: str

    def describe(self) -> str:
        return f"{self.robot} turned by {self.by}, now facing {self.facing}"


@dataclass(frozen=True)
class Blocked(RallyEvent):
    """A robot could not go `direction` from `at`. by: "wall", "door", "robot", "belt"."""
    kind: ClassVar[str] = "blocked"
    robot: str
    at: Cell
    direction: str
    by: str

    def describe(self) -> str:
        return f"{self.robot} at {cell_text(self.at)} is stopped going {self.direction} by a {self.by}"


@dataclass(frozen=True)
class Destroyed(RallyEvent):
    """A robot was destroyed at `at` (the cell it entered or stood on). cause: "pit",
    "off-course", "crusher", "damage"; `lives` left after this one."""
    kind: ClassVar[str] = "destroyed"
    robot: str
    at: Cell
    cause: str
    lives: int

    def describe(self) -> str:
        return (f"{self.robot} is destroyed ({self.cause}) at {cell_text(self.at)}, "
                f"{self.lives} {'life' if self.lives == 1 else 'lives'} left")


@dataclass(frozen=True)
class Damaged(RallyEvent):
    """`amount` damage (after a shield) to a robot, now at `damage`. cause: "laser", "robot-laser",
    "flamethrower", "ram", "turbo-blaster", "recompile"; source: the robot that fired or rammed."""
    kind: ClassVar[str] = "damage"
    robot: str
    amount: int
    damage: int
    cause: str
    source: str | None

    def describe(self) -> str:
        by = f" from {self.source}" if self.source else ""
        return f"{self.robot} takes {self.amount} damage ({self.cause}{by}), now {self.damage}"


@dataclass(frozen=True)
class Beam(RallyEvent):
    """A laser beam: `source` a robot's name or "laser at [x,y]", over `cells`, hitting `hit`."""
    kind: ClassVar[str] = "beam"
    source: str
    direction: str
    cells: tuple[Cell, ...]
    hit: tuple[str, ...]

    def describe(self) -> str:
        what = ", ".join(self.hit) if self.hit else "nobody"
        squares = len(self.cells)
        return f"{self.source} fires {self.direction} over {squares} square{'' if squares == 1 else 's'}, hitting {what}"


@dataclass(frozen=True)
class Touched(RallyEvent):
    """A robot touched checkpoint `checkpoint` (by: "touch" or "Mechanical Arm")."""
    kind: ClassVar[str] = "checkpoint"
    robot: str
    checkpoint: int
    by: str

    def describe(self) -> str:
        return f"{self.robot} touches checkpoint {self.checkpoint}" + ("" if self.by == "touch" else f" ({self.by})")


@dataclass(frozen=True)
class Archived(RallyEvent):
    kind: ClassVar[str] = "archive"
    robot: str
    at: Cell

    def describe(self) -> str:
        return f"{self.robot}'s archive marker moves to {cell_text(self.at)}"


@dataclass(frozen=True)
class Repaired(RallyEvent):
    kind: ClassVar[str] = "repair"
    robot: str
    amount: int
    damage: int

    def describe(self) -> str:
        return f"{self.robot} repairs {self.amount} damage, now {self.damage}"


@dataclass(frozen=True)
class OptionChange(RallyEvent):
    """A robot gained (`gained` true) or lost an option card; how: "drawn", "used up",
    "Target Control"."""
    kind: ClassVar[str] = "option"
    robot: str
    option: str
    gained: bool
    how: str

    def describe(self) -> str:
        return f"{self.robot} {'gains' if self.gained else 'loses'} {self.option} ({self.how})"


@dataclass(frozen=True)
class OptionUsed(RallyEvent):
    kind: ClassVar[str] = "option-used"
    robot: str
    option: str
    detail: str

    def describe(self) -> str:
        return f"{self.robot} uses {self.option}: {self.detail}"


@dataclass(frozen=True)
class Returned(RallyEvent):
    kind: ClassVar[str] = "return"
    robot: str
    at: Cell
    facing: str
    damage: int

    def describe(self) -> str:
        return f"{self.robot} returns at {cell_text(self.at)} facing {self.facing} with {self.damage} damage"


@dataclass(frozen=True)
class Locked(RallyEvent):
    """The registers (1-5) that keep their cards into the next turn."""
    kind: ClassVar[str] = "lock"
    robot: str
    registers: tuple[int, ...]

    def describe(self) -> str:
        return f"{self.robot} keeps its cards in registers {', '.join(map(str, self.registers))}"


@dataclass(frozen=True)
class PoweredDown(RallyEvent):
    kind: ClassVar[str] = "power-down"
    robot: str
    repaired: int

    def describe(self) -> str:
        return f"{self.robot} is powered down this turn and repairs all {self.repaired} damage"


@dataclass(frozen=True)
class Won(RallyEvent):
    kind: ClassVar[str] = "win"
    robot: str

    def describe(self) -> str:
        return f"{self.robot} touches the last checkpoint first and wins the race"


EVENTS = EventRegistry((Reveal, Moved, Turned, Blocked, Destroyed, Damaged, Beam, Touched, Archived, Repaired,
                        OptionChange, OptionUsed, Returned, Locked, PoweredDown, Won))
