"""The state of a race: immutable, so `apply` returns a new one.

A robot off the course (`at` None) with lives left was destroyed this turn or before the
state was written, and returns on its archive marker at the end of the turn; with no lives
left it is out of the race. `registers` holds the cards its locked registers keep from the
turn before (None: a free register). The option deck is drawn from the top (its first card);
`seed` is the play kernel's seeded generator (engine/play/seeded.py, SplitMix64: its whole
state one int): a turn's draw (Emergency Stop's pile) shuffles from it and the turn's new state
carries it on, and a deal shuffles from it mixed with the turn (dealing.py). So every shuffle
is repeatable, and a state saved as a scenario's "seed" continues the same sequence.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from .cards import REGISTERS, Card
from .floor import Floor, life_points
from .geometry import Cell

# Named ruling settings (docs/rulings.md, RoboRally): the first value of each is the default.
RULING_SETTINGS: dict[str, tuple[str, ...]] = {
    "crusher_order": ("after_gears", "before_gears"),
    "belt_turn": ("any_change", "curves_only"),
    "two_wrench": ("repair_or_option", "repair_and_option"),
    "target_control": ("in_addition", "instead"),
}
DEFAULT_RULINGS: dict[str, str] = {name: values[0] for name, values in RULING_SETTINGS.items()}
NO_REGISTERS: tuple[Card | None, ...] = (None,) * REGISTERS


@dataclass(frozen=True)
class Robot:
    name: str
    at: Cell | None
    facing: str
    damage: int = 0
    lives: int = 3
    next: int = 1                                   # the checkpoint to touch next (one past the last: finished)
    archive: Cell | None = None
    options: tuple[str, ...] = ()
    registers: tuple[Card | None, ...] = NO_REGISTERS
    shots: int = 0                                  # Turbo Blaster shots left

    @property
    def on_course(self) -> bool:
        return self.at is not None

    @property
    def out(self) -> bool:
        """Destroyed with no life left: out of the race."""
        return self.at is None and self.lives <= 0

    def locked_registers(self) -> tuple[int, ...]:
        """Register numbers (1-5) that keep their card, as the robot's damage locks them."""
        return locked_by_damage(self.damage)


def locked_by_damage(damage: int) -> tuple[int, ...]:
    """From 5 damage the last registers lock: 5 damage register 5, ..., 9 damage all five."""
    count = max(0, min(REGISTERS, damage - 4))
    return tuple(range(REGISTERS - count + 1, REGISTERS + 1))


@dataclass(frozen=True)
class Choice:
    """A robot's choices for one turn (all optional until the rules need one).

    repair: "repair" | "option" at a two-wrench site; respawn_facing / respawn_at when it returns;
    options: per option card, how it is used (docs/roborally-rules.md, "Option cards")."""

    repair: str | None = None
    respawn_facing: str | None = None
    respawn_at: Cell | None = None
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Turn:
    """One turn's action: each robot's program (cards per register, None: the locked card),
    the robots powered down for it, their choices, and the robots that used Recompile on their
    hand before programming (1 damage each at the turn's start; the new hand is the dealing's)."""

    programs: Mapping[str, tuple[Card | None, ...]]
    power_down: frozenset[str] = frozenset()
    choices: Mapping[str, Choice] = field(default_factory=dict)
    recompile: frozenset[str] = frozenset()

    def choice(self, robot: str) -> Choice:
        return self.choices.get(robot) or Choice()


@dataclass(frozen=True)
class RallyState:
    floor: Floor
    robots: tuple[Robot, ...]
    option_deck: tuple[str, ...] = ()
    option_discard: tuple[str, ...] = ()
    seed: int = 0                                   # the seeded generator's state
    turns: int = 0                                  # turns played
    rulings: Mapping[str, str] = field(default_factory=lambda: dict(DEFAULT_RULINGS))
    winner: str | None = None

    def robot(self, name: str) -> Robot | None:
        return next((r for r in self.robots if r.name == name), None)

    def robot_at(self, cell: Cell) -> Robot | None:
        return next((r for r in self.robots if r.at == cell), None)

    def ruling(self, name: str) -> str:
        return self.rulings.get(name, DEFAULT_RULINGS[name])

    @property
    def over(self) -> bool:
        return self.winner is not None


def starting_state(floor: Floor, names: tuple[str, ...], *, seed: int = 0,
                   option_deck: tuple[str, ...] = (), rulings: Mapping[str, str] | None = None) -> RallyState:
    """One robot per start, in start order, with the seed's life points for this course."""
    lives = life_points(max(floor.players, len(names)), floor.boards)
    starts = sorted(floor.starts, key=lambda s: s.number)
    robots = tuple(Robot(name, start.at, start.facing, lives=lives, archive=start.at)
                   for name, start in zip(names, starts))
    return RallyState(floor, robots, option_deck=option_deck, seed=seed,
                      rulings={**DEFAULT_RULINGS, **(rulings or {})})


def with_robot(state: RallyState, robot: Robot) -> RallyState:
    return replace(state, robots=tuple(robot if r.name == robot.name else r for r in state.robots))
